//! The play phase's generator (the Python engine's `_Gen` and its `_new_sets`,
//! `_new_runs`, `_set_adds`, `_run_extends` in `kanasta.legality.moves`): one
//! [`Gen`] per position, holding its [`Finisher`] (and memo), lists the new
//! sets, the new runs, and each meld's additions or extensions, keeping a
//! candidate when the turn can still be finished after it.

use super::candidates::{
    joined, meld_value, new_run_candidates, run_extend_candidates, run_value, set_rank,
    sub_multisets, HandRuns,
};
use crate::actions::{Action, CardList};
use crate::cards::Card;
use crate::legality::context::{cards_of, empty_problem, rank_counts, Context};
use crate::legality::solver::{Cards, Finisher, SearchGaveUp, Shape, Situation};

/// The position's finisher in `slot`, made when first asked for (one for all the
/// position's candidates, with its memo: see [`Gen::finisher`]).
fn finisher_in<'c, 's>(
    slot: &'s mut Option<Finisher<'c>>,
    ctx: &'c Context<'c>,
    no_out: bool,
) -> &'s mut Finisher<'c> {
    slot.get_or_insert_with(|| ctx.finisher(ctx.s.turn.forbidden, no_out))
}

/// The generator for one play-phase position.
pub(super) struct Gen<'c> {
    ctx: &'c Context<'c>,
    /// The position's finisher, made when first asked for ([`Gen::finisher`]): a team that
    /// is down lists its melds without one.
    finisher: Option<Finisher<'c>>,
    n: u32,
    must_out: bool,
    no_out: bool,
    /// Each sub-multiset of the wild cards in hand (at most `max_wilds`) with its size and value.
    wild_sets: Vec<(CardList, u32, i32)>,
    /// The hand's wild cards and run positions, for the run candidates.
    runs: HandRuns,
    root_ok: Option<bool>,
    /// The cards that must stay after a meld of a team that is down, for the turn to be
    /// surely finishable: two, three when one of them may not be discarded.
    keep: usize,
    /// When the team is down and the player is not bound to go out: the most cards a
    /// meld other than black 3s may lay keeping [`Gen::keep`] (the first test of
    /// [`Gen::ok_searched`], made once for the position).
    free_lay: Option<usize>,
    /// The situation after a candidate, its melds' list reused from one candidate to the next.
    after: Situation,
}

impl<'c> Gen<'c> {
    pub(super) fn new(ctx: &'c Context<'c>) -> Gen<'c> {
        let turn = &ctx.s.turn;
        let no_out = turn.answer == Some(false);
        let runs = HandRuns::of(&ctx.hand, ctx.rules.runs);
        let wild_sets = sub_multisets(&runs.wilds, 0, ctx.rules.max_wilds)
            .map(|w| {
                let v = w.as_slice().iter().map(|&c| ctx.value(c)).sum();
                let n = w.len() as u32;
                (w, n, v)
            })
            .collect();
        let n = ctx.hand.len();
        let must_out = turn.must_go_out || turn.answer == Some(true);
        let keep = if turn.forbidden.is_none() { 2 } else { 3 };
        // ok_searched's first test with the team down: the aside joins the hand
        let free_lay = (ctx.opened && !must_out)
            .then(|| (n as usize + turn.aside.len()).checked_sub(keep))
            .flatten();
        Gen {
            ctx,
            finisher: None,
            n,
            keep,
            must_out,
            no_out,
            wild_sets,
            runs,
            root_ok: None,
            free_lay,
            // its list of melds is made when first needed: most listings never need it
            after: Situation::after_laying(ctx.hand, Vec::new(), false, 0, Cards::default(), false),
        }
    }

    /// The position's finisher (one for all its candidates, with its memo).
    pub(super) fn finisher(&mut self) -> &mut Finisher<'c> {
        finisher_in(&mut self.finisher, self.ctx, self.no_out)
    }

    /// Whether the turn could be finished from here once cards are laid: when
    /// it cannot, no meld is legal (every position a meld leads to is reached
    /// by the meld's single-card steps), so one search here spares one per candidate.
    fn root_finishable(&mut self) -> Result<bool, SearchGaveUp> {
        if let Some(ok) = self.root_ok {
            return Ok(ok);
        }
        self.ctx.set_here(&mut self.after, true, self.must_out);
        let ok = finisher_in(&mut self.finisher, self.ctx, self.no_out).finishable(&self.after)?;
        self.root_ok = Some(ok);
        Ok(ok)
    }

    /// Whether a meld move within the meld rules is legal: C-OUT-1, K-OUT-1, E-2.
    /// Most candidates of a team that is down leave cards enough: answered here
    /// without a call ([`Gen::ok_searched`]'s first test, its bound made once),
    /// and without the value the move lays (`gain`, in half points: worked out
    /// only when asked, a run's a sum over its cards).
    #[inline(always)]
    fn ok(
        &mut self,
        removed: &[Card],
        index: Option<usize>,
        shape: Shape,
        gain: impl FnOnce() -> i32,
        nat_runs: u32,
        black3: bool,
    ) -> Result<bool, SearchGaveUp> {
        if !black3 && self.free_lay.is_some_and(|most| removed.len() <= most) {
            return Ok(true);
        }
        self.ok_searched(removed, index, shape, gain(), nat_runs, black3)
    }

    /// [`Gen::ok`] in full.
    fn ok_searched(
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
        if opened2 && !must_out && n2 as usize >= self.keep {
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
        let after = &mut self.after;
        ctx.put_shapes_with(&mut after.shapes, index, shape);
        after.hand = hand;
        after.opened = opened2;
        after.count = count2;
        after.aside = if joins {
            Cards::default()
        } else {
            Cards::from_cards(&turn.aside)
        };
        after.must_out = must_out;
        finisher_in(&mut self.finisher, ctx, self.no_out).finishable(after)
    }

    pub(super) fn new_sets(&mut self, out: &mut Vec<Action>) -> Result<(), SearchGaveUp> {
        let ctx = self.ctx;
        let rules = ctx.rules;
        let t = &ctx.tables;
        let mut have_set = [false; 14];
        for r in ctx.shapes.iter().filter_map(set_rank) {
            have_set[usize::from(r)] = true;
        }
        for rank in 1..=13u8 {
            // a set needs two natural cards of its rank at least (the 2s are wild)
            if rank == 2 || ctx.hand.rank_total(rank) < 2 {
                continue;
            }
            let nat_counts = rank_counts(&ctx.hand, rank);
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
                    let gain = || nats.as_slice().iter().map(|&c| ctx.value(c)).sum();
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
                    let gain = || nv + wv;
                    if self.ok(cards.as_slice(), None, shape, gain, ctx.nat_runs, false)? {
                        out.push(Action::Meld { cards });
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn new_runs(&mut self, out: &mut Vec<Action>) -> Result<(), SearchGaveUp> {
        let ctx = self.ctx;
        let runs = self.runs;
        new_run_candidates(ctx, &runs, |list, low, wpos| {
            let cards = list.as_slice();
            let gain = || run_value(ctx, cards, low, wpos);
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
            Ok(())
        })
    }

    pub(super) fn set_adds(
        &mut self,
        index: usize,
        out: &mut Vec<Action>,
    ) -> Result<(), SearchGaveUp> {
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
                    let gain = || nats.as_slice().iter().map(|&c| ctx.value(c)).sum();
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
                    || nv + wv,
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

    pub(super) fn run_extends(
        &mut self,
        index: usize,
        out: &mut Vec<Action>,
    ) -> Result<(), SearchGaveUp> {
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
        // the run's value, worked out when a candidate first asks for its gain (most runs
        // have no candidate, and a team that is down seldom asks)
        let mut old_value = None;
        let runs = self.runs;
        run_extend_candidates(ctx, &runs, meld, |run_list, added, low, wpos| {
            let run = run_list.as_slice();
            let high = low + run.len() as u8 - 1;
            let gain = || {
                let old_value = *old_value.get_or_insert_with(|| meld_value(ctx, meld));
                run_value(ctx, run, low, wpos) - old_value
            };
            let nat_runs = ctx.nat_runs - was_natural + u32::from(wpos.is_none());
            let shape = Shape::Run {
                suit,
                low,
                high,
                wild: wpos,
            };
            if self.ok(added.as_slice(), Some(index), shape, gain, nat_runs, false)? {
                out.push(Action::Extend {
                    meld: index as u16,
                    run: cards_of(run),
                });
            }
            Ok(())
        })
    }
}
