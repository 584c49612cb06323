"""Hand-written Classic Canasta positions for the rule tests (tests/test_classic_*.py).

:func:`position` wraps :meth:`kanasta.State.from_dict`: give the acting seat's
hand (or every hand) and any other position keys; seats not given get small
filler hands.  ``stock_top`` puts known cards on top of the stock (the rest of
the deck follows in a fixed order), and ``rest`` sends the cards placed nowhere
else to the bottom of the pile (``"pile"``) instead of the stock, so that the
stock can be exactly the cards a test wants (``stock=""`` for an empty stock).
"""

from __future__ import annotations

import collections
from typing import Any

import pytest

import kanasta
from kanasta import DECK, Card, State, format_cards, parse_cards

FILLER = ("4S 4S 4D", "5S 5S 5D", "6S 6S 6D")


def _cards_of(value: Any) -> list[Card]:
    if value is None:
        return []
    if isinstance(value, str):
        return list(parse_cards(value))
    out: list[Card] = []
    for item in value:
        out.extend(_cards_of(item))
    return out


def leftover(doc: dict[str, Any], extra: str = "") -> list[Card]:
    """The deck minus every card the document places (and minus ``extra``), in deck order."""
    count = collections.Counter(DECK)
    placed = _cards_of(doc.get("hands")) + _cards_of(doc.get("pile")) + _cards_of(doc.get("melds"))
    placed += _cards_of(doc.get("red_threes")) + _cards_of(doc.get("stock")) + _cards_of(extra)
    turn = doc.get("turn") or {}
    placed += _cards_of(turn.get("aside"))
    count.subtract(placed)
    bad = {c: n for c, n in count.items() if n < 0}
    assert not bad, f"cards placed too often: {bad}"
    return sorted(count.elements(), key=lambda c: c.index)


def position(
    hand: str | None = None,
    *,
    rules: Any = "classic",
    hands: list[str] | None = None,
    stock_top: str | None = None,
    rest: str | None = None,
    **fields: Any,
) -> State:
    """A position built by hand; seat 0 is to act unless ``player`` says otherwise."""
    if hands is None:
        players = {"classic-3": 3, "classic-2": 2}.get(rules if isinstance(rules, str) else rules.get("preset", ""), 4)
        if isinstance(rules, dict) and "players" in rules:
            players = rules["players"]
        hands = [hand or ""] + list(FILLER[: players - 1])
    doc: dict[str, Any] = {"format": "kanasta.position/1", "rules": rules, "hands": hands, **fields}
    if stock_top is not None:
        # Known cards on top; red 3s left over go to the bottom so that the
        # card after the known ones is not a surprise red 3.
        rest_cards = leftover(doc, stock_top)
        rest_cards.sort(key=lambda c: c.is_red_three)
        doc["stock"] = " ".join([stock_top, format_cards(rest_cards)]).strip()
    if rest == "pile":
        doc["pile"] = " ".join([format_cards(leftover(doc)), doc.get("pile", "")]).strip()
    return State.from_dict(doc)


def after_draw(hand: str, **fields: Any) -> State:
    """Seat 0 has drawn from the stock and is to meld or discard."""
    fields.setdefault("phase", "play")
    turn = dict(fields.pop("turn", {}))
    turn.setdefault("drew", "stock")
    return position(hand, turn=turn, **fields)


def moves(state: State) -> list[str]:
    """The legal moves as text, in the engine's order."""
    return [str(a) for a in state.legal_actions()]


def act(state: State, *texts: str) -> State:
    """Apply moves written in action notation, one after the other."""
    for text in texts:
        state = state.apply(kanasta.parse_action(text))
    return state


def refused(state: State, text: str, rule: str) -> None:
    """E-1: the move is not offered, applying it raises naming ``rule``, and nothing changes."""
    action = kanasta.parse_action(text)
    before = state.to_dict()
    assert action not in state.legal_actions(), f"{text} is offered"
    with pytest.raises(kanasta.IllegalActionError) as info:
        state.apply(action)
    assert info.value.rule == rule, f"{text}: refused with {info.value.rule} ({info.value}), expected {rule}"
    explained = state.explain(action)
    assert explained is not None and explained.endswith(f"[{rule}]")
    assert state.to_dict() == before


def offered(state: State, text: str) -> State:
    """The move is listed and legal; returns the state after it."""
    action = kanasta.parse_action(text)
    assert action in state.legal_actions(), f"{text} is not offered; offered: {moves(state)}"
    assert state.explain(action) is None
    return state.apply(action)


def kinds(state: State) -> list[str]:
    """The names of the events of the last move."""
    return [type(e).__name__ for e in state.events]


def ended(state: State) -> kanasta.HandResult:
    """The HandResult of the last move (it must have ended a hand)."""
    results = [e.result for e in state.events if isinstance(e, kanasta.HandEnded)]
    assert len(results) == 1, kinds(state)
    return results[0]


def table_rest(doc: dict[str, Any], team: int) -> dict[str, Any]:
    """Put every card the document places nowhere on ``team``'s side of the table.

    For positions with a short (or empty) stock: red 3s join the team's red
    3s, natural cards join (or make) the team's meld of their rank, wild cards
    fill those melds up to three each; what cannot be melded (black 3s, single
    naturals) goes to the bottom of the pile.  The pile stays unfrozen unless
    it was given frozen.
    """
    doc = dict(doc)
    teams = {"classic-3": 3, "classic-2": 2}.get(doc["rules"] if isinstance(doc["rules"], str) else "", 2)
    melds = [list(m) for m in doc.get("melds", [[] for _ in range(teams)])]
    reds = list(doc.get("red_threes", ["" for _ in range(teams)]))
    rest = leftover(doc)
    by_rank: dict[Any, list[Card]] = collections.defaultdict(list)
    wilds: list[Card] = []
    bottom: list[Card] = []
    for c in rest:
        if c.is_red_three:
            reds[team] = (reds[team] + " " + str(c)).strip()
        elif c.is_wild:
            wilds.append(c)
        elif c.is_black_three:
            bottom.append(c)
        else:
            by_rank[c.rank].append(c)
    team_melds = [list(parse_cards(m)) for m in melds[team]]
    for rank, cards in sorted(by_rank.items()):
        home = [
            m for m in team_melds if not all(c.is_wild for c in m) and next(c for c in m if not c.is_wild).rank is rank
        ]
        if home:
            home[0].extend(cards)
        elif len(cards) >= 2:
            team_melds.append(list(cards))
        else:
            bottom.extend(cards)
    # A pair needs a wild card first; then fill the melds up to three wilds each.
    for m in sorted(team_melds, key=len):
        if len(m) == 2 and wilds:
            m.append(wilds.pop())
    for m in team_melds:
        while wilds and sum(c.is_wild for c in m) < 3:
            m.append(wilds.pop())
    assert not wilds, "no room for the wild cards"
    for m in [m for m in team_melds if len(m) < 3]:
        team_melds.remove(m)
        bottom.extend(m)
    melds[team] = [format_cards(m) for m in team_melds]
    doc["melds"] = melds
    doc["red_threes"] = reds
    doc["pile"] = " ".join([format_cards(bottom), doc.get("pile", "")]).strip()
    return doc


def late_position(team: int = 0, **fields: Any) -> State:
    """A position whose cards placed nowhere are all on ``team``'s side of the table (see table_rest)."""
    doc: dict[str, Any] = {"format": "kanasta.position/1", "rules": "classic", **fields}
    doc.setdefault("stock", "")
    return State.from_dict(table_rest(doc, team))
