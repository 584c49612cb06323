//! Dealing a hand (RULES G-DEAL-1, C-DEAL-1..3, K-TRUMP-1, K-OUT-2; the
//! engine chore E-3), exactly as the Python engine's `_deal` does it, and a
//! game's start ([`State::new_game`], the Python `start`) and later hands
//! ([`State::deal_hand`]) dealt into the position: the deck
//! shuffled by the stream `(seed, 1, hand_number)`, hands dealt in blocks from
//! the dealer's left, then the packets, the upcard (turned again while it is a
//! wild card or red 3 under pile freezing, or a joker under trump), and the red
//! 3s dealt to players laid and replaced from the stock, seat by seat.

use std::sync::Arc;

use crate::cards::{deck, is_joker, is_red_three, is_wild, Card};
use crate::position::{Event, Hand, Phase, RedThreeSource, RedThrees, State, Turn, MAX_SEATS};
use crate::rng::{shuffle, stream, SplitMix64};
use crate::rules::Rules;

/// The parts of the rules that dealing depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealRules {
    pub players: usize,
    pub hand_size: usize,
    pub packets: usize,
    pub packet_size: usize,
    pub pile_freezing: bool,
    pub red_threes: bool,
    pub trump: bool,
}

impl DealRules {
    /// Number of sides: partnerships with four players, else one per player.
    pub fn teams(&self) -> usize {
        if self.players == 4 {
            2
        } else {
            self.players
        }
    }
}

/// A red 3 dealt to a player, laid and replaced (the `RedThreeLaid` event with source "deal").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RedThreeLaid {
    pub seat: usize,
    pub card: Card,
    pub replacement: Option<Card>,
}

/// A dealt hand: everything `_deal` sets, and the events it reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub first_player: usize,
    /// Each seat's hand in card order.
    pub hands: Vec<Vec<Card>>,
    /// The packets, the next one first, each in card order.
    pub packets: Vec<Vec<Card>>,
    /// The stock from its top card.
    pub stock: Vec<Card>,
    /// The turned cards, bottom to top (the `UpcardTurned` event's cards).
    pub pile: Vec<Card>,
    pub pile_frozen: bool,
    pub trump: Option<Card>,
    /// Each team's red 3s laid in the deal.
    pub red_threes: Vec<Vec<Card>>,
    pub red_three_events: Vec<RedThreeLaid>,
}

/// The first dealer of a game (G-DEAL-1): `stream(seed, 0).below(players)`.
pub fn first_dealer(seed: u64, players: usize) -> usize {
    stream(seed, &[0]).below(players as u64) as usize
}

/// The shuffled deck of hand `hand_number`.
pub fn shuffled_deck(seed: u64, hand_number: u64) -> Vec<Card> {
    let mut cards = deck().to_vec();
    let mut g: SplitMix64 = stream(seed, &[1, hand_number]);
    shuffle(&mut cards, &mut g);
    cards
}

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut out = cards.to_vec();
    out.sort_unstable();
    out
}

/// Deal hand `hand_number` of the game with `seed`, `dealer` dealing.
pub fn deal(rules: &DealRules, seed: u64, hand_number: u64, dealer: usize) -> Deal {
    let n = rules.players;
    let cards = shuffled_deck(seed, hand_number);
    let first = (dealer + 1) % n;
    let mut hands = vec![Vec::new(); n];
    let mut pos = 0;
    for k in 0..n {
        hands[(first + k) % n] = sorted(&cards[pos..pos + rules.hand_size]);
        pos += rules.hand_size;
    }
    let mut packets = Vec::with_capacity(rules.packets);
    for _ in 0..rules.packets {
        packets.push(sorted(&cards[pos..pos + rules.packet_size]));
        pos += rules.packet_size;
    }
    // The stock from its top; drawing takes from the front.
    let mut stock = cards[pos..].iter().copied();
    let mut pile: Vec<Card> = stock.next().into_iter().collect();
    let mut frozen = false;
    if rules.pile_freezing {
        while let Some(&top) = pile.last() {
            if !(is_wild(top) || (rules.red_threes && is_red_three(top))) {
                break;
            }
            frozen = true;
            match stock.next() {
                Some(c) => pile.push(c),
                None => break,
            }
        }
    }
    let mut trump = None;
    if rules.trump {
        while let Some(&top) = pile.last() {
            if !is_joker(top) {
                break;
            }
            match stock.next() {
                Some(c) => pile.push(c),
                None => break,
            }
        }
        trump = pile.last().copied().filter(|&c| !is_joker(c));
    }
    let teams = rules.teams();
    let mut red_threes = vec![Vec::new(); teams];
    let mut events = Vec::new();
    if rules.red_threes {
        for k in 0..n {
            let seat = (first + k) % n;
            loop {
                let reds: Vec<Card> = hands[seat]
                    .iter()
                    .copied()
                    .filter(|&c| is_red_three(c))
                    .collect();
                if reds.is_empty() {
                    break;
                }
                let mut rest: Vec<Card> = hands[seat]
                    .iter()
                    .copied()
                    .filter(|&c| !is_red_three(c))
                    .collect();
                for red in reds {
                    let replacement = stock.next();
                    red_threes[seat % teams].push(red);
                    events.push(RedThreeLaid {
                        seat,
                        card: red,
                        replacement,
                    });
                    rest.extend(replacement);
                }
                rest.sort_unstable();
                hands[seat] = rest;
            }
        }
    }
    Deal {
        first_player: first,
        hands,
        packets,
        stock: stock.collect(),
        pile,
        pile_frozen: frozen,
        trump,
        red_threes,
        red_three_events: events,
    }
}

// ------------------------------------------------------------------ a game's deals

impl Rules {
    /// The options dealing reads.
    pub fn deal_rules(&self) -> DealRules {
        DealRules {
            players: self.players,
            hand_size: self.hand_size,
            packets: self.packets,
            packet_size: self.packet_size,
            pile_freezing: self.pile_freezing,
            red_threes: self.red_threes,
            trump: self.trump,
        }
    }
}

/// A game is started and each hand dealt here, as the Python engine's `start` and `_deal`.
impl State {
    /// A game with `seed`: the first dealer drawn from it and the first hand
    /// dealt (G-DEAL-1, E-3), with the events of the deal.
    pub fn new_game(rules: Arc<Rules>, seed: u64) -> (State, Vec<Event>) {
        let dealer = first_dealer(seed, rules.players);
        let mut state = State::blank(rules, seed, dealer);
        let mut events = Vec::new();
        state.deal_hand(1, &mut events);
        (state, events)
    }

    /// Deal hand `hand_number` (E-3): hands, packets, upcard and trump, red 3s.
    pub fn deal_hand(&mut self, hand_number: u64, events: &mut Vec<Event>) {
        let rules = self.rules.clone();
        let d = deal(&rules.deal_rules(), self.seed, hand_number, self.dealer);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::DECK_SIZE;

    fn classic4() -> DealRules {
        DealRules {
            players: 4,
            hand_size: 11,
            packets: 0,
            packet_size: 0,
            pile_freezing: true,
            red_threes: true,
            trump: false,
        }
    }

    fn kanasta() -> DealRules {
        DealRules {
            players: 4,
            hand_size: 11,
            packets: 2,
            packet_size: 11,
            pile_freezing: false,
            red_threes: false,
            trump: true,
        }
    }

    fn census(d: &Deal) -> Vec<Card> {
        let mut all: Vec<Card> = d.hands.concat();
        all.extend(d.packets.concat());
        all.extend(&d.stock);
        all.extend(&d.pile);
        all.extend(d.red_threes.concat());
        all.sort_unstable();
        all
    }

    #[test]
    fn every_card_is_somewhere_exactly_once() {
        for seed in 0..200 {
            for rules in [classic4(), kanasta()] {
                let d = deal(&rules, seed, 1, 0);
                assert_eq!(census(&d), deck().to_vec());
                assert_eq!(
                    d.stock.len()
                        + d.pile.len()
                        + d.red_threes.concat().len()
                        + d.hands.concat().len()
                        + d.packets.concat().len(),
                    DECK_SIZE
                );
            }
        }
    }

    #[test]
    fn classic_hands_hold_no_red_three_and_replacements_keep_their_size() {
        for seed in 0..200 {
            let d = deal(&classic4(), seed, 1, 3);
            assert_eq!(d.first_player, 0);
            for hand in &d.hands {
                assert_eq!(hand.len(), 11);
                assert!(!hand.iter().any(|&c| is_red_three(c)));
                assert!(hand.windows(2).all(|w| w[0] <= w[1]));
            }
            // C-DEAL-2: the pile is frozen exactly when a wild card or red 3 was turned.
            let turned_special = d.pile[..d.pile.len() - 1]
                .iter()
                .any(|&c| is_wild(c) || is_red_three(c));
            assert_eq!(d.pile_frozen, turned_special);
            let top = *d.pile.last().unwrap();
            assert!(!is_wild(top) && !is_red_three(top));
        }
    }

    #[test]
    fn kanasta_trump_is_the_top_upcard_and_never_a_joker() {
        for seed in 0..200 {
            let d = deal(&kanasta(), seed, 2, 1);
            assert_eq!(d.packets.len(), 2);
            assert!(d.packets.iter().all(|p| p.len() == 11));
            assert_eq!(d.trump, d.pile.last().copied());
            assert!(!d.trump.is_some_and(is_joker));
            assert!(d.pile[..d.pile.len() - 1].iter().all(|&c| is_joker(c)));
            assert!(d.red_three_events.is_empty() && !d.pile_frozen);
        }
    }

    #[test]
    fn the_first_dealer_is_a_seat() {
        let seen: std::collections::BTreeSet<usize> =
            (0..100).map(|s| first_dealer(s, 3)).collect();
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    }
}
