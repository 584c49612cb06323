//! The work of one legality question (the Python engine's
//! `kanasta.legality.budget`), and the types every E-2 procedure shares.
//!
//! One [`Work`] serves one question (a listing of moves, the check of one
//! move): every E-2 search made for it shares its memo tables and counts its
//! nodes against [`SEARCH_BUDGET`]; past it the question is given up with
//! [`SearchGaveUp`], whose message is the Python engine's `EngineLimitError`'s.
//! A memo table (`Memo`) maps the search's nodes (`Node`, reached by
//! single-card `Step`s) to their answers; a [`Finisher`] is one set of a
//! position's fixed facts searching with its table.  The procedures that
//! answer for a finisher ([`super::classic`], [`super::witness`],
//! [`super::search`] with [`super::bounds`]) and its dispatch
//! ([`super::finish`]) sit above this module and use it; it uses none of them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::situation::TurnFlags;
use super::tables::{Cards, Shape, Tables, ABOVE, BELOW, WILD_CARDS};
use crate::cards::DISTINCT;
use crate::inline::Inline;

/// The most search nodes one legality question (one listing, one move check)
/// may expand: the engine's work budget, the Python engine's
/// `kanasta.legality.budget.SEARCH_BUDGET` (which says how it was chosen).
/// Past it the question is given up ([`SearchGaveUp`]) and nothing of it is
/// kept.
pub const SEARCH_BUDGET: u64 = 250_000;

/// The search gave up: the question needs more nodes than its work budget
/// (`limit`).  Displayed as the Python engine's `EngineLimitError` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchGaveUp {
    /// The budget that was exceeded, in search nodes.
    pub limit: u64,
}

impl std::fmt::Display for SearchGaveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "deciding whether the turn can be finished (E-2) needs more than {} search steps \
             here; the engine's work budget for one question",
            thousands(self.limit)
        )
    }
}

/// `n` with a comma between groups of three digits (Python's `f"{n:,}"`).
pub(super) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

// ------------------------------------------------------------------ the memo

/// A multiplicative hasher (FxHash) for small keys: the memo's (plain bytes)
/// and the bindings' table of action objects (moves: a few small integers).
#[derive(Default)]
pub(crate) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

// ------------------------------------------------------------------ the work of one question

pub(super) type Memo = HashMap<Node, bool, BuildHasherDefault<FxHasher>>;

/// The memo tables and the node count of one legality question (a listing,
/// a move check), the Python engine's `kanasta.legality.finish.Work`.
///
/// Every search made for the same question shares them: a memo table per
/// [`TurnFlags`] (a node's answer depends on its key and the flags), and one
/// count of expanded nodes against the question's budget.  Nothing outlives
/// the question.
#[derive(Debug)]
pub struct Work {
    nodes: std::cell::Cell<u64>,
    limit: u64,
    memos: std::cell::RefCell<Vec<(TurnFlags, Memo)>>,
}

impl Default for Work {
    fn default() -> Self {
        Work::new(SEARCH_BUDGET)
    }
}

impl Work {
    /// The work of a question allowed `limit` search nodes.
    pub fn new(limit: u64) -> Work {
        Work {
            nodes: std::cell::Cell::new(0),
            limit,
            memos: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// The search nodes expanded so far (deterministic: tests and benchmarks read it).
    pub fn nodes(&self) -> u64 {
        self.nodes.get()
    }

    /// The question's budget, in search nodes.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// How many searched nodes the memo tables hold.
    pub fn memo_len(&self) -> usize {
        self.memos.borrow().iter().map(|(_, m)| m.len()).sum()
    }

    /// Count one expanded node; past the budget, give up on the question.
    pub(super) fn expand(&self) -> Result<(), SearchGaveUp> {
        let n = self.nodes.get() + 1;
        self.nodes.set(n);
        if n > self.limit {
            return Err(SearchGaveUp { limit: self.limit });
        }
        Ok(())
    }

    /// The memo table of the searches with `flags`, taken out while a finisher uses it.
    pub(super) fn take_memo(&self, flags: &TurnFlags) -> Memo {
        let mut memos = self.memos.borrow_mut();
        match memos.iter().position(|(f, _)| f == flags) {
            Some(i) => memos.swap_remove(i).1,
            None => Memo::default(),
        }
    }

    /// Give the memo table of `flags` back (when its finisher is done).
    pub(super) fn put_memo(&self, flags: TurnFlags, memo: Memo) {
        if memo.capacity() == 0 {
            // never used: nothing to keep
        } else if memo.is_empty() {
            keep_memo(memo);
        } else {
            self.memos.borrow_mut().push((flags, memo));
        }
    }
}

impl Drop for Work {
    /// The question is answered: its memo tables, emptied, serve the thread's next one.
    #[inline]
    fn drop(&mut self) {
        let memos = self.memos.get_mut();
        if !memos.is_empty() {
            for (_, memo) in std::mem::take(memos) {
                keep_memo(memo);
            }
        }
    }
}

// ------------------------------------------------------------------ room kept between questions

/// The room a thread keeps between legality questions: empty memo tables and
/// step lists of the questions answered, so that the next question allocates
/// none (its answers never depend on a table's or a list's room).
struct Spares {
    memos: Vec<Memo>,
    steps: Vec<Vec<Step>>,
}

/// The most memo tables a thread keeps (a question searches with one set of
/// flags, now and then two).
const MEMOS_KEPT: usize = 2;
/// The largest memo table kept, in entries' room: a table of 1,024 buckets,
/// under half a megabyte (a node is 440 bytes; a larger table, a rare long
/// search's, is freed).
const MEMO_ROOM_KEPT: usize = 896;
/// The most step lists a thread keeps (two a depth of the search), and the
/// largest kept, in steps' room.
const STEPS_KEPT: usize = 16;
const STEPS_ROOM_KEPT: usize = 1024;

thread_local! {
    static SPARES: std::cell::RefCell<Spares> = const {
        std::cell::RefCell::new(Spares {
            memos: Vec::new(),
            steps: Vec::new(),
        })
    };
}

/// `f` of this thread's spares; None while the thread is being torn down.
fn spares<R>(f: impl FnOnce(&mut Spares) -> R) -> Option<R> {
    SPARES.try_with(|cell| f(&mut cell.borrow_mut())).ok()
}

/// Keep `memo`, emptied, for the thread's next question (unless the thread keeps enough).
fn keep_memo(mut memo: Memo) {
    if memo.capacity() == 0 || memo.capacity() > MEMO_ROOM_KEPT {
        return;
    }
    memo.clear();
    spares(|spares| {
        if spares.memos.len() < MEMOS_KEPT {
            spares.memos.push(memo);
        }
    });
}

// ------------------------------------------------------------------ the finisher

/// Answers "can the turn still be finished?" for the candidate moves of one
/// position with the same [`TurnFlags`], within one question's [`Work`].
pub struct Finisher<'t> {
    pub(super) t: &'t Tables,
    pub(super) flags: TurnFlags,
    /// Suits do not matter (no runs, no forbidden card): cards are searched as their stand-ins.
    pub(super) canon: bool,
    /// Cards that can never be melded a player bound to go out may keep: the one discarded.
    pub(super) out_dead: u32,
    pub(super) work: &'t Work,
    pub(super) memo: Memo,
    /// Step lists of finished nodes, reused by the next ones.
    pub(super) spare_steps: Vec<Vec<Step>>,
}

impl Drop for Finisher<'_> {
    fn drop(&mut self) {
        self.work
            .put_memo(self.flags, std::mem::take(&mut self.memo));
        // the step lists serve the thread's next finisher that searches
        if !self.spare_steps.is_empty() {
            let lists = std::mem::take(&mut self.spare_steps);
            spares(|spares| {
                let room = STEPS_KEPT.saturating_sub(spares.steps.len());
                let kept = lists
                    .into_iter()
                    .filter(|l| l.capacity() <= STEPS_ROOM_KEPT);
                spares.steps.extend(kept.take(room));
            });
        }
    }
}

impl<'t> Finisher<'t> {
    /// A finisher for a position with these facts, counting its nodes in `work`.
    pub fn new(t: &'t Tables, flags: TurnFlags, work: &'t Work) -> Finisher<'t> {
        Finisher {
            t,
            flags,
            canon: !t.rules.runs && flags.forbidden.is_none(),
            out_dead: u32::from(flags.discard_empty_ok && !flags.no_out),
            memo: work.take_memo(&flags),
            work,
            spare_steps: Vec::new(),
        }
    }

    /// The facts this finisher was made for.
    pub fn flags(&self) -> TurnFlags {
        self.flags
    }

    /// How many searched nodes this finisher's memo holds.
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    pub(super) fn forbidden(&self) -> Option<usize> {
        self.flags.forbidden.map(usize::from)
    }

    /// A step list for a node: one of the finisher's spares, else one the
    /// thread kept from an earlier question, else a new one (with room for a
    /// node's usual steps: no growing from 4).
    pub(super) fn step_list(&mut self) -> Vec<Step> {
        (self.spare_steps.pop())
            .or_else(|| spares(|spares| spares.steps.pop()).flatten())
            .unwrap_or_else(|| Vec::with_capacity(64))
    }

    /// Make room in the memo for its first node: an empty table the thread
    /// kept from an earlier question, else room for 64 nodes (a search
    /// rarely stops at a handful: no growing from 3).
    pub(super) fn memo_room(&mut self) {
        if self.memo.capacity() == 0 {
            match spares(|spares| spares.memos.pop()).flatten() {
                Some(memo) => self.memo = memo,
                None => self.memo.reserve(64),
            }
        }
    }

    /// May the hand be emptied now (the rulebook's one emptying check)?
    pub(super) fn may_empty(&self, canastas: u32, opened: bool, by_discard: bool) -> bool {
        let f = &self.flags;
        !f.no_out
            && canastas >= self.t.rules.canastas_to_go_out
            && (opened || f.out_exempt)
            && (!by_discard || f.discard_empty_ok)
    }
}

// ------------------------------------------------------------------ the search's nodes and steps

/// How far a node's turn has come towards opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Progress {
    /// The team is open.
    Open,
    /// Not open; the count laid so far (capped at the minimum: more changes nothing).
    Counted(i32),
}

/// The most melds a team can have: each holds three or more of the 108 cards.
pub const MAX_MELDS: usize = 36;

/// A node's melds, sorted (so equal tables are equal keys), kept inline: a
/// child node is a copy of its parent's, without a heap allocation.
pub(super) type Shapes = Inline<Shape, MAX_MELDS>;

/// No melds: a root node's list starts as a copy of it.
pub(super) const NO_SHAPES: Shapes = Inline::empty_of(Shape::NONE);

/// A search node: everything its answer depends on (with the finisher's flags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// The memo's hash of the cards and melds ([`Node::new`]), kept up to
    /// date step by step; first, so unequal nodes mostly differ at once.
    pub(super) sum: u64,
    pub(super) hand: Cards,
    /// How many cards the hand holds (kept step by step, like the sum).
    pub(super) held: u32,
    pub(super) shapes: Shapes,
    pub(super) progress: Progress,
    pub(super) aside: Cards,
    pub(super) must_out: bool,
    /// The cards of the hand chosen to stay there until the team is open
    /// ([`Finisher::pivot_steps`]): no step before the opening lays them.
    pub(super) kept: Cards,
    /// The 2s of the hand decided never to stand in their natural place
    /// ([`Finisher::pivot_steps`]): wild cards of one kind with the others
    /// of their value.
    pub(super) plain: Cards,
}

impl std::hash::Hash for Node {
    /// The memo's hash: the sum of the cards' and melds' words (its high half
    /// folded into the low one: a hand's words are shifted, [`HAND_WORDS`]),
    /// and the rest.  Equal nodes hash alike (equal parts, equal sums).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.sum ^ self.sum >> 32);
        state.write_u64(
            match self.progress {
                Progress::Open => 1 << 40,
                Progress::Counted(count) => u64::from(count as u32),
            } | (u64::from(self.must_out) << 41),
        );
    }
}

impl Node {
    /// A node, its hash sum worked out: a word per card in hand, per card set
    /// aside, per card kept and per plain 2 (four tables: a card's place
    /// matters) and one per meld, added up, so that a step changes the sum by
    /// a few words.  The hand's part is its seven count words times their
    /// multipliers ([`HAND_WORDS`]): seven products instead of one per card.
    pub(super) fn new(
        hand: Cards,
        shapes: Shapes,
        progress: Progress,
        aside: Cards,
        must_out: bool,
        (kept, plain): (Cards, Cards),
    ) -> Node {
        let mut sum = table_sum(&hand, &shapes, &aside);
        if !kept.is_empty() {
            sum = sum.wrapping_add(cards_sum(&kept, &KEPT_WORDS));
        }
        if !plain.is_empty() {
            sum = sum.wrapping_add(cards_sum(&plain, &PLAIN_WORDS));
        }
        Node {
            sum,
            hand,
            held: hand.len(),
            shapes,
            progress,
            aside,
            must_out,
            kept,
            plain,
        }
    }

    /// A search's first node: [`Node::new`] with nothing kept or decided yet,
    /// the hand's count `held` the caller's, and no melds until
    /// [`Node::lay_root`] sorts them into it (made in the caller's place and
    /// filled there: a node returned whole after its melds are sorted is
    /// copied on its way to the search, twice).
    #[inline]
    pub(super) fn root(
        hand: Cards,
        held: u32,
        progress: Progress,
        aside: Cards,
        must_out: bool,
    ) -> Node {
        Node {
            sum: 0,
            hand,
            held,
            shapes: NO_SHAPES,
            progress,
            aside,
            must_out,
            kept: Cards::default(),
            plain: Cards::default(),
        }
    }

    /// A [`Node::root`]'s melds: `shapes`, sorted here, and the sum worked out.
    pub(super) fn lay_root(&mut self, shapes: &[Shape]) {
        for &shape in shapes {
            self.shapes.push(shape);
        }
        self.shapes.sort_unstable();
        self.sum = table_sum(&self.hand, &self.shapes, &self.aside);
        self.debug_check_fresh();
    }

    /// Decide that one more copy of the 2 `c` never stands in its natural place.
    pub(super) fn declare(&mut self, c: usize) {
        self.plain.add(c);
        self.sum = self.sum.wrapping_add(PLAIN_WORDS[c]);
    }

    /// Keep one more copy of card `c` in hand until the team is open.
    pub(super) fn keep(&mut self, c: usize) {
        self.kept.add(c);
        self.sum = self.sum.wrapping_add(KEPT_WORDS[c]);
    }

    /// The team is open: every card of the hand may be laid again.
    pub(super) fn release(&mut self) {
        for (c, n) in self.kept.iter() {
            self.sum = self
                .sum
                .wrapping_sub(KEPT_WORDS[c].wrapping_mul(u64::from(n)));
        }
        self.kept = Cards::default();
    }

    /// Take `step` (the progress stays: the finisher works out the
    /// child's): the step's cards leave the hand, its meld is changed or
    /// added in its sorted place, and the sum follows word by word.
    pub(super) fn take(&mut self, step: &Step) {
        for &c in &step.cards[..usize::from(step.taken)] {
            self.hand.take(usize::from(c));
            self.sum = self.sum.wrapping_sub(HAND_WORDS[usize::from(c)]);
        }
        self.held -= u32::from(step.taken);
        if !self.plain.is_empty() {
            // a wild card laid as one is a plain one, and no card is plain more often than held
            if let Some(w) = step.wild.map(usize::from).filter(|&w| self.plain.has(w)) {
                self.plain.take(w);
                self.sum = self.sum.wrapping_sub(PLAIN_WORDS[w]);
            }
            for c in WILD_CARDS {
                while self.plain.count(c) > self.hand.count(c) {
                    self.plain.take(c);
                    self.sum = self.sum.wrapping_sub(PLAIN_WORDS[c]);
                }
            }
        }
        let changed = match step.index.map(usize::from) {
            None => {
                self.shapes.push(step.shape);
                self.shapes.len() - 1
            }
            Some(i) => {
                self.sum = self.sum.wrapping_sub(meld_word(&self.shapes[i]));
                self.shapes[i] = step.shape;
                i
            }
        };
        self.sum = self.sum.wrapping_add(meld_word(&step.shape));
        into_place(&mut self.shapes, changed);
        self.must_out |= step.black_threes;
        self.debug_check_fresh();
    }

    /// In debug builds: the sum and the count kept step by step are those of a fresh
    /// node of the same fields ([`Node::new`]).
    fn debug_check_fresh(&self) {
        debug_assert_eq!(
            *self,
            Node::new(
                self.hand,
                self.shapes,
                self.progress,
                self.aside,
                self.must_out,
                (self.kept, self.plain)
            )
        );
    }
}

/// A node's hash sum ([`Node::new`]) of its hand, melds and cards set aside
/// (the kept cards and plain 2s add theirs).
fn table_sum(hand: &Cards, shapes: &[Shape], aside: &Cards) -> u64 {
    let mut sum = shapes.iter().map(meld_word).fold(0, u64::wrapping_add);
    sum = (hand.words().iter().zip(&HAND_WORD_MULTIPLIERS)).fold(sum, |sum, (&word, &m)| {
        sum.wrapping_add(word.wrapping_mul(m))
    });
    if !aside.is_empty() {
        sum = sum.wrapping_add(cards_sum(aside, &ASIDE_WORDS));
    }
    sum
}

/// The sum of `cards`' words, each count times its card's word (no test of which
/// are held: a straight loop).
fn cards_sum(cards: &Cards, words: &[u64; DISTINCT]) -> u64 {
    (cards.0.iter().zip(words)).fold(0u64, |sum, (&n, &word)| {
        sum.wrapping_add(word.wrapping_mul(u64::from(n)))
    })
}

/// A well-mixed word from `x` (SplitMix64's output function).
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A word per card index: the mixes of `first` and the numbers after it.
const fn card_words(first: u64) -> [u64; DISTINCT] {
    let mut words = [0; DISTINCT];
    let mut c = 0;
    while c < DISTINCT {
        words[c] = mix(first + c as u64);
        c += 1;
    }
    words
}

/// The multiplier of each count word of a hand ([`Cards::words`], eight cards a
/// word): the mixes of 212 to 218, made odd.
const HAND_WORD_MULTIPLIERS: [u64; 7] = {
    let mut m = [0; 7];
    let mut k = 0;
    while k < 7 {
        m[k] = mix(4 * DISTINCT as u64 + k as u64) | 1;
        k += 1;
    }
    m
};

/// The word of a card in hand: its count word's multiplier shifted to the
/// card's byte of that word, so that a hand's words added up are its count
/// words times their multipliers (wrapping: the counts are bytes, no carry).
const HAND_WORDS: [u64; DISTINCT] = {
    let mut words = [0; DISTINCT];
    let mut c = 0;
    while c < DISTINCT {
        words[c] = HAND_WORD_MULTIPLIERS[c / 8] << (8 * (c % 8));
        c += 1;
    }
    words
};

/// The words of a card set aside (the mixes of 53 to 105), of a card kept
/// (106 to 158) and of a plain 2 (159 to 211).
const ASIDE_WORDS: [u64; DISTINCT] = card_words(DISTINCT as u64);
const KEPT_WORDS: [u64; DISTINCT] = card_words(2 * DISTINCT as u64);
const PLAIN_WORDS: [u64; DISTINCT] = card_words(3 * DISTINCT as u64);

/// A meld's word: the mix of [`Shape::word`] (257 or more: no card's number).
fn meld_word(shape: &Shape) -> u64 {
    mix(shape.word())
}

/// One single-card step of the search, as a recipe: the search builds the
/// step's hand and melds only when it takes the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    /// The cards the step takes from the hand (the first `taken` of them).
    pub(super) cards: [u8; 3],
    pub(super) taken: u8,
    /// The meld changed (its index: at most [`MAX_MELDS`]), or None for a new one.
    pub(super) index: Option<u8>,
    /// That meld's shape after the step.
    pub(super) shape: Shape,
    pub(super) gain: i32,
    pub(super) black_threes: bool,
    /// The card the step lays as a wild card, if any.
    pub(super) wild: Option<u8>,
    /// The natural cards it lays or lengthens a run toward ([`Step::toward_mask`]),
    /// worked out once a node whose team is not open has its steps (0 until
    /// then; a node keeping its parent's pivot inherits them with the steps).
    pub(super) toward: u64,
}

impl Step {
    /// The natural cards `p` (bit `p`) for which the search's `lays_toward(p, shapes, step, false)`
    /// holds, with wild cards the step lays besides (the caller keeps the naturals): the
    /// cards the step lays, and when it changes a run, the cards of the run's suit it
    /// lengthens the run toward, or all of them when it pushes the run's wild to an end.
    pub(super) fn toward_mask(&self, shapes: &[Shape]) -> u64 {
        let step = self;
        let mut mask = step.cards[..usize::from(step.taken)]
            .iter()
            .fold(0u64, |mask, &c| mask | 1 << c);
        if let Some(i) = step.index.map(usize::from) {
            if let (
                Shape::Run {
                    suit, low, wild, ..
                },
                Shape::Run {
                    low: new_low,
                    high: new_high,
                    wild: new_wild,
                    ..
                },
            ) = (shapes[i], step.shape)
            {
                let suit = usize::from(suit);
                mask |= if wild.is_some() && new_wild != wild {
                    BELOW[suit][15] // every card of the suit
                } else if new_low < low {
                    BELOW[suit][usize::from(new_low)]
                } else {
                    ABOVE[suit][usize::from(new_high)]
                };
            }
        }
        mask
    }
}

/// What a search node that keeps its parent's natural pivot in hand takes
/// from the parent instead of working it out again: the parent's steps (all
/// of them, before the pivot's cut, their run-toward cards worked out), the
/// pivot, and the run positions of the parent's free cards.
#[derive(Clone, Copy)]
pub(super) struct Inherited<'a> {
    pub(super) steps: &'a [Step],
    pub(super) pivot: usize,
    pub(super) rows: [u16; 4],
}

impl Inherited<'_> {
    /// The node's steps: the parent's, in the order made, less those that lay
    /// more copies of the pivot than the node's free cards hold (`left`: one
    /// fewer than the parent's), into `out`.
    ///
    /// Keeping a natural card changes only the cards free to be laid, by one
    /// copy of the pivot; the whole hand, the cards aside, the melds and the
    /// decided 2s stay, and with them the wild kinds the search's
    /// `Finisher::steps` lays and each step's run-toward cards.  Every step it
    /// makes needs its cards in hand and nothing else of the free cards, and
    /// it makes them in an order fixed by the melds, the ranks, the suits and
    /// the wild kinds, not by the counts: the node's steps are its parent's
    /// that its cards allow, in the parent's order.  (The one exception, a
    /// meld of black 3s taking the first black 3 held, the caller leaves out.)
    pub(super) fn steps(&self, left: u8, mut out: Vec<Step>) -> Vec<Step> {
        out.clear();
        for step in self.steps {
            if self.laid(step) <= left {
                out.push(*step);
            }
        }
        out
    }

    /// Whether the node keeps every step of the parent's ([`Inherited::steps`]
    /// would copy them all): none lays more than `left` copies of the pivot.
    pub(super) fn keeps_all(&self, left: u8) -> bool {
        self.steps.iter().all(|step| self.laid(step) <= left)
    }

    /// How many copies of the pivot `step` lays.
    fn laid(&self, step: &Step) -> u8 {
        // (a step's run-toward cards, worked out by the parent, hold the cards it lays:
        // most steps lay no copy, told by one bit)
        if step.toward & 1 << self.pivot == 0 {
            return 0;
        }
        let p = self.pivot as u8;
        let [a, b, c] = step.cards;
        u8::from(a == p) + u8::from(b == p && step.taken > 1) + u8::from(c == p && step.taken > 2)
    }

    /// The run positions of the node's free cards (`left` copies of the pivot among them).
    pub(super) fn rows(&self, left: u8) -> [u16; 4] {
        let mut rows = self.rows;
        if left == 0 {
            let (suit, rank) = (self.pivot % 4, self.pivot / 4 + 1);
            // (an ace stands at 1 and 14)
            let bits = 1u16 << rank | if rank == 1 { 1 << 14 } else { 0 };
            rows[suit] &= !bits;
        }
        rows
    }
}

/// Move `shapes[i]`, the one meld a step changed or added, to its place
/// among the others (which are sorted): the list is sorted again, as a full
/// sort would leave it.
pub(super) fn into_place(shapes: &mut [Shape], mut i: usize) {
    while i > 0 && shapes[i - 1] > shapes[i] {
        shapes.swap(i - 1, i);
        i -= 1;
    }
    while i + 1 < shapes.len() && shapes[i] > shapes[i + 1] {
        shapes.swap(i, i + 1);
        i += 1;
    }
}
