//! The turn: what the state waits for ([`Phase`]) and what has happened so
//! far in the current turn ([`Turn`], the Python `Turn`).

use crate::cards::Card;

/// What the state waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Draw,
    Play,
    Answer,
    GameOver,
}

impl Phase {
    /// The Python `Phase` value.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Play => "play",
            Phase::Answer => "answer",
            Phase::GameOver => "game_over",
        }
    }
}

/// Where the player drew from this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Drew {
    Stock,
    Pile,
}

/// What has happened so far in the current turn (the Python `Turn`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub drew: Option<Drew>,
    /// Value laid down this turn toward the opening minimum, in half points.
    pub count_halves: i64,
    pub laid: bool,
    /// The rest of a pile taken before the team was down, waiting aside (C-PILE-5), pile order.
    pub aside: Vec<Card>,
    /// A card that may not be discarded this turn (K-PILE-3).
    pub forbidden: Option<Card>,
    pub asked: bool,
    pub answer: Option<bool>,
    pub melded: bool,
    pub must_go_out: bool,
    pub first_meld: bool,
    /// Team melds with this index or higher were laid this turn by this player.
    pub own_from: usize,
    pub added_to_old: bool,
    pub last_stock: bool,
}

impl Default for Turn {
    fn default() -> Self {
        Turn {
            drew: None,
            count_halves: 0,
            laid: false,
            aside: Vec::new(),
            forbidden: None,
            asked: false,
            answer: None,
            melded: false,
            must_go_out: false,
            first_meld: true,
            own_from: 0,
            added_to_old: false,
            last_stock: false,
        }
    }
}
