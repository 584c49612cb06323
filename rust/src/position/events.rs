//! Scores and events: how a hand ended, its scores ([`HandResult`], the
//! Python `HandResult`), and what a move did ([`Event`], the Python events of
//! `kanasta.position`).

use std::sync::Arc;

use super::table_meld::TableMeld;
use crate::cards::Card;

/// How a hand ended (`HandResult.ended_by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandEnd {
    GoingOut,
    Stock,
    RedThree,
    NoTake,
    Declined,
    MoveLimit,
}

impl HandEnd {
    /// The Python `HandEnd` text.
    pub fn name(self) -> &'static str {
        match self {
            HandEnd::GoingOut => "going_out",
            HandEnd::Stock => "stock",
            HandEnd::RedThree => "red_three",
            HandEnd::NoTake => "no_take",
            HandEnd::Declined => "declined",
            HandEnd::MoveLimit => "move_limit",
        }
    }

    /// The value named `text`.
    pub fn from_name(text: &str) -> Option<HandEnd> {
        [
            HandEnd::GoingOut,
            HandEnd::Stock,
            HandEnd::RedThree,
            HandEnd::NoTake,
            HandEnd::Declined,
            HandEnd::MoveLimit,
        ]
        .into_iter()
        .find(|e| e.name() == text)
    }
}

/// Kind of a canasta (K-MELD-8, C-MELD-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CanastaKind {
    Clean,
    Dirty,
    Full,
}

impl CanastaKind {
    /// The Python `CanastaKind` text.
    pub fn name(self) -> &'static str {
        match self {
            CanastaKind::Clean => "clean",
            CanastaKind::Dirty => "dirty",
            CanastaKind::Full => "full",
        }
    }
}

/// The bonus of one canasta in a hand's score (the Python `CanastaScore`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CanastaScore {
    pub meld: usize,
    pub kind: CanastaKind,
    pub base: i64,
    pub trump_doubled: bool,
    pub bonus: i64,
}

/// The fields of a [`CanastaScore`], a [`TeamScore`] and a [`HandResult`] as the Python
/// classes and the documents name them, in the classes' order.
pub const CANASTA_SCORE_FIELDS: [&str; 5] = ["meld", "kind", "base", "trump_doubled", "bonus"];
pub const TEAM_SCORE_FIELDS: [&str; 12] = [
    "team",
    "packets",
    "packet_points",
    "meld_points",
    "canastas",
    "canasta_points",
    "red_threes",
    "red_three_points",
    "going_out_points",
    "hand_points",
    "raw_total",
    "total",
];
pub const HAND_RESULT_FIELDS: [&str; 11] = [
    "hand_number",
    "dealer",
    "ended_by",
    "went_out",
    "concealed",
    "teams",
    "scores",
    "melds",
    "hands",
    "red_threes",
    "trump",
];

/// One team's score for a hand (the Python `TeamScore`); `_halves` fields in half points.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TeamScore {
    pub team: usize,
    pub packets: usize,
    pub packet_points: i64,
    pub meld_points_halves: i64,
    pub canastas: Vec<CanastaScore>,
    pub canasta_points: i64,
    pub red_threes: usize,
    pub red_three_points: i64,
    pub going_out_points: i64,
    pub hand_points_halves: i64,
    pub raw_total_halves: i64,
    pub total: i64,
}

/// How a hand ended and what each team scored (the Python `HandResult`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandResult {
    pub hand_number: u64,
    pub dealer: usize,
    pub ended_by: HandEnd,
    pub went_out: Option<usize>,
    pub concealed: bool,
    pub teams: Vec<TeamScore>,
    pub scores: Vec<i64>,
    /// Each team's melds at the hand's end.
    pub melds: Vec<Vec<TableMeld>>,
    /// Each seat's cards left, in card order.
    pub hands: Vec<Vec<Card>>,
    /// Each team's red 3s, in the order laid.
    pub red_threes: Vec<Vec<Card>>,
    pub trump: Option<Card>,
}

/// Where a red 3 came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RedThreeSource {
    Deal,
    Stock,
    Pile,
}

impl RedThreeSource {
    /// The Python text.
    pub fn name(self) -> &'static str {
        match self {
            RedThreeSource::Deal => "deal",
            RedThreeSource::Stock => "stock",
            RedThreeSource::Pile => "pile",
        }
    }
}

/// What the engine did or saw happen while applying a move (the Python events).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    HandStarted {
        hand_number: u64,
        dealer: usize,
        first_player: usize,
    },
    UpcardTurned {
        cards: Vec<Card>,
        frozen: bool,
        trump: Option<Card>,
    },
    RedThreeLaid {
        seat: usize,
        card: Card,
        source: RedThreeSource,
        replacement: Option<Card>,
    },
    CardsDrawn {
        seat: usize,
        cards: Vec<Card>,
    },
    PileTaken {
        seat: usize,
        cards: Vec<Card>,
        aside: bool,
    },
    PileJoined {
        seat: usize,
        cards: Vec<Card>,
    },
    TeamOpened {
        team: usize,
        seat: usize,
    },
    PacketTaken {
        seat: usize,
        packet: usize,
        cards: Vec<Card>,
    },
    WentOut {
        seat: usize,
        concealed: bool,
    },
    StockExhausted {
        seat: usize,
    },
    HandEnded {
        result: Arc<HandResult>,
    },
    GameEnded {
        winner: usize,
        scores: Vec<i64>,
    },
}

impl Event {
    /// The Python event class's name.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::HandStarted { .. } => "HandStarted",
            Event::UpcardTurned { .. } => "UpcardTurned",
            Event::RedThreeLaid { .. } => "RedThreeLaid",
            Event::CardsDrawn { .. } => "CardsDrawn",
            Event::PileTaken { .. } => "PileTaken",
            Event::PileJoined { .. } => "PileJoined",
            Event::TeamOpened { .. } => "TeamOpened",
            Event::PacketTaken { .. } => "PacketTaken",
            Event::WentOut { .. } => "WentOut",
            Event::StockExhausted { .. } => "StockExhausted",
            Event::HandEnded { .. } => "HandEnded",
            Event::GameEnded { .. } => "GameEnded",
        }
    }
}
