//! The native game state: everything the Python `State` and `Turn` hold, in a
//! form that clones cheaply (applying a move makes a new state; the public API
//! is immutable).
//!
//! * a hand is a count per card kind ([`Hand`], 54 bytes, always "sorted");
//! * the stock is a shared slice and the number of cards drawn from it;
//! * a meld is a small `Copy` value ([`TableMeld`]), each team's list shared
//!   until the team melds;
//! * the packets, the hand results and the rules are shared (`Arc`);
//! * the pile and a pile-aside are plain vectors (short).
//!
//! Tables indexed by seat or team are arrays of four; only the first
//! `rules.players` / `rules.teams()` entries are used.  The events of a move
//! and the move history are not part of the state (as in Python they are not
//! part of its equality): [`crate::engine::apply`] returns the events beside the new
//! state.
//!
//! Its parts, by concept (the Python `kanasta.position` module's):
//!
//! * [`hand`]: a hand as a count per card kind;
//! * [`table_meld`]: a meld on the table;
//! * [`turn`]: the phase and the turn so far;
//! * [`events`]: hand results, scores and events;
//! * [`history`]: the move history as links a line of play's states share;
//! * this module: the state itself ([`State`]) and the red 3s laid ([`RedThrees`]).

use std::sync::Arc;

use crate::cards::{is_red_three, Card};
use crate::rules::Rules;

pub mod events;
pub mod hand;
pub mod history;
pub mod table_meld;
pub mod turn;

pub use events::{
    CanastaKind, CanastaScore, Event, HandEnd, HandResult, RedThreeSource, TeamScore,
};
pub use hand::Hand;
pub use history::{Line, Link};
pub use table_meld::TableMeld;
pub use turn::{Drew, Phase, Turn};

/// Most seats (and teams) a game has: the tables by seat or team hold this many.
pub use crate::rules::MAX_SEATS;

// ------------------------------------------------------------------ the state

/// Red 3s laid by one team, in the order laid (there are four in the deck).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RedThrees {
    len: u8,
    cards: [Card; 4],
}

impl RedThrees {
    /// The cards in the order laid.
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// Lay one more; false when four are laid already.
    pub fn push(&mut self, card: Card) -> bool {
        if self.len == 4 {
            return false;
        }
        self.cards[usize::from(self.len)] = card;
        self.len += 1;
        true
    }

    /// Number laid.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether none is laid.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// An immutable game position (the Python `State` without its events and history).
///
/// Equality and hashing are by position: the stock and the packets compare
/// as the cards still there, however many were drawn from the shared list.
#[derive(Clone, Debug)]
pub struct State {
    pub rules: Arc<Rules>,
    pub seed: u64,
    pub hand_number: u64,
    pub dealer: usize,
    /// Cumulative scores by team at the start of this hand.
    pub scores: [i64; MAX_SEATS],
    /// Each seat's hand.
    pub hands: [Hand; MAX_SEATS],
    /// The stock as dealt, from its top card; `stock_drawn` of them are gone.
    pub stock_cards: Arc<[Card]>,
    pub stock_drawn: usize,
    /// The discard pile, bottom to top.
    pub pile: Vec<Card>,
    pub pile_frozen: bool,
    /// Each team's melds in the order laid (the `@i` of the notation).
    pub melds: [Arc<Vec<TableMeld>>; MAX_SEATS],
    pub red_threes: [RedThrees; MAX_SEATS],
    /// The packets as dealt, the next one first; `packets_used` of them are taken.
    pub packet_cards: Arc<[Hand]>,
    pub packets_used: usize,
    pub packets_taken: [usize; MAX_SEATS],
    pub trump: Option<Card>,
    pub opened: [bool; MAX_SEATS],
    pub melded_this_hand: [bool; MAX_SEATS],
    /// The seat to act (in the answer phase, the partner who answers).
    pub player: usize,
    pub phase: Phase,
    pub turn: Turn,
    /// The winning team once the game is over.
    pub winner: Option<usize>,
    /// The result of every finished hand, oldest first.
    pub hand_results: Arc<Vec<Arc<HandResult>>>,
    /// Moves made in this hand, counted only under `Rules.hand_move_limit`.
    pub hand_moves: u64,
}

impl State {
    /// Every field as a position has it, for equality and hashing.
    #[allow(clippy::type_complexity)]
    fn key(
        &self,
    ) -> (
        (
            &Rules,
            u64,
            u64,
            usize,
            &[i64; MAX_SEATS],
            &[Hand; MAX_SEATS],
        ),
        (&[Card], &[Card], bool, &[Arc<Vec<TableMeld>>; MAX_SEATS]),
        (
            &[RedThrees; MAX_SEATS],
            &[Hand],
            &[usize; MAX_SEATS],
            Option<Card>,
        ),
        (&[bool; MAX_SEATS], &[bool; MAX_SEATS], usize, Phase, &Turn),
        (Option<usize>, &Vec<Arc<HandResult>>, u64),
    ) {
        (
            (
                &self.rules,
                self.seed,
                self.hand_number,
                self.dealer,
                &self.scores,
                &self.hands,
            ),
            (self.stock(), &self.pile, self.pile_frozen, &self.melds),
            (
                &self.red_threes,
                self.packets(),
                &self.packets_taken,
                self.trump,
            ),
            (
                &self.opened,
                &self.melded_this_hand,
                self.player,
                self.phase,
                &self.turn,
            ),
            (self.winner, &self.hand_results, self.hand_moves),
        )
    }

    /// A state before the first deal: no cards anywhere.
    pub fn blank(rules: Arc<Rules>, seed: u64, dealer: usize) -> State {
        State {
            rules,
            seed,
            hand_number: 0,
            dealer,
            scores: [0; MAX_SEATS],
            hands: [Hand::EMPTY; MAX_SEATS],
            stock_cards: Arc::from(Vec::new()),
            stock_drawn: 0,
            pile: Vec::new(),
            pile_frozen: false,
            melds: Default::default(),
            red_threes: [RedThrees::default(); MAX_SEATS],
            packet_cards: Arc::from(Vec::new()),
            packets_used: 0,
            packets_taken: [0; MAX_SEATS],
            trump: None,
            opened: [false; MAX_SEATS],
            melded_this_hand: [false; MAX_SEATS],
            player: 0,
            phase: Phase::Draw,
            turn: Turn::default(),
            winner: None,
            hand_results: Arc::new(Vec::new()),
            hand_moves: 0,
        }
    }

    /// The stock from its top card (the next one drawn).
    pub fn stock(&self) -> &[Card] {
        &self.stock_cards[self.stock_drawn..]
    }

    /// Draw the top of the stock, if any.
    pub fn draw_card(&mut self) -> Option<Card> {
        let card = self.stock_cards.get(self.stock_drawn).copied();
        if card.is_some() {
            self.stock_drawn += 1;
        }
        card
    }

    /// The packets still on the table, the next one first.
    pub fn packets(&self) -> &[Hand] {
        &self.packet_cards[self.packets_used..]
    }

    /// `team`'s melds in the order laid.
    pub fn team_melds(&self, team: usize) -> &[TableMeld] {
        &self.melds[team]
    }

    /// `team`'s melds, to change (copied first if another state shares them).
    pub fn team_melds_mut(&mut self, team: usize) -> &mut Vec<TableMeld> {
        Arc::make_mut(&mut self.melds[team])
    }

    /// The team of `seat`.
    pub fn team_of(&self, seat: usize) -> usize {
        self.rules.team_of(seat)
    }

    /// The seat whose decision it is, or None once the game is over.
    pub fn current_player(&self) -> Option<usize> {
        (self.phase != Phase::GameOver).then_some(self.player)
    }

    /// The seat that plays first in this hand.
    pub fn first_player(&self) -> usize {
        (self.dealer + 1) % self.rules.players
    }

    /// Number of cards anywhere in the position (108 in a consistent one).
    pub fn card_count(&self) -> usize {
        let players = self.rules.players;
        let teams = self.rules.teams();
        self.hands[..players].iter().map(Hand::len).sum::<usize>()
            + self.stock().len()
            + self.pile.len()
            + self.melds[..teams]
                .iter()
                .flat_map(|m| m.iter())
                .map(TableMeld::size)
                .sum::<usize>()
            + self.red_threes[..teams]
                .iter()
                .map(RedThrees::len)
                .sum::<usize>()
            + self.packets().iter().map(Hand::len).sum::<usize>()
            + self.turn.aside.len()
    }

    /// Whether `card` is a red 3 under these rules (a bonus card, C-THREE-1).
    pub fn is_bonus_card(&self, card: Card) -> bool {
        self.rules.red_threes && is_red_three(card)
    }
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.key().hash(h);
    }
}

#[cfg(test)]
mod tests;
