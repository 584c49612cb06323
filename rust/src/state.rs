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
//! part of its equality): [`crate::apply`] returns the events beside the new
//! state.

use std::sync::Arc;

use crate::action::CardList;
use crate::cards::{is_red_three, is_wild, Card, DISTINCT, JOKER};
use crate::deal;
use crate::melds::{Meld, MeldKind};
use crate::rules::Rules;

/// Most seats (and teams) a game has.
pub const MAX_SEATS: usize = 4;

// ------------------------------------------------------------------ hands

/// A multiset of cards as a count per card index (0-52); listing it gives
/// the cards in card order, as the Python engine keeps hands.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; DISTINCT],
    len: u8,
}

impl Default for Hand {
    fn default() -> Self {
        Hand::EMPTY
    }
}

impl std::fmt::Debug for Hand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Hand[{}]", crate::action::format_cards(&self.cards()))
    }
}

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand {
        counts: [0; DISTINCT],
        len: 0,
    };

    /// The hand holding `cards` (any order).
    pub fn from_cards(cards: &[Card]) -> Hand {
        let mut h = Hand::EMPTY;
        for &c in cards {
            h.add(c);
        }
        h
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many of `card` the hand holds.
    pub fn count(&self, card: Card) -> u8 {
        self.counts[usize::from(card)]
    }

    /// The count of every card index.
    pub fn counts(&self) -> &[u8; DISTINCT] {
        &self.counts
    }

    /// Add one card.
    pub fn add(&mut self, card: Card) {
        self.counts[usize::from(card)] += 1;
        self.len += 1;
    }

    /// Add every card of `cards`.
    pub fn add_all(&mut self, cards: &[Card]) {
        for &c in cards {
            self.add(c);
        }
    }

    /// Remove one `card`; false (no change) if the hand has none.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.counts[usize::from(card)];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        self.len -= 1;
        true
    }

    /// Whether the hand holds every card of `cards` (as a multiset).
    pub fn contains_all(&self, cards: &[Card]) -> bool {
        let mut need = [0u8; DISTINCT];
        for &c in cards {
            let i = usize::from(c);
            if i >= DISTINCT {
                return false;
            }
            need[i] += 1;
            if need[i] > self.counts[i] {
                return false;
            }
        }
        true
    }

    /// Remove every card of `cards`; false (and no change) when some are missing.
    pub fn remove_all(&mut self, cards: &[Card]) -> bool {
        if !self.contains_all(cards) {
            return false;
        }
        for &c in cards {
            self.remove(c);
        }
        true
    }

    /// The cards in card order.
    pub fn cards(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        for (c, &n) in self.counts.iter().enumerate() {
            for _ in 0..n {
                out.push(c as Card);
            }
        }
        out
    }
}

// ------------------------------------------------------------------ melds

/// A meld on the table as a small `Copy` value.  The cards it lists are
/// those the Python `Meld` stores: a set's naturals by index then its wild
/// cards by index; a run from its low end, every place its natural card but
/// the wild's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableMeld {
    /// A set of `rank` (1-13): how many naturals of each suit, and of each
    /// wild card (2C, 2D, 2H, 2S, JK).
    Set {
        rank: u8,
        naturals: [u8; 4],
        wilds: [u8; 5],
    },
    /// A run of `suit` from position `low` (1 = low ace ... 14 = high ace),
    /// `len` cards; `wild` is the wild card's place in the run and the card.
    Run {
        suit: u8,
        low: u8,
        len: u8,
        wild: Option<(u8, Card)>,
    },
}

/// The card of rank number 1-13 (14 is the high ace) and `suit`.
fn natural_at(position: u8, suit: u8) -> Card {
    let rank = if position == 14 { 1 } else { position };
    4 * (rank - 1) + suit
}

fn wild_slot(c: Card) -> usize {
    if c == JOKER {
        4
    } else {
        usize::from(c - 4)
    }
}

const WILD_CARDS: [Card; 5] = [4, 5, 6, 7, JOKER];

impl TableMeld {
    /// The compact form of a meld the meld reader accepted.
    pub fn from_meld(m: &Meld) -> TableMeld {
        match m.kind {
            MeldKind::Set => {
                let mut naturals = [0u8; 4];
                let mut wilds = [0u8; 5];
                for &c in &m.cards {
                    if is_wild(c) {
                        wilds[wild_slot(c)] += 1;
                    } else {
                        naturals[usize::from(c % 4)] += 1;
                    }
                }
                TableMeld::Set {
                    rank: m.rank.unwrap_or(0),
                    naturals,
                    wilds,
                }
            }
            MeldKind::Run => TableMeld::Run {
                suit: m.suit.unwrap_or(0),
                low: m.low,
                len: m.cards.len() as u8,
                wild: m.wild_index.map(|i| (i as u8, m.cards[i])),
            },
        }
    }

    /// The meld reader's form (cards listed), for the meld checks.
    pub fn to_meld(&self) -> Meld {
        let cards = self.cards().as_slice().to_vec();
        match *self {
            TableMeld::Set { rank, .. } => Meld {
                kind: MeldKind::Set,
                cards,
                rank: Some(rank),
                suit: None,
                low: 0,
                wild_index: None,
            },
            TableMeld::Run {
                suit, low, wild, ..
            } => Meld {
                kind: MeldKind::Run,
                cards,
                rank: None,
                suit: Some(suit),
                low,
                wild_index: wild.map(|(i, _)| usize::from(i)),
            },
        }
    }

    /// The cards in stored order.
    pub fn cards(&self) -> CardList {
        let mut out = CardList::EMPTY;
        match *self {
            TableMeld::Set {
                rank,
                naturals,
                wilds,
            } => {
                for (suit, &n) in naturals.iter().enumerate() {
                    for _ in 0..n {
                        out.push(4 * (rank - 1) + suit as u8);
                    }
                }
                for (slot, &n) in wilds.iter().enumerate() {
                    for _ in 0..n {
                        out.push(WILD_CARDS[slot]);
                    }
                }
            }
            TableMeld::Run {
                suit,
                low,
                len,
                wild,
            } => {
                for i in 0..len {
                    match wild {
                        Some((w, card)) if w == i => out.push(card),
                        _ => out.push(natural_at(low + i, suit)),
                    };
                }
            }
        }
        out
    }

    /// Set or run.
    pub fn kind(&self) -> MeldKind {
        match self {
            TableMeld::Set { .. } => MeldKind::Set,
            TableMeld::Run { .. } => MeldKind::Run,
        }
    }

    /// Number of cards.
    pub fn size(&self) -> usize {
        match self {
            TableMeld::Set {
                naturals, wilds, ..
            } => naturals.iter().chain(wilds).map(|&n| usize::from(n)).sum(),
            TableMeld::Run { len, .. } => usize::from(*len),
        }
    }

    /// Number of cards acting as wild cards (a run's 2 in its natural place is not one, K-MELD-6).
    pub fn wild_count(&self) -> usize {
        match self {
            TableMeld::Set { wilds, .. } => wilds.iter().map(|&n| usize::from(n)).sum(),
            TableMeld::Run { wild, .. } => usize::from(wild.is_some()),
        }
    }

    /// Seven cards or more (G-MELD-2).
    pub fn is_canasta(&self) -> bool {
        self.size() >= 7
    }

    /// A set's rank 1-13.
    pub fn rank(&self) -> Option<u8> {
        match self {
            TableMeld::Set { rank, .. } => Some(*rank),
            TableMeld::Run { .. } => None,
        }
    }

    /// A run's suit 0-3.
    pub fn suit(&self) -> Option<u8> {
        match self {
            TableMeld::Run { suit, .. } => Some(*suit),
            TableMeld::Set { .. } => None,
        }
    }

    /// A run's first position; 0 for a set.
    pub fn low(&self) -> u8 {
        match self {
            TableMeld::Run { low, .. } => *low,
            TableMeld::Set { .. } => 0,
        }
    }

    /// A run's last position (14 for a high ace); 0 for a set.
    pub fn high(&self) -> u8 {
        match self {
            TableMeld::Run { low, len, .. } => low + len - 1,
            TableMeld::Set { .. } => 0,
        }
    }

    /// The place of a run's wild card.
    pub fn wild_index(&self) -> Option<usize> {
        match self {
            TableMeld::Run { wild, .. } => wild.map(|(i, _)| usize::from(i)),
            TableMeld::Set { .. } => None,
        }
    }

    /// A run's wild card.
    pub fn wild_card(&self) -> Option<Card> {
        match self {
            TableMeld::Run { wild, .. } => wild.map(|(_, c)| c),
            TableMeld::Set { .. } => None,
        }
    }

    /// A natural run: no wild card (K-OPEN-2).
    pub fn is_natural_run(&self) -> bool {
        matches!(self, TableMeld::Run { wild: None, .. })
    }

    /// Whether the card at `position` is a 2 in its natural place in a run (K-MELD-6).
    pub fn is_natural_two(&self, position: usize) -> bool {
        match self {
            TableMeld::Run { low, wild, .. } => {
                wild.map(|(w, _)| usize::from(w)) != Some(position)
                    && usize::from(*low) + position == 2
            }
            TableMeld::Set { .. } => false,
        }
    }

    /// The meld's card value in half points (C-VAL-1, K-VAL-1; a natural-place 2 counts `natural_two_value`).
    pub fn value(&self, rules: &Rules) -> i64 {
        self.cards()
            .as_slice()
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                if self.is_natural_two(i) {
                    rules.natural_two_value
                } else {
                    rules.card_value(c)
                }
            })
            .sum()
    }

    /// The meld as a document writes it: its cards, a run's wild 2 standing in
    /// its own natural place marked `*` (K-MELD-7).
    pub fn notation(&self) -> String {
        let cards = self.cards();
        let mut out = String::new();
        for (i, &c) in cards.as_slice().iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&crate::cards::notation(c));
            if let TableMeld::Run {
                suit, low, wild, ..
            } = *self
            {
                if wild.is_some_and(|(w, _)| usize::from(w) == i)
                    && (4..8).contains(&c)
                    && c % 4 == suit
                    && usize::from(low) + i == 2
                {
                    out.push('*');
                }
            }
        }
        out
    }
}

// ------------------------------------------------------------------ the turn

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

// ------------------------------------------------------------------ scores and events

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

    /// A game with `seed`: the first dealer drawn from it and the first hand
    /// dealt (G-DEAL-1, E-3), with the events of the deal.
    pub fn new_game(rules: Arc<Rules>, seed: u64) -> (State, Vec<Event>) {
        let dealer = deal::first_dealer(seed, rules.players);
        let mut state = State::blank(rules, seed, dealer);
        let mut events = Vec::new();
        state.deal_hand(1, &mut events);
        (state, events)
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

    /// Deal hand `hand_number` (E-3): hands, packets, upcard and trump, red 3s.
    pub fn deal_hand(&mut self, hand_number: u64, events: &mut Vec<Event>) {
        let rules = self.rules.clone();
        let d = deal::deal(&rules.deal_rules(), self.seed, hand_number, self.dealer);
        let teams = rules.teams();
        self.hand_number = hand_number;
        for (seat, hand) in self.hands.iter_mut().enumerate() {
            *hand = d
                .hands
                .get(seat)
                .map_or(Hand::EMPTY, |h| Hand::from_cards(h));
        }
        self.packet_cards = d.packets.iter().map(|p| Hand::from_cards(p)).collect();
        self.packets_used = 0;
        self.packets_taken = [0; MAX_SEATS];
        self.melds = Default::default();
        self.red_threes = [RedThrees::default(); MAX_SEATS];
        self.opened = [false; MAX_SEATS];
        self.melded_this_hand = [false; MAX_SEATS];
        self.stock_cards = Arc::from(d.stock);
        self.stock_drawn = 0;
        events.push(Event::HandStarted {
            hand_number,
            dealer: self.dealer,
            first_player: d.first_player,
        });
        events.push(Event::UpcardTurned {
            cards: d.pile.clone(),
            frozen: d.pile_frozen,
            trump: d.trump,
        });
        self.pile = d.pile;
        self.pile_frozen = d.pile_frozen;
        self.trump = d.trump;
        for e in &d.red_three_events {
            self.red_threes[e.seat % teams].push(e.card);
            events.push(Event::RedThreeLaid {
                seat: e.seat,
                card: e.card,
                source: RedThreeSource::Deal,
                replacement: e.replacement,
            });
        }
        self.player = d.first_player;
        self.phase = Phase::Draw;
        self.turn = Turn::default();
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
mod tests {
    use super::*;
    use crate::cards::{card, deck, DECK_SIZE};
    use crate::melds::read_meld;

    #[test]
    fn hands_count_cards_and_list_them_in_order() {
        let mut h = Hand::from_cards(&[JOKER, 26, 3, 26]);
        assert_eq!(h.cards(), vec![3, 26, 26, JOKER]);
        assert_eq!((h.len(), h.count(26)), (4, 2));
        assert!(!h.remove_all(&[26, 26, 26]));
        assert_eq!(h.len(), 4);
        assert!(h.remove_all(&[26, JOKER]));
        assert_eq!(h.cards(), vec![3, 26]);
        assert!(!h.remove(JOKER));
    }

    #[test]
    fn melds_round_trip_through_the_compact_form() {
        let k = Rules::kanasta();
        let c = Rules::classic(4).unwrap();
        let cases: [(&[Card], &Rules); 5] = [
            (&[JOKER, card(7, 3), card(7, 2), 5], &c),
            (&[card(5, 2), card(6, 2), JOKER], &k),
            (&[card(1, 2), card(2, 2), card(3, 2), JOKER], &k),
            (&[card(12, 3), card(13, 3), card(1, 3)], &k),
            (
                &[card(4, 2), card(5, 2), card(6, 2), card(2, 3), card(8, 2)],
                &k,
            ),
        ];
        for (cards, rules) in cases {
            let m = read_meld(cards, &rules.meld_rules(), false).unwrap();
            let t = TableMeld::from_meld(&m);
            assert_eq!(t.cards().as_slice(), m.cards.as_slice());
            assert_eq!(t.to_meld(), m);
            assert_eq!(t.size(), cards.len());
        }
    }

    #[test]
    fn meld_values_and_the_natural_two() {
        // K-VAL-1 worked example: 4H 5H 6H 2S 8H is worth 3 1/2 (seven half points).
        let k = Rules::kanasta();
        let m = read_meld(
            &[card(4, 2), card(5, 2), card(6, 2), card(2, 3), card(8, 2)],
            &k.meld_rules(),
            false,
        )
        .unwrap();
        assert_eq!(TableMeld::from_meld(&m).value(&k), 7);
        // AH 2H 3H: the 2 is natural (K-MELD-6), 1.5 + 0.5 + 0.5 = 2.5 points.
        let m = read_meld(
            &[card(1, 2), card(2, 2), card(3, 2)],
            &k.meld_rules(),
            false,
        )
        .unwrap();
        let t = TableMeld::from_meld(&m);
        assert_eq!(
            (t.value(&k), t.wild_count(), t.is_natural_run()),
            (5, 0, true)
        );
        // Classic: KH KD KS 2C is worth 50.
        let c = Rules::classic(4).unwrap();
        let m = read_meld(
            &[card(13, 2), card(13, 1), card(13, 3), 4],
            &c.meld_rules(),
            false,
        )
        .unwrap();
        assert_eq!(TableMeld::from_meld(&m).value(&c), 100);
    }

    #[test]
    fn a_wild_two_in_its_own_place_is_starred() {
        // AH 2H 3H with the 2H as the run's old wild (K-MELD-7): written "AH 2H* 3H".
        let t = TableMeld::Run {
            suit: 2,
            low: 1,
            len: 3,
            wild: Some((1, card(2, 2))),
        };
        assert_eq!(t.notation(), "AH 2H* 3H");
        assert_eq!(t.wild_count(), 1);
    }

    #[test]
    fn a_state_is_small_to_copy() {
        // Every move copies the state: its inline part stays under 640 bytes (hands
        // are 54-byte count arrays; the stock, packets, melds and results are shared).
        let size = std::mem::size_of::<State>();
        assert!(size < 640, "{size} bytes");
    }

    #[test]
    fn equal_positions_are_equal_however_the_stock_is_shared() {
        let rules = Arc::new(Rules::kanasta());
        let (mut a, _) = State::new_game(rules, 4);
        let top = a.draw_card().unwrap();
        a.hands[a.player].add(top);
        let mut b = a.clone();
        b.stock_cards = Arc::from(a.stock().to_vec());
        b.stock_drawn = 0;
        assert_eq!(a, b);
        b.packet_cards = Arc::from(a.packets()[1..].to_vec());
        assert_ne!(a, b);
    }

    #[test]
    fn a_new_game_holds_the_whole_deck() {
        for name in crate::rules::PRESET_NAMES {
            let rules = Arc::new(Rules::preset(name).unwrap());
            for seed in 0..20 {
                let (s, events) = State::new_game(rules.clone(), seed);
                assert_eq!(s.card_count(), DECK_SIZE);
                assert_eq!(s.phase, Phase::Draw);
                assert_eq!(s.player, s.first_player());
                assert_eq!(events[0].kind(), "HandStarted");
                assert_eq!(events[1].kind(), "UpcardTurned");
                let mut all: Vec<Card> = s.hands[..rules.players]
                    .iter()
                    .flat_map(Hand::cards)
                    .collect();
                all.extend(s.stock());
                all.extend(&s.pile);
                all.extend(s.red_threes.iter().flat_map(|r| r.as_slice().to_vec()));
                all.extend(s.packets().iter().flat_map(Hand::cards));
                all.sort_unstable();
                assert_eq!(all, deck().to_vec());
            }
        }
    }
}
