//! A hand as a count per card kind ([`Hand`], 54 bytes, always "sorted"):
//! what a player holds, and each packet too.

use crate::cards::{Card, DISTINCT};

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
        write!(f, "Hand[{}]", crate::actions::format_cards(&self.cards()))
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
