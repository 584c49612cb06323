//! A meld on the table as a small `Copy` value ([`TableMeld`]): its compact
//! form, the cards the Python `Meld` stores, its value and its notation.

use crate::actions::CardList;
use crate::cards::{is_wild, Card, JOKER, WILD_CARDS};
use crate::melds::{Meld, MeldKind};
use crate::rules::Rules;

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
