//! Full states that match what one seat sees: the unseen cards dealt at random
//! (the Python `kanasta.sampling`, whose deals this reproduces card for card).
//!
//! [`deal`] takes the position and a seat and deals the cards the seat cannot
//! see -- the other hands, the stock and the packets, known only as one
//! multiset -- again: the cards the seat knows to be in a hand (taken with
//! the pile and not played since, [`Memory`]) go back there first, red 3s
//! (never held, C-THREE-1) to the stock, the rest shuffled by the library's
//! generator.  Every other field is the position's own, which the seat sees
//! whole.  Nothing of the hidden cards reaches the deal but how many of each
//! card they hold together: the same view and seed give the same deal
//! whichever cards the other hands really hold.
//!
//! Whether a deal is one the game could be in (the stock-out rules, the
//! answer phase) is the caller's to check, as for the Python deals; it asks
//! for the next `attempt` when not.

use std::sync::Arc;

use crate::cards::{is_red_three, Card, DISTINCT};
use crate::position::{Hand, State};
use crate::rng::{shuffle, stream};
use crate::view::memory::Memory;

/// The label of the stream of a sampled state's own seed (the later hands' deals).
const SEED_LABEL: u64 = 0x5EED;
/// The label of the stream of attempt `k`'s shuffle.
const SHUFFLE_LABEL: u64 = 0x5A4D;

/// Attempt `attempt` of dealing, for `seat`, the cards it cannot see in
/// `state`, with `seed`; `known[s]` counts the cards seat `s` is known to hold.
pub fn deal(state: &State, seat: usize, known: &Memory, seed: u64, attempt: u64) -> State {
    let players = state.rules.players;
    // the unseen cards, as one multiset: the other hands, the stock, the packets
    let mut pool = [0u8; DISTINCT];
    let mut add = |counts: &[u8; DISTINCT]| {
        for (p, &k) in pool.iter_mut().zip(counts) {
            *p += k;
        }
    };
    for (s, hand) in state.hands.iter().enumerate().take(players) {
        if s != seat {
            add(hand.counts());
        }
    }
    for packet in state.packets() {
        add(packet.counts());
    }
    for &c in state.stock() {
        pool[usize::from(c)] += 1;
    }
    // the cards known to be in a hand go there, while the pool and the hand's size allow
    let mut placed: Vec<Vec<Card>> = vec![Vec::new(); players];
    for (s, mine) in placed.iter_mut().enumerate() {
        if s == seat {
            continue;
        }
        let size = state.hands[s].len();
        for (c, &count) in known.known[s].iter().enumerate() {
            for _ in 0..count {
                if pool[c] > 0 && mine.len() < size {
                    pool[c] -= 1;
                    mine.push(c as Card);
                }
            }
        }
    }
    let (mut reds, mut rest) = (Vec::new(), Vec::new());
    for (c, &count) in pool.iter().enumerate() {
        let card = c as Card;
        let to = if state.rules.red_threes && is_red_three(card) {
            &mut reds
        } else {
            &mut rest
        };
        to.extend(std::iter::repeat_n(card, usize::from(count)));
    }
    let mut g = stream(seed, &[SHUFFLE_LABEL, attempt]);
    let mut cards = rest;
    shuffle(&mut cards, &mut g);
    let mut out = state.clone();
    out.seed = stream(seed, &[SEED_LABEL]).next_u64();
    let mut pos = 0;
    for (s, mine) in placed.iter().enumerate() {
        if s == seat {
            continue;
        }
        let k = state.hands[s].len() - mine.len();
        let mut hand = Hand::from_cards(mine);
        for &c in &cards[pos..pos + k] {
            hand.add(c);
        }
        out.hands[s] = hand;
        pos += k;
    }
    let packets: Vec<Hand> = state
        .packets()
        .iter()
        .map(|p| {
            let hand = Hand::from_cards(&cards[pos..pos + p.len()]);
            pos += p.len();
            hand
        })
        .collect();
    out.packet_cards = Arc::from(packets);
    out.packets_used = 0;
    let mut stock = cards.split_off(pos);
    if !reds.is_empty() {
        stock.extend(reds);
        shuffle(&mut stock, &mut g);
    }
    out.stock_cards = Arc::from(stock);
    out.stock_drawn = 0;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn unseen(state: &State, seat: usize) -> [u8; DISTINCT] {
        let mut pool = [0u8; DISTINCT];
        for (s, h) in state.hands.iter().enumerate().take(state.rules.players) {
            if s != seat {
                for (p, &k) in pool.iter_mut().zip(h.counts()) {
                    *p += k;
                }
            }
        }
        for p in state.packets() {
            for (q, &k) in pool.iter_mut().zip(p.counts()) {
                *q += k;
            }
        }
        for &c in state.stock() {
            pool[usize::from(c)] += 1;
        }
        pool
    }

    #[test]
    fn a_deal_moves_only_the_unseen_cards_and_keeps_every_size() {
        let rules = Arc::new(Rules::classic(4).unwrap());
        let (state, _) = State::new_game(rules, 3);
        let dealt = deal(&state, 1, &Memory::default(), 7, 0);
        assert_eq!(dealt.hands[1], state.hands[1]);
        assert_eq!(unseen(&dealt, 1), unseen(&state, 1));
        for s in 0..4 {
            assert_eq!(dealt.hands[s].len(), state.hands[s].len());
        }
        assert_eq!(dealt.stock().len(), state.stock().len());
        assert_eq!(
            (dealt.pile.clone(), dealt.player),
            (state.pile.clone(), state.player)
        );
        assert_ne!(
            dealt.hands, state.hands,
            "seed 7 deals the other hands differently"
        );
        // red 3s are never held (C-THREE-1): none in a dealt hand
        for s in [0, 2, 3] {
            assert!(dealt.hands[s].cards().iter().all(|&c| !is_red_three(c)));
        }
        // another attempt, another deal; the same attempt, the same deal
        assert_ne!(deal(&state, 1, &Memory::default(), 7, 1).hands, dealt.hands);
        assert_eq!(deal(&state, 1, &Memory::default(), 7, 0).hands, dealt.hands);
    }

    #[test]
    fn known_cards_go_back_to_their_hand() {
        let rules = Arc::new(Rules::kanasta());
        let (state, _) = State::new_game(rules, 5);
        let card = state.hands[2].cards()[0];
        let mut known = Memory::default();
        known.known[2][usize::from(card)] = 1;
        for seed in 0..20 {
            assert!(deal(&state, 0, &known, seed, 0).hands[2].count(card) >= 1);
        }
    }
}
