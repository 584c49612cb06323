//! The candidate moves built from the hand, by construction within the meld
//! rules (the Python engine's `count_cards`, `sub_multisets`,
//! `new_run_candidates` and `run_extend_candidates` in
//! `kanasta.legality.moves`), and the small helpers the generator shares: a
//! run's cells, sub-multisets without allocating, meld values (the card-list
//! helpers the checks share too are in [`crate::legality::context`]).

use crate::actions::{CardList, MAX_MOVE_CARDS};
use crate::cards::{Card, DISTINCT, JOKER};
use crate::legality::context::{remove_cards, wild_counts, CardCounts, Context};
use crate::legality::solver::{Cards, Shape};
use crate::position::TableMeld;

/// The card at run position `position` (1 = low ace ... 14 = high ace) of `suit`.
pub(super) fn run_cell(suit: u8, position: u8) -> Card {
    let rank = if position == 14 { 1 } else { position };
    (rank - 1) * 4 + suit
}

/// `first` then `then`, one list (a generated meld holds at most a meld's cards).
pub(super) fn joined(first: &CardList, then: &CardList) -> CardList {
    let mut out = *first;
    for &c in then.as_slice() {
        assert!(out.push(c), "a generated move holds at most a meld's cards");
    }
    out
}

/// Every sub-multiset of `counts` (at most five distinct cards) with
/// `low..=high` cards, in the order of Python's `itertools.product` over the
/// counts (the last card varies fastest); made one at a time, without allocating.
pub(crate) fn sub_multisets(counts: &[(Card, u8)], low: usize, high: usize) -> SubMultisets {
    let mut items = [(0, 0); 5];
    items[..counts.len()].copy_from_slice(counts);
    SubMultisets {
        items,
        len: counts.len(),
        picks: [0; 5],
        size: 0,
        low,
        high,
        done: false,
        cards: [0; MAX_MOVE_CARDS],
    }
}

/// The iterator of [`sub_multisets`].
pub(crate) struct SubMultisets {
    items: [(Card, u8); 5],
    len: usize,
    /// How many of each card the next candidate takes.
    picks: [u8; 5],
    /// How many cards in all the next candidate takes.
    size: usize,
    low: usize,
    high: usize,
    done: bool,
    /// The cards of the picks in their order, in the first `size` places (as many as a move holds).
    cards: [Card; MAX_MOVE_CARDS],
}

impl SubMultisets {
    /// The cards of the picks.
    fn cards(&self) -> CardList {
        CardList::first_of(&self.cards, self.size)
    }

    /// The next picks, the last position fastest; done after the last.
    fn advance(&mut self) {
        for i in (0..self.len).rev() {
            if self.picks[i] < self.items[i].1 {
                // the picks after place i are none now: one more of card i ends the cards
                self.picks[i] += 1;
                if let Some(slot) = self.cards.get_mut(self.size) {
                    *slot = self.items[i].0;
                }
                self.size += 1;
                return;
            }
            self.size -= usize::from(self.picks[i]);
            self.picks[i] = 0;
        }
        self.done = true;
    }
}

impl Iterator for SubMultisets {
    type Item = CardList;

    fn next(&mut self) -> Option<CardList> {
        while !self.done {
            let found = (self.low..=self.high)
                .contains(&self.size)
                .then(|| self.cards());
            self.advance();
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// The half-point value of a run's cards from position `low`, its wild at `wild`
/// (a 2 at position 2 that is not the wild counts as a natural 2, K-VAL-1).
pub(super) fn run_value(ctx: &Context<'_>, cards: &[Card], low: u8, wild: Option<u8>) -> i32 {
    cards
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let p = low + k as u8;
            if Some(p) == wild || p != 2 {
                ctx.value(c)
            } else {
                ctx.natural_two()
            }
        })
        .sum()
}

/// The half-point value of a meld's cards (a natural-place 2 counts as such).
pub(crate) fn meld_value(ctx: &Context<'_>, meld: &TableMeld) -> i32 {
    meld.value(ctx.rules) as i32
}

pub(super) fn set_rank(s: &Shape) -> Option<u8> {
    match *s {
        Shape::Set { rank, .. } => Some(rank),
        Shape::Run { .. } => None,
    }
}

/// Whether the multiset `cards` is in `hand`: no card of the list is needed
/// more often than the hand holds it (only the list's cards are counted).
pub(super) fn fits(cards: &[Card], hand: &Cards) -> bool {
    let mut need = [0u8; DISTINCT];
    cards.iter().all(|&c| {
        let c = usize::from(c);
        need[c] += 1;
        need[c] <= hand.count(c)
    })
}

/// The positions of the bits set in `mask`, lowest first.
fn set_bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let bit = mask.trailing_zeros() as u8;
        mask &= mask.wrapping_sub(1);
        (bit < 32).then_some(bit)
    })
}

/// The cards of the run of `suit` from position `low` to `high`, naturals in every place.
fn run_cells(suit: u8, low: u8, high: u8) -> CardList {
    let mut cells = CardList::EMPTY;
    for p in low..=high {
        cells.push(run_cell(suit, p));
    }
    cells
}

/// What the run candidates read of the hand, worked out once for a position: its wild
/// cards with their counts ([`wild_counts`]) and, where the rules have runs, its run
/// positions ([`Cards::run_rows`]).
#[derive(Clone, Copy)]
pub(super) struct HandRuns {
    pub(super) wilds: CardCounts,
    pub(super) rows: [u16; 4],
}

impl HandRuns {
    pub(super) fn of(hand: &Cards, runs: bool) -> HandRuns {
        HandRuns {
            wilds: wild_counts(hand),
            rows: if runs { hand.run_rows() } else { [0; 4] },
        }
    }
}

/// Every new run the hand can lay, each given to `each` in turn (cards low
/// to high, low position, wild position) until it fails.
///
/// A window of consecutive positions in one suit where every position has
/// its natural card in hand, or all but one and a wild fills it; a wild may
/// also stand in a position whose natural card the player keeps.
pub(super) fn new_run_candidates<E>(
    ctx: &Context<'_>,
    runs: &HandRuns,
    mut each: impl FnMut(CardList, u8, Option<u8>) -> Result<(), E>,
) -> Result<(), E> {
    let hand = &ctx.hand;
    let run_max = ctx.tables.run_max() as u8;
    let wilds = &runs.wilds;
    for (suit, &held) in (0..4u8).zip(&runs.rows) {
        // bit p set: run position p (1 to 14) lacks its natural card
        let gaps = !u32::from(held) & 0x7ffe;
        // a window can start at p (1 to 12) when p, p + 1 and p + 2 hold
        // naturals, or two of them do and a wild card fills the third
        let (a, b, c) = (!gaps, !gaps >> 1, !gaps >> 2);
        let starts = if wilds.is_empty() {
            a & b & c
        } else {
            a & b | a & c | b & c
        };
        for low in set_bits(starts & 0x1ffe) {
            // the window from `low` ends before its first gap, or before its
            // second when a wild card can fill one (32: no such gap)
            let ahead = gaps >> low << low;
            let first = ahead.trailing_zeros() as u8;
            let second = (ahead & ahead.wrapping_sub(1)).trailing_zeros() as u8;
            let stop = if wilds.is_empty() { first } else { second };
            let top = (low + run_max - 1).min(14).min(stop - 1);
            // the window's naturals, one more position each time round
            let mut cells = run_cells(suit, low, low + 1);
            for high in low + 2..=top {
                assert!(
                    cells.push(run_cell(suit, high)),
                    "a run holds at most 14 cards"
                );
                let positions = if first > high {
                    each(cells, low, None)?;
                    low..=high
                } else {
                    first..=first
                };
                for p in positions {
                    for &(w, _) in wilds.iter() {
                        if p == 2 && w == 4 + suit {
                            continue; // in its natural place a 2 is natural (K-MELD-6)
                        }
                        let mut run = cells;
                        run.set(usize::from(p - low), w);
                        if fits(run.as_slice(), hand) {
                            each(run, low, Some(p))?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Every new low-to-high list for run `meld` the hand can make, each given
/// to `each` in turn (run, the cards it adds, low, wild position) until it fails.
pub(super) fn run_extend_candidates<E>(
    ctx: &Context<'_>,
    runs: &HandRuns,
    meld: &TableMeld,
    mut each: impl FnMut(CardList, CardList, u8, Option<u8>) -> Result<(), E>,
) -> Result<(), E> {
    let hand = &ctx.hand;
    let run_max = ctx.tables.run_max() as u8;
    let TableMeld::Run {
        suit, low, wild, ..
    } = *meld
    else {
        return Ok(());
    };
    let high = meld.high();
    // the run's cards, listed at its first candidate (most runs have none)
    let mut old_cards: Option<CardList> = None;
    let wild_kinds = &runs.wilds;
    // whether the hand holds the natural card of run position `p`
    let row = runs.rows[usize::from(suit)];
    let have = |p: u8| row & 1 << p != 0;
    let wpos = wild.map(|(i, _)| low + i);
    let wild_card = wild.map(|(_, c)| c);
    let displace = wpos.is_some_and(have);
    // every new position needs its natural card but one, filled by a wild card from the
    // hand or by the run's own (moved on by its natural card)
    let fillable = !wild_kinds.is_empty()
        || displace
        || (low > 1 && have(low - 1))
        || (high < 14 && have(high + 1));
    if !fillable {
        return Ok(());
    }
    // Positions beyond the old ends are filled by natural cards from hand,
    // except at most one (the wild's); stop widening once two positions lack a natural.
    let mut missing_low: Option<u8> = None;
    for new_low in (1..=low).rev() {
        if new_low < low && !have(new_low) {
            if missing_low.is_some() {
                break;
            }
            missing_low = Some(new_low);
        }
        let mut missing_high: Option<u8> = None;
        for new_high in high..=14 {
            if new_high > high && !have(new_high) {
                if missing_low.is_some() || missing_high.is_some() {
                    break; // a second position without its natural card
                }
                missing_high = Some(new_high);
            }
            if u32::from(new_high - new_low + 1) > u32::from(run_max) {
                break;
            }
            if new_low == low && new_high == high && !displace {
                continue;
            }
            // the new positions, below then above the old run
            let fresh = (new_low..low).chain(high + 1..=new_high);
            let no_fresh = new_low == low && new_high == high;
            let missing = missing_low.or(missing_high);
            let mut build = |wild_at: Option<u8>, card: Option<Card>, displaced: bool| {
                let old_list = *old_cards.get_or_insert_with(|| meld.cards());
                let old = old_list.as_slice();
                let mut cells = CardList::EMPTY;
                for p in new_low..=new_high {
                    cells.push(if Some(p) == wild_at {
                        card.unwrap_or(JOKER)
                    } else if low <= p && p <= high && !(displaced && Some(p) == wpos) {
                        old[usize::from(p - low)]
                    } else {
                        run_cell(suit, p)
                    });
                }
                match remove_cards(cells.as_slice(), old) {
                    Some(added) if !added.is_empty() && fits(added.as_slice(), hand) => {
                        each(cells, added, new_low, wild_at)
                    }
                    _ => Ok(()),
                }
            };
            match (wpos, missing) {
                (None, None) => {
                    if !no_fresh {
                        build(None, None, false)?;
                    }
                    for p in fresh {
                        for &(w, _) in wild_kinds.iter() {
                            if p == 2 && w == 4 + suit {
                                continue;
                            }
                            build(Some(p), Some(w), false)?;
                        }
                    }
                }
                (None, Some(m)) => {
                    for &(w, _) in wild_kinds.iter() {
                        if m == 2 && w == 4 + suit {
                            continue;
                        }
                        build(Some(m), Some(w), false)?;
                    }
                }
                (Some(wp), _) => {
                    if missing.is_none() && !no_fresh {
                        build(Some(wp), wild_card, false)?;
                    }
                    if displace {
                        match missing {
                            None => {
                                for q in fresh {
                                    build(Some(q), wild_card, true)?;
                                }
                            }
                            Some(m) => build(Some(m), wild_card, true)?,
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
