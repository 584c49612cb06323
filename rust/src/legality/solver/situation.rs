//! The situation the E-2 solver is asked about (the Python engine's
//! `kanasta.legality.situation`).
//!
//! [`TurnFlags`] are the facts every candidate move of one position shares;
//! [`Situation`] is the position a candidate move leads to, what the search
//! starts from; [`team_opens`] is the opening test both read (K-OPEN-2 to
//! K-OPEN-4).

use super::tables::{Cards, FinishRules, Shape};
use crate::cards::Card;

// ------------------------------------------------------------------ situations

/// The facts of one position that every candidate move shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnFlags {
    /// The opening minimum (C-OPEN-1, K-OPEN-3), in half points.
    pub minimum: i32,
    /// The card that may not be discarded this turn (K-PILE-3).
    pub forbidden: Option<Card>,
    /// Partner answered no (C-OUT-3): the player may not empty the hand.
    pub no_out: bool,
    /// A concealed going-out needs no opening (C-OUT-4, C-OPEN-4).
    pub out_exempt: bool,
    /// The last card may be discarded (false under K-OUT-4).
    pub discard_empty_ok: bool,
    /// Black 3s may be melded by a player going out (C-THREE-2).
    pub black3_ok: bool,
}

/// The situation after a candidate move: what the search starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The player's hand.
    pub hand: Cards,
    /// The team's melds.
    pub shapes: Vec<Shape>,
    /// Whether the team is open (down).
    pub opened: bool,
    /// Whether the player has laid cards down this turn.
    pub laid: bool,
    /// The value the player has laid this turn, in half points.
    pub count: i32,
    /// The rest of a pile taken before the team was down (C-PILE-5).
    pub aside: Cards,
    /// The player must go out this turn (C-OUT-3 "yes", C-THREE-2).
    pub must_out: bool,
}

impl Situation {
    /// The situation after the player laid cards this turn (a meld or a take's meld).
    pub fn after_laying(
        hand: Cards,
        shapes: Vec<Shape>,
        opened: bool,
        count: i32,
        aside: Cards,
        must_out: bool,
    ) -> Situation {
        Situation {
            hand,
            shapes,
            opened,
            laid: true,
            count,
            aside,
            must_out,
        }
    }
}

/// Whether a team that is not open is open now: the team has a natural run
/// when the rules ask for one (K-OPEN-2) and the count reaches the minimum,
/// or one card or none is left and the rules waive it (K-OPEN-4).
pub fn team_opens(
    rules: &FinishRules,
    minimum: i32,
    count: i32,
    natural_run: bool,
    cards_left: u32,
) -> bool {
    if rules.opening_natural_run && !natural_run {
        return false;
    }
    count >= minimum || (rules.opening_one_card_exempt && cards_left <= 1)
}
