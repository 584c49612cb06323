"""kanasta: the rules of Kanasta and Classic Canasta as an immutable, typed SDK.

>>> import random, kanasta
>>> state = kanasta.new_game(kanasta.Rules.classic(), seed=42)
>>> rng = random.Random(0)
>>> for _ in range(50):
...     state = state.apply(rng.choice(state.legal_actions()))
>>> state.is_game_over
False
"""

from kanasta.actions import (
    Action,
    AddToMeld,
    AnswerPartner,
    AskPartner,
    Decline,
    Discard,
    Draw,
    ExtendRun,
    LayMeld,
    TakePile,
    parse_action,
)
from kanasta.bots.sampling import sample_state
from kanasta.cards import DECK, JOKER, Card, Rank, Suit, all_cards, format_cards, parse_card, parse_cards
from kanasta.documents.record import GameRecord
from kanasta.errors import (
    ActionError,
    ConfigError,
    EngineLimitError,
    IllegalActionError,
    KanastaError,
    NotationError,
    SamplingError,
    SerializationError,
)
from kanasta.melds import CanastaKind, Meld, MeldKind
from kanasta.rules import PileTake, Rules, StockEnd
from kanasta.state import (
    CanastaScore,
    CardsDrawn,
    Event,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    PacketTaken,
    Phase,
    PileJoined,
    PileTaken,
    RedThreeLaid,
    State,
    Step,
    StockExhausted,
    TeamOpened,
    TeamScore,
    Turn,
    UpcardTurned,
    WentOut,
    new_game,
)
from kanasta.text import TextRenderer, event_text, result_text
from kanasta.view import (
    CardsDrawnHidden,
    PacketTakenHidden,
    PlayerView,
    RedThreeLaidHidden,
    SeenEvent,
    SeenHistory,
    SeenStep,
    make_view,
)

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "JOKER",
    "Action",
    "ActionError",
    "AddToMeld",
    "AnswerPartner",
    "AskPartner",
    "CanastaKind",
    "CanastaScore",
    "Card",
    "CardsDrawn",
    "CardsDrawnHidden",
    "ConfigError",
    "Decline",
    "Discard",
    "Draw",
    "EngineLimitError",
    "Event",
    "ExtendRun",
    "GameEnded",
    "GameRecord",
    "HandEnded",
    "HandResult",
    "HandStarted",
    "IllegalActionError",
    "KanastaError",
    "LayMeld",
    "Meld",
    "MeldKind",
    "NotationError",
    "PacketTaken",
    "PacketTakenHidden",
    "Phase",
    "PileJoined",
    "PileTake",
    "PileTaken",
    "PlayerView",
    "Rank",
    "RedThreeLaid",
    "RedThreeLaidHidden",
    "Rules",
    "SamplingError",
    "SeenEvent",
    "SeenHistory",
    "SeenStep",
    "SerializationError",
    "State",
    "Step",
    "StockEnd",
    "StockExhausted",
    "Suit",
    "TakePile",
    "TeamOpened",
    "TeamScore",
    "TextRenderer",
    "Turn",
    "UpcardTurned",
    "WentOut",
    "all_cards",
    "event_text",
    "format_cards",
    "make_view",
    "new_game",
    "parse_action",
    "parse_card",
    "parse_cards",
    "result_text",
    "sample_state",
]
