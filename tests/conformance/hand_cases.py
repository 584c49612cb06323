"""The hand-written conformance cases: the published worked examples, and hand scores and events.

``make_cases.py`` writes them to ``examples.json`` (the published worked
examples 1-11 of the rules page, each case naming its published source) and
``scores.json`` (more hand scores and events, checked against the scoring
rules by hand).  Every expected value here is worked out from the rules,
with the arithmetic in the case's description, never copied from an engine's
output.  The positions are written the short way (a few keys of a position
document, as the rule tests write them); ``make_cases.py`` writes each as the
whole document (:meth:`kanasta.State.to_dict`), so that another engine needs
no defaults to read it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import kanasta as _kanasta

Case = dict[str, Any]


def rest_of_deck(*placed: str) -> str:
    """The cards of the 108-card deck (G-DECK-1) not in ``placed``, in card order (to fill a pile)."""
    left = Counter(_kanasta.DECK)
    left.subtract(card for text in placed for card in _kanasta.parse_cards(text))
    assert all(n >= 0 for n in left.values()), f"placed too often: {[c for c, n in left.items() if n < 0]}"
    return _kanasta.format_cards(sorted(left.elements(), key=lambda c: c.index))

# ------------------------------------------------------------------ Classic positions

FILLER = ["4S 4S 4D", "5S 5S 5D", "6S 6S 6D"]  # seats 1-3 (seat 2 is seat 0's partner)
KINGS7 = "KH KS KD KC KH KS KD"  # a natural canasta of kings


def classic(hand: str, **fields: Any) -> dict[str, Any]:
    """A Classic position (preset rules): seat 0 holds ``hand`` and is to act; the others hold FILLER."""
    return {"format": "kanasta.position/1", "rules": "classic", "hands": [hand, *FILLER], **fields}


def classic_drawn(hand: str, **fields: Any) -> dict[str, Any]:
    """Seat 0 has drawn from the stock and is to meld or discard."""
    return classic(hand, phase="play", turn={"drew": "stock"}, **fields)


# ------------------------------------------------------------------ Kanasta positions

KINGS = "KC KC KD KD KS KS KH"  # a clean kanasta of kings: 7 x 1 = 7 in melds, bonus 20
P1 = "TC TC TD TD JC JC JD JD QC QD QH"
P2 = "3C 3D 4C 4H 5C 5H 6C 6H 7C 7D 8D"


def kanasta(hands: list[str], **fields: Any) -> dict[str, Any]:
    fields.setdefault("trump", "8C")
    return {"format": "kanasta.position/1", "rules": "kanasta", "hands": hands, **fields}


def kanasta_out(melds0: list[str], melds1: list[str], *, hands: tuple[str, str, str] = ("3D", "3S", "3C"),
                trump: str = "8C", packets_taken: tuple[int, int] = (1, 1)) -> dict[str, Any]:
    """Both packets are gone; seat 0 holds only QS, drew from the stock, and goes out by discarding it (K-OUT-5).

    Seats 1, 2 (partner), 3 hold ``hands`` (3D, 3S, 3C: ½ each, K-VAL-1, unless given).
    """
    return kanasta(
        ["QS", *hands], phase="play", turn={"drew": "stock"}, trump=trump,
        melds=[melds0, melds1], packets=[], packets_taken=list(packets_taken),
    )


def case(case_id: str, kind: str, source: str, rule_ids: list[str], description: str,
         position: dict[str, Any], moves: list[str] | None = None, **expect: Any) -> Case:
    out: Case = {"id": case_id, "kind": kind, "source": source, "rule_ids": rule_ids,
                 "description": description, "position": position}
    if moves is not None:
        out["moves"] = moves
    out.update(expect)
    return out


# ------------------------------------------------------------------ the published worked examples

WIKIPEDIA = 'Worked example 1: Wikipedia, "Canasta", rules for original Canasta, initial melds'
PAGAT = "Pagat, Classic Canasta"
CANASTAPEDIA = "Worked example 4: canastapedia, Classic scoring"
BRITANNICA = "Worked example 5: Encyclopaedia Britannica, Canasta"
DUMMIES = "Worked example 6: Card Games For Dummies, Canasta"
HOYLE = "Worked example 7: Hoyle's rules as printed in a Canasta program's help"
TURKISH = "a Turkish Kanasta write-up, 2010"
ZOO = "Worked example 10: zoo.gr Biriba scoring help (the Greek parent game)"

EX1_KINGS = "6C 6D 6H KC KD KH 2C 9S 8D"
EX1_ACES = "6C 6D 6H AC AD AH 2C 9S 8D"
EX2_HAND = "KC KS QC QD 2C 6D 9S"
EX2_PILE = "5C KD QS KH"  # KH on top; a K and a Q buried


def examples() -> list[Case]:
    """The published worked examples 1-11, as cases."""
    ids = ["C-OPEN-1", "C-OPEN-2"]
    out = [
        case("example1/1600/sixes", "refused", WIKIPEDIA, ids,
             "A team with 1,600 needs 90 (C-OPEN-1: 1,500-2,995). 6-6-6 = 5+5+5 = 15 and K-K-K-2 = "
             "10+10+10+20 = 50: 15 + 50 = 65 < 90, so neither first meld is offered (E-2).",
             classic_drawn(EX1_KINGS, scores=[1600, 0]), ["meld 6C 6D 6H"], rule="E-2"),
        case("example1/1600/kings", "refused", WIKIPEDIA, ids,
             "As above: K-K-K-2 = 50 and 6-6-6 = 15 make only 65 of the 90 needed.",
             classic_drawn(EX1_KINGS, scores=[1600, 0]), ["meld KC KD KH 2C"], rule="E-2"),
        case("example1/1600/aces", "apply", WIKIPEDIA, ids,
             "6-6-6 = 15 and A-A-A-2 = 20+20+20+20 = 80: 15 + 80 = 95 >= 90, so the team is down "
             "after the second meld, with 95 counted.",
             classic_drawn(EX1_ACES, scores=[1600, 0]), ["meld 6C 6D 6H", "meld AC AD AH 2C"],
             result={"opened": [True, False], "turn": {"count": 95}}),
        case("example1/1600/aces/events", "events", WIKIPEDIA, ids,
             "The meld that brings the count to 95 opens team 0, by seat 0.",
             classic_drawn(EX1_ACES, scores=[1600, 0]), ["meld 6C 6D 6H", "meld AC AD AH 2C"],
             events=[{"event": "team_opened", "team": 0, "seat": 0}]),
        case("example1/1400/kings", "apply", WIKIPEDIA, ids,
             "Below 1,500 the minimum is 50: 6-6-6 15 + K-K-K-2 50 = 65 >= 50, enough.",
             classic_drawn(EX1_KINGS, scores=[1400, 0]), ["meld 6C 6D 6H", "meld KC KD KH 2C"],
             result={"opened": [True, False], "turn": {"count": 65}}),
        case("example1/1400/aces", "apply", WIKIPEDIA, ids,
             "Below 1,500 (minimum 50): 15 + 80 = 95, enough.",
             classic_drawn(EX1_ACES, scores=[1400, 0]), ["meld 6C 6D 6H", "meld AC AD AH 2C"],
             result={"opened": [True, False], "turn": {"count": 95}}),
        case("example1/3000/kings", "refused", WIKIPEDIA, ids,
             "At 3,000 or more the minimum is 120: 65 is not enough.",
             classic_drawn(EX1_KINGS, scores=[3000, 0]), ["meld KC KD KH 2C"], rule="E-2"),
        case("example1/3000/aces", "refused", WIKIPEDIA, ids,
             "At 3,000 or more the minimum is 120: 95 is not enough either.",
             classic_drawn(EX1_ACES, scores=[3000, 0]), ["meld AC AD AH 2C"], rule="E-2"),
    ]
    ex2 = f"Worked example 2: {PAGAT}"
    ids = ["C-OPEN-3", "C-PILE-5"]
    out += [
        case("example2/minimum50/take", "events", ex2, ids,
             "The pile is 5C KD QS with KH on top; seat 0 holds K K Q Q 2. Taking it with K K melds K-K-K "
             "(30; only the top K counts, C-OPEN-3) and sets 5C KD QS aside (C-PILE-5). Q-Q-2 from the hand "
             "adds 10+10+20 = 40: 70 >= 50, so team 0 is down and the pile's rest joins the hand.",
             classic(EX2_HAND, pile=EX2_PILE), ["take KC KS", "meld QC QD 2C"],
             events=[{"event": "team_opened", "team": 0, "seat": 0},
                     {"event": "pile_joined", "seat": 0, "cards": "5C KD QS"}]),
        case("example2/minimum50/buried", "legal", ex2, ids,
             "After the opening, the buried K and Q may be added in the same turn.",
             classic(EX2_HAND, pile=EX2_PILE), ["take KC KS", "meld QC QD 2C", "add @0 KD", "add @1 QS"]),
        case("example2/minimum90/take", "refused", ex2, ids,
             "With 1,600 (minimum 90) the take is illegal: K-K-K 30 + Q-Q-2 40 = 70 < 90, although the "
             "buried K and Q would bring the cards laid down to 70 + 10 + 10 = 90.",
             classic(EX2_HAND, pile=EX2_PILE, scores=[1600, 0]), ["take KC KS"], rule="C-PILE-5"),
        case("example2/minimum90/moves", "legal_moves", ex2, ids,
             "With the take refused and nothing to meld before drawing, the only move is the draw.",
             classic(EX2_HAND, pile=EX2_PILE, scores=[1600, 0]), legal_moves=["draw"]),
    ]
    out += [
        case("example3/kings", "hand_score", f"Worked example 3: {PAGAT}", ["C-MELD-4", "C-SCORE-1"],
             "Seven kings, a natural canasta: 500 + 7 x 10 = 570. Seat 0 melds Q-Q-Q (30) and goes out "
             "(100, not concealed: the team had melded). Team 0: 70 + 30 = 100 in melds, + 500 + 100 - "
             "partner's 5S 5S 5D (5+5+5 = 15) = 685. Team 1: no meld, 4S 4S 4D and 6S 6S 6D left: "
             "-(15 + 15) = -30.",
             classic_drawn("QC QD QH 9S", melds=[[KINGS7], []]), ["meld QC QD QH", "discard 9S"],
             hand_result={"ended_by": "going_out", "went_out": 0, "concealed": False,
                          "teams": [{"meld_points": 100, "canastas": [{"meld": 0, "kind": "clean", "bonus": 500}],
                                     "canasta_points": 500, "going_out_points": 100, "hand_points": 15,
                                     "total": 685},
                                    {"meld_points": 0, "canastas": [], "hand_points": 30, "total": -30}],
                          "scores": [685, -30]}),
        case("example4/cards-left", "hand_score", CANASTAPEDIA, ["C-SCORE-1"],
             "Two 4s in one partner's hand and a 5 and a K in the other's cost team 1 5 + 5 + 5 + 10 = 25; "
             "team 1 has nothing else: -25. Team 0: 570 (kings) + 30 (Q-Q-Q) + 100 (out) - 6S 6S 6D "
             "(15) = 685.",
             classic("QC QD QH 9S", hands=["QC QD QH 9S", "4C 4D", "6S 6S 6D", "5H KS"], phase="play",
                     turn={"drew": "stock"}, melds=[["KH KC KD KC KH KS KD"], []]),  # seat 3 holds a KS
             ["meld QC QD QH", "discard 9S"],
             hand_result={"teams": [{"hand_points": 15, "total": 685}, {"hand_points": 25, "total": -25}]}),
        case("example5/four-red-threes", "hand_score", BRITANNICA, ["C-SCORE-2"],
             "Team 1 holds all four red 3s and made no meld: -800 for them, and 4S 4S 4D + 6S 6S 6D "
             "(15 + 15 = 30) left: -830. Team 0: 570 + 30 + 100 - 15 = 685.",
             classic_drawn("QC QD QH 9S", melds=[[KINGS7], []], red_threes=["", "3H 3H 3D 3D"]),
             ["meld QC QD QH", "discard 9S"],
             hand_result={"teams": [{"total": 685},
                                    {"red_threes": 4, "red_three_points": -800, "hand_points": 30,
                                     "total": -830}]}),
        case("example6/1495", "apply", DUMMIES, ["C-OPEN-1"],
             "1,495 points need 50: K-K-K-2 = 10+10+10+20 = 50 is enough.",
             classic_drawn("KC KD KH 2C 9S 8D", scores=[1495, 0]), ["meld KC KD KH 2C"],
             result={"opened": [True, False], "turn": {"count": 50}}),
        case("example6/1525", "refused", DUMMIES, ["C-OPEN-1"],
             "1,525 points need 90: K-K-K-2 = 50 is not enough (\"better off having 1,495 than 1,525\").",
             classic_drawn("KC KD KH 2C 9S 8D", scores=[1525, 0]), ["meld KC KD KH 2C"], rule="E-2"),
        case("example7/count", "apply", HOYLE, ["C-VAL-1"],
             "A 2 in a meld of kings counts 20, not 10: K-K-K-2 = 3 x 10 + 20 = 50.",
             classic_drawn("KC KD KH 2C 9S 8D"), ["meld KC KD KH 2C"],
             result={"opened": [True, False], "turn": {"count": 50}}),
        case("example7/score", "hand_score", HOYLE, ["C-VAL-1", "C-SCORE-1"],
             "The 2 keeps its 20 at the end of the hand too: kings 70 + J-J-2 (10 + 10 + 20 = 40) + "
             "Q-Q-Q 30 = 140 in melds; + 500 (natural kings) + 100 (out) - 15 (5S 5S 5D) = 725.",
             classic_drawn("QC QD QH 9S", melds=[[KINGS7, "JC JD 2C"], []]), ["meld QC QD QH", "discard 9S"],
             hand_result={"teams": [{"meld_points": 140, "canasta_points": 500, "total": 725}, {"total": -30}]}),
    ]
    ex8 = f"Worked example 8: {TURKISH}"
    out += [
        case("example8/meld-values", "hand_score", ex8, ["K-VAL-1", "K-SCORE-1"],
             "7-7 with a wild 2: ½ + ½ + 1 = 2; A-A with a wild 2: 1½ + 1½ + 1 = 4; the run 4-5-6-(2 as "
             "7)-8: ½ + ½ + ½ + 1 + 1 = 3½ (the write-up's 20, 40, 35 divided by ten). With the kings (7) "
             "team 0 has 16½ in melds; + 10 (one packet) + 20 (clean kings) + 10 (out) - ½ (partner's 3S) "
             "= 56. Team 1: 10 (one packet) - 3D ½ - 3C ½ = 9.",
             kanasta_out([KINGS, "7C 7D 2S", "AC AD 2H", "4H 5H 6H 2C 8H"], []), ["discard QS"],
             hand_result={"ended_by": "going_out", "went_out": 0,
                          "teams": [{"packets": 1, "packet_points": 10, "meld_points": 16.5,
                                     "canastas": [{"meld": 0, "kind": "clean", "bonus": 20}],
                                     "going_out_points": 10, "hand_points": 0.5, "raw_total": 56, "total": 56},
                                    {"packet_points": 10, "meld_points": 0, "hand_points": 1, "raw_total": 9,
                                     "total": 9}]}),
        case("example9/two-in-its-place", "hand_score", f"Worked example 9: {TURKISH}",
             ["K-MELD-6", "K-VAL-1", "K-SCORE-1"],
             "2H 3H ... 8H: the 2 in its own place counts ½ and is not the wild, so the run is a clean "
             "kanasta (20). Melds: kings 7 + (½ + 5 x ½ + 1 = 4) = 11; 10 + 11 + 20 + 20 + 10 - ½ = 70½, "
             "rounded up to 71 (K-SCORE-1).",
             kanasta_out([KINGS, "2H 3H 4H 5H 6H 7H 8H"], []), ["discard QS"],
             hand_result={"teams": [{"meld_points": 11,
                                     "canastas": [{"meld": 0, "kind": "clean", "bonus": 20},
                                                  {"meld": 1, "kind": "clean", "bonus": 20}],
                                     "raw_total": 70.5, "total": 71}, {"total": 9}]}),
        case("example10/clubs-trump", "hand_score", ZOO, ["K-TRUMP-2", "K-BONUS-1"],
             "With clubs as trump (QC) a clean run of clubs earns 40 instead of 20 (400 / 200 in the "
             "source); the kings do not match the trump's rank Q: 20. Melds: kings 7 + 3C-7C (5 x ½) + "
             "8C 9C (2) = 11½; 10 + 11½ + 20 + 40 + 10 - ½ = 91.",
             kanasta_out([KINGS, "3C 4C 5C 6C 7C 8C 9C"], [], trump="QC"), ["discard QS"],
             hand_result={"trump": "QC",
                          "teams": [{"canastas": [{"meld": 0, "kind": "clean", "base": 20, "trump_doubled": False,
                                                   "bonus": 20},
                                                  {"meld": 1, "kind": "clean", "base": 20, "trump_doubled": True,
                                                   "bonus": 40}],
                                     "canasta_points": 60, "total": 91}, {"total": 9}]}),
        case("example10/hearts-trump", "hand_score", ZOO, ["K-TRUMP-2", "K-BONUS-1"],
             "The same melds with QH as trump: neither kanasta matches (rank Q, suit hearts), 20 each: "
             "10 + 11½ + 20 + 20 + 10 - ½ = 71.",
             kanasta_out([KINGS, "3C 4C 5C 6C 7C 8C 9C"], [], trump="QH"), ["discard QS"],
             hand_result={"teams": [{"canastas": [{"meld": 0, "bonus": 20, "trump_doubled": False},
                                                  {"meld": 1, "bonus": 20, "trump_doubled": False}],
                                     "total": 71}, {"total": 9}]}),
        case("example11/both-packets", "hand_score", f"Worked example 11: {TURKISH}", ["K-OUT-2", "K-SCORE-1"],
             "Each packet (fi) taken is worth 10 (100 in the source). Team 0 took both: 20 + 7 (kings) + 20 "
             "(clean kings) + 10 (out) - ½ (3S) = 56½, rounded up to 57. Team 1: 0 - ½ - ½ = -1.",
             kanasta_out([KINGS], [], packets_taken=(2, 0)), ["discard QS"],
             hand_result={"teams": [{"packets": 2, "packet_points": 20, "raw_total": 56.5, "total": 57},
                                    {"packets": 0, "packet_points": 0, "hand_points": 1, "total": -1}]}),
        case("example11/packet-taken", "events", f"Worked example 11: {TURKISH}", ["K-OUT-2", "K-OUT-3"],
             "Seat 0 (its team has a kanasta, K-OUT-1) discards its last card while both packets are on "
             "the table: it picks up packet 1 as its new hand and the turn passes.",
             kanasta(["9C", "4S 4S 4D", "6S 6S 6D", "5S 5S 5D"], phase="play", turn={"drew": "stock"},
                     melds=[[KINGS], []], packets=[P1, P2]), ["discard 9C"],
             events=[{"event": "packet_taken", "seat": 0, "packet": 1, "cards": P1}]),
        case("example11/packet-taken/position", "apply", f"Worked example 11: {TURKISH}", ["K-OUT-2", "K-OUT-3"],
             "After the discard: packet 1 is seat 0's hand, packet 2 is left, team 0 has taken one packet "
             "and seat 1 is to draw.",
             kanasta(["9C", "4S 4S 4D", "6S 6S 6D", "5S 5S 5D"], phase="play", turn={"drew": "stock"},
                     melds=[[KINGS], []], packets=[P1, P2]), ["discard 9C"],
             result={"hands": [P1, "4D 4S 4S", "6D 6S 6S", "5D 5S 5S"], "packets": [P2], "packets_taken": [1, 0],
                     "player": 1, "phase": "draw"}),
    ]
    return out


# ------------------------------------------------------------------ more hand scores and events

RULES = "hand-checked against the rules"


def scores() -> list[Case]:
    """Hand scores and events beyond the published examples, each worked out from the rules."""
    return [
        case("classic/concealed", "hand_score", RULES, ["C-OUT-4", "C-OPEN-4", "C-SCORE-1"],
             "Seat 0's team has no meld; it drew from the stock and melds seven queens at once (a natural "
             "canasta of its own, no minimum: C-OPEN-4), then discards: out concealed. Team 0: 7 x 10 = 70 "
             "+ 500 + 200 (concealed) - 15 (5S 5S 5D) = 755. Team 1: -30.",
             classic_drawn("QC QC QD QD QH QH QS 9S"), ["meld QC QC QD QD QH QH QS", "discard 9S"],
             hand_result={"went_out": 0, "concealed": True,
                          "teams": [{"meld_points": 70, "canasta_points": 500, "going_out_points": 200,
                                     "hand_points": 15, "total": 755}, {"total": -30}]}),
        case("classic/mixed-and-four-red-threes", "hand_score", RULES, ["C-MELD-4", "C-SCORE-1", "C-SCORE-2"],
             "Team 0: a mixed canasta of six kings and a 2 (6 x 10 + 20 = 80, bonus 300) and Q-Q-Q (30) "
             "laid now: 110 + 300 + 100 (out) - 15 (5S 5S 5D) = 495. Team 1 has a meld (7-7-7, 15) and all "
             "four red 3s: +800; 15 + 800 - 15 (4S 4S 4D) - 15 (6S 6S 6D) = 785.",
             classic_drawn("QC QD QH 9S", melds=[["KH KS KD KC KH KS 2C"], ["7C 7D 7H"]],
                           red_threes=["", "3H 3H 3D 3D"]),
             ["meld QC QD QH", "discard 9S"],
             hand_result={"teams": [{"meld_points": 110,
                                     "canastas": [{"meld": 0, "kind": "dirty", "bonus": 300}],
                                     "canasta_points": 300, "red_three_points": 0, "total": 495},
                                    {"meld_points": 15, "canastas": [], "red_threes": 4, "red_three_points": 800,
                                     "going_out_points": 0, "hand_points": 30, "total": 785}],
                          "scores": [495, 785]}),
        case("classic/scores-carry", "hand_score", RULES, ["C-SCORE-1", "G-SCORE-1"],
             "The hand's totals are added to the cumulative scores, which may go negative (G-SCORE-1): "
             "team 0 had 1,200 and scores 685 (as in worked example 3): 1,885; team 1 had -10 and scores "
             "-30: -40.",
             classic_drawn("QC QD QH 9S", melds=[[KINGS7], []], scores=[1200, -10]),
             ["meld QC QD QH", "discard 9S"],
             hand_result={"teams": [{"total": 685}, {"total": -30}], "scores": [1885, -40]}),
        case("classic/black-threes-going-out", "hand_score", RULES, ["C-THREE-2", "C-VAL-1", "C-SCORE-1"],
             "A player going out may meld three black 3s (5 each, C-VAL-1: 15). Team 0: kings 70 + 15 = 85 in "
             "melds, + 500 (natural kings) + 100 (out) - 15 (5S 5S 5D) = 670. Team 1: -30.",
             classic_drawn("3C 3C 3S 9S", melds=[[KINGS7], []]), ["meld 3C 3C 3S", "discard 9S"],
             hand_result={"teams": [{"meld_points": 85, "canasta_points": 500, "going_out_points": 100,
                                     "hand_points": 15, "total": 670}, {"total": -30}]}),
        case("classic-3/each-player-alone", "hand_score", RULES, ["C2-1", "C2-3", "C-SCORE-1"],
             "Three players, each a team of one (C2-1): seat 0 melds Q-Q-Q and goes out with its natural "
             "canasta of kings: 70 + 30 + 500 + 100 = 700, no partner's cards to subtract. Seats 1 and 2 "
             "keep 4S 4S 4D and 5S 5S 5D: -15 each.",
             classic("", rules="classic-3", hands=["QC QD QH 9S", "4S 4S 4D", "5S 5S 5D"], phase="play",
                     turn={"drew": "stock"}, melds=[[KINGS7], [], []]),
             ["meld QC QD QH", "discard 9S"],
             hand_result={"went_out": 0,
                          "teams": [{"meld_points": 100, "canasta_points": 500, "going_out_points": 100,
                                     "hand_points": 0, "total": 700},
                                    {"hand_points": 15, "total": -15}, {"hand_points": 15, "total": -15}],
                          "scores": [700, -15, -15]}),
        case("classic-2/two-canastas", "hand_score", RULES, ["C2-2", "C-MELD-4", "C-SCORE-1"],
             "Two players: going out needs two canastas (C2-2); seat 0 has natural canastas of kings (7 x 10 "
             "= 70) and aces (7 x 20 = 140), melds Q-Q-Q (30) and goes out: 240 + 500 + 500 + 100 = 1,340. "
             "Seat 1 keeps 4S 4S 4D: -15.",
             classic("", rules="classic-2", hands=["QC QD QH 9S", "4S 4S 4D"], phase="play",
                     turn={"drew": "stock"}, melds=[[KINGS7, "AC AD AH AS AC AD AH"], []]),
             ["meld QC QD QH", "discard 9S"],
             hand_result={"teams": [{"meld_points": 240, "canasta_points": 1000, "total": 1340},
                                    {"total": -15}], "scores": [1340, -15]}),
        case("kanasta/stock-runs-out", "hand_score", RULES, ["K-OUT-6", "K-SCORE-1"],
             "Seat 0 draws the last stock card (7S) and discards QS: the hand ends at the end of that turn "
             "(K-OUT-6), nobody went out, and the two packets nobody took score nothing. Team 0: kings 7 + "
             "20 - (9C 7S: 1 + ½) - (6S 6S 6D: 1½) = 24. Team 1: -(4S 4S 4D 1½ + 5S 5S 5D 1½) = -3.",
             kanasta(["9C QS", "4S 4S 4D", "6S 6S 6D", "5S 5S 5D"], melds=[[KINGS], []], packets=[P1, P2],
                     stock="7S", pile=rest_of_deck("9C QS 4S 4S 4D 6S 6S 6D 5S 5S 5D", KINGS, P1, P2, "7S")),
             ["draw", "discard QS"],
             hand_result={"ended_by": "stock", "went_out": None,
                          "teams": [{"packets": 0, "packet_points": 0, "meld_points": 7, "canasta_points": 20,
                                     "going_out_points": 0, "hand_points": 3, "total": 24},
                                    {"packets": 0, "packet_points": 0, "going_out_points": 0, "hand_points": 3,
                                     "total": -3}],
                          "scores": [24, -3]}),
        case("kanasta/round-up-negative", "hand_score", RULES, ["K-SCORE-1", "K-VAL-1"],
             "Only the total is rounded, up (toward +infinity). Team 0 took both packets: 20 + 7 + 20 + "
             "10 - ½ (3S) = 56½ -> 57. Team 1: no packet, no meld, AS 3D (1½ + ½) and 3C 4C 5C (3 x ½) "
             "left: -3½ -> -3.",
             kanasta_out([KINGS], [], hands=("AS 3D", "3S", "3C 4C 5C"), packets_taken=(2, 0)), ["discard QS"],
             hand_result={"teams": [{"raw_total": 56.5, "total": 57},
                                    {"hand_points": 3.5, "raw_total": -3.5, "total": -3}],
                          "scores": [57, -3]}),
        case("kanasta/full-trump-and-dirty", "hand_score", RULES, ["K-MELD-8", "K-BONUS-1", "K-TRUMP-2"],
             "Trump 8H. Team 0: kings (7, clean 20; rank K is not the trump's) and the 13-card run A-K of "
             "hearts (AH 1½ + 2H ½ in its place + 3H-7H 5 x ½ + 8H-KH 6 x 1 = 10½), a full kanasta "
             "(50) of the trump's suit: doubled, 100. 10 + 17½ + 20 + 100 + 10 - ½ = 157. Team 1: a dirty "
             "kanasta of six 5s and a joker (6 x ½ + 1 = 4, bonus 10): 10 + 4 + 10 - ½ - ½ = 23.",
             kanasta_out([KINGS, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"], ["5C 5D 5H 5S 5C 5D JK"], trump="8H"),
             ["discard QS"],
             hand_result={"teams": [{"meld_points": 17.5,
                                     "canastas": [{"meld": 0, "kind": "clean", "base": 20, "trump_doubled": False,
                                                   "bonus": 20},
                                                  {"meld": 1, "kind": "full", "base": 50, "trump_doubled": True,
                                                   "bonus": 100}],
                                     "canasta_points": 120, "total": 157},
                                    {"meld_points": 4,
                                     "canastas": [{"meld": 0, "kind": "dirty", "base": 10, "trump_doubled": False,
                                                   "bonus": 10}],
                                     "total": 23}]}),
        case("kanasta/meld-out-takes-packet", "events", RULES, ["K-OUT-2", "K-OUT-3"],
             "Seat 0 empties its hand by melding 9-9-9 (team 0 has a kanasta, K-OUT-1) with both packets "
             "on the table: it picks up packet 1 at once and plays on.",
             kanasta(["9C 9D 9S", "4S 4S 4D", "6S 6S 6D", "5S 5S 5D"], phase="play", turn={"drew": "stock"},
                     melds=[[KINGS], []], packets=[P1, P2]), ["meld 9C 9D 9S"],
             events=[{"event": "packet_taken", "seat": 0, "packet": 1, "cards": P1}]),
        case("kanasta/meld-out-takes-packet/position", "apply", RULES, ["K-OUT-2", "K-OUT-3"],
             "The same turn goes on: seat 0 is still to play, holding packet 1.",
             kanasta(["9C 9D 9S", "4S 4S 4D", "6S 6S 6D", "5S 5S 5D"], phase="play", turn={"drew": "stock"},
                     melds=[[KINGS], []], packets=[P1, P2]), ["meld 9C 9D 9S"],
             result={"hands": [P1, "4D 4S 4S", "6D 6S 6S", "5D 5S 5S"], "packets": [P2], "packets_taken": [1, 0],
                     "player": 0, "phase": "play"}),
    ]
