//! Dealing a hand (RULES G-DEAL-1, C-DEAL-1..3, K-TRUMP-1, K-OUT-2; the
//! engine chore E-3), exactly as the Python engine's `_deal` does it: the deck
//! shuffled by the stream `(seed, 1, hand_number)`, hands dealt in blocks from
//! the dealer's left, then the packets, the upcard (turned again while it is a
//! wild card or red 3 under pile freezing, or a joker under trump), and the red
//! 3s dealt to players laid and replaced from the stock, seat by seat.

use crate::cards::{deck, is_joker, is_red_three, is_wild, Card};
use crate::rng::{shuffle, stream, SplitMix64};

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
