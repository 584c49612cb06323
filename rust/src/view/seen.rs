//! What one seat may see of a native state (RULES E-4; the Python
//! `kanasta.view.seen`): the seat's own hand and everything public, and of every
//! hidden place only its size ([`SeatView`]), and the events as the seat saw
//! them ([`hidden`], the Python `seen.hide`).  The observation encoders and
//! the view document take a [`SeatView`], never the [`State`], so they cannot
//! read another hand, the stock, the packets or the seed.

use std::borrow::Cow;
use std::sync::Arc;

use crate::cards::Card;
use crate::inline::Inline;
use crate::position::{Event, Hand, HandResult, Phase, RedThrees, State, TableMeld, Turn};
use crate::rules::Rules;

/// An event as a seat saw it when it holds cards that seat may not see (the
/// Python `kanasta.view.seen` hidden forms): another seat's drawn cards as their
/// count, its red 3 with its replacement as the red 3 alone, its packet as
/// its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hidden {
    /// `CardsDrawnHidden`.
    CardsDrawn { seat: usize, count: usize },
    /// `RedThreeLaidHidden`.
    RedThreeLaid {
        seat: usize,
        card: Card,
        source: &'static str,
    },
    /// `PacketTakenHidden`.
    PacketTaken {
        seat: usize,
        packet: usize,
        size: usize,
    },
}

/// `event`'s hidden form as `viewer` saw it (the Python `kanasta.view.seen.hide`),
/// or None when the viewer sees it as it is.
pub fn hidden(event: &Event, viewer: usize) -> Option<Hidden> {
    match event {
        Event::CardsDrawn { seat, cards } if *seat != viewer => Some(Hidden::CardsDrawn {
            seat: *seat,
            count: cards.len(),
        }),
        Event::RedThreeLaid {
            seat,
            card,
            source,
            replacement: Some(_),
        } if *seat != viewer => Some(Hidden::RedThreeLaid {
            seat: *seat,
            card: *card,
            source: source.name(),
        }),
        Event::PacketTaken {
            seat,
            packet,
            cards,
        } if *seat != viewer => Some(Hidden::PacketTaken {
            seat: *seat,
            packet: *packet,
            size: cards.len(),
        }),
        _ => None,
    }
}

/// One seat's view of a state: only what the seat may see.
#[derive(Clone, Copy)]
pub struct SeatView<'s> {
    state: &'s State,
    seat: usize,
}

impl<'s> SeatView<'s> {
    /// `seat`'s view of `state`; None when `seat` is not one of the game's seats.
    pub fn new(state: &'s State, seat: usize) -> Option<SeatView<'s>> {
        (seat < state.rules.players).then_some(SeatView { state, seat })
    }

    /// The viewing seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The rules.
    pub fn rules(&self) -> &'s Rules {
        &self.state.rules
    }

    /// The viewing seat's team.
    pub fn team(&self) -> usize {
        self.state.team_of(self.seat)
    }

    /// The seat's own hand.
    pub fn hand(&self) -> &'s Hand {
        &self.state.hands[self.seat]
    }

    /// How many cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.state.hands[seat].len()
    }

    /// How many cards the stock holds.
    pub fn stock_size(&self) -> usize {
        self.state.stock().len()
    }

    /// How many cards each packet still on the table holds, the next one first.
    pub fn packet_sizes(&self) -> impl Iterator<Item = usize> + 's {
        self.state.packets().iter().map(Hand::len)
    }

    /// The discard pile, bottom to top (face up).
    pub fn pile(&self) -> &'s [Card] {
        &self.state.pile
    }

    /// Whether the pile is frozen.
    pub fn pile_frozen(&self) -> bool {
        self.state.pile_frozen
    }

    /// `team`'s melds in the order laid.
    pub fn melds(&self, team: usize) -> &'s [TableMeld] {
        self.state.team_melds(team)
    }

    /// `team`'s red 3s.
    pub fn red_threes(&self, team: usize) -> &'s RedThrees {
        &self.state.red_threes[team]
    }

    /// Whether `team` is down.
    pub fn opened(&self, team: usize) -> bool {
        self.state.opened[team]
    }

    /// How many packets `team` took (K-OUT-2).
    pub fn packets_taken(&self, team: usize) -> usize {
        self.state.packets_taken[team]
    }

    /// `team`'s cumulative score at the start of this hand.
    pub fn score(&self, team: usize) -> i64 {
        self.state.scores[team]
    }

    /// Whether `seat` melded this hand.
    pub fn melded_this_hand(&self, seat: usize) -> bool {
        self.state.melded_this_hand[seat]
    }

    /// The seat to act, None once the game is over.
    pub fn current_player(&self) -> Option<usize> {
        self.state.current_player()
    }

    /// The trump card (K-TRUMP-1), face up.
    pub fn trump(&self) -> Option<Card> {
        self.state.trump
    }

    /// The turn so far (public: every seat sees what the player did).
    pub fn turn(&self) -> &'s Turn {
        &self.state.turn
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The hand's number (1 for the first).
    pub fn hand_number(&self) -> u64 {
        self.state.hand_number
    }

    /// The dealer of this hand.
    pub fn dealer(&self) -> usize {
        self.state.dealer
    }

    /// The seat whose turn it is (during an answer, the partner who answers;
    /// once the game is over, the last seat to act).
    pub fn player(&self) -> usize {
        self.state.player
    }

    /// The winning team once the game is over.
    pub fn winner(&self) -> Option<usize> {
        self.state.winner
    }

    /// Every finished hand's result (public: hands are shown when a hand is scored).
    pub fn hand_results(&self) -> &'s [std::sync::Arc<crate::position::HandResult>] {
        &self.state.hand_results
    }

    /// The rules, as the state shares them.
    pub fn rules_shared(&self) -> &'s std::sync::Arc<Rules> {
        &self.state.rules
    }

    /// Every finished hand's result, as the states of a hand share them.
    pub fn hand_results_shared(
        &self,
    ) -> &'s std::sync::Arc<Vec<std::sync::Arc<crate::position::HandResult>>> {
        &self.state.hand_results
    }

    /// The moves made in this hand so far (counted when the rules set a move limit).
    pub fn hand_moves(&self) -> u64 {
        self.state.hand_moves
    }
}

/// A field of a seat's view as the seat sees it, in the form the view document
/// (`super::document`) and the bindings (`crate::python::view`) write it: the
/// kinds of the Python `kanasta.view.seen.FieldKind`.
#[derive(Clone, Debug)]
pub enum Seen<'s> {
    /// The rules (written as a preset's name or every field).
    Rules(&'s Arc<Rules>),
    /// A number: a seat, a count, the hand's number.
    Number(u64),
    /// A number or none (the winner).
    NumberOrNone(Option<usize>),
    /// The moves made in this hand, written only when the rules count them.
    MoveCount(u64),
    /// Yes or no.
    Bool(bool),
    /// What the game waits for.
    Phase(Phase),
    /// Numbers by seat or by team, or a list of counts (at most 4: seats, teams, packets).
    Numbers(Inline<i64, 4>),
    /// Yes or no by seat or by team.
    Bools(Inline<bool, 4>),
    /// Cards, in their order.
    Cards(Cow<'s, [Card]>),
    /// Cards by team.
    CardsBy(Inline<&'s [Card], 4>),
    /// One card or none.
    CardOrNone(Option<Card>),
    /// The melds of each team.
    Melds(Inline<&'s [TableMeld], 4>),
    /// The turn so far.
    Turn(&'s Turn),
    /// The results of the hands finished.
    Results(&'s Arc<Vec<Arc<HandResult>>>),
}

/// Declares the view's fields once: [`VIEW_FIELDS`] (their names, in the view
/// document's order) and how the seat sees each one ([`SeatView::fields`],
/// [`SeatView::field`]), from one line per field.
macro_rules! view_fields {
    ($($name:literal => |$v:ident| $value:expr,)*) => {
        /// The view's fields a seat sees of the table, in the view document's
        /// order: the Python `kanasta.view.seen.VIEW_FIELDS`, whose names the
        /// package checks against these (`kanasta._core.VIEW_FIELDS`) when it
        /// loads.  The view document's writer and the bindings' `NativeView`
        /// follow this table; a new field of the view is one line here (and its
        /// Python declaration).
        pub const VIEW_FIELDS: &[&str] = &[$($name),*];

        /// How the seat sees each field of [`VIEW_FIELDS`], in its order.
        const SEEN: &[for<'s> fn(SeatView<'s>) -> Seen<'s>] = &[$(|$v| $value),*];
    };
}

impl<'s> SeatView<'s> {
    /// Every field of [`VIEW_FIELDS`] as the seat sees it, in the table's order.
    pub fn fields(self) -> impl Iterator<Item = (&'static str, Seen<'s>)> {
        VIEW_FIELDS
            .iter()
            .zip(SEEN)
            .map(move |(&name, seen)| (name, seen(self)))
    }

    /// The field `name` of the view (one of [`VIEW_FIELDS`]) as the seat sees
    /// it, or None for any other name.
    pub fn field(self, name: &str) -> Option<Seen<'s>> {
        let index = VIEW_FIELDS.iter().position(|&n| n == name)?;
        Some(SEEN[index](self))
    }
}

fn numbers(values: impl Iterator<Item = impl TryInto<i64>>) -> Inline<i64, 4> {
    values.map(|v| v.try_into().unwrap_or(i64::MAX)).collect()
}

view_fields! {
    "rules" => |v| Seen::Rules(v.rules_shared()),
    "seat" => |v| Seen::Number(v.seat() as u64),
    "hand_number" => |v| Seen::Number(v.hand_number()),
    "dealer" => |v| Seen::Number(v.dealer() as u64),
    "scores" => |v| Seen::Numbers((0..v.rules().teams()).map(|t| v.score(t)).collect()),
    "phase" => |v| Seen::Phase(v.phase()),
    "player" => |v| Seen::Number(v.player() as u64),
    "hand" => |v| Seen::Cards(Cow::Owned(v.hand().cards())),
    "hand_sizes" => |v| Seen::Numbers(numbers((0..v.rules().players).map(|s| v.hand_size(s)))),
    "stock_size" => |v| Seen::Number(v.stock_size() as u64),
    "pile" => |v| Seen::Cards(Cow::Borrowed(v.pile())),
    "pile_frozen" => |v| Seen::Bool(v.pile_frozen()),
    "melds" => |v| Seen::Melds((0..v.rules().teams()).map(|t| v.melds(t)).collect()),
    "red_threes" => |v| Seen::CardsBy((0..v.rules().teams()).map(|t| v.red_threes(t).as_slice()).collect()),
    "packet_sizes" => |v| Seen::Numbers(numbers(v.packet_sizes())),
    "packets_taken" => |v| Seen::Numbers(numbers((0..v.rules().teams()).map(|t| v.packets_taken(t)))),
    "trump" => |v| Seen::CardOrNone(v.trump()),
    "opened" => |v| Seen::Bools((0..v.rules().teams()).map(|t| v.opened(t)).collect()),
    "melded_this_hand" => |v| Seen::Bools((0..v.rules().players).map(|s| v.melded_this_hand(s)).collect()),
    "turn" => |v| Seen::Turn(v.turn()),
    "winner" => |v| Seen::NumberOrNone(v.winner()),
    "hand_results" => |v| Seen::Results(v.hand_results_shared()),
    "hand_moves" => |v| Seen::MoveCount(v.hand_moves()),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_of_the_table_is_seen_and_nothing_hidden_is() {
        let (state, _) = State::new_game(Arc::new(Rules::kanasta()), 3);
        let view = SeatView::new(&state, 1).unwrap();
        let names: Vec<_> = view.fields().map(|(name, _)| name).collect();
        assert_eq!(names, VIEW_FIELDS);
        for name in VIEW_FIELDS {
            assert!(view.field(name).is_some(), "{name}");
        }
        for hidden in ["hands", "stock", "packets", "seed"] {
            assert!(view.field(hidden).is_none(), "{hidden}");
        }
        assert!(matches!(view.field("hand"), Some(Seen::Cards(c)) if c.len() == 11));
        assert!(matches!(view.field("seat"), Some(Seen::Number(1))));
    }
}
