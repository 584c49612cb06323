//! E-2's search over single-card steps, for any rules (the Python engine's
//! `kanasta.legality.search`).
//!
//! [`Finisher`]'s `search` is a depth-first search over single-card `Step`s
//! (a new three-card meld, one card added to a meld or a run end, a run's
//! wild card moving on) on count-vector hands, with a memo, the bounds of
//! [`super::bounds`] that prune hopeless nodes, and the greedy witness of
//! [`super::witness`] at the root.  A multi-card move of the engine is a
//! sequence of such steps, so both see the same reachable end positions.
//! Until the team is open a node decides one card, its pivot: laid by the
//! steps that lay it, or kept in hand until the opening
//! (`Finisher::pivot_steps`), so each way of melding is searched in one
//! order only and a kept card leaves the bounds.

use std::borrow::Cow;

use super::bounds::{POINTS, WAIVER};
use super::budget::{Finisher, Inherited, Node, Progress, SearchGaveUp, Step};
use super::situation::{team_opens, Situation};
use super::tables::{
    canastas, for_each_combo, has_natural_run, is_wild, natural_at, rank_base, rank_of, Cards,
    Shape, BLACK_THREE_MELD_MAX, MELD_MIN, WILD_CARDS, WILD_MASK,
};
use crate::cards::JOKER;
use crate::inline::Inline;

impl<'t> Finisher<'t> {
    /// The general search from `s`, whose hand holds `held` cards.
    pub(super) fn search(&mut self, s: &Situation, held: u32) -> Result<bool, SearchGaveUp> {
        let (mut hand, mut aside) = (s.hand, s.aside);
        if self.canon {
            // (the same number of cards, as their stand-ins)
            hand = hand.mapped(&self.t.canon);
            aside = aside.mapped(&self.t.canon);
        }
        let mut node = Node::root(
            hand,
            held,
            self.progress(s.opened, s.count),
            aside,
            s.must_out,
        );
        node.lay_root(&s.shapes);
        if !s.opened && !s.must_out {
            if let Some(&known) = self.memo.get(&node) {
                return Ok(known);
            }
            // the hand's run positions: the witness's, and the root's (nothing is kept yet)
            let rows = node.hand.run_rows();
            if self.greedy((&node.hand, rows), &node.shapes, s.count) {
                return Ok(true);
            }
            // the memo was asked above: the node is searched without asking it again
            if let Some(settled) = self.goal(&node) {
                return Ok(settled);
            }
            return self.expand(&node, s.count, None, Some(rows));
        }
        self.dfs(&node, s.count, None)
    }

    fn progress(&self, opened: bool, count: i32) -> Progress {
        if opened {
            Progress::Open
        } else {
            Progress::Counted(count.min(self.flags.minimum))
        }
    }

    /// True or false when the node is settled, None to search on.
    fn goal(&self, node: &Node) -> Option<bool> {
        let hand = &node.hand;
        let n = node.held;
        let opened = node.progress == Progress::Open;
        if n == 0 {
            return Some(self.may_empty(canastas(&node.shapes), opened, false));
        }
        let forbidden = self.forbidden();
        if opened
            && !node.must_out
            && n >= 2
            && forbidden.is_none_or(|f| hand.iter().any(|(c, _)| c != f))
        {
            return Some(true);
        }
        if n == 1
            && hand.single() != forbidden
            && self.may_empty(canastas(&node.shapes), opened, true)
        {
            return Some(true);
        }
        None
    }

    /// Settle `node` from the memo or by expanding it; `inherited` as [`Finisher::expand`]'s.
    fn dfs(
        &mut self,
        node: &Node,
        count: i32,
        inherited: Option<Inherited<'_>>,
    ) -> Result<bool, SearchGaveUp> {
        if let Some(settled) = self.goal(node) {
            return Ok(settled);
        }
        if let Some(&known) = self.memo.get(node) {
            return Ok(known);
        }
        self.expand(node, count, inherited, None)
    }

    /// Search a node that is neither settled nor in the memo (one node of the budget).
    ///
    /// `inherited`: when the node is its parent's with one more copy of the
    /// parent's natural pivot kept in hand, what it takes from the parent.
    /// The node's steps are then those of the parent's that the one copy
    /// fewer of the pivot still allows, in the same order ([`Inherited::steps`]
    /// says why), instead of being made again.  `rows`: the free cards'
    /// [`Cards::run_rows`], when the caller has them.
    fn expand(
        &mut self,
        node: &Node,
        count: i32,
        inherited: Option<Inherited<'_>>,
        rows: Option<[u16; 4]>,
    ) -> Result<bool, SearchGaveUp> {
        self.work.expand()?;
        let opened = node.progress == Progress::Open;
        let mut result = false;
        // the cards a step may lay: all but the kept ones (kept until the team is open)
        let n_kept = node.kept.len();
        let free = if n_kept == 0 {
            node.hand
        } else {
            node.hand.without(&node.kept)
        };
        // their run positions, read by the bounds and the steps alike
        let rows = match (inherited, rows) {
            (Some(from), _) => from.rows(free.count(from.pivot)),
            (None, Some(rows)) => rows,
            (None, None) => free.run_rows(),
        };
        debug_assert_eq!(rows, free.run_rows());
        if node.must_out && self.dead(&node.hand, &node.shapes) > self.out_dead {
            // a card that can never be melded stays in hand: no going out
        } else if let hope @ (POINTS | WAIVER) = if opened {
            POINTS
        } else {
            self.hopeful(
                (&free, rows),
                &node.shapes,
                count,
                n_kept,
                &node.hand,
                !node.aside.is_empty(),
            )
        } {
            // a step list per depth, reused from the finisher's spares (no allocation per node);
            // a node keeping its parent's pivot reads the parent's own when it keeps them all
            let all: Cow<'_, [Step]> = match inherited {
                Some(from) if from.keeps_all(free.count(from.pivot)) => Cow::Borrowed(from.steps),
                Some(from) => {
                    let spare = self.step_list();
                    Cow::Owned(from.steps(free.count(from.pivot), spare))
                }
                None => {
                    let spare = self.step_list();
                    Cow::Owned(self.steps(
                        (&free, rows),
                        &node.shapes,
                        (&node.hand, &node.aside, &node.plain),
                        spare,
                    ))
                }
            };
            debug_assert!(
                inherited.is_none()
                    || (all.iter())
                        .map(|s| Step { toward: 0, ..*s })
                        .eq(self.steps(
                            (&free, rows),
                            &node.shapes,
                            (&node.hand, &node.aside, &node.plain),
                            Vec::new()
                        ))
            );
            // the steps searched: all of them once the team is open, else the pivot's
            // (a list of their own: a child keeping a natural pivot inherits them all)
            let (mut steps, all, pivot) = if opened {
                // (a node whose team is open inherits nothing: its steps are its own)
                (all.into_owned(), None, None)
            } else {
                let mut all = all;
                if let Cow::Owned(list) = &mut all {
                    // (an inherited step's were worked out by the parent: the melds are its)
                    for step in list.iter_mut().filter(|step| step.toward == 0) {
                        step.toward = step.toward_mask(&node.shapes);
                    }
                }
                let mut cut = self.step_list();
                let pivot = self.pivot_steps(&free, &node.shapes, &all, node, &mut cut);
                (cut, Some(all), pivot)
            };
            if !node.must_out {
                // the highest gain first (a stable sort: after the pivot's cut, as
                // before it, the steps kept are in the same order)
                steps.sort_by_key(|step| -step.gain);
            }
            if let Some((two, true)) = pivot {
                // the 2 never stands in its natural place: a plain wild card from now on (the likelier way)
                let mut child = node.clone();
                child.declare(two);
                if self.dfs(&child, count, None)? {
                    result = true;
                    steps.clear();
                }
            }
            // the node's natural runs: a step's child has one more or one fewer (K-OPEN-2)
            let natural_runs = node.shapes.iter().filter(|s| s.is_natural_run()).count();
            for step in &steps {
                let count2 = if opened { count } else { count + step.gain };
                let mut child = node.clone();
                child.take(step);
                let mut opened2 = opened;
                let was_natural = step
                    .index
                    .is_some_and(|i| node.shapes[usize::from(i)].is_natural_run());
                let natural_run = natural_runs - usize::from(was_natural)
                    + usize::from(step.shape.is_natural_run())
                    > 0;
                debug_assert_eq!(natural_run, has_natural_run(&child.shapes));
                if !opened
                    && team_opens(
                        &self.t.rules,
                        self.flags.minimum,
                        count2,
                        natural_run,
                        child.held,
                    )
                {
                    opened2 = true;
                    // the team is open: the kept cards may be laid, and the cards set aside join the hand
                    child.release();
                    if !child.aside.is_empty() {
                        let hand = child.hand.union(&child.aside);
                        child = Node::new(
                            hand,
                            child.shapes,
                            child.progress,
                            Cards::default(),
                            child.must_out,
                            (Cards::default(), child.plain),
                        );
                    }
                }
                child.progress = self.progress(opened2, count2);
                if self.dfs(&child, count2, None)? {
                    result = true;
                    break;
                }
            }
            // or the pivot stays in hand until the team is open (the waiver leaves one card
            // at most: with one kept, a second would leave the child no hope)
            // (a 2 to decide was made plain instead)
            if let (false, Some((p, false)), false) = (result, pivot, hope == WAIVER && n_kept > 0)
            {
                let mut child = node.clone();
                child.keep(p);
                // a natural pivot's child makes no steps of its own: it filters these
                // (not a black 3 where they are melded: their steps lay the first one held)
                let black_three = self.t.rules.black_threes && rank_of(p) == 3;
                let parent = (all.as_deref())
                    .filter(|_| !(is_wild(p) || black_three))
                    .map(|steps| Inherited {
                        steps,
                        pivot: p,
                        rows,
                    });
                result = self.dfs(&child, count, parent)?;
            }
            self.spare_steps.push(steps);
            if let Some(Cow::Owned(all)) = all {
                self.spare_steps.push(all);
            }
        }
        self.memo_room();
        self.memo.insert(node.clone(), result);
        Ok(result)
    }

    /// The pivot card, with `cut` the steps of `all` (their run-toward cards
    /// worked out) a node searches while the team is not open (the Python
    /// engine's `Search.pivot_steps`, which says why the answer is the full
    /// search's).
    ///
    /// Each card of the hand is, at the opening, in a meld or still in hand,
    /// whatever the order it was laid in: the search tries only the steps that
    /// lay the pivot (of the cards `free` to be laid, the natural card with the
    /// fewest such steps, the lowest of those, else the first wild card), that
    /// lengthen a run of its suit toward its place or push a run's wild to an
    /// end, and then keeping the pivot in hand until the opening.
    ///
    /// Before any of that, a 2 that may still stand in its natural place and
    /// has a wild card of its value beside it is decided (`true` with it):
    /// laid in its place now, or never (plain, [`Node::declare`]).
    fn pivot_steps(
        &self,
        free: &Cards,
        shapes: &[Shape],
        all: &[Step],
        node: &Node,
        cut: &mut Vec<Step>,
    ) -> Option<(usize, bool)> {
        cut.clear();
        if let Some(two) = self.undecided_two(free, shapes, node) {
            cut.extend(
                all.iter()
                    .filter(|step| lays_toward(two, shapes, step, true)),
            );
            return Some((two, true));
        }
        // the natural card with the fewest steps (the most constrained: a refutation ends
        // soonest), the lowest of those: every card's steps counted in one pass over the
        // steps, from their run-toward cards
        let held = free.held_mask();
        let naturals = held & !WILD_MASK;
        let mut mine = [0u32; 64];
        for step in all {
            let mut toward = step.toward & naturals;
            while toward != 0 {
                mine[toward.trailing_zeros() as usize] += 1;
                toward &= toward - 1;
            }
        }
        let mut best: Option<(usize, u32)> = None;
        // the natural cards of `free`, lowest first
        let mut rest = naturals;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            debug_assert_eq!(
                mine[c] as usize,
                (all.iter())
                    .filter(|step| lays_toward(c, shapes, step, false))
                    .count()
            );
            if best.is_none_or(|(_, fewest)| mine[c] < fewest) {
                best = Some((c, mine[c]));
            }
        }
        // (else the lowest wild card)
        let wilds = held & WILD_MASK;
        let pivot =
            (best.map(|(c, _)| c)).or((wilds != 0).then(|| wilds.trailing_zeros() as usize));
        let p = pivot?;
        if is_wild(p) {
            cut.extend(
                all.iter()
                    .filter(|step| lays_toward(p, shapes, step, false)),
            );
        } else {
            cut.extend(all.iter().filter(|step| {
                let toward = step.toward & 1 << p != 0;
                debug_assert_eq!(toward, lays_toward(p, shapes, step, false));
                toward
            }));
        }
        Some((p, false))
    }

    /// The lowest free 2 still to decide ([`Finisher::pivot_steps`]): one that
    /// may stand in its natural place, not the card that may not be discarded,
    /// with another wild card of its value beside it (alone, it is a kind of
    /// its own whatever the decision), and whose suit may hold no wild card at
    /// position 2 ([`Finisher::wild_at_two`]: there it could not stand in for
    /// the others).
    fn undecided_two(&self, free: &Cards, shapes: &[Shape], node: &Node) -> Option<usize> {
        let forbidden = self.forbidden();
        WILD_CARDS.into_iter().find(|&c| {
            free.count(c) > node.plain.count(c)
                && forbidden != Some(c)
                && self.may_be_natural(c, &node.hand, &node.aside, shapes)
                && !self.wild_at_two((c % 4) as u8, &node.hand, &node.aside, shapes)
                && {
                    let value = self.t.value(c);
                    let same: u32 = WILD_CARDS
                        .into_iter()
                        .filter(|&j| forbidden != Some(j) && self.t.value(j) == value)
                        .map(|j| u32::from(free.count(j)))
                        .sum();
                    same >= 2
                }
        })
    }

    /// Whether a run of `suit` may still hold a wild card at position 2 (the
    /// Python engine's `Search._wild_at_two`): its position 3 holds the
    /// natural 3, in hand (`held`) or set `aside`, or on a run of the suit
    /// over position 3 with its wild card elsewhere.
    fn wild_at_two(&self, suit: u8, held: &Cards, aside: &Cards, shapes: &[Shape]) -> bool {
        holds(suit, 3, held, aside)
            || shapes.iter().any(|s| {
                matches!(*s, Shape::Run { suit: s_suit, low, high, wild }
                    if s_suit == suit && low <= 3 && 3 <= high && wild != Some(3))
            })
    }

    /// Whether the wild card `w` may still stand in its natural place (a 2
    /// of a run of its suit, K-MELD-6): a run reaches position 2 only
    /// through a natural ace, 3 or 4 of the suit (in the whole hand `held`
    /// or set `aside`) or a run of the suit down to position 4 or lower.
    fn may_be_natural(&self, w: usize, held: &Cards, aside: &Cards, shapes: &[Shape]) -> bool {
        if w == usize::from(JOKER) || !self.t.rules.runs {
            return false;
        }
        let suit = (w % 4) as u8;
        [1u8, 3, 4]
            .iter()
            .any(|&pos| holds(suit, pos, held, aside))
            || shapes.iter().any(
            |s| matches!(*s, Shape::Run { suit: s_suit, low, .. } if s_suit == suit && low <= 4),
        )
    }

    /// Every single-card step: a card added to a meld, a new meld of three.
    ///
    /// The wild cards laid are one of each kind of interchangeable ones (the
    /// Python engine's `Search.wild_kinds`, which says why): the same value,
    /// not the card that may not be discarded, and not a 2 that may still
    /// stand in its natural place (`held` is the whole hand, `aside` the
    /// cards set aside, see [`Finisher::may_be_natural`]; `rows` are the
    /// free `hand`'s [`Cards::run_rows`]).  In the order made:
    /// the caller sorts the ones it keeps.
    fn steps(
        &self,
        (hand, rows): (&Cards, [u16; 4]),
        shapes: &[Shape],
        (held, aside, decided): (&Cards, &Cards, &Cards),
        mut out: Vec<Step>,
    ) -> Vec<Step> {
        let t = self.t;
        let rules = &t.rules;
        out.clear();
        let mut wild_buf = [0usize; 5];
        let mut n_wild = 0;
        let mut plain = [0i32; 5];
        let mut n_plain = 0;
        for c in WILD_CARDS {
            if hand.has(c) {
                if self.forbidden() != Some(c)
                    && (decided.has(c) || !self.may_be_natural(c, held, aside, shapes))
                {
                    let value = t.value(c);
                    if plain[..n_plain].contains(&value) {
                        continue; // laid as the wild card of the same kind before it
                    }
                    plain[n_plain] = value;
                    n_plain += 1;
                }
                wild_buf[n_wild] = c;
                n_wild += 1;
            }
        }
        let wild_kinds = &wild_buf[..n_wild];
        let mut push = |cards: &[usize],
                        index: Option<u8>,
                        new: Shape,
                        gain: i32,
                        b3: bool,
                        wild: Option<usize>| {
            let mut taken = [0u8; 3];
            for (slot, &c) in taken.iter_mut().zip(cards) {
                *slot = c as u8;
            }
            out.push(Step {
                cards: taken,
                taken: cards.len() as u8,
                index,
                shape: new,
                gain,
                black_threes: b3,
                wild: wild.map(|w| w as u8),
                toward: 0,
            });
        };
        // additions to existing melds
        for (si, s) in (0u8..).zip(shapes) {
            match *s {
                Shape::Set {
                    rank,
                    naturals,
                    wilds,
                    size,
                } => {
                    if u32::from(size) >= t.max_size {
                        continue;
                    }
                    if rules.is_black_three_set(rank) {
                        if u32::from(size) < BLACK_THREE_MELD_MAX {
                            if let Some(b) = [8usize, 11].into_iter().find(|&b| hand.has(b)) {
                                let new = Shape::Set {
                                    rank: 3,
                                    naturals: naturals + 1,
                                    wilds: 0,
                                    size: size + 1,
                                };
                                push(&[b], Some(si), new, t.value(b), true, None);
                            }
                        }
                        continue;
                    }
                    let base = rank_base(rank);
                    for c in base..base + 4 {
                        if hand.has(c) {
                            let new = Shape::Set {
                                rank,
                                naturals: naturals + 1,
                                wilds,
                                size: size + 1,
                            };
                            push(&[c], Some(si), new, t.value(c), false, None);
                        }
                    }
                    if u32::from(wilds) < rules.max_wilds
                        && !(rules.wilds_within_naturals && wilds + 1 > naturals)
                    {
                        for &w in wild_kinds {
                            let new = Shape::Set {
                                rank,
                                naturals,
                                wilds: wilds + 1,
                                size: size + 1,
                            };
                            push(&[w], Some(si), new, t.value(w), false, Some(w));
                        }
                    }
                }
                Shape::Run {
                    suit,
                    low,
                    high,
                    wild,
                } => {
                    // the positions the run may grow to (no allocation per node)
                    let mut ends: Inline<u8, 2> = Inline::default();
                    if u32::from(high - low + 1) < t.run_max {
                        if low > 1 {
                            ends.push(low - 1);
                        }
                        if high < 14 {
                            ends.push(high + 1);
                        }
                    }
                    for &pos in ends.iter() {
                        let nat = natural_at(suit, pos);
                        let (nl, nh) = (low.min(pos), high.max(pos));
                        if hand.has(nat) {
                            let new = Shape::Run {
                                suit,
                                low: nl,
                                high: nh,
                                wild,
                            };
                            push(&[nat], Some(si), new, t.run_value(nat, pos), false, None);
                        }
                        if wild.is_none() {
                            for &w in wild_kinds {
                                if pos == 2 && w == 4 + usize::from(suit) {
                                    continue; // that 2 would be natural here
                                }
                                let new = Shape::Run {
                                    suit,
                                    low: nl,
                                    high: nh,
                                    wild: Some(pos),
                                };
                                push(&[w], Some(si), new, t.value(w), false, Some(w));
                            }
                        }
                    }
                    if let Some(wpos) = wild {
                        let nat = natural_at(suit, wpos);
                        if hand.has(nat) {
                            let gain = t.run_value(nat, wpos);
                            for &pos in ends.iter() {
                                let new = Shape::Run {
                                    suit,
                                    low: low.min(pos),
                                    high: high.max(pos),
                                    wild: Some(pos),
                                };
                                push(&[nat], Some(si), new, gain, false, None);
                            }
                        }
                    }
                }
            }
        }
        // new sets of three
        let mut have_set = [false; 14];
        for s in shapes {
            if let Some(r) = s.set_rank() {
                have_set[usize::from(r)] = true;
            }
        }
        for rank in 1..14u8 {
            if !t.set_rank[usize::from(rank)]
                || (rules.one_meld_per_rank && have_set[usize::from(rank)])
            {
                continue;
            }
            let base = rank_base(rank);
            let kinds = [base, base + 1, base + 2, base + 3];
            let n = hand.rank_total(rank);
            if n < 2 {
                continue;
            }
            let value = t.value(base);
            if n >= MELD_MIN {
                let new = Shape::Set {
                    rank,
                    naturals: 3,
                    wilds: 0,
                    size: 3,
                };
                for_each_combo(hand, &kinds, 3, &mut |trio| {
                    push(trio, None, new, 3 * value, false, None);
                });
            }
            let new = Shape::Set {
                rank,
                naturals: 2,
                wilds: 1,
                size: 3,
            };
            if wild_kinds.is_empty() {
                continue; // a pair needs a wild card
            }
            for_each_combo(hand, &kinds, 2, &mut |pair| {
                for &w in wild_kinds {
                    push(
                        &[pair[0], pair[1], w],
                        None,
                        new,
                        2 * value + t.value(w),
                        false,
                        Some(w),
                    );
                }
            });
        }
        // black 3s, only by a player going out (C-THREE-2)
        if self.flags.black3_ok && rules.black_threes && !have_set[3] {
            let n = u32::from(hand.count(8)) + u32::from(hand.count(11));
            if n >= MELD_MIN {
                let new = Shape::Set {
                    rank: 3,
                    naturals: 3,
                    wilds: 0,
                    size: 3,
                };
                for_each_combo(hand, &[8, 11], 3, &mut |trio| {
                    push(trio, None, new, 3 * t.value(8), true, None);
                });
            }
        }
        // new runs of three
        if rules.runs {
            for (suit, row) in (0..4u8).zip(rows) {
                // the windows of three positions (starting at 1 to 12) with two or three held
                // (three without a wild card to fill the third: a window of two makes no step)
                let held = if wild_kinds.is_empty() {
                    row & (row >> 1) & (row >> 2)
                } else {
                    (row & (row >> 1)) | (row & (row >> 2)) | ((row >> 1) & (row >> 2))
                };
                let mut lows = held & 0b1_1111_1111_1110;
                while lows != 0 {
                    let low = lows.trailing_zeros() as u8;
                    lows &= lows - 1;
                    let window: [bool; 3] =
                        std::array::from_fn(|k| row & (1 << (low as usize + k)) != 0);
                    let missing = window.iter().filter(|&&p| !p).count();
                    let cells = [
                        natural_at(suit, low),
                        natural_at(suit, low + 1),
                        natural_at(suit, low + 2),
                    ];
                    let gains: [i32; 3] =
                        std::array::from_fn(|k| t.run_value(cells[k], low + k as u8));
                    // (the window's cards held are three different cards: the hand covers them)
                    if missing == 0 {
                        let new = Shape::Run {
                            suit,
                            low,
                            high: low + 2,
                            wild: None,
                        };
                        push(&cells, None, new, gains.iter().sum(), false, None);
                    }
                    for (k, &held) in window.iter().enumerate() {
                        if missing == 1 && held {
                            continue;
                        }
                        let others = match k {
                            0 => [cells[1], cells[2]],
                            1 => [cells[0], cells[2]],
                            _ => [cells[0], cells[1]],
                        };
                        let gain0: i32 = (0..3).filter(|&j| j != k).map(|j| gains[j]).sum();
                        for &w in wild_kinds {
                            if low + k as u8 == 2 && w == 4 + usize::from(suit) {
                                continue;
                            }
                            let used = [others[0], others[1], w];
                            // the two others are held, and differ: w is needed once more
                            // for each of them it is (a natural 2 beside its own wild use)
                            let need = 1 + u8::from(others[0] == w) + u8::from(others[1] == w);
                            debug_assert_eq!(hand.count(w) >= need, hand.covers(&used));
                            if hand.count(w) >= need {
                                let new = Shape::Run {
                                    suit,
                                    low,
                                    high: low + 2,
                                    wild: Some(low + k as u8),
                                };
                                push(&used, None, new, gain0 + t.value(w), false, Some(w));
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// Whether the natural card at run position `pos` of `suit` is in the hand
/// `held` or set `aside`.
fn holds(suit: u8, pos: u8, held: &Cards, aside: &Cards) -> bool {
    let c = natural_at(suit, pos);
    held.has(c) || aside.has(c)
}

/// Whether `step` lays the pivot `p`, lengthens a run of its suit toward its
/// place, or pushes that run's wild card to an end (the Python engine's `_pivot_steps`).
fn lays_toward(p: usize, shapes: &[Shape], step: &Step, decide: bool) -> bool {
    let laid = step.cards[..usize::from(step.taken)]
        .iter()
        .filter(|&&c| usize::from(c) == p)
        .count();
    if laid > 0 {
        // a 2 being decided: only the steps that lay it in its natural place
        return !decide || laid > usize::from(step.wild == Some(p as u8));
    }
    let toward: &[u8] = match (decide, is_wild(p), rank_of(p)) {
        (true, _, _) => &[2],
        (false, true, _) => &[],
        (false, false, 1) => &[1, 14],
        (false, false, rank) => &[rank][..],
    };
    let suit = (p % 4) as u8;
    let Some(i) = step.index.map(usize::from) else {
        return false;
    };
    match (shapes[i], step.shape) {
        (
            Shape::Run {
                suit: s, low, wild, ..
            },
            Shape::Run {
                low: new_low,
                high: new_high,
                wild: new_wild,
                ..
            },
        ) if s == suit && !toward.is_empty() => {
            if wild.is_some() && new_wild != wild {
                true // a natural card pushing the run's wild to an end (K-MELD-7)
            } else if new_low < low {
                toward.iter().any(|&pos| pos < new_low)
            } else {
                toward.iter().any(|&pos| pos > new_high)
            }
        }
        _ => false,
    }
}
