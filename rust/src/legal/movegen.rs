//! Listing every legal move of a position (RULES E-1, E-2), exactly the
//! moves of the Python engine's `legal_actions()` in the same order:
//!
//! * the draw phase: draw, the takes, decline (C-OUT-5);
//! * the play phase: ask (C-OUT-3), new sets, new runs, then for each of the
//!   team's melds in index order its additions (sets) or extensions (runs),
//!   then the discards by card;
//! * the answer phase: yes, then no when the partner could end the turn without going out.
//!
//! Candidates are built from the hand within the meld rules; a candidate is
//! kept when the turn can still be finished after it ([`Finisher`]), one
//! finisher (and memo) per position.

use crate::action::{Action, CardList, MAX_MOVE_CARDS};
use crate::cards::{Card, DISTINCT, JOKER};
use crate::legal::rulebook::{empty_problem, Context, Problem};
use crate::legal::solver::{Cards, Finisher, SearchGaveUp, Shape, Situation, Work, SEARCH_BUDGET};
use crate::rules::PileTake;
use crate::state::{Phase, TableMeld};

/// The card at run position `position` (1 = low ace ... 14 = high ace) of `suit`.
fn run_cell(suit: u8, position: u8) -> Card {
    let rank = if position == 14 { 1 } else { position };
    (rank - 1) * 4 + suit
}

fn cards_of(list: &[Card]) -> CardList {
    CardList::new(list).expect("a generated move holds at most a meld's cards")
}

/// `first` then `then`, one list (a generated meld holds at most a meld's cards).
fn joined(first: &CardList, then: &CardList) -> CardList {
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
        low,
        high,
        done: false,
    }
}

/// The iterator of [`sub_multisets`].
pub(crate) struct SubMultisets {
    items: [(Card, u8); 5],
    len: usize,
    /// How many of each card the next candidate takes.
    picks: [u8; 5],
    low: usize,
    high: usize,
    done: bool,
}

impl Iterator for SubMultisets {
    type Item = CardList;

    fn next(&mut self) -> Option<CardList> {
        while !self.done {
            let picks = &mut self.picks[..self.len];
            let size: usize = picks.iter().map(|&k| usize::from(k)).sum();
            let mut found = None;
            if (self.low..=self.high).contains(&size) {
                let mut cards = CardList::EMPTY;
                for (&(card, _), &k) in self.items.iter().zip(picks.iter()) {
                    for _ in 0..k {
                        cards.push(card);
                    }
                }
                found = Some(cards);
            }
            // the next pick, the last position fastest
            let mut i = self.len;
            loop {
                if i == 0 {
                    self.done = true;
                    break;
                }
                i -= 1;
                if picks[i] < self.items[i].1 {
                    picks[i] += 1;
                    for p in &mut picks[i + 1..] {
                        *p = 0;
                    }
                    break;
                }
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// Up to five distinct cards with their counts, kept inline (a rank's
/// naturals, or the wild cards: 2s and jokers).
#[derive(Clone, Copy)]
struct CardCounts {
    items: [(Card, u8); 5],
    len: usize,
}

impl CardCounts {
    fn of(hand: &Cards, cards: impl Iterator<Item = Card>) -> CardCounts {
        let mut out = CardCounts {
            items: [(0, 0); 5],
            len: 0,
        };
        for c in cards {
            let n = hand.count(usize::from(c));
            if n > 0 {
                out.items[out.len] = (c, n);
                out.len += 1;
            }
        }
        out
    }
}

impl std::ops::Deref for CardCounts {
    type Target = [(Card, u8)];

    fn deref(&self) -> &[(Card, u8)] {
        &self.items[..self.len]
    }
}

/// The wild cards of `hand` (2s and jokers) with their counts, in index order.
fn wild_counts(hand: &Cards) -> CardCounts {
    CardCounts::of(hand, [4, 5, 6, 7, JOKER].into_iter())
}

/// The natural cards of `rank` in `hand` with their counts, in index order (none for the 2s: wild).
fn rank_counts(hand: &Cards, rank: u8) -> CardCounts {
    let base = (rank - 1) * 4;
    let cards = if rank == 2 { 0..0 } else { base..base + 4 };
    CardCounts::of(hand, cards)
}

/// The half-point value of a run's cards from position `low`, its wild at `wild`
/// (a 2 at position 2 that is not the wild counts as a natural 2, K-VAL-1).
fn run_value(ctx: &Context<'_>, cards: &[Card], low: u8, wild: Option<u8>) -> i32 {
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

// ------------------------------------------------------------------ the play phase

/// The generator for one play-phase position.
struct Gen<'c> {
    ctx: &'c Context<'c>,
    finisher: Finisher<'c>,
    n: u32,
    must_out: bool,
    no_out: bool,
    /// Each sub-multiset of the wild cards in hand (at most `max_wilds`) with its size and value.
    wild_sets: Vec<(CardList, u32, i32)>,
    root_ok: Option<bool>,
}

impl<'c> Gen<'c> {
    fn new(ctx: &'c Context<'c>) -> Gen<'c> {
        let turn = &ctx.s.turn;
        let no_out = turn.answer == Some(false);
        let wild_counts = wild_counts(&ctx.hand);
        let wild_sets = sub_multisets(&wild_counts, 0, ctx.rules.max_wilds)
            .map(|w| {
                let v = w.as_slice().iter().map(|&c| ctx.value(c)).sum();
                let n = w.len() as u32;
                (w, n, v)
            })
            .collect();
        Gen {
            ctx,
            finisher: ctx.finisher(turn.forbidden, no_out),
            n: ctx.hand.len(),
            must_out: turn.must_go_out || turn.answer == Some(true),
            no_out,
            wild_sets,
            root_ok: None,
        }
    }

    /// Whether the turn could be finished from here once cards are laid: when
    /// it cannot, no meld is legal (every position a meld leads to is reached
    /// by the meld's single-card steps), so one search here spares one per candidate.
    fn root_finishable(&mut self) -> Result<bool, SearchGaveUp> {
        if let Some(ok) = self.root_ok {
            return Ok(ok);
        }
        let here = self.ctx.here(true, self.must_out);
        let ok = self.finisher.finishable(&here)?;
        self.root_ok = Some(ok);
        Ok(ok)
    }

    /// Whether a meld move within the meld rules is legal: C-OUT-1, K-OUT-1, E-2.
    fn ok(
        &mut self,
        removed: &[Card],
        index: Option<usize>,
        shape: Shape,
        gain: i32,
        nat_runs: u32,
        black3: bool,
    ) -> Result<bool, SearchGaveUp> {
        let ctx = self.ctx;
        let turn = &ctx.s.turn;
        let mut n2 = self.n - removed.len() as u32;
        let old_canasta = index.is_some_and(|i| ctx.shapes[i].is_canasta());
        let can2 = ctx.n_canastas + u32::from(shape.is_canasta()) - u32::from(old_canasta);
        let count2 = turn.count_halves as i32 + gain;
        let opened2 = ctx.opened || ctx.open_condition(nat_runs, count2, n2);
        let joins = opened2 && !turn.aside.is_empty();
        if joins {
            n2 += turn.aside.len() as u32;
        }
        if n2 == 0 {
            return Ok(empty_problem(ctx, can2, opened2, false, self.no_out).is_none());
        }
        let must_out = self.must_out || black3;
        if opened2 && !must_out && n2 >= 2 && (turn.forbidden.is_none() || n2 > 2) {
            return Ok(true);
        }
        if !self.root_finishable()? {
            return Ok(false);
        }
        let mut hand = ctx.hand;
        for &c in removed {
            hand.take(usize::from(c));
        }
        if joins {
            for &c in &turn.aside {
                hand.add(usize::from(c));
            }
        }
        let shapes = ctx.shapes_with(index, shape);
        let aside = if joins {
            Cards::default()
        } else {
            Cards::from_cards(&turn.aside)
        };
        let situation = Situation::after_laying(hand, shapes, opened2, count2, aside, must_out);
        self.finisher.finishable(&situation)
    }

    fn new_sets(&mut self, out: &mut Vec<Action>) -> Result<(), SearchGaveUp> {
        let ctx = self.ctx;
        let rules = ctx.rules;
        let t = &ctx.tables;
        let mut have_set = [false; 14];
        for r in ctx.shapes.iter().filter_map(set_rank) {
            have_set[usize::from(r)] = true;
        }
        for rank in 1..=13u8 {
            let nat_counts = rank_counts(&ctx.hand, rank);
            if nat_counts.iter().map(|&(_, n)| u32::from(n)).sum::<u32>() < 2 {
                continue;
            }
            if rules.black_threes && rank == 3 {
                if !ctx.black3_ok || (rules.one_meld_per_rank && have_set[3]) {
                    continue;
                }
                for nats in sub_multisets(&nat_counts, 3, 4) {
                    let k = nats.len() as u8;
                    let shape = Shape::Set {
                        rank: 3,
                        naturals: k,
                        wilds: 0,
                        size: k,
                    };
                    let gain = nats.as_slice().iter().map(|&c| ctx.value(c)).sum();
                    if self.ok(nats.as_slice(), None, shape, gain, ctx.nat_runs, true)? {
                        out.push(Action::Meld { cards: nats });
                    }
                }
                continue;
            }
            if !t.forms_set(rank) || (rules.one_meld_per_rank && have_set[usize::from(rank)]) {
                continue;
            }
            let rank_value = ctx.value((rank - 1) * 4);
            let within = rules.wilds_within_naturals;
            let max_size = t.max_size();
            for nats in sub_multisets(&nat_counts, 2, max_size as usize) {
                let k = nats.len() as u32;
                let nv = k as i32 * rank_value;
                for wi in 0..self.wild_sets.len() {
                    let (w, wv) = (self.wild_sets[wi].1, self.wild_sets[wi].2);
                    let size = k + w;
                    if size < 3 || size > max_size || (within && w > k) {
                        continue;
                    }
                    let cards = joined(&nats, &self.wild_sets[wi].0);
                    let shape = Shape::Set {
                        rank,
                        naturals: k as u8,
                        wilds: w as u8,
                        size: size as u8,
                    };
                    if self.ok(cards.as_slice(), None, shape, nv + wv, ctx.nat_runs, false)? {
                        out.push(Action::Meld { cards });
                    }
                }
            }
        }
        Ok(())
    }

    fn new_runs(&mut self, out: &mut Vec<Action>) -> Result<(), SearchGaveUp> {
        let ctx = self.ctx;
        for (list, low, wpos) in new_run_candidates(ctx) {
            let cards = list.as_slice();
            let gain = run_value(ctx, cards, low, wpos);
            let suit = cards[if wpos != Some(low) { 0 } else { 1 }] % 4;
            let shape = Shape::Run {
                suit,
                low,
                high: low + cards.len() as u8 - 1,
                wild: wpos,
            };
            let nat_runs = ctx.nat_runs + u32::from(wpos.is_none());
            if self.ok(cards, None, shape, gain, nat_runs, false)? {
                out.push(Action::Meld { cards: list });
            }
        }
        Ok(())
    }

    fn set_adds(&mut self, index: usize, out: &mut Vec<Action>) -> Result<(), SearchGaveUp> {
        let ctx = self.ctx;
        let rules = ctx.rules;
        let Shape::Set {
            rank,
            naturals: nat,
            wilds: wild,
            size,
        } = ctx.shapes[index]
        else {
            return Ok(());
        };
        let max_size = ctx.tables.max_size();
        let size = u32::from(size);
        if size >= max_size {
            return Ok(());
        }
        let room = max_size - size;
        let nat_counts = rank_counts(&ctx.hand, rank);
        let meld_number = index as u16;
        if rules.black_threes && rank == 3 {
            let most = 4usize.saturating_sub(size as usize);
            if most >= 1 {
                for nats in sub_multisets(&nat_counts, 1, most) {
                    let k = nats.len() as u8;
                    let shape = Shape::Set {
                        rank: 3,
                        naturals: nat + k,
                        wilds: 0,
                        size: size as u8 + k,
                    };
                    let gain = nats.as_slice().iter().map(|&c| ctx.value(c)).sum();
                    if self.ok(
                        nats.as_slice(),
                        Some(index),
                        shape,
                        gain,
                        ctx.nat_runs,
                        true,
                    )? {
                        out.push(Action::Add {
                            meld: meld_number,
                            cards: nats,
                        });
                    }
                }
            }
            return Ok(());
        }
        let wild_room = rules.max_wilds.saturating_sub(usize::from(wild)) as u32;
        let rank_value = ctx.value((rank - 1) * 4);
        let within = rules.wilds_within_naturals;
        for nats in sub_multisets(&nat_counts, 0, room as usize) {
            let k = nats.len() as u32;
            let nv = k as i32 * rank_value;
            for wi in 0..self.wild_sets.len() {
                let (w, wv) = (self.wild_sets[wi].1, self.wild_sets[wi].2);
                if k + w == 0 || w > wild_room || k + w > room {
                    continue;
                }
                if within && u32::from(wild) + w > u32::from(nat) + k {
                    continue;
                }
                let cards = joined(&nats, &self.wild_sets[wi].0);
                let shape = Shape::Set {
                    rank,
                    naturals: nat + k as u8,
                    wilds: wild + w as u8,
                    size: (size + k + w) as u8,
                };
                if self.ok(
                    cards.as_slice(),
                    Some(index),
                    shape,
                    nv + wv,
                    ctx.nat_runs,
                    false,
                )? {
                    out.push(Action::Add {
                        meld: meld_number,
                        cards,
                    });
                }
            }
        }
        Ok(())
    }

    fn run_extends(&mut self, index: usize, out: &mut Vec<Action>) -> Result<(), SearchGaveUp> {
        let ctx = self.ctx;
        let meld = &ctx.melds[index];
        let Shape::Run {
            suit,
            wild: old_wild,
            ..
        } = ctx.shapes[index]
        else {
            return Ok(());
        };
        let was_natural = u32::from(old_wild.is_none());
        let old_value = meld_value(ctx, meld);
        for (run, added, low, wpos) in run_extend_candidates(ctx, meld) {
            let run = run.as_slice();
            let high = low + run.len() as u8 - 1;
            let total = run_value(ctx, run, low, wpos);
            let nat_runs = ctx.nat_runs - was_natural + u32::from(wpos.is_none());
            let shape = Shape::Run {
                suit,
                low,
                high,
                wild: wpos,
            };
            if self.ok(
                added.as_slice(),
                Some(index),
                shape,
                total - old_value,
                nat_runs,
                false,
            )? {
                out.push(Action::Extend {
                    meld: index as u16,
                    run: cards_of(run),
                });
            }
        }
        Ok(())
    }
}

fn set_rank(s: &Shape) -> Option<u8> {
    match *s {
        Shape::Set { rank, .. } => Some(rank),
        Shape::Run { .. } => None,
    }
}

/// `cards` without one copy of each of `removed` (a multiset difference), or
/// None when some card of `removed` is missing (or `cards` is longer than a move).
pub(crate) fn remove_cards(cards: &[Card], removed: &[Card]) -> Option<CardList> {
    let mut out = [0 as Card; MAX_MOVE_CARDS];
    let mut n = cards.len();
    out.get_mut(..n)?.copy_from_slice(cards);
    for c in removed {
        let i = out[..n].iter().position(|x| x == c)?;
        out.copy_within(i + 1..n, i);
        n -= 1;
    }
    CardList::new(&out[..n])
}

/// Whether the multiset `cards` is in `hand`.
fn fits(cards: &[Card], hand: &Cards) -> bool {
    let mut need = [0u8; DISTINCT];
    for &c in cards {
        need[usize::from(c)] += 1;
    }
    need.iter().enumerate().all(|(c, &n)| hand.count(c) >= n)
}

/// Every new run the hand can lay: (cards low to high, low position, wild position).
///
/// A window of consecutive positions in one suit where every position has
/// its natural card in hand, or all but one and a wild fills it; a wild may
/// also stand in a position whose natural card the player keeps.
fn new_run_candidates(ctx: &Context<'_>) -> Vec<(CardList, u8, Option<u8>)> {
    let hand = &ctx.hand;
    let run_max = ctx.tables.run_max() as u8;
    let wilds = wild_counts(hand);
    let mut out = Vec::new();
    for suit in 0..4u8 {
        let mut have = [false; 15];
        for (pos, slot) in have.iter_mut().enumerate().skip(1) {
            *slot = hand.has(usize::from(run_cell(suit, pos as u8)));
        }
        for low in 1..=12u8 {
            let mut missing: Option<u8> = None;
            let mut cells = CardList::EMPTY;
            for high in low..=14.min(low + run_max - 1) {
                cells.push(run_cell(suit, high));
                if !have[usize::from(high)] {
                    if missing.is_some() || wilds.is_empty() {
                        break; // a second gap, or a gap and no wild card to fill it
                    }
                    missing = Some(high);
                }
                if high - low + 1 < 3 || (missing.is_some() && wilds.is_empty()) {
                    continue; // too short, or a gap and no wild card to fill it
                }
                let positions = match missing {
                    None => {
                        out.push((cells, low, None));
                        low..=high
                    }
                    Some(m) => m..=m,
                };
                for p in positions {
                    for &(w, _) in wilds.iter() {
                        if p == 2 && w == 4 + suit {
                            continue; // in its natural place a 2 is natural (K-MELD-6)
                        }
                        let mut run = cells;
                        run.set(usize::from(p - low), w);
                        if fits(run.as_slice(), hand) {
                            out.push((run, low, Some(p)));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every new low-to-high list for run `meld` the hand can make: (run, the
/// cards it adds, low, wild position).
fn run_extend_candidates(
    ctx: &Context<'_>,
    meld: &TableMeld,
) -> Vec<(CardList, CardList, u8, Option<u8>)> {
    let hand = &ctx.hand;
    let run_max = ctx.tables.run_max() as u8;
    let TableMeld::Run {
        suit, low, wild, ..
    } = *meld
    else {
        return Vec::new();
    };
    let high = meld.high();
    let old_cards = meld.cards();
    let old = old_cards.as_slice();
    let wild_kinds = wild_counts(hand);
    let mut have = [false; 15];
    for (pos, slot) in have.iter_mut().enumerate().skip(1) {
        *slot = hand.has(usize::from(run_cell(suit, pos as u8)));
    }
    let wpos = wild.map(|(i, _)| low + i);
    let wild_card = wild.map(|(_, c)| c);
    let displace = wpos.is_some_and(|w| have[usize::from(w)]);
    let mut out = Vec::with_capacity(16);
    // Positions beyond the old ends are filled by natural cards from hand,
    // except at most one (the wild's); stop widening once two positions lack a natural.
    let mut missing_low: Option<u8> = None;
    for new_low in (1..=low).rev() {
        if new_low < low && !have[usize::from(new_low)] {
            if missing_low.is_some() {
                break;
            }
            missing_low = Some(new_low);
        }
        let mut missing_high: Option<u8> = None;
        for new_high in high..=14 {
            if new_high > high && !have[usize::from(new_high)] {
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
                if let Some(added) = remove_cards(cells.as_slice(), old) {
                    if !added.is_empty() && fits(added.as_slice(), hand) {
                        out.push((cells, added, new_low, wild_at));
                    }
                }
            };
            match (wpos, missing) {
                (None, None) => {
                    if !no_fresh {
                        build(None, None, false);
                    }
                    for p in fresh {
                        for &(w, _) in wild_kinds.iter() {
                            if p == 2 && w == 4 + suit {
                                continue;
                            }
                            build(Some(p), Some(w), false);
                        }
                    }
                }
                (None, Some(m)) => {
                    for &(w, _) in wild_kinds.iter() {
                        if m == 2 && w == 4 + suit {
                            continue;
                        }
                        build(Some(m), Some(w), false);
                    }
                }
                (Some(wp), _) => {
                    if missing.is_none() && !no_fresh {
                        build(Some(wp), wild_card, false);
                    }
                    if displace {
                        match missing {
                            None => {
                                for q in fresh {
                                    build(Some(q), wild_card, true);
                                }
                            }
                            Some(m) => build(Some(m), wild_card, true),
                        }
                    }
                }
            }
        }
    }
    out
}

// ------------------------------------------------------------------ the draw phase

/// Every legal take of the pile (C-PILE-1 to C-PILE-6, K-PILE-1 to K-PILE-3), in the Python engine's order.
pub fn legal_takes(ctx: &Context<'_>) -> Result<Vec<Action>, SearchGaveUp> {
    let s = ctx.s;
    let rules = ctx.rules;
    let Some(&top) = s.pile.last() else {
        return Ok(Vec::new());
    };
    if rules.pile_take == PileTake::Whole {
        let cand = Action::take(CardList::EMPTY, None);
        return Ok(
            if crate::legal::check::take_problem(ctx, &[], None)?.is_none() {
                vec![cand]
            } else {
                Vec::new()
            },
        );
    }
    if ctx.unmeldable_top(top) || (rules.black_threes && crate::cards::is_black_three(top)) {
        return Ok(Vec::new());
    }
    let rank = top / 4 + 1;
    if !ctx.tables.forms_set(rank) {
        return Ok(Vec::new());
    }
    let naturals: Vec<Card> = rank_counts(&ctx.hand, rank)
        .iter()
        .map(|&(c, _)| c)
        .collect();
    let wilds: Vec<Card> = wild_counts(&ctx.hand).iter().map(|&(c, _)| c).collect();
    let same_rank = ctx.sets_of_rank(rank);
    let targets: Vec<Option<usize>> = if rules.one_meld_per_rank && !same_rank.is_empty() {
        same_rank.iter().map(|&i| Some(i)).collect()
    } else {
        std::iter::once(None)
            .chain(same_rank.iter().map(|&i| Some(i)))
            .collect()
    };
    let mut combos: Vec<[Card; 2]> = Vec::new();
    for (i, &a) in naturals.iter().enumerate() {
        for &b in &naturals[i..] {
            if a == b && ctx.hand.count(usize::from(a)) < 2 {
                continue;
            }
            combos.push([a, b]);
        }
    }
    for &a in &naturals {
        for &w in &wilds {
            combos.push([a, w]);
        }
    }
    let mut out = Vec::new();
    for cards in &combos {
        for &target in &targets {
            if crate::legal::check::take_problem(ctx, cards, target)?.is_none() {
                out.push(Action::take(cards_of(cards), target.map(|i| i as u16)));
            }
        }
    }
    for &target in &same_rank {
        if crate::legal::check::take_problem(ctx, &[], Some(target))?.is_none() {
            out.push(Action::take(CardList::EMPTY, Some(target as u16)));
        }
    }
    Ok(out)
}

/// Whether the player to move may take the pile (the C-OUT-5 chore asks it at an empty stock).
pub fn can_take(s: &crate::state::State) -> Result<bool, SearchGaveUp> {
    can_take_within(s, SEARCH_BUDGET)
}

/// [`can_take`] with a work budget of `limit` search nodes.
pub fn can_take_within(s: &crate::state::State, limit: u64) -> Result<bool, SearchGaveUp> {
    Ok(!legal_takes(&Context::within(s, Work::new(limit)))?.is_empty())
}

// ------------------------------------------------------------------ all moves

/// Every legal move of `s`, each once, in the Python engine's order (E-1, E-2),
/// within the engine's work budget.
pub fn legal_moves(s: &crate::state::State) -> Result<Vec<Action>, SearchGaveUp> {
    legal_moves_within(s, SEARCH_BUDGET).0
}

/// [`legal_moves`] with a work budget of `limit` search nodes, and the nodes
/// the listing expanded (as many as the Python engine's listing expands).
pub fn legal_moves_within(
    s: &crate::state::State,
    limit: u64,
) -> (Result<Vec<Action>, SearchGaveUp>, u64) {
    let ctx = Context::within(s, Work::new(limit));
    let moves = list_moves(&ctx);
    (moves, ctx.work.nodes())
}

/// Every legal move of `ctx`'s position.
fn list_moves(ctx: &Context<'_>) -> Result<Vec<Action>, SearchGaveUp> {
    let s = ctx.s;
    match s.phase {
        Phase::GameOver => Ok(Vec::new()),
        Phase::Draw => {
            let takes = legal_takes(ctx)?;
            let mut out = Vec::with_capacity(takes.len() + 2);
            let stock = !s.stock().is_empty();
            if stock {
                out.push(Action::Draw);
            }
            let plain_take = takes.iter().any(|t| t.cards().is_empty());
            out.extend(takes);
            if !stock && ctx.rules.stock_end == crate::rules::StockEnd::PilePlay && !plain_take {
                out.push(Action::Decline);
            }
            Ok(out)
        }
        Phase::Answer => {
            let mut out = vec![Action::Answer { permit: true }];
            if crate::legal::check::answer_no_problem(ctx)?.is_none() {
                out.push(Action::Answer { permit: false });
            }
            Ok(out)
        }
        Phase::Play => play_moves(ctx),
    }
}

/// Every legal move of the play phase, in the documented order.
fn play_moves(ctx: &Context<'_>) -> Result<Vec<Action>, SearchGaveUp> {
    let mut g = Gen::new(ctx);
    let mut out = Vec::with_capacity(64);
    if ctx.rules.ask_partner && crate::legal::check::ask_problem(ctx, &mut g.finisher)?.is_none() {
        out.push(Action::Ask);
    }
    g.new_sets(&mut out)?;
    if ctx.rules.runs {
        g.new_runs(&mut out)?;
    }
    for index in 0..ctx.melds.len() {
        match ctx.shapes[index] {
            Shape::Set { .. } => g.set_adds(index, &mut out)?,
            Shape::Run { .. } => g.run_extends(index, &mut out)?,
        }
    }
    for (c, _) in ctx.hand.iter() {
        if discard_problem(ctx, c as Card).is_none() {
            out.push(Action::Discard { card: c as Card });
        }
    }
    Ok(out)
}

/// Why discarding `card` is illegal, or None (G-TURN-1, K-PILE-3, C-OUT-1, C-THREE-2, C-OUT-3, C-OPEN-2).
pub fn discard_problem(ctx: &Context<'_>, card: Card) -> Option<Problem> {
    let turn = &ctx.s.turn;
    if !ctx.hand.has(usize::from(card)) {
        return Some(Problem::new(
            "G-TURN-1",
            format!("{} is not in your hand", crate::cards::notation(card)),
        ));
    }
    if turn.forbidden == Some(card) {
        return Some(Problem::new(
            "K-PILE-3",
            format!(
                "you took {} as a one-card pile: you may not discard it this turn",
                crate::cards::notation(card)
            ),
        ));
    }
    if ctx.hand.len() == 1 {
        return empty_problem(
            ctx,
            ctx.n_canastas,
            ctx.opened,
            true,
            turn.answer == Some(false),
        );
    }
    if turn.must_go_out {
        return Some(Problem::new(
            "C-THREE-2",
            "you melded black 3s: you must go out this turn",
        ));
    }
    if turn.answer == Some(true) {
        return Some(Problem::new(
            "C-OUT-3",
            "partner answered yes: you must go out this turn",
        ));
    }
    if turn.laid && !ctx.opened {
        return Some(Problem::new(
            ctx.not_open_rule(),
            "you laid cards down: reach the opening minimum before you discard",
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card;
    use crate::rules::Rules;
    use crate::state::{Drew, Hand, State, Turn};
    use std::sync::Arc;

    /// A Classic four-player game in its play phase: seat 0 to play, holding
    /// `hand`, having drawn from the stock; its team down or not.
    fn classic_play(hand: &[Card], opened: bool) -> State {
        let rules = Arc::new(Rules::classic(4).unwrap());
        let (mut s, _) = State::new_game(rules, 1);
        s.player = 0;
        s.phase = Phase::Play;
        s.hands[0] = Hand::from_cards(hand);
        s.opened[0] = opened;
        s.turn = Turn {
            drew: Some(Drew::Stock),
            ..Turn::default()
        };
        s
    }

    fn texts(moves: &[Action]) -> Vec<String> {
        moves.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn c_out_1_a_meld_without_a_canasta_leaves_one_card_only_if_it_can_go_out() {
        // Down, no canasta, 7D 7H 7S KS: the set of 7s would leave the KS, which melds
        // nowhere and without a canasta may not be discarded (C-OUT-1, E-2), so only the
        // four discards are legal; asking is not offered either (going out needs a
        // canasta, C-OUT-3).
        let hand = [card(7, 1), card(7, 2), card(7, 3), card(13, 3)];
        let moves = legal_moves(&classic_play(&hand, true)).unwrap();
        assert_eq!(
            texts(&moves),
            ["discard 7D", "discard 7H", "discard 7S", "discard KS"]
        );
        // With KH as well, the set leaves KH and KS: legal, and listed before the discards.
        let hand = [card(7, 1), card(7, 2), card(7, 3), card(13, 2), card(13, 3)];
        let moves = legal_moves(&classic_play(&hand, true)).unwrap();
        assert_eq!(
            texts(&moves),
            [
                "meld 7D 7H 7S",
                "discard 7D",
                "discard 7H",
                "discard 7S",
                "discard KH",
                "discard KS"
            ]
        );
    }

    #[test]
    fn c_open_1_a_meld_below_the_minimum_is_not_offered() {
        // Not down, score 0: the minimum is 50 (100 half points).  7D 7H 7S count 15 and
        // nothing else melds, so the set would leave the turn unfinishable (E-2).
        let hand = [card(7, 1), card(7, 2), card(7, 3), card(13, 2), card(12, 3)];
        let s = classic_play(&hand, false);
        let moves = legal_moves(&s).unwrap();
        assert!(moves.iter().all(|m| matches!(m, Action::Discard { .. })));
        let meld = Action::Meld {
            cards: cards_of(&hand[..3]),
        };
        let why = crate::legal::explain(&s, &meld).unwrap().unwrap();
        assert_eq!(why.rule, "E-2");
    }

    #[test]
    fn sub_multisets_follow_the_product_order() {
        // 2C twice and JK once: sizes 1..=2 in itertools.product order over (0..=2, 0..=1).
        let got: Vec<Vec<Card>> = sub_multisets(&[(4, 2), (JOKER, 1)], 1, 2)
            .map(|c| c.as_slice().to_vec())
            .collect();
        let expected: Vec<Vec<Card>> = vec![vec![JOKER], vec![4], vec![4, JOKER], vec![4, 4]];
        assert_eq!(got, expected);
    }

    #[test]
    fn remove_cards_is_a_multiset_difference() {
        assert_eq!(remove_cards(&[1, 2, 2, 3], &[2, 3]), CardList::new(&[1, 2]));
        assert_eq!(remove_cards(&[1, 2], &[4]), None);
    }
}
