"""Tests of kanasta.bots.match and kanasta.bots.stats: duplicate deals, the same games on every
backend and worker count, the statistics against hand-computed values, the CLI."""

from __future__ import annotations

import json
import math
from typing import Any

import attrs
import pytest

import kanasta
from kanasta.bots import RandomBot
from kanasta.bots.match import BotSpec, play_game, play_match, play_tournament
from kanasta.bots.montecarlo import SearchBot
from kanasta.bots.results import MatchGame, MatchResult
from kanasta.bots.stats import bradley_terry, deal_interval, quantile, wilson_interval
from kanasta.cli import main

# Short games keep the tests fast: a low target ends a game after a hand or two.
SHORT2 = attrs.evolve(kanasta.Rules.classic(players=2), target_score=300)
SHORT4 = attrs.evolve(kanasta.Rules.classic(), target_score=300)
SHORTK = attrs.evolve(kanasta.Rules.kanasta(), target_score=30)


# ------------------------------------------------------------------ statistics


def test_wilson_interval_matches_hand_computed_values() -> None:
    # 8 wins in 10, z = 1.96: centre (0.8 + 1.96^2/20) / (1 + 1.96^2/10) = 0.99208 / 1.38415 = 0.71674;
    # half-width 1.96 * sqrt(0.016 + 0.0096040) / 1.38415 = 0.22658 -> (0.49016, 0.94332).
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.49016, abs=1e-4) and high == pytest.approx(0.94332, abs=1e-4)
    # 0 of 10: (0, z^2/n / (1 + z^2/n)) = 0.38415 / 1.38415 = 0.27753.
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-4)
    # 50 of 100: symmetric around 0.5, half-width 1.96 * sqrt(0.0025 + 0.00009604) / 1.038415 = 0.09617.
    low, high = wilson_interval(50, 100)
    assert (low, high) == pytest.approx((0.5 - 0.09617, 0.5 + 0.09617), abs=1e-4)
    # all 20 of 20: (1 / (1 + 3.8415/20), 1) = (0.83887, 1).
    assert wilson_interval(20, 20) == pytest.approx((0.83887, 1.0), abs=1e-4)


def test_bradley_terry_matches_hand_computed_cases() -> None:
    # Two players, 3-1, no prior: odds 3, so the difference is 400 log10 3 = 190.85, split around 0.
    r = bradley_terry(["a", "b"], {("a", "b"): (3.0, 1.0)}, prior=0.0)
    assert r["a"] == pytest.approx(95.424, abs=1e-3) and r["b"] == pytest.approx(-95.424, abs=1e-3)
    # With the default prior of half a win a side: 3.5 to 1.5, 400 log10(7/3) = 147.19.
    r = bradley_terry(["a", "b"], {("a", "b"): (3.0, 1.0)})
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(7 / 3), abs=1e-6)
    # A rock-paper-scissors cycle, 2-1 each way round: all equal.
    cycle = {("a", "b"): (2.0, 1.0), ("b", "c"): (2.0, 1.0), ("c", "a"): (2.0, 1.0)}
    assert all(v == pytest.approx(0.0, abs=1e-6) for v in bradley_terry(["a", "b", "c"], cycle).values())
    # a beats b 2-1 and b beats c 2-1, a-c unplayed, no prior: the fit matches each pair exactly,
    # odds 2 a step: a = +400 log10 2, b = 0, c = -400 log10 2 (120.41).
    chain = bradley_terry(["a", "b", "c"], {("a", "b"): (2.0, 1.0), ("b", "c"): (2.0, 1.0)}, prior=0.0)
    assert chain["a"] == pytest.approx(120.412, abs=1e-3)
    assert chain["b"] == pytest.approx(0.0, abs=1e-6)
    assert chain["c"] == pytest.approx(-120.412, abs=1e-3)


def test_statistics_refuse_bad_input() -> None:
    with pytest.raises(kanasta.ConfigError):
        wilson_interval(3, 2)
    with pytest.raises(kanasta.ConfigError):
        bradley_terry(["a", "a"], {})
    with pytest.raises(kanasta.ConfigError):
        bradley_terry(["a", "b"], {("a", "b"): (-1.0, 1.0)})


# ------------------------------------------------------------------ matches


def test_duplicate_deals_replay_each_deal_with_the_bots_swapped() -> None:
    result = play_match(SHORT4, ["greedy", "random"], games=4, seed=11)
    a, b, c, _ = result.games
    assert (a.deal, b.deal, c.deal) == (0, 0, 1)
    assert a.seed == b.seed != c.seed  # the same cards for both rotations of a deal
    assert a.lineup == (0, 1, 0, 1) and b.lineup == (1, 0, 1, 0)
    # The first game again on its own: the same game.
    assert play_game(SHORT4, (BotSpec("greedy"), BotSpec("random")), seed=11, index=0) == a


def test_a_game_is_fixed_by_seed_and_index() -> None:
    specs = (BotSpec("random"), BotSpec("random"))
    first = play_game(SHORT2, specs, seed=3, index=5)
    assert first == play_game(SHORT2, specs, seed=3, index=5)
    assert first != play_game(SHORT2, specs, seed=3, index=7)
    assert first.deal == 2 and first.rotation == 1


def test_summary_rows_add_up() -> None:
    result = play_match(SHORT2, ["greedy", "random"], games=6, seed=2)
    greedy, rnd = result.summary()
    assert greedy.games == rnd.games == 6
    assert greedy.wins + rnd.wins == 6
    assert greedy.score_diff_per_game == pytest.approx(-rnd.score_diff_per_game)
    diffs = [g.scores[g.lineup.index(0)] - g.scores[g.lineup.index(1)] for g in result.games]
    assert greedy.score_diff_per_game == pytest.approx(sum(diffs) / 6)
    hands = sum(g.hands for g in result.games)
    assert greedy.score_diff_per_hand == pytest.approx(sum(diffs) / hands)
    # the interval is over the 3 deals (each deal's two games share their cards)
    deal_scores = []
    for deal in range(3):
        pair = [g for g in result.games if g.deal == deal]
        deal_scores.append(sum(float(g.winner == g.lineup.index(0)) for g in pair) / 2)
    assert greedy.deals == 3
    assert (greedy.ci_low, greedy.ci_high) == deal_interval(deal_scores)
    per_seat = result.summary(per_seat=True)[2:]
    assert [(r.bot, r.seat, r.games) for r in per_seat] == [
        ("greedy", 0, 3), ("greedy", 1, 3), ("random", 0, 3), ("random", 1, 3)
    ]


def test_json_and_csv_outputs() -> None:
    result = play_match(SHORT2, ["greedy", "random"], games=2, seed=4)
    data = json.loads(result.to_json())
    assert data["bots"] == ["greedy", "random"] and len(data["games"]) == 2
    assert data["summary"][0]["bot"] == "greedy" and data["summary"][0]["seat"] is None
    lines = result.to_csv().splitlines()
    assert lines[0].startswith("bot,seat,games,wins,win_rate,ci_low,ci_high")
    assert lines[1].startswith("greedy,all,2,") and len(lines) == 1 + 2 + 4


def test_bot_names_with_a_search_budget_and_time_cap() -> None:
    assert BotSpec.parse("search:40:0.9") == BotSpec("search", 40, 0.9)
    bot = BotSpec.parse("Search:40:0.9")(3)
    assert isinstance(bot, SearchBot) and (bot.iterations, bot.seconds, bot.seed) == (40, 0.9, 3)
    assert str(BotSpec("search", 40, 1.0)) == "search:40:1" and str(BotSpec("search", 8)) == "search:8"
    for text in ("search:40:0", "search:40:-1", "search:40:x", "search:40:inf", "greedy:4", "search:0"):
        with pytest.raises(kanasta.ConfigError):
            BotSpec.parse(text)


def test_match_refuses_bad_arguments() -> None:
    with pytest.raises(kanasta.ConfigError, match="multiple of 2"):
        play_match(SHORT2, ["greedy", "random"], games=3)
    with pytest.raises(kanasta.ConfigError, match="one bot per team"):
        play_match(SHORT2, ["greedy"], games=2)
    with pytest.raises(kanasta.ConfigError, match="unknown bot"):
        play_match(SHORT2, ["greedy", "alphazero"], games=2)
    with pytest.raises(kanasta.ConfigError, match="jobs"):
        play_match(SHORT2, ["greedy", "random"], games=2, jobs=0)


def _random_bot(seed: int) -> RandomBot:
    return RandomBot(seed=seed)


def test_same_games_on_one_process_and_on_two_worker_processes() -> None:
    one = play_match(SHORTK, ["greedy", _random_bot], games=4, seed=9, jobs=1)
    two = play_match(SHORTK, ["greedy", _random_bot], games=4, seed=9, jobs=2)
    assert one == two
    assert one.bots == ("greedy", "_random_bot")


def test_same_games_on_a_local_ray_cluster() -> None:
    ray = pytest.importorskip("ray")
    local = play_match(SHORT2, ["greedy", "random"], games=4, seed=5)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1")
    try:
        on_ray = play_match(SHORT2, ["greedy", "random"], games=4, seed=5, backend="ray")
    finally:
        ray.shutdown()
    assert on_ray == local


def test_tournament_plays_every_pair_and_rates_the_bots() -> None:
    progress: list[tuple[int, int]] = []
    t = play_tournament(SHORT2, ["greedy", "random", _random_bot], games=2, seed=1,
                        progress=lambda done, total: progress.append((done, total)))
    assert [m.bots for m in t.matches] == [("greedy", "random"), ("greedy", "_random_bot"), ("random", "_random_bot")]
    assert progress[-1] == (6, 6)
    wins = {m.bots: tuple(r.wins for r in m.summary()) for m in t.matches}
    expected = bradley_terry(list(t.bots), wins)
    assert t.ratings == tuple(expected[b] for b in t.bots)
    assert sum(t.ratings) == pytest.approx(0.0, abs=1e-6)
    assert t.to_csv().splitlines()[0] == "bot,rating,games,wins,win_rate"


def test_cli_match_prints_a_table_json_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--rules", "classic-2", "--bots", "greedy,random", "--games", "2", "--target", "300"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:4] == ["bot", "seats", "games", "deals"]
    assert table[1].split()[:4] == ["greedy", "all", "2", "1"]
    main(["match", "--rules", "classic-2", "--games", "2", "--target", "300", "--format", "json"])
    assert json.loads(capsys.readouterr().out)["bots"] == ["greedy", "random"]
    main(["match", "--rules", "classic-2", "--games", "2", "--target", "300", "--format", "csv"])
    assert capsys.readouterr().out.startswith("bot,seat,games")
    with pytest.raises(SystemExit):
        main(["match", "--bots", "greedy,chess"])


def test_match_game_equality_ignores_timings() -> None:
    game = play_game(SHORT2, (BotSpec("greedy"), BotSpec("greedy")), seed=1, index=0)
    assert attrs.evolve(game, seat_seconds=(9.0, 9.0)) == game
    assert isinstance(MatchResult(SHORT2, ("a", "b"), 0, (game,)).games[0], MatchGame)


# ------------------------------------------------------------------ resuming a match


def test_a_resumed_match_gives_the_games_of_an_uninterrupted_one() -> None:
    whole = play_match(SHORT4, ["greedy", "random"], games=6, seed=13)
    # Stopped after games 0, 1 and 4 (saved as JSON and read back), then resumed.
    saved = [MatchGame.from_dict(json.loads(json.dumps(whole.games[i].to_dict()))) for i in (4, 0, 1)]
    played: list[int] = []
    resumed = play_match(SHORT4, ["greedy", "random"], games=6, seed=13, finished=saved,
                         on_game=lambda g: played.append(g.index))
    assert played == [2, 3, 5]  # only the missing games were played
    assert resumed == whole
    untimed = {"seconds_per_move": 0.0, "move_median_seconds": 0.0, "move_p90_seconds": 0.0}
    assert [attrs.evolve(r, **untimed) for r in resumed.summary(per_seat=True)] == [
        attrs.evolve(r, **untimed) for r in whole.summary(per_seat=True)
    ]  # the same table but for the timings
    # Nothing left to play: the saved games are the result.
    assert play_match(SHORT4, ["greedy", "random"], games=6, seed=13, finished=whole.games) == whole


def test_resuming_refuses_games_of_another_match() -> None:
    game = play_match(SHORT2, ["greedy", "random"], games=2, seed=13).games[1]
    with pytest.raises(kanasta.ConfigError, match="game 1 was dealt by another match"):
        play_match(SHORT2, ["greedy", "random"], games=2, seed=14, finished=[game])
    with pytest.raises(kanasta.ConfigError, match="game 1 was dealt by another match"):
        play_match(SHORT4, ["greedy", "random"], games=2, seed=13, finished=[game])  # 4 players, not 2
    with pytest.raises(kanasta.ConfigError, match="not one of this match's 2 games"):
        play_match(SHORT2, ["greedy", "random"], games=2, seed=13, finished=[attrs.evolve(game, index=2)])
    with pytest.raises(kanasta.ConfigError, match="given twice"):
        play_match(SHORT2, ["greedy", "random"], games=2, seed=13, finished=[game, game])
    with pytest.raises(kanasta.ConfigError, match="exactly the fields"):
        MatchGame.from_dict({**game.to_dict(), "extra": 1})
    with pytest.raises(kanasta.ConfigError, match="not a saved game"):
        MatchGame.from_dict({**game.to_dict(), "scores": ["1", "2"]})


# ------------------------------------------------------------------ deal pairs, move times, tables, progress


def test_deal_interval_and_quantile_match_hand_computed_values() -> None:
    # deals won 1, 1, 1, 0.5, 0.5, 0: mean 4/6 over 6 trials; Wilson (4, 6), z = 1.96:
    # centre (0.66667 + 0.32013) / 1.64025 = 0.60162; half 1.96 * sqrt(0.037037 + 0.026677) / 1.64025
    # = 0.30163 -> (0.30000, 0.90325); the per-game interval of 8 wins in 12 is narrower (0.3906, 0.8619).
    low, high = deal_interval([1, 1, 1, 0.5, 0.5, 0])
    assert (low, high) == pytest.approx((0.30000, 0.90325), abs=1e-4)
    games_low, games_high = wilson_interval(8, 12)
    assert games_low > low and games_high < high
    assert quantile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert quantile([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 0.9) == pytest.approx(5.5)  # position 4.5
    assert quantile([7.0], 0.9) == 7.0
    with pytest.raises(kanasta.ConfigError):
        deal_interval([-0.5])
    with pytest.raises(kanasta.ConfigError):
        quantile([1.0], 1.5)


def _game(index: int, lineup: tuple[int, int], winner: int, times: tuple[tuple[float, ...], ...]) -> MatchGame:
    return MatchGame(index=index, deal=index // 2, rotation=index % 2, seed=0, lineup=lineup, winner=winner,
                     scores=(100, 0) if winner == 0 else (0, 100), hands=1, moves=sum(map(len, times)),
                     seat_moves=tuple(len(t) for t in times), seat_seconds=tuple(sum(t) for t in times),
                     move_seconds=times)


def test_move_times_are_a_median_and_a_90th_percentile() -> None:
    # bot 0 sits at seat 0 in game 0 (moves of 1, 2, 3, 4 ms) and at seat 1 in game 1 (5, 6 ms):
    # its moves 1..6 ms, median 3.5 ms, 90th percentile at position 4.5: 5.5 ms; mean 3.5 ms.
    games = (
        _game(0, (0, 1), 0, ((0.001, 0.002, 0.003, 0.004), (0.010, 0.010))),
        _game(1, (1, 0), 0, ((0.020, 0.020), (0.005, 0.006))),
    )
    result = MatchResult(SHORT2, ("a", "b"), 0, games)
    a, b = result.summary()
    assert a.move_median_seconds == pytest.approx(0.0035) and a.move_p90_seconds == pytest.approx(0.0055)
    assert a.seconds_per_move == pytest.approx(0.021 / 6)
    # one deal, won once by each bot: a deal score of 0.5, the interval of 0.5 wins in 1 trial
    assert a.deals == 1 and a.wins == 1.0 and (a.ci_low, a.ci_high) == wilson_interval(0.5, 1)
    assert b.move_median_seconds == pytest.approx(0.015)  # 10, 10, 20, 20 ms
    line = result.table().splitlines()[1].split()
    assert line[:4] == ["a", "all", "2", "1"] and line[-2:] == ["3.50", "5.50"]


def test_a_partnership_table_has_a_row_per_team_not_two_equal_seat_rows() -> None:
    result = play_match(SHORT4, ["greedy", "random"], games=4, seed=5)
    rows = result.summary(per_seat=True)
    assert [(r.bot, r.seat, r.team, r.games) for r in rows] == [
        ("greedy", None, None, 4), ("random", None, None, 4),
        ("greedy", None, 0, 2), ("greedy", None, 1, 2), ("random", None, 0, 2), ("random", None, 1, 2),
    ]
    table = result.table().splitlines()
    assert [line.split()[:2] for line in table[1:]] == [
        ["greedy", "all"], ["random", "all"], ["greedy", "0+2"], ["greedy", "1+3"],
        ["random", "0+2"], ["random", "1+3"],
    ]
    assert len(set(table)) == len(table)
    # the seats of a two-player match stay rows of their own
    two = play_match(SHORT2, ["greedy", "random"], games=2, seed=5)
    assert [(r.seat, r.team) for r in two.summary(per_seat=True)[2:]] == [(0, 0), (1, 1), (0, 0), (1, 1)]


def test_progress_starts_at_zero_of_n() -> None:
    calls: list[tuple[int, int]] = []
    play_match(SHORT2, ["greedy", "random"], games=4, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    resumed: list[tuple[int, int]] = []
    first = play_match(SHORT2, ["greedy", "random"], games=4, seed=1).games[:2]
    play_match(SHORT2, ["greedy", "random"], games=4, seed=1, finished=first,
               progress=lambda d, t: resumed.append((d, t)))
    assert resumed[0] == (2, 4) and resumed[-1] == (4, 4)


def test_progress_line_gives_the_rate_and_the_time_left() -> None:
    import io

    from kanasta.cli.match import _Progress, duration

    progress = _Progress(io.StringIO())
    progress.first = 0
    assert progress.line(0, 400, 0.0).endswith("] 0/400 games")
    # 10 games in 100 s (1.7 min, shown as 2): 0.1 a second; 390 left take 3900 s = 65 min
    assert progress.line(10, 400, 100.0).endswith("10/400 games, 0.10 games/s, 2 min so far, about 1 h 05 min left")
    # 3 games in 2 h: 1.5 an hour; 1 left: 40 min
    assert progress.line(3, 4, 7200.0).endswith("3/4 games, 1.5 games/h, 2 h 00 min so far, about 40 min left")
    assert duration(59.4) == "59 s" and duration(90) == "2 min"


def test_a_long_search_match_is_announced_with_its_expected_time(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from kanasta.cli import match as _cmd_match

    asked: list[tuple[int, int]] = []

    def fake(rules: kanasta.Rules, specs: list[BotSpec], games: int, jobs: int, seed: int = 0) -> float:
        asked.append((games, jobs))
        return 7200.0

    monkeypatch.setattr(_cmd_match, "estimate_seconds", fake)
    args = ["match", "--rules", "classic-2", "--bots", "search:1,greedy", "--games", "2", "--target", "50"]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "2 games with search bots: expect about 2 h 00 min (--jobs 1;" in err and asked == [(2, 1)]
    monkeypatch.setattr(_cmd_match, "estimate_seconds", lambda *a, **k: 30.0)
    assert main(args) == 0
    assert "expect about" not in capsys.readouterr().err
    assert main(["match", "--rules", "classic-2", "--games", "2", "--target", "50"]) == 0  # no search bot: no estimate
    assert asked == [(2, 1)]


def test_the_estimate_counts_only_search_moves() -> None:
    from kanasta.cli.match import estimate_seconds

    assert estimate_seconds(SHORT2, [BotSpec("greedy"), BotSpec("random")], 100, 1) == 0.0
    assert estimate_seconds(SHORT2, [BotSpec.parse("search:1"), BotSpec("greedy")], 100, 1) > 0.0


def test_match_help_prints_a_single_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    out = capsys.readouterr().out
    assert "95%" in out and "%%" not in out


# ------------------------------------------------------------------ a failing game


class _FailsInGame:
    """A bot factory: GreedyBot, except that the bots of game ``index`` of the match with ``seed`` raise."""

    def __init__(self, seed: int, index: int) -> None:
        from kanasta import _rng

        self.doomed = {_rng.stream(seed, 0xB07, index, seat).next() for seat in range(2)}

    def __call__(self, seed: int) -> kanasta.bots.Bot:
        bot = kanasta.bots.GreedyBot()
        if seed not in self.doomed:
            return bot

        class Broken:
            def choose(self, view: kanasta.PlayerView) -> kanasta.Action:
                if view.hand_number == 1 and len(view.history) > 6:
                    raise RuntimeError("a bug in the bot")
                return bot.choose(view)

        return Broken()  # type: ignore[return-value]


def test_a_failing_game_is_reported_with_its_seed_and_the_others_go_on() -> None:
    """One bot raising in game 2 fails that game only: it is kept with its error and left out of the table."""
    whole = play_match(SHORT2, ["greedy", "greedy"], games=4, seed=21)
    broken = _FailsInGame(21, 2)
    result = play_match(SHORT2, [broken, "greedy"], games=4, seed=21)
    assert [g.index for g in result.failed] == [2]
    failed = result.failed[0]
    assert failed.error == "RuntimeError: a bug in the bot"
    assert failed.winner is None and failed.seed == whole.games[2].seed and 6 <= failed.moves < whole.games[2].moves
    # the other games are those of the match without the broken bot (the same seeds, the same greedy play)
    assert [g for g in result.games if g.index != 2] == [g for g in whole.games if g.index != 2]
    rows = result.summary()
    assert [r.games for r in rows] == [3, 3]  # the failed game is not counted
    assert result.table().splitlines()[-1] == (
        f"failed: game 2 (deal 1, game seed {failed.seed}) after {failed.moves} moves: RuntimeError: a bug in the bot"
    )
    assert result.to_dict()["failed"] == [2]
    # saved and read back with its error; a game saved before errors were kept reads as played
    assert MatchGame.from_dict(json.loads(json.dumps(failed.to_dict()))) == failed
    old = {k: v for k, v in whole.games[0].to_dict().items() if k != "error"}
    assert MatchGame.from_dict(old).error is None
    with pytest.raises(kanasta.ConfigError, match="not a saved game"):
        MatchGame.from_dict({**failed.to_dict(), "error": 3})


def test_cli_match_saves_each_game_and_resumes(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """--save writes a line per game after the match's own; --resume plays only the games not saved."""
    args = ["match", "--rules", "classic-2", "--bots", "greedy,random", "--games", "4", "--target", "300",
            "--seed", "5", "--format", "json"]
    save = tmp_path / "match.jsonl"
    assert main([*args, "--save", str(save)]) == 0
    whole = json.loads(capsys.readouterr().out)
    lines = save.read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["match"]["bots"] == ["greedy", "random"]
    assert sorted(json.loads(line)["index"] for line in lines[1:]) == [0, 1, 2, 3]
    # stopped after two games, the third cut short while written
    save.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    assert main([*args, "--resume", str(save)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert [g["index"] for g in resumed["games"]] == [0, 1, 2, 3]
    untimed = ("seat_seconds", "move_seconds")
    assert [{k: v for k, v in g.items() if k not in untimed} for g in resumed["games"]] == [
        {k: v for k, v in g.items() if k not in untimed} for g in whole["games"]]
    assert len(save.read_text().splitlines()) == 5  # the two played again were added
    # another match's file is refused
    with pytest.raises(SystemExit):
        main([*args[:-4], "--seed", "6", "--resume", str(save)])
    assert "not a save file of this match" in capsys.readouterr().err
