"""Readable text for a game: events and hand results as sentences, score tables, a seat's view.

``str()`` of every event and of a :class:`~kanasta.HandResult` is a sentence
written here (:func:`event_text`, :func:`result_text`); a
:class:`TextRenderer` knows the rules, so it names sides as the game does
(teams with their seats in partnerships, seats otherwise) and can draw cards
with suit symbols and colour.  The ``kanasta`` command line writes everything
through it, and :meth:`PlayerView.describe <kanasta.PlayerView.describe>` is
its picture of a view.

>>> import kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=1)
>>> seat = state.current_player
>>> state = state.apply(kanasta.Draw())
>>> [str(e) for e in state.events]
['Seat 3 draws 4H.']
>>> [str(e) for e in state.view(0).history[-1].events]
['Seat 3 draws a card.']
>>> kanasta.TextRenderer(state.rules).side(1, long=True)
'team 1 (seats 1+3)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from kanasta.cards import Card, format_cards
from kanasta.melds import Meld
from kanasta.position import (
    CardsDrawn,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    PacketTaken,
    Phase,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    StockExhausted,
    TeamOpened,
    UpcardTurned,
    WentOut,
    write_sentences_with,
)
from kanasta.rules import Rules
from kanasta.view.seen import CardsDrawnHidden, PacketTakenHidden, RedThreeLaidHidden

if TYPE_CHECKING:  # pragma: no cover
    from kanasta.actions import Action
    from kanasta.view.seen import SeenEvent, ViewData

__all__ = ["TextRenderer", "event_text", "result_text"]

ENDINGS: Final[dict[str, str]] = {
    "stock": "the stock ran out",
    "red_three": "the last stock card was a red 3",
    "no_take": "the stock ran out and the next player could not take the pile",
    "declined": "the stock ran out and the next player declined the pile",
}
"""How a hand ended, in words, for each :attr:`HandResult.ended_by` but going out."""

_HOW_LAID: Final = {"deal": "dealt", "stock": "drawn", "pile": "from the pile"}

_RED: Final = "\x1b[31m"
_BOLD: Final = "\x1b[1m"
_RESET: Final = "\x1b[0m"


def points(value: Fraction | int) -> str:
    """Points as text: whole numbers plainly, halves as ``3.5`` (exact).

    >>> from fractions import Fraction
    >>> from kanasta.text import points
    >>> points(Fraction(7, 2)), points(-20)
    ('3.5', '-20')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.1f}"


def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


class TextRenderer:
    """Writes a game's parts as text under one set of rules.

    ``pretty`` draws cards with suit symbols (``10♥``) rather than notation
    (``TH``); ``colour`` adds terminal colours (red suits in red, wild cards
    in bold).  The default is plain ASCII, the same on every machine.

    >>> import kanasta
    >>> r = kanasta.TextRenderer(kanasta.Rules.classic(players=2), pretty=True)
    >>> r.cards(kanasta.parse_cards("TH 2C JK")), r.side(1)
    ('10♥ 2♣ JK', 'seat 1')
    >>> kanasta.TextRenderer(kanasta.Rules.classic(), colour=True).cards(kanasta.parse_cards("7H 7S"))
    '\\x1b[31m7H\\x1b[0m 7S'
    """

    def __init__(self, rules: Rules | None = None, *, pretty: bool = False, colour: bool = False) -> None:
        self.rules = rules
        self.pretty = pretty
        self.colour = colour

    # ------------------------------------------------------------ pieces
    def card(self, card: Card) -> str:
        """One card, in notation or with its suit symbol, coloured if asked.

        >>> import kanasta
        >>> kanasta.TextRenderer(pretty=True).card(kanasta.parse_card("QS"))
        'Q♠'
        """
        text = card.pretty() if self.pretty else str(card)
        if not self.colour:
            return text
        if card.is_wild:
            return f"{_BOLD}{text}{_RESET}"
        if card.suit is not None and card.suit.is_red:
            return f"{_RED}{text}{_RESET}"
        return text

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces (``""`` for none).

        >>> import kanasta
        >>> kanasta.TextRenderer().cards(kanasta.parse_cards("10H JK"))
        'TH JK'
        """
        if not self.colour:
            return format_cards(cards, pretty=self.pretty)
        return " ".join(self.card(c) for c in cards)

    def side(self, team: int, *, long: bool = False) -> str:
        """A team as the game names it: ``team 0`` (``team 0 (seats 0+2)`` when ``long``) or ``seat 0``.

        Without rules every side is a team.

        >>> import kanasta
        >>> kanasta.TextRenderer(kanasta.Rules.classic(players=3)).side(2, long=True)
        'seat 2'
        """
        rules = self.rules
        if rules is not None and rules.teams == rules.players:
            return f"seat {team}"
        if not long or rules is None:
            return f"team {team}"
        seats = "+".join(str(s) for s in range(rules.players) if rules.team_of(s) == team)
        return f"team {team} (seats {seats})"

    def scores(self, scores: Sequence[int]) -> str:
        """Scores by team: ``team 0 120, team 1 -35``.

        >>> import kanasta
        >>> kanasta.TextRenderer(kanasta.Rules.classic()).scores((120, -35))
        'team 0 120, team 1 -35'
        """
        return ", ".join(f"{self.side(t)} {s}" for t, s in enumerate(scores))

    # ------------------------------------------------------------ events
    def event(self, event: SeenEvent) -> str:
        """The sentence for one event (or its hidden form, as a seat saw it).

        >>> import kanasta
        >>> r = kanasta.TextRenderer(kanasta.Rules.classic())
        >>> r.event(kanasta.TeamOpened(team=1, seat=3))
        'Team 1 (seats 1+3) has opened (by seat 3).'
        >>> r.event(kanasta.PileTaken(seat=2, cards=kanasta.parse_cards("4C 9D 9D")))
        'Seat 2 takes the pile (3 cards).'
        """
        e = event
        if isinstance(e, HandStarted):
            text = f"hand {e.hand_number} is dealt by seat {e.dealer}; seat {e.first_player} plays first"
        elif isinstance(e, UpcardTurned):
            text = (f"the upcard is {self.cards(e.cards)}" if len(e.cards) == 1
                    else f"the upcards are {self.cards(e.cards)}")
            if e.frozen:
                text += ", so the pile is frozen"
            if e.trump is not None:
                text += f"; the trump is {self.card(e.trump)}"
        elif isinstance(e, RedThreeLaid):
            text = f"seat {e.seat} lays red 3 {self.card(e.card)} ({_HOW_LAID[e.source]}"
            if e.replacement is not None:
                text += f", replaced by {self.card(e.replacement)})"
            elif e.source == "pile":
                text += ")"
            else:
                text += ", not replaced: the stock is empty)"
        elif isinstance(e, RedThreeLaidHidden):
            text = f"seat {e.seat} lays red 3 {self.card(e.card)} ({_HOW_LAID[e.source]}, replaced)"
        elif isinstance(e, CardsDrawn):
            text = f"seat {e.seat} draws {self.cards(e.cards) or 'nothing'}"
        elif isinstance(e, CardsDrawnHidden):
            text = f"seat {e.seat} draws {'a card' if e.count == 1 else _count(e.count)}"
        elif isinstance(e, PileTaken):
            text = f"seat {e.seat} takes the pile ({_count(len(e.cards))})"
            if e.aside:
                text += "; the rest waits aside until the team is down"
        elif isinstance(e, PileJoined):
            text = f"the rest of the pile ({_count(len(e.cards))}) joins seat {e.seat}'s hand"
        elif isinstance(e, TeamOpened):
            rules = self.rules
            by = f" (by seat {e.seat})" if rules is None or rules.teams != rules.players else ""
            text = f"{self.side(e.team, long=True)} has opened{by}"
        elif isinstance(e, PacketTaken):
            text = f"seat {e.seat} picks up packet {e.packet} ({_count(len(e.cards))})"
        elif isinstance(e, PacketTakenHidden):
            text = f"seat {e.seat} picks up packet {e.packet} ({_count(e.size)})"
        elif isinstance(e, WentOut):
            text = f"seat {e.seat} goes out{' concealed' if e.concealed else ''}"
        elif isinstance(e, StockExhausted):
            text = f"the stock is empty: seat {e.seat} drew the last card"
        elif isinstance(e, HandEnded):
            return self.result(e.result)
        else:
            assert isinstance(e, GameEnded)
            text = f"the game is over: {self.side(e.winner)} wins; final scores {self.scores(e.scores)}"
        return _sentence(text)

    # ------------------------------------------------------------ results
    def ending(self, result: HandResult) -> str:
        """How a hand ended, in words.

        >>> import kanasta
        >>> r = kanasta.HandResult(hand_number=1, dealer=0, ended_by="going_out", went_out=2, concealed=True,
        ...     teams=(), scores=(0, 0), melds=(), hands=(), red_threes=(), trump=None)
        >>> kanasta.TextRenderer().ending(r)
        'seat 2 went out concealed'
        """
        if result.ended_by == "going_out" and result.went_out is not None:
            return f"seat {result.went_out} went out{' concealed' if result.concealed else ''}"
        return ENDINGS.get(result.ended_by, result.ended_by)

    def result(self, result: HandResult) -> str:
        """One sentence for a hand's result: how it ended, each side's hand total and the game scores.

        >>> import kanasta
        >>> r = kanasta.HandResult(hand_number=2, dealer=0, ended_by="stock", went_out=None, concealed=False,
        ...     teams=(), scores=(120, 85), melds=(), hands=(), red_threes=(), trump=None)
        >>> kanasta.TextRenderer().result(r)
        'Hand 2 ended: the stock ran out; game scores team 0 120, team 1 85.'
        """
        text = f"hand {result.hand_number} ended: {self.ending(result)}"
        if result.teams:
            text += "; this hand " + ", ".join(f"{self.side(t.team)} {t.total}" for t in result.teams)
        return _sentence(f"{text}; game scores {self.scores(result.scores)}")

    def score_table(self, result: HandResult) -> list[str]:
        """A hand's score, part by part, one column per side (C-SCORE-1, K-SCORE-1).

        >>> import kanasta
        >>> state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
        >>> while not state.hand_results:
        ...     state = state.apply(state.legal_actions()[0])
        >>> print("\\n".join(kanasta.TextRenderer(state.rules).score_table(state.hand_results[0])))
                         seat 0    seat 1
        melds              ...
        game score         ...
        """
        rules = self.rules
        teams = result.teams
        rows: list[tuple[str, list[str]]] = []
        if rules is None or rules.packets:
            rows.append(("packets", [f"{t.packets} = {t.packet_points}" for t in teams]))
        rows.append(("melds", [points(t.meld_points) for t in teams]))
        rows.append(("canastas", [f"{len(t.canastas)} = {t.canasta_points}" for t in teams]))
        if rules is None or rules.red_threes:
            rows.append(("red 3s", [f"{t.red_threes} = {t.red_three_points}" for t in teams]))
        rows.append(("going out", [str(t.going_out_points) for t in teams]))
        rows.append(("cards in hand", [points(-t.hand_points) for t in teams]))
        if rules is not None and rules.round_hand_up:
            rows.append(("raw total", [points(t.raw_total) for t in teams]))
            rows.append(("hand total (rounded up)", [str(t.total) for t in teams]))
        else:
            rows.append(("hand total", [str(t.total) for t in teams]))
        rows.append(("game score", [str(s) for s in result.scores]))
        names = [self.side(t.team) for t in teams]
        width = max(8, *(len(n) for n in names), *(len(c) for _, cells in rows for c in cells))
        labels = max(len(label) for label, _ in rows)
        lines = [f"{'':<{labels}}" + "".join(f"{n:>{width + 2}}" for n in names)]
        for label, cells in rows:
            lines.append(f"{label:<{labels}}" + "".join(f"{c:>{width + 2}}" for c in cells))
        for t in teams:
            if not t.canastas:
                continue
            parts = []
            for c in t.canastas:
                part = f"@{c.meld} {c.kind} {c.base}"
                if c.trump_doubled:
                    part += f" x2 (trump) = {c.bonus}"
                parts.append(part)
            lines.append(f"  {self.side(t.team)} canastas: {'; '.join(parts)}")
        return lines

    def hand_summary(self, result: HandResult, *, melds: bool = True) -> list[str]:
        """A hand's end: a heading, the trump, each side's melds (unless ``melds=False``) and the score table.

        >>> import kanasta
        >>> state = kanasta.new_game(kanasta.Rules.classic(players=2), seed=3)
        >>> while not state.hand_results:
        ...     state = state.apply(state.legal_actions()[0])
        >>> print("\\n".join(kanasta.TextRenderer(state.rules).hand_summary(state.hand_results[0])))
        --- Hand 1 ended: ... ---
        seat 0 melds: ...
        """
        lines = [f"--- Hand {result.hand_number} ended: {self.ending(result)} ---"]
        if result.trump is not None:
            lines.append(f"Trump: {self.card(result.trump)}")
        if melds:
            for team, team_melds in enumerate(result.melds):
                text = "; ".join(f"@{i} {self.cards(m.cards)}" for i, m in enumerate(team_melds))
                lines.append(f"{self.side(team, long=True)} melds: {text or '-'}")
        return lines + self.score_table(result)

    def game_result(self, scores: Sequence[int], winner: int | None, hands: int, moves: int) -> str:
        """The last line of a game: who won with what, or where it stopped.

        >>> import kanasta
        >>> r = kanasta.TextRenderer(kanasta.Rules.classic())
        >>> r.game_result((5010, 3000), 0, 4, 612)
        'Result: team 0 wins with 5010 (team 1 3000) after 4 hands and 612 moves'
        >>> r.game_result((120, 85), None, 1, 50)
        'Result: no winner, stopped after 50 moves (team 0 120, team 1 85)'
        """
        if winner is None:
            return f"Result: no winner, stopped after {moves} moves ({self.scores(scores)})"
        others = ", ".join(f"{self.side(t)} {s}" for t, s in enumerate(scores) if t != winner)
        return (f"Result: {self.side(winner)} wins with {scores[winner]} ({others}) "
                f"after {hands} hands and {moves} moves")

    # ------------------------------------------------------------ moves and views
    def move(self, seat: int, action: Action, events: Sequence[SeenEvent]) -> str:
        """A move in action notation, with the cards drawn by it when they are in ``events``.

        >>> import kanasta
        >>> e = kanasta.CardsDrawn(seat=1, cards=kanasta.parse_cards("7H"))
        >>> kanasta.TextRenderer().move(1, kanasta.Draw(), [e])
        'seat 1  draw  -> 7H'
        """
        text = f"seat {seat}  {action}"
        drawn = [c for e in events if isinstance(e, CardsDrawn) and e.seat == seat for c in e.cards]
        if drawn and str(action) == "draw":
            text += f"  -> {self.cards(drawn)}"
        return text

    def table(
        self,
        *,
        stock: int,
        pile: Sequence[Card],
        pile_frozen: bool,
        melds: Sequence[Sequence[Meld]],
        red_threes: Sequence[Sequence[Card]],
        opened: Sequence[bool],
        packets_taken: Sequence[int],
        packets: Sequence[int],
        trump: Card | None,
    ) -> list[str]:
        """The table as lines: trump, stock and packets, the pile, each side's melds, red 3s and packets.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(players=2), seed=1)
        >>> print("\\n".join(kanasta.TextRenderer(s.rules).table(stock=len(s.stock), pile=s.pile,
        ...     pile_frozen=s.pile_frozen, melds=s.melds, red_threes=s.red_threes, opened=s.opened,
        ...     packets_taken=s.packets_taken, packets=(), trump=None)))
        Stock: 76 cards
        Pile (bottom to top): 8H
        seat 0: no melds; red 3s: 3H
        seat 1: no melds
        """
        lines = []
        if trump is not None:
            lines.append(f"Trump: {self.card(trump)}")
        stock_line = f"Stock: {_count(stock)}"
        if packets:
            stock_line += f"; packets: {', '.join(_count(p) for p in packets)}"
        lines.append(stock_line)
        pile_line = f"Pile (bottom to top): {self.cards(pile) or '-'}"
        if pile_frozen:
            pile_line += " [frozen]"
        lines.append(pile_line)
        for team, team_melds in enumerate(melds):
            text = "; ".join(f"@{i} {self.cards(m.cards)}" for i, m in enumerate(team_melds)) or "no melds"
            extra = ""
            if red_threes[team]:
                extra += f"; red 3s: {self.cards(red_threes[team])}"
            if self.rules is not None and self.rules.packets:
                extra += f"; packets taken: {packets_taken[team]}"
            lines.append(f"{self.side(team, long=True)}{' (open)' if opened[team] else ''}: {text}{extra}")
        return lines

    def turn(self, view: ViewData) -> str | None:
        """The public part of the turn so far as one line, or None before anything was done.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(), seed=1).apply(kanasta.Draw())
        >>> kanasta.TextRenderer().turn(s.view(0))
        'This turn: seat 3 drew from the stock.'
        """
        t = view.turn
        if t.drew is None:
            return None
        mover = view.player if view.phase is not Phase.ANSWER else (view.player + 2) % view.rules.players
        parts = [f"seat {mover} drew from the {t.drew}"]
        if t.count_halves:
            parts.append(f"{points(t.count)} points laid toward the opening")
        if t.aside:
            parts.append(f"the rest of the pile waits aside: {self.cards(t.aside)}")
        if t.forbidden is not None:
            parts.append(f"{self.card(t.forbidden)} may not be discarded")
        if t.asked:
            answer = {None: "waits for partner's answer", True: "partner said yes", False: "partner said no"}
            parts.append(f"asked to go out, {answer[t.answer]}")
        return "This turn: " + "; ".join(parts) + "."

    def view(self, view: ViewData, *, moves: bool = True) -> str:
        """A multi-line picture of what one seat sees; :meth:`PlayerView.describe` returns it.

        >>> import kanasta
        >>> s = kanasta.new_game(kanasta.Rules.classic(players=2), seed=1)
        >>> print(kanasta.TextRenderer(s.rules).view(s.view(1)))
        Hand 1, dealer seat 1; seat 0 to draw. Scores: seat 0 0, seat 1 0
        Stock: 76 cards
        Pile (bottom to top): 8H
        seat 0: no melds; red 3s: 3H
        seat 1: no melds
        Hands: seat 0 15 cards, seat 1 15 cards
        Seat 1 (you): AH 4D 6D 7D 7S 8H 8S 9D TC TH JS KC KS JK JK
        >>> print(kanasta.TextRenderer(s.rules).view(s.view(0)).splitlines()[-1])
        Your moves: draw
        """
        lines = []
        if view.phase is Phase.GAME_OVER:
            assert view.winner is not None
            lines.append(f"Game over: {self.side(view.winner)} wins. Scores: {self.scores(view.scores)}")
        else:
            lines.append(f"Hand {view.hand_number}, dealer seat {view.dealer}; seat {view.player} to "
                         f"{view.phase.value}. Scores: {self.scores(view.scores)}")
        lines += self.table(
            stock=view.stock_size, pile=view.pile, pile_frozen=view.pile_frozen, melds=view.melds,
            red_threes=view.red_threes, opened=view.opened, packets_taken=view.packets_taken,
            packets=view.packet_sizes, trump=view.trump,
        )
        turn = self.turn(view)
        if turn is not None:
            lines.append(turn)
        lines.append("Hands: " + ", ".join(f"seat {s} {_count(k)}" for s, k in enumerate(view.hand_sizes)))
        lines.append(f"Seat {view.seat} (you): {self.cards(view.hand) or '-'}")
        legal = view.legal_actions()
        if moves and legal:
            lines.append("Your moves: " + ", ".join(str(a) for a in legal))
        return "\n".join(lines)


_PLAIN: Final = TextRenderer()


def event_text(event: SeenEvent) -> str:
    """The sentence ``str(event)`` gives, for any event or hidden event.

    Sides are named as teams; :meth:`TextRenderer.event` names them as the
    rules do.

    >>> import kanasta
    >>> kanasta.event_text(kanasta.WentOut(seat=1, concealed=True))
    'Seat 1 goes out concealed.'
    >>> str(kanasta.CardsDrawnHidden(seat=2, count=2))
    'Seat 2 draws 2 cards.'
    """
    return _PLAIN.event(event)


def result_text(result: HandResult) -> str:
    """The sentence ``str(result)`` gives for a hand's result.

    >>> import kanasta
    >>> r = kanasta.HandResult(hand_number=1, dealer=0, ended_by="declined", went_out=None, concealed=False,
    ...     teams=(), scores=(10, 20), melds=(), hands=(), red_threes=(), trump=None)
    >>> str(r)
    'Hand 1 ended: the stock ran out and the next player declined the pile; game scores team 0 10, team 1 20.'
    """
    return _PLAIN.result(result)


def _write(item: SeenEvent | HandResult) -> str:
    return result_text(item) if isinstance(item, HandResult) else event_text(item)


write_sentences_with(_write)  # str() of the events and results defined below this module
