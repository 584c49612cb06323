//! E-2 for sets-only games with one meld per rank, Classic Canasta (the
//! Python engine's `kanasta.legality.classic`).
//!
//! The turn's plans are counted by rank, so whether the turn can be finished
//! is a short greedy computation instead of a search ([`Finisher`]'s
//! `classic`).  The hand is counted by what matters in such a game
//! (`RankCounts`): the natural cards of each rank that makes sets, the
//! jokers, the 2s, the black 3s.  All values are in half points.

use super::budget::Finisher;
use super::situation::Situation;
use super::tables::{
    is_wild, rank_base, rank_of, Cards, Shape, BLACK_THREE_MELD_MAX, CANASTA_SIZE, MELD_MIN,
};
use crate::cards::JOKER;
use crate::inline::Inline;

/// The team's set of one rank, counted (the Classic count has at most one per rank).
#[derive(Clone, Copy, Debug)]
struct RankMeld {
    naturals: i32,
    wilds: i32,
    size: i32,
}

/// A hand counted by what matters in a sets-only game.
#[derive(Clone, Debug)]
struct RankCounts {
    naturals: [i32; 14],
    jokers: i32,
    deuces: i32,
    black_threes: i32,
}

impl<'t> Finisher<'t> {
    fn rank_counts(&self, hand: &Cards) -> RankCounts {
        let mut out = RankCounts {
            naturals: [0; 14],
            jokers: 0,
            deuces: 0,
            black_threes: 0,
        };
        for (c, n) in hand.iter() {
            let n = i32::from(n);
            if c == JOKER as usize {
                out.jokers += n;
            } else if is_wild(c) {
                out.deuces += n;
            } else if self.t.set_rank[usize::from(rank_of(c))] {
                out.naturals[usize::from(rank_of(c))] += n;
            } else {
                out.black_threes += n;
            }
        }
        out
    }

    /// The exact answer when melds are sets only, one per rank.
    pub(super) fn classic(&self, s: &Situation) -> bool {
        let t = self.t;
        let counts = self.rank_counts(&s.hand);
        let mut by_rank: [Option<RankMeld>; 14] = [None; 14];
        let mut b3_meld = 0;
        for shape in &s.shapes {
            if let Shape::Set {
                rank,
                naturals,
                wilds,
                size,
            } = *shape
            {
                if t.rules.is_black_three_set(rank) {
                    b3_meld = i32::from(size);
                } else {
                    by_rank[usize::from(rank)] = Some(RankMeld {
                        naturals: i32::from(naturals),
                        wilds: i32::from(wilds),
                        size: i32::from(size),
                    });
                }
            }
        }
        let f = &self.flags;
        if !s.aside.is_empty() {
            // The rest of a pile taken before the team was down waits aside
            // until the minimum is reached, then joins the hand (C-PILE-5).
            // Asking and black-3 melds are not offered meanwhile, so the
            // player neither must nor may not go out here.
            let need = f.minimum - s.count;
            let a = s.aside.len() as i32;
            if self.classic_keep(&counts, &by_rank, need, (2 - a).max(0)) {
                return true;
            }
            if a == 1 && f.discard_empty_ok && !f.no_out {
                // meld the whole hand, get down, then discard the one card that joined
                return self.classic_out(s, &counts, &by_rank, b3_meld, need, false);
            }
            return false;
        }
        if !s.opened && !s.must_out {
            let need = f.minimum - s.count;
            if self.classic_keep(&counts, &by_rank, need, 2) {
                return true;
            }
        }
        if f.no_out {
            return false;
        }
        let need = if s.opened || f.out_exempt {
            0
        } else {
            f.minimum - s.count
        };
        self.classic_out(s, &counts, &by_rank, b3_meld, need, true)
    }

    /// The most value melded from hand and the cards kept in that plan (no black 3s melded).
    fn classic_best(
        &self,
        naturals: &[i32; 14],
        jokers: i32,
        deuces: i32,
        by_rank: &[Option<RankMeld>; 14],
    ) -> (i32, i32) {
        let t = self.t;
        let mut value = 0;
        let mut kept = 0;
        let mut cap = 0;
        let mut pairs: Inline<i32, 13> = Inline::default(); // (one pair a rank at most)
        for r in 1..14u8 {
            if !t.set_rank[usize::from(r)] {
                continue;
            }
            let n = naturals[usize::from(r)];
            let v = t.value(rank_base(r));
            if let Some(meld) = by_rank[usize::from(r)] {
                cap += t.wild_cap(meld.naturals + n, meld.wilds);
                value += n * v;
            } else if n >= MELD_MIN as i32 {
                cap += t.wild_cap(n, 0);
                value += n * v;
            } else if n == 2 {
                pairs.push(v);
            } else {
                kept += n;
            }
        }
        let wilds = jokers + deuces;
        pairs.sort_unstable_by(|a, b| b.cmp(a));
        let active = wilds.min(pairs.len() as i32);
        for &pv in &pairs[..active as usize] {
            value += 2 * pv;
            cap += t.wild_cap(2, 0) - 1;
        }
        kept += 2 * (pairs.len() as i32 - active);
        let used = active + (wilds - active).min(cap);
        kept += wilds - used;
        let jokers_used = jokers.min(used);
        value += jokers_used * t.value(JOKER as usize) + (used - jokers_used) * t.value(4);
        (value, kept)
    }

    /// Can melds from hand add `need` half points while keeping `keep` cards?
    fn classic_keep(
        &self,
        counts: &RankCounts,
        by_rank: &[Option<RankMeld>; 14],
        need: i32,
        keep: i32,
    ) -> bool {
        let (value, kept) =
            self.classic_best(&counts.naturals, counts.jokers, counts.deuces, by_rank);
        let kept = kept + counts.black_threes;
        if value < need {
            return false;
        }
        if kept >= keep {
            return true;
        }
        let short = (keep - kept) as usize;
        // What may be kept back besides: a natural of a set rank, a joker or a 2.
        #[derive(Clone, Copy)]
        enum Kept {
            Natural(usize),
            Joker,
            Deuce,
        }
        let mut kinds: Vec<Kept> = (1..14)
            .filter(|&r| self.t.set_rank[r] && counts.naturals[r] > 0)
            .map(Kept::Natural)
            .collect();
        if counts.jokers > 0 {
            kinds.push(Kept::Joker);
        }
        if counts.deuces > 0 {
            kinds.push(Kept::Deuce);
        }
        let mut found = false;
        for_each_multichoice(kinds.len(), short, &mut |combo| {
            let mut naturals = counts.naturals;
            let (mut j, mut d) = (counts.jokers, counts.deuces);
            for &k in combo {
                match kinds[k] {
                    Kept::Joker => j -= 1,
                    Kept::Deuce => d -= 1,
                    Kept::Natural(r) => naturals[r] -= 1,
                }
            }
            if j < 0 || d < 0 || naturals.iter().any(|&n| n < 0) {
                return false;
            }
            let (v2, kept2) = self.classic_best(&naturals, j, d, by_rank);
            found = v2 >= need && kept2 + counts.black_threes + short as i32 >= keep;
            found
        });
        found
    }

    /// Can every card but at most one (discarded) be melded, with the canastas needed?
    fn classic_out(
        &self,
        s: &Situation,
        counts: &RankCounts,
        by_rank: &[Option<RankMeld>; 14],
        b3_meld: i32,
        need: i32,
        discard: bool,
    ) -> bool {
        let t = self.t;
        let f = &self.flags;
        // A natural card alone of its rank, with no set of the rank on the table, can
        // be neither melded nor made part of a meld: it must be the card discarded.
        // With two such cards (or one and no discard) no option below melds the rest,
        // and with one only discarding it may.  A pair with no set of its rank takes
        // a wild card each, whichever card is discarded (discarding one of a pair
        // leaves a card alone): with more such pairs than wild cards none may.
        let may_drop = f.discard_empty_ok && discard;
        let (mut singles, mut pairs, mut single) = (0, 0, None);
        for r in (1..14).filter(|&r| t.set_rank[r] && by_rank[r].is_none()) {
            match counts.naturals[r] {
                1 => {
                    singles += 1;
                    single = Some(r);
                }
                2 => pairs += 1,
                _ => {}
            }
        }
        if singles > i32::from(may_drop) || pairs > counts.jokers + counts.deuces {
            return false;
        }
        let total: i32 = s.hand.each().map(|c| t.value(c)).sum();
        /// The card discarded to go out, if any.
        #[derive(Clone, Copy, Default)]
        enum Dropped {
            #[default]
            Nothing,
            Natural(usize),
            Joker,
            Deuce,
            BlackThree,
        }
        // (nothing, a natural of each rank, a joker, a 2, a black 3: at most 17)
        let mut options: Inline<Dropped, 17> = Inline::default();
        if let Some(r) = single {
            options.push(Dropped::Natural(r));
        } else {
            options.push(Dropped::Nothing);
        }
        if may_drop && single.is_none() {
            for r in (1..14).filter(|&r| t.set_rank[r] && counts.naturals[r] > 0) {
                options.push(Dropped::Natural(r));
            }
            if counts.jokers > 0 {
                options.push(Dropped::Joker);
            }
            if counts.deuces > 0 {
                options.push(Dropped::Deuce);
            }
            if counts.black_threes > 0 {
                options.push(Dropped::BlackThree);
            }
        }
        for &option in options.iter() {
            let mut naturals = counts.naturals;
            let (mut j, mut d, mut b3) = (counts.jokers, counts.deuces, counts.black_threes);
            let dropped = match option {
                Dropped::Nothing => 0,
                Dropped::Joker => {
                    j -= 1;
                    t.value(JOKER as usize)
                }
                Dropped::Deuce => {
                    d -= 1;
                    t.value(4)
                }
                Dropped::BlackThree => {
                    b3 -= 1;
                    t.value(8)
                }
                Dropped::Natural(r) => {
                    naturals[r] -= 1;
                    t.value(rank_base(r as u8))
                }
            };
            // `need` is what the turn still lacks (minimum minus the count laid so far)
            if need > 0 && total - dropped < need {
                continue;
            }
            if b3 > 0
                && (!f.black3_ok
                    || b3 + b3_meld > BLACK_THREE_MELD_MAX as i32
                    || (b3_meld == 0 && b3 < MELD_MIN as i32))
            {
                continue;
            }
            if let Some(done) = self.classic_all_melded(&naturals, j, d, by_rank) {
                if done >= t.rules.canastas_to_go_out as i32 {
                    return true;
                }
            }
        }
        false
    }

    /// The most canastas when all these cards are melded; None when they cannot all be.
    fn classic_all_melded(
        &self,
        naturals: &[i32; 14],
        jokers: i32,
        deuces: i32,
        by_rank: &[Option<RankMeld>; 14],
    ) -> Option<i32> {
        let t = self.t;
        let canasta = CANASTA_SIZE as i32;
        let mut mandatory = 0;
        let mut cap_total = 0;
        let mut done = 0;
        let mut deficits: Inline<i32, 13> = Inline::default(); // (one set a rank at most)
        for r in 1..14 {
            if !t.set_rank[r] {
                continue;
            }
            let n = naturals[r];
            let (size, cap) = if let Some(meld) = by_rank[r] {
                (meld.size + n, t.wild_cap(meld.naturals + n, meld.wilds))
            } else if n >= MELD_MIN as i32 {
                (n, t.wild_cap(n, 0))
            } else if n == 2 {
                mandatory += 1;
                let cap = t.wild_cap(2, 0) - 1;
                if cap < 0 {
                    return None;
                }
                (3, cap)
            } else if n == 1 {
                return None;
            } else {
                continue;
            };
            cap_total += cap;
            if size >= canasta {
                done += 1;
            } else if canasta - size <= cap {
                deficits.push(canasta - size);
            }
        }
        let wilds = jokers + deuces;
        if wilds < mandatory || wilds - mandatory > cap_total {
            return None;
        }
        let mut budget = wilds - mandatory;
        deficits.sort_unstable();
        for &need in deficits.iter() {
            if need > budget {
                break;
            }
            budget -= need;
            done += 1;
        }
        Some(done)
    }
}

/// Call `visit` with each multiset of `k` choices among `0..n` (as a
/// non-decreasing list), until it returns true.
pub(super) fn for_each_multichoice(n: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
    if n == 0 {
        if k == 0 {
            visit(&[]);
        }
        return;
    }
    let mut combo = vec![0usize; k];
    loop {
        if visit(&combo) {
            return;
        }
        // the next non-decreasing combination, like itertools.combinations_with_replacement
        let Some(i) = (0..k).rev().find(|&i| combo[i] != n - 1) else {
            return;
        };
        let next = combo[i] + 1;
        for slot in &mut combo[i..] {
            *slot = next;
        }
    }
}
