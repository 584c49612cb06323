"""Scoring a hand, part by part (C-SCORE-1, C-SCORE-2, K-SCORE-1, K-BONUS-1, K-TRUMP-2).

:func:`score_hand` is what the engine calls when a hand ends; it is public so
that a front-end or a test can score any table.  Every part of a team's score
is kept in the :class:`~kanasta.TeamScore` it returns, so the total always
re-adds from its breakdown.

>>> import kanasta
>>> from kanasta import Meld, parse_cards
>>> from kanasta.scoring import score_hand
>>> rules = kanasta.Rules.classic()
>>> kings = Meld.from_cards(parse_cards("KC KC KD KD KH KS KS"), rules)
>>> r = score_hand(rules, hand_number=1, dealer=0, ended_by="going_out", went_out=0,
...                concealed=False, melds=((kings,), ()), hands=((), (), (), ()),
...                red_threes=((), ()), packets_taken=(0, 0), trump=None, scores_before=(0, 0))
>>> r.teams[0].meld_points, r.teams[0].canasta_points, r.teams[0].total   # worked example 3: 570 + 100
(Fraction(70, 1), 500, 670)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from kanasta.cards import Card
from kanasta.melds import CanastaKind, Meld, MeldKind
from kanasta.position import CanastaScore, HandEnd, HandResult, TeamScore
from kanasta.rulebook import is_canasta
from kanasta.rules import Rules

__all__ = ["canasta_score", "game_winner", "hand_penalty", "score_hand"]


def canasta_score(rules: Rules, meld: Meld, index: int, trump: Card | None) -> CanastaScore | None:
    """The bonus of ``meld`` if it is a canasta, else None (C-MELD-4, K-BONUS-1, K-TRUMP-2).

    >>> import kanasta
    >>> from kanasta import Meld, parse_cards, parse_card
    >>> from kanasta.scoring import canasta_score
    >>> k = kanasta.Rules.kanasta()
    >>> run = Meld.from_cards(parse_cards("3C 4C 5C 6C 7C 8C 9C"), k)
    >>> canasta_score(k, run, 0, trump=parse_card("KC")).bonus   # worked example 10: clubs trump, 20 -> 40
    40
    >>> canasta_score(k, run, 0, trump=parse_card("KH")).bonus
    20
    """
    if not is_canasta(len(meld.cards)):
        return None
    kind: CanastaKind
    if meld.kind is MeldKind.RUN and len(meld.cards) == 13 and rules.full_bonus is not None:
        kind, base = "full", rules.full_bonus
    elif meld.wild_count == 0:
        kind, base = "clean", rules.clean_bonus
    else:
        kind, base = "dirty", rules.dirty_bonus
    doubled = False
    if rules.trump_doubling and trump is not None:
        if meld.kind is MeldKind.SET:
            doubled = meld.rank is not None and meld.rank is trump.rank
        else:
            doubled = meld.suit is not None and meld.suit is trump.suit
    return CanastaScore(meld=index, kind=kind, base=base, trump_doubled=doubled, bonus=base * 2 if doubled else base)


def game_winner(rules: Rules, scores: Sequence[int]) -> int | None:
    """The team that has won with these cumulative scores, or None to play on (G-GAME-1).

    A team wins when it is at or above the target and alone at the top; a tie
    at the top means another hand.

    >>> import kanasta
    >>> from kanasta.scoring import game_winner
    >>> k = kanasta.Rules.kanasta()
    >>> game_winner(k, (310, 250)), game_winner(k, (310, 310)), game_winner(k, (290, 120))
    (0, None, None)
    """
    best = max(scores)
    if best >= rules.target_score and list(scores).count(best) == 1:
        return list(scores).index(best)
    return None


def hand_penalty(rules: Rules, cards: Sequence[Card]) -> Fraction:
    """Value of cards left in hand (C-SCORE-1, K-SCORE-1; a 2 in hand has its wild value).

    >>> import kanasta
    >>> from kanasta.scoring import hand_penalty
    >>> hand_penalty(kanasta.Rules.classic(), kanasta.parse_cards("4C 4D 5H KS"))  # worked example 4
    Fraction(25, 1)
    """
    return sum((rules.card_value(c) for c in cards), Fraction(0))


def score_hand(
    rules: Rules,
    *,
    hand_number: int,
    dealer: int,
    ended_by: HandEnd,
    went_out: int | None,
    concealed: bool,
    melds: tuple[tuple[Meld, ...], ...],
    hands: tuple[tuple[Card, ...], ...],
    red_threes: tuple[tuple[Card, ...], ...],
    packets_taken: tuple[int, ...],
    trump: Card | None,
    scores_before: tuple[int, ...],
) -> HandResult:
    """Score every team for a finished hand and return the whole result.

    ``hands`` are the cards left per seat, ``melds`` and ``red_threes`` per team.

    >>> import kanasta
    >>> from kanasta.scoring import score_hand
    >>> r = score_hand(kanasta.Rules.classic(), hand_number=1, dealer=0, ended_by="stock",
    ...                went_out=None, concealed=False, melds=((), ()), hands=((), (), (), ()),
    ...                red_threes=(kanasta.parse_cards("3D 3D 3H 3H"), ()), packets_taken=(0, 0),
    ...                trump=None, scores_before=(0, 0))
    >>> r.teams[0].red_three_points   # worked example 5: all four red 3s, no meld: -800
    -800
    """
    teams = rules.teams
    out: list[TeamScore] = []
    for team in range(teams):
        team_melds = melds[team]
        meld_points = sum((m.value(rules) for m in team_melds), Fraction(0))
        bonuses = tuple(
            b for b in (canasta_score(rules, m, i, trump) for i, m in enumerate(team_melds)) if b is not None
        )
        canasta_points = sum(b.bonus for b in bonuses)
        reds = len(red_threes[team])
        red_points = 0
        if rules.red_threes and reds:
            red_points = rules.all_red_threes_bonus if reds == 4 else reds * rules.red_three_bonus
            if not team_melds:
                red_points = -red_points
        packet_points = packets_taken[team] * rules.packet_bonus
        going_out = 0
        if went_out is not None and went_out % teams == team:
            bonus = rules.concealed_bonus
            going_out = bonus if (concealed and bonus is not None) else rules.going_out_bonus
        left = [c for seat in range(rules.players) if seat % teams == team for c in hands[seat]]
        penalty = hand_penalty(rules, left)
        raw = packet_points + meld_points + canasta_points + red_points + going_out - penalty
        total = math.ceil(raw) if rules.round_hand_up else int(raw)
        out.append(
            TeamScore(
                team=team,
                packets=packets_taken[team],
                packet_points=packet_points,
                meld_points=meld_points,
                canastas=bonuses,
                canasta_points=canasta_points,
                red_threes=reds,
                red_three_points=red_points,
                going_out_points=going_out,
                hand_points=penalty,
                raw_total=raw,
                total=total,
            )
        )
    scores = tuple(before + ts.total for before, ts in zip(scores_before, out))
    return HandResult(
        hand_number=hand_number,
        dealer=dealer,
        ended_by=ended_by,
        went_out=went_out,
        concealed=concealed,
        teams=tuple(out),
        scores=scores,
        melds=melds,
        hands=hands,
        red_threes=red_threes,
        trump=trump,
    )
