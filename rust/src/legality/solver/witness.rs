//! E-2's greedy witness: a quick proof that a team can open with two cards
//! left (the Python engine's `kanasta.legality.witness`).
//!
//! Before searching, the search asks [`Finisher`]'s `greedy` whether one
//! plain plan (a natural run, the sets, further runs, wild cards on natural
//! pairs) opens the team from the root while two cards, one of them
//! discardable, stay in hand.  True settles the question; false means "not
//! shown", and the search goes on.  All values are in half points.

use super::budget::Finisher;
use crate::inline::Inline;

use super::tables::{
    has_natural_run, has_window, natural_at, rank_base, Cards, Shape, MELD_MIN, WILD_CARDS,
};

/// A maximal natural run in hand: `len` cards of `suit` from run position `start`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Segment {
    pub(super) value: i32,
    pub(super) suit: u8,
    pub(super) start: u8,
    pub(super) len: u8,
}

impl Segment {
    /// The run's cards, low to high.
    fn cells(&self) -> impl Iterator<Item = usize> {
        let (suit, start) = (self.suit, self.start);
        (0..self.len).map(move |k| natural_at(suit, start + k))
    }
}

/// The segments of a hand (see [`Finisher`]'s `segments`): at most four a suit.
pub(super) type Segments = Inline<Segment, 16>;

/// No segments: a list of them starts as a copy of it (see [`Inline::empty_of`]).
const NO_SEGMENTS: Segments = Inline::empty_of(Segment {
    value: 0,
    suit: 0,
    start: 0,
    len: 0,
});

impl<'t> Finisher<'t> {
    /// Maximal natural runs in hand (at most four a suit: each but the
    /// last is followed by a gap or cut at the longest run, of three or more;
    /// `rows`: the hand's [`Cards::run_rows`]).
    pub(super) fn segments(&self, cnt: &Cards, rows: [u16; 4]) -> Segments {
        let t = self.t;
        let mut out = NO_SEGMENTS;
        for (suit, row) in (0..4u8).zip(rows) {
            if !has_window(row) {
                continue; // no three positions in a row: no segment
            }
            // each stretch of positions held, from its lowest: a segment, cut at the
            // longest run (the ace at 14 is the card at 1: a run holds it once,
            // and a single ace serves one segment)
            let mut rest = row;
            while rest != 0 {
                let start = rest.trailing_zeros() as u8;
                let most = if start == 1 {
                    t.run_max.min(13)
                } else {
                    t.run_max
                };
                let len = (rest >> start).trailing_ones().min(most) as u8;
                rest &= !(((1u16 << len) - 1) << start);
                if u32::from(len) >= MELD_MIN {
                    if start == 1 && cnt.count(natural_at(suit, 1)) < 2 {
                        // this segment holds the suit's only ace: none is left
                        // for a segment up to the high end (K-MELD-2)
                        rest &= !(1u16 << 14);
                    }
                    let value = (start..start + len)
                        .map(|pos| t.run_value(natural_at(suit, pos), pos))
                        .sum();
                    out.push(Segment {
                        value,
                        suit,
                        start,
                        len,
                    });
                }
            }
        }
        out
    }

    /// A quick witness that the team can open from here with two cards left.
    ///
    /// For each of the three best maximal natural runs in hand that could be
    /// the opening's natural run (or none, when one is laid already): lay it,
    /// every set of three or more naturals, the other natural runs, and spare
    /// wild cards on natural pairs and sets.  True only when that plan really
    /// opens with two cards (one discardable) left; false means "not shown".
    /// `rows` are the hand's [`Cards::run_rows`].
    pub(super) fn greedy(
        &self,
        (hand, rows): (&Cards, [u16; 4]),
        shapes: &[Shape],
        count: i32,
    ) -> bool {
        if self.t.rules.opening_natural_run && !has_natural_run(shapes) {
            let mut segments = self.segments(hand, rows);
            if segments.is_empty() {
                return false;
            }
            segments.sort_by_key(|seg| -seg.value);
            return segments
                .iter()
                .take(3)
                .any(|seg| self.plan_keeping(hand, shapes, count, Some(seg)));
        }
        self.plan_keeping(hand, shapes, count, None)
    }

    /// [`Self::plan`]; when it reaches the minimum but melds too much (fewer
    /// than two cards left), plan again holding back the two cheapest cards
    /// outside the run.
    fn plan_keeping(
        &self,
        hand: &Cards,
        shapes: &[Shape],
        count: i32,
        run: Option<&Segment>,
    ) -> bool {
        if let Some(done) = self.plan(*hand, shapes, count, run, 0) {
            return done;
        }
        let mut rest = *hand;
        if let Some(seg) = run {
            for c in seg.cells() {
                rest.take(c);
            }
        }
        // the two cheapest cards outside the run, by value then index
        let mut spare = rest.each().map(|c| (self.t.value(c), c));
        let (Some(first), Some(second)) = (spare.next(), spare.next()) else {
            return false;
        };
        let (mut low, mut next) = if second < first {
            (second, first)
        } else {
            (first, second)
        };
        for card in spare {
            if card < low {
                next = low;
                low = card;
            } else if card < next {
                next = card;
            }
        }
        let mut held = *hand;
        held.take(low.1);
        held.take(next.1);
        self.plan(held, shapes, count, run, 2) == Some(true)
    }

    /// Lay the plan of [`Self::greedy`] from `cnt` (`hold` more cards stay in
    /// hand): true when it opens with two cards (one discardable) left, None
    /// when it reaches the minimum with fewer, else false.
    fn plan(
        &self,
        mut cnt: Cards,
        shapes: &[Shape],
        count: i32,
        run: Option<&Segment>,
        hold: i64,
    ) -> Option<bool> {
        let t = self.t;
        let rules = &t.rules;
        let mut gained = 0;
        // sets that can still take a wild (wilds never go into runs here, so
        // the natural run the opening needs stays natural, K-OPEN-2)
        let mut wild_slots = shapes
            .iter()
            .filter(|s| match **s {
                Shape::Set {
                    naturals,
                    wilds,
                    size,
                    ..
                } => {
                    u32::from(wilds) < rules.max_wilds
                        && u32::from(size) < t.max_size
                        && !(rules.wilds_within_naturals && wilds + 1 > naturals)
                }
                Shape::Run { .. } => false,
            })
            .count();
        let mut set_ranks = [false; 14];
        for s in shapes {
            if let Some(r) = s.set_rank() {
                set_ranks[usize::from(r)] = true;
            }
        }
        if let Some(seg) = run {
            gained += seg.value;
            for c in seg.cells() {
                cnt.take(c);
            }
        }
        let open_rank = |r: u8| {
            t.set_rank[usize::from(r)] && !(rules.one_meld_per_rank && set_ranks[usize::from(r)])
        };
        for rank in 1..14u8 {
            if !open_rank(rank) {
                continue;
            }
            let n = cnt.rank_total(rank);
            if (MELD_MIN..=t.max_size).contains(&n) {
                gained += n as i32 * t.value(rank_base(rank));
                for k in 0..4 {
                    cnt.0[rank_base(rank) + k] = 0;
                }
                wild_slots += 1;
            }
        }
        if rules.runs {
            for seg in self.segments(&cnt, cnt.run_rows()).iter() {
                gained += seg.value;
                for c in seg.cells() {
                    cnt.take(c);
                }
            }
        }
        // natural pairs among the cards still unused become sets with a wild
        // (inline: a hand holds at most 13 ranks and 5 kinds of wild card, 8 of each)
        let mut pairs: Inline<u8, 13> = (1..14u8)
            .filter(|&r| open_rank(r) && cnt.rank_total(r) == 2)
            .collect();
        let mut wilds: Inline<i32, 40> = Inline::default();
        for c in WILD_CARDS {
            for _ in 0..cnt.count(c) {
                wilds.push(t.value(c));
            }
        }
        wilds.sort_unstable_by(|a, b| b.cmp(a));
        let mut placed = 0;
        pairs.sort_by_key(|&r| -t.value(rank_base(r)));
        for &rank in pairs.iter() {
            if placed >= wilds.len() || rules.max_wilds < 1 {
                break;
            }
            gained += 2 * t.value(rank_base(rank)) + wilds[placed];
            placed += 1;
            for k in 0..4 {
                cnt.0[rank_base(rank) + k] = 0;
            }
        }
        for _ in 0..wild_slots.min(wilds.len() - placed) {
            gained += wilds[placed];
            placed += 1;
        }
        let left = cnt.len() as i64 - placed as i64 + hold;
        if count + gained < self.flags.minimum {
            return Some(false);
        }
        if left < 2 {
            return None;
        }
        // with a forbidden discard (K-PILE-3) and only two cards left, which
        // two stay is not tracked here: leave the question to the exact search
        Some(self.flags.forbidden.is_none() || left > 2)
    }
}
