//! The moves of both games (G-TURN-1) as a small `Copy` enum, and the
//! library's text notation: [`Action`]'s `Display` writes exactly what
//! `str(action)` writes in Python, and [`parse_action`] reads what
//! `kanasta.parse_action` reads (verbs and cards in any letter case, `10` for
//! a ten, suit symbols, cards separated by spaces or commas).
//!
//! The constructors put cards in the order the Python action classes store
//! them: a take's and an addition's cards naturals first then wild cards, each
//! by index; a new set likewise; a run as given, low to high (K-MELD-5).

use std::fmt;

use crate::cards::{is_wild, notation, Card, JOKER};

/// The most cards one move can hold: a set of the eight naturals of its rank
/// and all twelve wild cards (no legal move holds more).
pub const MAX_MOVE_CARDS: usize = 20;

/// The largest meld number a move may name (the Python `MAX_MELD_INDEX`).
pub const MAX_MELD_INDEX: u16 = 9999;

/// A short list of cards kept inline (no allocation), at most [`MAX_MOVE_CARDS`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardList {
    len: u8,
    cards: [Card; MAX_MOVE_CARDS],
}

impl CardList {
    /// The empty list.
    pub const EMPTY: CardList = CardList {
        len: 0,
        cards: [0; MAX_MOVE_CARDS],
    };

    /// The cards of `cards` in their order; None when there are more than [`MAX_MOVE_CARDS`].
    pub fn new(cards: &[Card]) -> Option<CardList> {
        if cards.len() > MAX_MOVE_CARDS {
            return None;
        }
        let mut out = CardList::EMPTY;
        out.cards[..cards.len()].copy_from_slice(cards);
        out.len = cards.len() as u8;
        Some(out)
    }

    /// The first `len` of `cards` (all of them past [`MAX_MOVE_CARDS`]), without a
    /// copy of variable length: the places from `len` on are cleared.
    pub fn first_of(cards: &[Card; MAX_MOVE_CARDS], len: usize) -> CardList {
        let mut out = CardList {
            len: len.min(MAX_MOVE_CARDS) as u8,
            cards: *cards,
        };
        // (a pass over the whole fixed array, not a fill of the tail: it compiles to a
        // select of every place, where a fill of variable length is a memset call)
        for (i, slot) in out.cards.iter_mut().enumerate() {
            if i >= len {
                *slot = 0;
            }
        }
        out
    }

    /// The cards as a slice.
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the list holds no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Put `card` at place `index` (which must hold a card).
    pub fn set(&mut self, index: usize, card: Card) {
        assert!(index < self.len(), "no card at place {index}");
        self.cards[index] = card;
    }

    /// Add a card at the end; false (and no change) when the list is full.
    pub fn push(&mut self, card: Card) -> bool {
        if self.len() == MAX_MOVE_CARDS {
            return false;
        }
        self.cards[self.len()] = card;
        self.len += 1;
        true
    }

    /// The cards sorted naturals first, then wild cards, each by index.
    pub fn wilds_last(mut self) -> CardList {
        let n = self.len();
        sort_wilds_last(&mut self.cards[..n]);
        self
    }

    /// A set's canonical order when the naturals (at least two) share a rank;
    /// otherwise (a run) the cards as given.
    pub fn set_order(self) -> CardList {
        if is_set(self.as_slice()) {
            self.wilds_last()
        } else {
            self
        }
    }
}

/// Sort `cards` in the order a set, a take or an addition stores them: naturals first,
/// then wild cards, each by index.
pub fn sort_wilds_last(cards: &mut [Card]) {
    cards.sort_unstable_by_key(|&c| (is_wild(c), c));
}

/// Whether a new meld of `cards` is a set (its naturals, at least two, share a rank), whose
/// cards are stored naturals first, rather than a run, stored as given (K-MELD-5).
pub fn is_set(cards: &[Card]) -> bool {
    let mut naturals = cards.iter().filter(|&&c| !is_wild(c));
    let Some(&first) = naturals.next() else {
        return false;
    };
    let mut count = 1;
    for &c in naturals {
        if c / 4 != first / 4 {
            return false;
        }
        count += 1;
    }
    count >= 2
}

impl fmt::Debug for CardList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", format_cards(self.as_slice()))
    }
}

/// Cards in notation separated by single spaces (`format_cards`).
pub fn format_cards(cards: &[Card]) -> String {
    let mut out = String::with_capacity(cards.len() * 3);
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&notation(c));
    }
    out
}

/// One move.  Meld numbers count from 0 in the team's list of melds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `draw`: the top of the stock (two cards in C2-2).
    Draw,
    /// `take [CARDS] [@N]`: the pile, with the hand cards that meld its top
    /// card and/or the meld it joins (C-PILE-1, C-PILE-4); plain `take` in Kanasta.
    Take { cards: CardList, meld: Option<u16> },
    /// `meld CARDS`: a new meld from hand.
    Meld { cards: CardList },
    /// `add @N CARDS`: cards added to the team's set N.
    Add { meld: u16, cards: CardList },
    /// `extend @N CARDS`: the team's run N as its new list, low to high (K-MELD-5, K-MELD-7).
    Extend { meld: u16, run: CardList },
    /// `discard X`: ends the turn (or empties the hand).
    Discard { card: Card },
    /// `ask`: "may I go out?" (C-OUT-3).
    Ask,
    /// `yes` / `no`: the partner's answer.
    Answer { permit: bool },
    /// `decline`: the pile once the stock is empty (C-OUT-5).
    Decline,
}

impl Action {
    /// A take, its cards in stored order.
    pub fn take(cards: CardList, meld: Option<u16>) -> Action {
        Action::Take {
            cards: cards.wilds_last(),
            meld,
        }
    }

    /// A new meld, a set's cards in canonical order, a run's as given.
    pub fn lay(cards: CardList) -> Action {
        Action::Meld {
            cards: cards.set_order(),
        }
    }

    /// An addition to set `meld`, its cards in stored order.
    pub fn add(meld: u16, cards: CardList) -> Action {
        Action::Add {
            meld,
            cards: cards.wilds_last(),
        }
    }

    /// Every card the move names (a run's whole new list for an extension).
    pub fn cards(&self) -> &[Card] {
        match self {
            Action::Take { cards, .. } | Action::Meld { cards } | Action::Add { cards, .. } => {
                cards.as_slice()
            }
            Action::Extend { run, .. } => run.as_slice(),
            Action::Discard { card } => std::slice::from_ref(card),
            _ => &[],
        }
    }
}

/// The kinds of move (the bindings number them in this order).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verb {
    Draw,
    Take,
    Meld,
    Add,
    Extend,
    Discard,
    Ask,
    Answer,
    Decline,
}

/// A move's parts as its text form reads them, with any number of cards (an action
/// object may hold more than a move of the core can): `Display` writes the notation.
pub struct Notation<'a> {
    pub verb: Verb,
    /// The cards in stored order (a discard's one card; none for a move without cards).
    pub cards: &'a [Card],
    /// A take's, addition's or extension's meld number.
    pub meld: Option<u16>,
    /// An answer's yes (true) or no.
    pub permit: bool,
}

impl Action {
    /// The move's parts as its text form reads them.
    pub fn notation(&self) -> Notation<'_> {
        let (verb, meld, permit) = match *self {
            Action::Draw => (Verb::Draw, None, false),
            Action::Take { meld, .. } => (Verb::Take, meld, false),
            Action::Meld { .. } => (Verb::Meld, None, false),
            Action::Add { meld, .. } => (Verb::Add, Some(meld), false),
            Action::Extend { meld, .. } => (Verb::Extend, Some(meld), false),
            Action::Discard { .. } => (Verb::Discard, None, false),
            Action::Ask => (Verb::Ask, None, false),
            Action::Answer { permit } => (Verb::Answer, None, permit),
            Action::Decline => (Verb::Decline, None, false),
        };
        Notation {
            verb,
            cards: self.cards(),
            meld,
            permit,
        }
    }
}

impl Notation<'_> {
    /// The core's move of these parts; None when it cannot hold it (more than
    /// [`MAX_MOVE_CARDS`] cards, a discard without its one card).
    pub fn action(&self) -> Option<Action> {
        let list = || CardList::new(self.cards);
        Some(match self.verb {
            Verb::Draw => Action::Draw,
            Verb::Take => Action::Take {
                cards: list()?,
                meld: self.meld,
            },
            Verb::Meld => Action::Meld { cards: list()? },
            Verb::Add => Action::Add {
                meld: self.meld?,
                cards: list()?,
            },
            Verb::Extend => Action::Extend {
                meld: self.meld?,
                run: list()?,
            },
            Verb::Discard => match self.cards {
                [card] => Action::Discard { card: *card },
                _ => return None,
            },
            Verb::Ask => Action::Ask,
            Verb::Answer => Action::Answer {
                permit: self.permit,
            },
            Verb::Decline => Action::Decline,
        })
    }
}

impl fmt::Display for Notation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards = || format_cards(self.cards);
        let meld = self.meld.unwrap_or_default();
        match self.verb {
            Verb::Draw => f.write_str("draw"),
            Verb::Take => {
                f.write_str("take")?;
                if !self.cards.is_empty() {
                    write!(f, " {}", cards())?;
                }
                if let Some(m) = self.meld {
                    write!(f, " @{m}")?;
                }
                Ok(())
            }
            Verb::Meld => write!(f, "meld {}", cards()),
            Verb::Add => write!(f, "add @{meld} {}", cards()),
            Verb::Extend => write!(f, "extend @{meld} {}", cards()),
            Verb::Discard => write!(f, "discard {}", cards()),
            Verb::Ask => f.write_str("ask"),
            Verb::Answer => f.write_str(if self.permit { "yes" } else { "no" }),
            Verb::Decline => f.write_str("decline"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notation().fmt(f)
    }
}

/// Read one card: `7H`, `TH` or `10H`, `JK`, any letter case, suit symbols (`Q♠`).
pub fn parse_card(token: &str) -> Option<Card> {
    let upper = token.to_uppercase();
    if upper == "JK" {
        return Some(JOKER);
    }
    let mut chars: Vec<char> = upper.chars().collect();
    let suit = match chars.pop()? {
        'C' | '♣' => 0,
        'D' | '♦' => 1,
        'H' | '♥' => 2,
        'S' | '♠' => 3,
        _ => return None,
    };
    let rank_text: String = chars.into_iter().collect();
    let rank = match rank_text.as_str() {
        "A" => 1,
        "T" | "10" => 10,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        r if r.len() == 1 && ("2"..="9").contains(&r) => r.parse::<u8>().ok()?,
        _ => return None,
    };
    Some(4 * (rank - 1) + suit)
}

/// Read cards separated by spaces or commas, in order.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| parse_card(t).ok_or_else(|| format!("bad card {t:?} (token {})", i + 1)))
        .collect()
}

fn meld_ref(token: &str) -> Result<u16, String> {
    let digits = &token[1..];
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "expected a meld number like @0 (up to @{MAX_MELD_INDEX}), got {token:?}"
        ));
    }
    digits
        .parse()
        .map_err(|_| format!("bad meld number {token:?}"))
}

/// Read a move in the library's notation (what `kanasta.parse_action` reads).
pub fn parse_action(text: &str) -> Result<Action, String> {
    let fail = |problem: String| Err(format!("bad action {text:?}: {problem}"));
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err("empty action text".into());
    };
    let verb = first.to_lowercase();
    let rest = &words[1..];
    let simple = match verb.as_str() {
        "draw" => Some(Action::Draw),
        "ask" => Some(Action::Ask),
        "yes" => Some(Action::Answer { permit: true }),
        "no" => Some(Action::Answer { permit: false }),
        "decline" => Some(Action::Decline),
        _ => None,
    };
    if let Some(action) = simple {
        if !rest.is_empty() {
            return fail(format!("{verb:?} takes nothing after it"));
        }
        return Ok(action);
    }
    if !matches!(
        verb.as_str(),
        "take" | "meld" | "add" | "extend" | "discard"
    ) {
        return fail(format!("unknown verb {first:?}"));
    }
    let refs: Vec<(usize, &str)> = rest
        .iter()
        .enumerate()
        .filter(|(_, w)| w.starts_with('@'))
        .map(|(i, w)| (i, *w))
        .collect();
    if refs.len() > 1 {
        return fail(format!("give one meld number, not {}", refs.len()));
    }
    let plain: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|w| !w.starts_with('@'))
        .collect();
    let cards = match parse_cards(&plain.join(" ")) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    if cards.iter().any(|&c| usize::from(c) > usize::from(JOKER)) {
        return fail("bad card".into());
    }
    let Some(list) = CardList::new(&cards) else {
        return fail(format!(
            "{} cards: no move holds more than {MAX_MOVE_CARDS}",
            cards.len()
        ));
    };
    let number = match refs.first() {
        Some(&(_, token)) => match meld_ref(token) {
            Ok(n) => Some(n),
            Err(e) => return fail(e),
        },
        None => None,
    };
    match verb.as_str() {
        "take" => {
            if refs.first().is_some_and(|&(i, _)| i + 1 != rest.len()) {
                return fail("the meld number comes last, after the cards".into());
            }
            Ok(Action::take(list, number))
        }
        "meld" | "discard" if number.is_some() => fail(format!("{verb} takes no meld number")),
        "meld" if list.is_empty() => fail("meld needs cards".into()),
        "meld" => Ok(Action::lay(list)),
        "discard" => match cards.as_slice() {
            [card] => Ok(Action::Discard { card: *card }),
            [] => fail("discard needs a card".into()),
            _ => fail(format!(
                "discard takes exactly one card, not {}",
                cards.len()
            )),
        },
        _ => {
            let Some(meld) = number else {
                return fail(format!(
                    "{verb} needs a meld number first, e.g. {verb} @0 7H"
                ));
            };
            if refs[0].0 != 0 {
                return fail(format!("the meld number comes first, right after {verb:?}"));
            }
            if list.is_empty() {
                return fail(format!("{verb} needs cards after the meld number"));
            }
            Ok(if verb == "add" {
                Action::add(meld, list)
            } else {
                Action::Extend { meld, run: list }
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        parse_action(text).unwrap().to_string()
    }

    #[test]
    fn canonical_text_reads_back_to_itself() {
        for text in [
            "draw",
            "take",
            "take @2",
            "take KH KS",
            "take KH 2C @1",
            "meld 7H 7S JK",
            "meld 5H 6H JK",
            "meld JK 5H 6H",
            "add @0 7C JK",
            "extend @1 JK 4H 5H 6H",
            "discard QS",
            "ask",
            "yes",
            "no",
            "decline",
        ] {
            assert_eq!(round(text), text);
        }
    }

    #[test]
    fn cards_are_put_in_stored_order() {
        // The Python docstrings: LayMeld("2C 9S 9D") is 'meld 9D 9S 2C',
        // TakePile("2C KH", meld=1) is 'take KH 2C @1', AddToMeld(0, "JK 7C") is 'add @0 7C JK'.
        assert_eq!(round("meld 2C 9S 9D"), "meld 9D 9S 2C");
        assert_eq!(round("take 2C KH @1"), "take KH 2C @1");
        assert_eq!(round("add @0 JK 7C"), "add @0 7C JK");
        // a run keeps its order (K-MELD-5)
        assert_ne!(parse_action("meld 5H 6H JK"), parse_action("meld JK 5H 6H"));
    }

    #[test]
    fn letter_case_tens_symbols_and_commas() {
        assert_eq!(round("Add @0 7c"), "add @0 7C");
        assert_eq!(round("DISCARD 10♥"), "discard TH");
        assert_eq!(round("meld 7h, 7s,jk"), "meld 7H 7S JK");
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        for text in [
            "",
            "   ",
            "fly",
            "discard 7C 8C",
            "discard",
            "take 3C 3C @0 @1",
            "take @0 3C 3C",
            "add 7C @0",
            "add @0",
            "add 7H",
            "meld",
            "meld @1 7H",
            "draw now",
            "discard 7X",
            "add @99999 7H",
            "add @ 7H",
            "add @-1 7H",
            "discard ♥",
            "discard 1H",
            "meld 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H 7H",
        ] {
            assert!(parse_action(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn card_list_capacity() {
        let twenty = [7u8; MAX_MOVE_CARDS];
        let mut list = CardList::new(&twenty).unwrap();
        assert!(!list.push(1));
        assert!(CardList::new(&[7u8; MAX_MOVE_CARDS + 1]).is_none());
        assert_eq!(list.len(), MAX_MOVE_CARDS);
        assert!(CardList::EMPTY.is_empty());
    }
}
