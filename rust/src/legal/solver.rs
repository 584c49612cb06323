//! Can the turn still be finished? (RULES E-1, E-2)
//!
//! The engine offers a move only if, after it, the player can still end the
//! turn legally: discard with cards left (or empty the hand where the rules
//! allow it), after reaching the opening minimum when cards were laid
//! (C-OPEN-2, K-OPEN-1 to K-OPEN-4), going out when bound to (C-OUT-3 "yes",
//! C-THREE-2) and not going out when forbidden (C-OUT-3 "no"), with the
//! canastas the emptying needs (C-OUT-1, K-OUT-1, K-OUT-4).
//!
//! [`Finisher::finishable`] answers that for a [`Situation`], the position a
//! candidate move leads to, exactly as the Python engine's
//! `kanasta.legality.finish.finishable` does.  Most situations are settled by
//! a constant-time test (the team is open and two cards are left).  The rest
//! go to one of two exact searches:
//!
//! * the Classic count ([`Finisher::classic`]): sets only, one meld per rank,
//!   so the turn's plans are counted by rank in a short greedy computation;
//! * the general search ([`Finisher::search`]): a depth-first search over
//!   single-card steps (a new three-card meld, one card added to a meld) on
//!   count-vector hands, memoised.  A multi-card move is a sequence of such
//!   steps, so both see the same reachable end positions.
//!
//! A [`Finisher`] is made for one position's fixed facts ([`TurnFlags`]) and
//! keeps its memo across the candidate moves of that position, so the search
//! is shared rather than repeated per candidate.  All values are in half
//! points.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::cards::{Card, DISTINCT, JOKER};

/// A meld of seven cards or more is a canasta (G-MELD-2, C-MELD-3, K-MELD-8).
pub const CANASTA_SIZE: u32 = 7;
/// A meld is laid with at least three cards (C-MELD-1, K-MELD-1, K-MELD-2).
pub const MELD_MIN: u32 = 3;
/// A meld of black 3s has three or four cards (C-THREE-2).
pub const BLACK_THREE_MELD_MAX: u32 = 4;
/// The most search nodes one legality question (one listing, one move check)
/// may expand: the engine's work budget, the Python engine's
/// `kanasta.legality.finish.SEARCH_BUDGET`.  Past it the question is given up
/// ([`SearchGaveUp`]) and nothing of it is kept.
pub const SEARCH_BUDGET: u64 = 100_000;

/// Whether card index `c` is a wild card: a joker or a 2 (G-WILD-1).
const fn is_wild(c: usize) -> bool {
    c == JOKER as usize || (c >= 4 && c < 8)
}

/// Rank 1-13 of a natural card index (the joker has none).
const fn rank_of(c: usize) -> u8 {
    (c / 4 + 1) as u8
}

/// The card at a run position (1 = low ace ... 13 = king, 14 = high ace) of `suit`.
const fn natural_at(suit: u8, position: u8) -> usize {
    let rank = if position == 14 { 1 } else { position };
    (rank as usize - 1) * 4 + suit as usize
}

/// The first card of `rank` (its clubs), whose value every card of the rank shares.
const fn rank_base(rank: u8) -> usize {
    (rank as usize - 1) * 4
}

// ------------------------------------------------------------------ cards

/// A multiset of cards as a count per card index (0-52).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cards([u8; DISTINCT]);

impl Default for Cards {
    fn default() -> Self {
        Cards([0; DISTINCT])
    }
}

impl Cards {
    /// The multiset of the card indices `cards`.
    pub fn from_cards(cards: &[Card]) -> Cards {
        let mut out = Cards::default();
        for &c in cards {
            out.0[usize::from(c)] += 1;
        }
        out
    }

    /// The multiset with `counts[c]` copies of each card `c`.
    pub fn from_counts(counts: [u8; DISTINCT]) -> Cards {
        Cards(counts)
    }

    /// How many copies of card `c` there are.
    pub fn count(&self, c: usize) -> u8 {
        self.0[c]
    }

    /// Whether card `c` is there at least once.
    pub fn has(&self, c: usize) -> bool {
        self.0[c] > 0
    }

    /// The number of cards.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Add one copy of `c`.
    pub fn add(&mut self, c: usize) {
        self.0[c] += 1;
    }

    /// Remove one copy of `c` (which must be there).
    pub fn take(&mut self, c: usize) {
        self.0[c] -= 1;
    }

    /// Whether every card of `cards` (a multiset) is here.
    fn covers(&self, cards: &[usize]) -> bool {
        cards.iter().all(|&c| {
            let need = cards.iter().filter(|&&d| d == c).count();
            usize::from(self.0[c]) >= need
        })
    }

    /// Both multisets together.
    pub fn union(&self, other: &Cards) -> Cards {
        let mut out = *self;
        for (slot, &n) in out.0.iter_mut().zip(other.0.iter()) {
            *slot += n;
        }
        out
    }

    /// The distinct cards present, in index order, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(c, &n)| (c, n))
    }

    /// Every card index present (with repeats), in index order.
    fn each(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter()
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
    }

    /// The only card, when there is exactly one.
    fn single(&self) -> Option<usize> {
        let mut it = self.iter();
        match (it.next(), it.next()) {
            (Some((c, 1)), None) => Some(c),
            _ => None,
        }
    }

    /// The same cards with each replaced by `canon` (suits forgotten).
    fn mapped(&self, canon: &[u8; DISTINCT]) -> Cards {
        let mut out = Cards::default();
        for (c, n) in self.iter() {
            out.0[usize::from(canon[c])] += n;
        }
        out
    }
}

// ------------------------------------------------------------------ melds

/// A meld as the search sees it.
///
/// The derived order (sets before runs, then field by field) is the order
/// the Python engine sorts its meld shapes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    /// A set of `rank` (1-13) with its natural and wild cards.
    Set {
        rank: u8,
        naturals: u8,
        wilds: u8,
        size: u8,
    },
    /// A run of `suit` over positions `low..=high` (1 = low ace ... 14 = high
    /// ace), with its wild card's position if it has one.
    Run {
        suit: u8,
        low: u8,
        high: u8,
        wild: Option<u8>,
    },
}

impl Shape {
    /// The number of cards in the meld.
    pub fn size(&self) -> u32 {
        match *self {
            Shape::Set { size, .. } => u32::from(size),
            Shape::Run { low, high, .. } => u32::from(high - low + 1),
        }
    }

    /// Whether the meld is a canasta (G-MELD-2).
    pub fn is_canasta(&self) -> bool {
        self.size() >= CANASTA_SIZE
    }

    /// Whether the meld is a run without a wild card (K-OPEN-2).
    pub fn is_natural_run(&self) -> bool {
        matches!(self, Shape::Run { wild: None, .. })
    }

    /// The rank of a set.
    fn set_rank(&self) -> Option<u8> {
        match *self {
            Shape::Set { rank, .. } => Some(rank),
            Shape::Run { .. } => None,
        }
    }
}

/// How many of `shapes` are canastas.
pub fn canastas(shapes: &[Shape]) -> u32 {
    shapes.iter().filter(|s| s.is_canasta()).count() as u32
}

fn has_natural_run(shapes: &[Shape]) -> bool {
    shapes.iter().any(Shape::is_natural_run)
}

// ------------------------------------------------------------------ rules

/// The rule options the search reads (the fields of `kanasta.Rules` of the
/// same names), with card values in half points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishRules {
    /// The value of each card index in a meld or in hand, in half points.
    pub values: [i32; DISTINCT],
    /// The value of a 2 in its natural place in a run of its suit (K-VAL-1).
    pub natural_two: i32,
    pub runs: bool,
    pub max_wilds: u32,
    pub wilds_within_naturals: bool,
    pub max_meld_size: Option<u32>,
    pub one_meld_per_rank: bool,
    pub canastas_to_go_out: u32,
    pub black_threes: bool,
    pub opening_natural_run: bool,
    pub opening_one_card_exempt: bool,
}

impl FinishRules {
    /// Whether a set of `rank` is a black-3 meld, which binds its player to go out (C-THREE-2).
    pub fn is_black_three_set(&self, rank: u8) -> bool {
        rank == 3 && self.black_threes
    }
}

/// Lookup tables derived once from [`FinishRules`].
#[derive(Clone, Debug)]
pub struct Tables {
    pub rules: FinishRules,
    /// Ranks that form a set in ordinary play (no 2s; no 3s when black 3s are special).
    set_rank: [bool; 14],
    /// The largest meld (no limit: more than any deck holds).
    max_size: u32,
    /// The longest run.
    run_max: u32,
    /// Sets only, one per rank, no size limit: the Classic count applies.
    classic_fast: bool,
    /// A stand-in per card when suits do not matter (no runs).
    canon: [u8; DISTINCT],
}

impl Tables {
    /// The tables of `rules`.
    pub fn new(rules: FinishRules) -> Tables {
        let mut set_rank = [false; 14];
        for (r, slot) in set_rank.iter_mut().enumerate().skip(1) {
            *slot = r != 2 && !rules.is_black_three_set(r as u8);
        }
        let max_size = rules.max_meld_size.unwrap_or(1_000_000);
        let mut canon = [0u8; DISTINCT];
        for (i, slot) in canon.iter_mut().enumerate() {
            *slot = if i == JOKER as usize {
                JOKER
            } else if is_wild(i) {
                4
            } else if rules.is_black_three_set(rank_of(i)) {
                if i == 8 || i == 11 {
                    8
                } else {
                    9
                }
            } else {
                rank_base(rank_of(i)) as u8
            };
        }
        Tables {
            set_rank,
            max_size,
            run_max: max_size.min(13),
            classic_fast: !rules.runs && rules.one_meld_per_rank && rules.max_meld_size.is_none(),
            canon,
            rules,
        }
    }

    fn value(&self, c: usize) -> i32 {
        self.rules.values[c]
    }

    /// Whether `rank` forms a set in ordinary play (no 2s; no 3s when black 3s are special).
    pub fn forms_set(&self, rank: u8) -> bool {
        self.set_rank
            .get(usize::from(rank))
            .copied()
            .unwrap_or(false)
    }

    /// The most cards a meld may hold (without a limit, more than any deck holds).
    pub fn max_size(&self) -> u32 {
        self.max_size
    }

    /// The most cards a run may hold.
    pub fn run_max(&self) -> u32 {
        self.run_max
    }

    /// The value natural card `c` adds at run position `position` (at
    /// position 2 it is the run's own 2 in its natural place, K-VAL-1).
    fn run_value(&self, c: usize, position: u8) -> i32 {
        if position == 2 {
            self.rules.natural_two
        } else {
            self.value(c)
        }
    }

    /// How many more wild cards a set with `naturals` and `wilds` may take (C-MELD-1, K-MELD-4).
    fn wild_cap(&self, naturals: i32, wilds: i32) -> i32 {
        let mut cap = self.rules.max_wilds as i32 - wilds;
        if self.rules.wilds_within_naturals {
            cap = cap.min(naturals - wilds);
        }
        cap.max(0)
    }
}

// ------------------------------------------------------------------ situations

/// The facts of one position that every candidate move shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnFlags {
    /// The opening minimum (C-OPEN-1, K-OPEN-3), in half points.
    pub minimum: i32,
    /// The card that may not be discarded this turn (K-PILE-3).
    pub forbidden: Option<Card>,
    /// Partner answered no (C-OUT-3): the player may not empty the hand.
    pub no_out: bool,
    /// A concealed going-out needs no opening (C-OUT-4, C-OPEN-4).
    pub out_exempt: bool,
    /// The last card may be discarded (false under K-OUT-4).
    pub discard_empty_ok: bool,
    /// Black 3s may be melded by a player going out (C-THREE-2).
    pub black3_ok: bool,
}

/// The situation after a candidate move: what the search starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The player's hand.
    pub hand: Cards,
    /// The team's melds.
    pub shapes: Vec<Shape>,
    /// Whether the team is open (down).
    pub opened: bool,
    /// Whether the player has laid cards down this turn.
    pub laid: bool,
    /// The value the player has laid this turn, in half points.
    pub count: i32,
    /// The rest of a pile taken before the team was down (C-PILE-5).
    pub aside: Cards,
    /// The player must go out this turn (C-OUT-3 "yes", C-THREE-2).
    pub must_out: bool,
}

impl Situation {
    /// The situation after the player laid cards this turn (a meld or a take's meld).
    pub fn after_laying(
        hand: Cards,
        shapes: Vec<Shape>,
        opened: bool,
        count: i32,
        aside: Cards,
        must_out: bool,
    ) -> Situation {
        Situation {
            hand,
            shapes,
            opened,
            laid: true,
            count,
            aside,
            must_out,
        }
    }
}

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
fn thousands(n: u64) -> String {
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

/// Whether a team that is not open is open now: the team has a natural run
/// when the rules ask for one (K-OPEN-2) and the count reaches the minimum,
/// or one card or none is left and the rules waive it (K-OPEN-4).
pub fn team_opens(
    rules: &FinishRules,
    minimum: i32,
    count: i32,
    natural_run: bool,
    cards_left: u32,
) -> bool {
    if rules.opening_natural_run && !natural_run {
        return false;
    }
    count >= minimum || (rules.opening_one_card_exempt && cards_left <= 1)
}

// ------------------------------------------------------------------ the memo

/// A multiplicative hasher (FxHash): the memo's keys are plain bytes.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
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

/// How far a node's turn has come towards opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Progress {
    /// The team is open.
    Open,
    /// Not open; the count laid so far (capped at the minimum: more changes nothing).
    Counted(i32),
}

/// A search node: everything its answer depends on (with the finisher's flags).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    hand: Cards,
    shapes: Vec<Shape>,
    progress: Progress,
    aside: Cards,
    must_out: bool,
}

/// Which cards in hand could join a meld (the bounds' shared facts).
struct Live {
    /// The total value of the cards that could join a meld.
    ok_value: i32,
    /// The two lowest values among those cards (None where there are fewer).
    ok_lowest: [Option<i32>; 2],
    /// How many cards can never join one.
    dead: u32,
    /// The natural cards in hand by rank.
    nat_rank: [u32; 15],
    /// The wild cards in hand.
    wilds: u32,
    /// The run positions of each suit covered by a meld or a card in hand.
    covered: [[bool; 16]; 4],
    /// The suits where a wild card may fill one gap.
    gap_ok: [bool; 4],
}

/// A maximal natural run in hand: `len` cards of `suit` from run position `start`.
#[derive(Clone, Copy, Debug)]
struct Segment {
    value: i32,
    suit: u8,
    start: u8,
    len: u8,
}

impl Segment {
    /// The run's cards, low to high.
    fn cells(&self) -> impl Iterator<Item = usize> {
        let (suit, start) = (self.suit, self.start);
        (0..self.len).map(move |k| natural_at(suit, start + k))
    }
}

/// One single-card step of the search, as a recipe: the search builds the
/// step's hand and melds only when it takes the step.
struct Step {
    /// The cards the step takes from the hand (the first `taken` of them).
    cards: [u8; 3],
    taken: u8,
    /// The meld changed, or None for a new one.
    index: Option<usize>,
    /// That meld's shape after the step.
    shape: Shape,
    gain: i32,
    black_threes: bool,
}

// ------------------------------------------------------------------ the work of one question

type Memo = HashMap<Node, bool, BuildHasherDefault<FxHasher>>;

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
    fn expand(&self) -> Result<(), SearchGaveUp> {
        let n = self.nodes.get() + 1;
        self.nodes.set(n);
        if n > self.limit {
            return Err(SearchGaveUp { limit: self.limit });
        }
        Ok(())
    }

    /// The memo table of the searches with `flags`, taken out while a finisher uses it.
    fn take_memo(&self, flags: &TurnFlags) -> Memo {
        let mut memos = self.memos.borrow_mut();
        match memos.iter().position(|(f, _)| f == flags) {
            Some(i) => memos.swap_remove(i).1,
            None => Memo::default(),
        }
    }

    /// Give the memo table of `flags` back (when its finisher is done).
    fn put_memo(&self, flags: TurnFlags, memo: Memo) {
        if !memo.is_empty() {
            self.memos.borrow_mut().push((flags, memo));
        }
    }
}

// ------------------------------------------------------------------ the finisher

/// Answers "can the turn still be finished?" for the candidate moves of one
/// position with the same [`TurnFlags`], within one question's [`Work`].
pub struct Finisher<'t> {
    t: &'t Tables,
    flags: TurnFlags,
    /// Suits do not matter (no runs, no forbidden card): cards are searched as their stand-ins.
    canon: bool,
    /// Cards that can never be melded a player bound to go out may keep: the one discarded.
    out_dead: u32,
    work: &'t Work,
    memo: Memo,
    /// Step lists of finished nodes, reused by the next ones.
    spare_steps: Vec<Vec<Step>>,
}

impl Drop for Finisher<'_> {
    fn drop(&mut self) {
        self.work
            .put_memo(self.flags, std::mem::take(&mut self.memo));
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

    fn forbidden(&self) -> Option<usize> {
        self.flags.forbidden.map(usize::from)
    }

    /// May the hand be emptied now (the rulebook's one emptying check)?
    fn may_empty(&self, canastas: u32, opened: bool, by_discard: bool) -> bool {
        let f = &self.flags;
        !f.no_out
            && canastas >= self.t.rules.canastas_to_go_out
            && (opened || f.out_exempt)
            && (!by_discard || f.discard_empty_ok)
    }

    /// Whether the player can still end the turn legally from `s` (E-2).
    pub fn finishable(&mut self, s: &Situation) -> Result<bool, SearchGaveUp> {
        let n = s.hand.len();
        let forbidden = self.forbidden();
        let ready = s.opened || !s.laid;
        if ready
            && !s.must_out
            && n >= 2
            && forbidden.is_none_or(|f| s.hand.iter().any(|(c, _)| c != f))
        {
            return Ok(true);
        }
        if n == 1 {
            let card = s.hand.single();
            if card != forbidden && self.may_empty(canastas(&s.shapes), s.opened, true) {
                return Ok(true);
            }
        }
        if n == 0 {
            return Ok(false);
        }
        if self.t.classic_fast && forbidden.is_none() {
            return Ok(self.classic(s));
        }
        self.search(s)
    }
}

// ------------------------------------------------------------------ Classic

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
    fn classic(&self, s: &Situation) -> bool {
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
        let mut pairs: Vec<i32> = Vec::new();
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
        let total: i32 = s.hand.each().map(|c| t.value(c)).sum();
        /// The card discarded to go out, if any.
        #[derive(Clone, Copy)]
        enum Dropped {
            Nothing,
            Natural(usize),
            Joker,
            Deuce,
            BlackThree,
        }
        let mut options = vec![Dropped::Nothing];
        if f.discard_empty_ok && discard {
            options.extend(
                (1..14)
                    .filter(|&r| t.set_rank[r] && counts.naturals[r] > 0)
                    .map(Dropped::Natural),
            );
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
        for option in options {
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
        let mut deficits: Vec<i32> = Vec::new();
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
        for need in deficits {
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
fn for_each_multichoice(n: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
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

// ------------------------------------------------------------------ the search

impl<'t> Finisher<'t> {
    fn search(&mut self, s: &Situation) -> Result<bool, SearchGaveUp> {
        let (mut hand, mut aside) = (s.hand, s.aside);
        if self.canon {
            hand = hand.mapped(&self.t.canon);
            aside = aside.mapped(&self.t.canon);
        }
        let mut shapes = s.shapes.clone();
        shapes.sort_unstable();
        let node = Node {
            hand,
            shapes,
            progress: self.progress(s.opened, s.count),
            aside,
            must_out: s.must_out,
        };
        if !s.opened && !s.must_out {
            if let Some(&known) = self.memo.get(&node) {
                return Ok(known);
            }
            if self.greedy(&node.hand, &node.shapes, s.count) {
                return Ok(true);
            }
        }
        self.dfs(node, s.count)
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
        let n = hand.len();
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

    fn dfs(&mut self, node: Node, count: i32) -> Result<bool, SearchGaveUp> {
        if let Some(settled) = self.goal(&node) {
            return Ok(settled);
        }
        if let Some(&known) = self.memo.get(&node) {
            return Ok(known);
        }
        self.work.expand()?;
        let opened = node.progress == Progress::Open;
        let mut result = false;
        if node.must_out && self.dead(&node.hand, &node.shapes) > self.out_dead {
            // a card that can never be melded stays in hand: no going out
        } else if opened || self.hopeful(&node.hand, &node.shapes, count) {
            // a step list per depth, reused from the finisher's spares (no allocation per node)
            let spare = self.spare_steps.pop().unwrap_or_default();
            let steps = self.steps(&node.hand, &node.shapes, node.must_out, spare);
            for step in &steps {
                let count2 = if opened { count } else { count + step.gain };
                let mut opened2 = opened;
                let mut hand2 = node.hand;
                for &c in &step.cards[..usize::from(step.taken)] {
                    hand2.take(usize::from(c));
                }
                let mut shapes2 = Vec::with_capacity(node.shapes.len() + 1);
                shapes2.extend_from_slice(&node.shapes);
                match step.index {
                    None => shapes2.push(step.shape),
                    Some(i) => shapes2[i] = step.shape,
                }
                shapes2.sort_unstable();
                let mut aside2 = node.aside;
                if !opened2
                    && team_opens(
                        &self.t.rules,
                        self.flags.minimum,
                        count2,
                        has_natural_run(&shapes2),
                        hand2.len(),
                    )
                {
                    opened2 = true;
                    if !aside2.is_empty() {
                        hand2 = hand2.union(&aside2);
                        aside2 = Cards::default();
                    }
                }
                let child = Node {
                    hand: hand2,
                    shapes: shapes2,
                    progress: self.progress(opened2, count2),
                    aside: aside2,
                    must_out: node.must_out || step.black_threes,
                };
                if self.dfs(child, count2)? {
                    result = true;
                    break;
                }
            }
            self.spare_steps.push(steps);
        }
        self.memo.insert(node, result);
        Ok(result)
    }

    // -------------------------------------------------------------- bounds

    /// Maximal natural runs in hand.
    fn segments(&self, cnt: &Cards) -> Vec<Segment> {
        let t = self.t;
        let mut out = Vec::new();
        for suit in 0..4u8 {
            let mut pos = 1u8;
            while pos <= 14 {
                if !cnt.has(natural_at(suit, pos)) {
                    pos += 1;
                    continue;
                }
                let start = pos;
                let mut len = 0u8;
                let mut value = 0;
                // the ace at 14 is the card at 1: a run holds it once
                while pos <= 14
                    && cnt.has(natural_at(suit, pos))
                    && u32::from(len) < t.run_max
                    && !(pos == 14 && start == 1)
                {
                    value += t.run_value(natural_at(suit, pos), pos);
                    len += 1;
                    pos += 1;
                }
                if u32::from(len) >= MELD_MIN {
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
    fn greedy(&self, hand: &Cards, shapes: &[Shape], count: i32) -> bool {
        if self.t.rules.opening_natural_run && !has_natural_run(shapes) {
            let mut segments = self.segments(hand);
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
        let rank_total = |cnt: &Cards, r: u8| -> u32 {
            (0..4).map(|k| u32::from(cnt.count(rank_base(r) + k))).sum()
        };
        for rank in 1..14u8 {
            if !open_rank(rank) {
                continue;
            }
            let n = rank_total(&cnt, rank);
            if (MELD_MIN..=t.max_size).contains(&n) {
                gained += n as i32 * t.value(rank_base(rank));
                for k in 0..4 {
                    cnt.0[rank_base(rank) + k] = 0;
                }
                wild_slots += 1;
            }
        }
        if rules.runs {
            for seg in self.segments(&cnt) {
                gained += seg.value;
                for c in seg.cells() {
                    cnt.take(c);
                }
            }
        }
        // natural pairs among the cards still unused become sets with a wild
        let mut pairs: Vec<u8> = (1..14u8)
            .filter(|&r| open_rank(r) && rank_total(&cnt, r) == 2)
            .collect();
        let mut wilds: Vec<i32> = cnt
            .each()
            .filter(|&c| is_wild(c))
            .map(|c| t.value(c))
            .collect();
        wilds.sort_unstable_by(|a, b| b.cmp(a));
        let mut placed = 0;
        pairs.sort_by_key(|&r| -t.value(rank_base(r)));
        for rank in pairs {
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

    /// A necessary condition for a team that is not open to open from here.
    ///
    /// Either the cards that could possibly join a meld are worth enough while
    /// two cards stay in hand, or the minimum is waived (K-OPEN-4, C-OPEN-4)
    /// and a canasta could still be formed.
    fn hopeful(&self, hand: &Cards, shapes: &[Shape], count: i32) -> bool {
        let rules = &self.t.rules;
        if rules.opening_natural_run && !has_natural_run(shapes) && !natural_window(hand) {
            return false;
        }
        let live = self.live(hand, shapes);
        // two cards stay in hand: the dead ones first, then the cheapest of the others
        let keep = 2u32.saturating_sub(live.dead) as usize;
        let ok_value = live.ok_value - live.ok_lowest[..keep].iter().flatten().sum::<i32>();
        if count + ok_value >= self.flags.minimum {
            return true;
        }
        if !(rules.opening_one_card_exempt || self.flags.out_exempt) || live.dead > 1 {
            // the waiver needs the hand melded down to one card, and a card no
            // meld can take now never can later (melding only takes cards from the hand)
            return false;
        }
        if rules.canastas_to_go_out == 0 || canastas(shapes) > 0 {
            return true;
        }
        self.canasta_possible(shapes, &live)
    }

    /// How many cards in hand can never be melded this turn (a player going
    /// out must discard them).  Melding only takes cards from the hand, so a
    /// card no meld on the table or in hand could take now never can later.
    /// Black 3s count as meldable when a player going out could still meld
    /// them (C-THREE-2).
    fn dead(&self, hand: &Cards, shapes: &[Shape]) -> u32 {
        let mut dead = self.live(hand, shapes).dead;
        let rules = &self.t.rules;
        if rules.black_threes && self.flags.black3_ok {
            let b3 = u32::from(hand.count(8)) + u32::from(hand.count(11));
            let laid: u32 = shapes
                .iter()
                .map(|s| match *s {
                    Shape::Set { rank: 3, size, .. } => u32::from(size),
                    _ => 0,
                })
                .sum();
            if b3 > 0
                && ((laid > 0 && laid + b3 <= BLACK_THREE_MELD_MAX)
                    || (laid == 0 && b3 >= MELD_MIN))
            {
                dead -= b3;
            }
        }
        dead
    }

    /// Which cards in hand could join a meld, and what was worked out on the way.
    fn live(&self, hand: &Cards, shapes: &[Shape]) -> Live {
        let t = self.t;
        let rules = &t.rules;
        let wilds: u32 = hand
            .iter()
            .filter(|&(c, _)| is_wild(c))
            .map(|(_, n)| u32::from(n))
            .sum();
        let mut nat_rank = [0u32; 15];
        for (c, n) in hand.iter() {
            if !is_wild(c) {
                nat_rank[usize::from(rank_of(c))] += u32::from(n);
            }
        }
        let mut set_ranks = [false; 14];
        for s in shapes {
            if let Shape::Set { rank, size, .. } = *s {
                if u32::from(size) < t.max_size {
                    set_ranks[usize::from(rank)] = true;
                }
            }
        }
        let mut covered = [[false; 16]; 4];
        let runs = rules.runs;
        // a suit where one gap may be filled by a wild: one from hand, or a
        // run's wild that its natural card (in hand) can push to an end (K-MELD-7)
        let mut gap_ok = [wilds > 0; 4];
        if runs {
            for s in shapes {
                if let Shape::Run {
                    suit,
                    low,
                    high,
                    wild,
                } = *s
                {
                    for pos in low..=high {
                        covered[usize::from(suit)][usize::from(pos)] = true;
                    }
                    if let Some(w) = wild {
                        if hand.has(natural_at(suit, w)) {
                            gap_ok[usize::from(suit)] = true;
                        }
                    }
                }
            }
            for (c, _) in hand.iter() {
                if c < JOKER as usize {
                    let rank = usize::from(rank_of(c));
                    covered[c % 4][rank] = true;
                    if rank == 1 {
                        covered[c % 4][14] = true;
                    }
                }
            }
        }
        let mut ok_value = 0;
        let mut ok_lowest: [Option<i32>; 2] = [None; 2];
        let mut ok = |v: i32, n: u8| {
            ok_value += v * i32::from(n);
            for _ in 0..n.min(2) {
                match ok_lowest {
                    [None, _] => ok_lowest[0] = Some(v),
                    [Some(a), _] if v < a => ok_lowest = [Some(v), Some(a)],
                    [_, None] => ok_lowest[1] = Some(v),
                    [_, Some(b)] if v < b => ok_lowest[1] = Some(v),
                    _ => {}
                }
            }
        };
        let mut dead = 0u32;
        for (c, n) in hand.iter() {
            let v = t.value(c);
            if c == JOKER as usize || (is_wild(c) && !runs) {
                ok(v, n);
                continue;
            }
            let rank = rank_of(c);
            let nr = nat_rank[usize::from(rank)];
            let mut live = t.set_rank[usize::from(rank)]
                && (set_ranks[usize::from(rank)] || nr >= MELD_MIN || (nr == 2 && wilds > 0));
            if !live && runs {
                let row = &covered[c % 4];
                let gap = gap_ok[c % 4];
                let places: &[u8] = if rank == 1 { &[1, 14] } else { &[rank] };
                'places: for &pos in places {
                    for lo in pos.saturating_sub(2).max(1)..=pos.min(12) {
                        let lo = usize::from(lo);
                        let missing = (0..3).filter(|&k| !row[lo + k]).count();
                        if missing == 0 || (missing == 1 && gap) {
                            live = true;
                            break 'places;
                        }
                    }
                }
                if !live && is_wild(c) {
                    live = true; // a 2 can always stand as a wild card
                }
            }
            if live {
                ok(v, n);
            } else {
                dead += u32::from(n);
            }
        }
        Live {
            ok_value,
            ok_lowest,
            dead,
            nat_rank,
            wilds,
            covered,
            gap_ok,
        }
    }

    fn canasta_possible(&self, shapes: &[Shape], live: &Live) -> bool {
        let (nat_rank, wilds, covered, gap_ok) =
            (&live.nat_rank, live.wilds, &live.covered, &live.gap_ok);
        let t = self.t;
        let extra = wilds.min(t.rules.max_wilds);
        // the last set of each rank in meld order, as the Python engine's dict keeps it
        let mut best_set = [0u32; 14];
        for s in shapes {
            if let Shape::Set { rank, size, .. } = *s {
                best_set[usize::from(rank)] = u32::from(size);
            }
        }
        for rank in 1..14 {
            if t.set_rank[rank] && nat_rank[rank] + best_set[rank] + extra >= CANASTA_SIZE {
                return true;
            }
        }
        if t.rules.runs {
            for suit in 0..4 {
                let row = &covered[suit];
                let allowed = u32::from(gap_ok[suit]);
                for lo in 1..15 {
                    let mut gaps = 0;
                    for (length, pos) in (lo..15).enumerate() {
                        if !row[pos] {
                            gaps += 1;
                            if gaps > allowed {
                                break;
                            }
                        }
                        if length as u32 + 1 >= CANASTA_SIZE {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    // -------------------------------------------------------------- steps

    /// Every single-card step: a card added to a meld, a new meld of three.
    fn steps(
        &self,
        hand: &Cards,
        shapes: &[Shape],
        must_out: bool,
        mut out: Vec<Step>,
    ) -> Vec<Step> {
        let t = self.t;
        let rules = &t.rules;
        out.clear();
        let mut wild_buf = [0usize; 5];
        let mut n_wild = 0;
        for c in [4usize, 5, 6, 7, JOKER as usize] {
            if hand.has(c) {
                wild_buf[n_wild] = c;
                n_wild += 1;
            }
        }
        let wild_kinds = &wild_buf[..n_wild];
        let mut push = |cards: &[usize], index: Option<usize>, new: Shape, gain: i32, b3: bool| {
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
            });
        };
        // additions to existing melds
        for (si, s) in shapes.iter().enumerate() {
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
                                push(&[b], Some(si), new, t.value(b), true);
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
                            push(&[c], Some(si), new, t.value(c), false);
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
                            push(&[w], Some(si), new, t.value(w), false);
                        }
                    }
                }
                Shape::Run {
                    suit,
                    low,
                    high,
                    wild,
                } => {
                    let mut ends: Vec<u8> = Vec::new();
                    if u32::from(high - low + 1) < t.run_max {
                        if low > 1 {
                            ends.push(low - 1);
                        }
                        if high < 14 {
                            ends.push(high + 1);
                        }
                    }
                    for &pos in &ends {
                        let nat = natural_at(suit, pos);
                        let (nl, nh) = (low.min(pos), high.max(pos));
                        if hand.has(nat) {
                            let new = Shape::Run {
                                suit,
                                low: nl,
                                high: nh,
                                wild,
                            };
                            push(&[nat], Some(si), new, t.run_value(nat, pos), false);
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
                                push(&[w], Some(si), new, t.value(w), false);
                            }
                        }
                    }
                    if let Some(wpos) = wild {
                        let nat = natural_at(suit, wpos);
                        if hand.has(nat) {
                            let gain = t.run_value(nat, wpos);
                            for &pos in &ends {
                                let new = Shape::Run {
                                    suit,
                                    low: low.min(pos),
                                    high: high.max(pos),
                                    wild: Some(pos),
                                };
                                push(&[nat], Some(si), new, gain, false);
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
            let n: u32 = kinds.iter().map(|&c| u32::from(hand.count(c))).sum();
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
                    push(trio, None, new, 3 * value, false);
                });
            }
            let new = Shape::Set {
                rank,
                naturals: 2,
                wilds: 1,
                size: 3,
            };
            for_each_combo(hand, &kinds, 2, &mut |pair| {
                for &w in wild_kinds {
                    push(
                        &[pair[0], pair[1], w],
                        None,
                        new,
                        2 * value + t.value(w),
                        false,
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
                    push(trio, None, new, 3 * t.value(8), true);
                });
            }
        }
        // new runs of three
        if rules.runs {
            for suit in 0..4u8 {
                let present: [bool; 15] =
                    std::array::from_fn(|pos| pos != 0 && hand.has(natural_at(suit, pos as u8)));
                if present.iter().filter(|&&p| p).count() < 2 {
                    continue;
                }
                for low in 1..13u8 {
                    let window = &present[usize::from(low)..usize::from(low) + 3];
                    let missing = window.iter().filter(|&&p| !p).count();
                    if missing > 1 {
                        continue;
                    }
                    let cells = [
                        natural_at(suit, low),
                        natural_at(suit, low + 1),
                        natural_at(suit, low + 2),
                    ];
                    let gains: [i32; 3] =
                        std::array::from_fn(|k| t.run_value(cells[k], low + k as u8));
                    if missing == 0 && hand.covers(&cells) {
                        let new = Shape::Run {
                            suit,
                            low,
                            high: low + 2,
                            wild: None,
                        };
                        push(&cells, None, new, gains.iter().sum(), false);
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
                            if hand.covers(&used) {
                                let new = Shape::Run {
                                    suit,
                                    low,
                                    high: low + 2,
                                    wild: Some(low + k as u8),
                                };
                                push(&used, None, new, gain0 + t.value(w), false);
                            }
                        }
                    }
                }
            }
        }
        if !must_out {
            out.sort_by_key(|step| -step.gain);
        }
        out
    }
}

/// Whether some suit has three consecutive run positions with their natural
/// cards in hand (a natural run could be laid, K-OPEN-2).
fn natural_window(hand: &Cards) -> bool {
    (0..4u8).any(|suit| {
        let mut run = 0;
        for pos in 1..15u8 {
            if hand.has(natural_at(suit, pos)) {
                run += 1;
                if run >= MELD_MIN {
                    return true;
                }
            } else {
                run = 0;
            }
        }
        false
    })
}

/// Call `visit` with each `k`-card (at most 3) sub-multiset of the cards
/// `kinds` (ascending indices) held in `hand`, each sorted, in lexicographic
/// order (the Python engine's `_sub_multisets` order).
fn for_each_combo(hand: &Cards, kinds: &[usize], k: usize, visit: &mut dyn FnMut(&[usize])) {
    fn walk(
        hand: &Cards,
        kinds: &[usize],
        buf: &mut [usize; 3],
        filled: usize,
        k: usize,
        visit: &mut dyn FnMut(&[usize]),
    ) {
        if filled == k {
            visit(&buf[..k]);
            return;
        }
        let Some((&card, rest)) = kinds.split_first() else {
            return;
        };
        // more copies of the lowest card first: the lexicographic order
        let most = usize::from(hand.count(card)).min(k - filled);
        for take in (0..=most).rev() {
            for slot in &mut buf[filled..filled + take] {
                *slot = card;
            }
            walk(hand, rest, buf, filled + take, k, visit);
        }
    }
    walk(hand, kinds, &mut [0; 3], 0, k, visit);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// A card index from its notation (`7H`, `TS`, `JK`).
    fn card(text: &str) -> Card {
        if text == "JK" {
            return JOKER;
        }
        let b = text.as_bytes();
        let rank = b"A23456789TJQK".iter().position(|&r| r == b[0]).unwrap() as u8;
        let suit = b"CDHS".iter().position(|&s| s == b[1]).unwrap() as u8;
        rank * 4 + suit
    }

    fn hand(text: &str) -> Cards {
        let cards: Vec<Card> = text.split_whitespace().map(card).collect();
        Cards::from_cards(&cards)
    }

    /// Kanasta (Part K): A 1½, 2 1, 3-7 ½, 8-K 1, joker 1, a natural 2 ½ (in half points).
    fn kanasta() -> Tables {
        Tables::new(FinishRules::from(&Rules::kanasta()))
    }

    /// Classic (Part C, C2): A and 2 20, K-8 10, 7-3 5, joker 50 (in half points).
    fn classic(players: usize) -> Tables {
        Tables::new(FinishRules::from(&Rules::classic(players).unwrap()))
    }

    #[test]
    fn the_rules_values_are_the_published_ones_in_half_points() {
        // K-VAL-1: AS 1½, KS 1, 7S ½, JK 1, a natural 2 ½.
        let k = kanasta();
        let v = |t: &Tables, c: &str| t.value(usize::from(card(c)));
        assert_eq!(
            [v(&k, "AS"), v(&k, "KS"), v(&k, "7S"), v(&k, "JK")],
            [3, 2, 1, 2]
        );
        assert_eq!(k.rules.natural_two, 1);
        // C-VAL-1: A 20, 2 20, K 10, 7 5, black 3 5, joker 50.
        let c = classic(4);
        let values = [
            v(&c, "AS"),
            v(&c, "2S"),
            v(&c, "KS"),
            v(&c, "7S"),
            v(&c, "3C"),
            v(&c, "JK"),
        ];
        assert_eq!(values, [40, 40, 20, 10, 10, 100]);
        assert_eq!(classic(2).rules.canastas_to_go_out, 2);
    }

    fn flags(minimum: i32) -> TurnFlags {
        TurnFlags {
            minimum,
            forbidden: None,
            no_out: false,
            out_exempt: false,
            discard_empty_ok: true,
            black3_ok: true,
        }
    }

    fn open(cards: &str, shapes: Vec<Shape>) -> Situation {
        Situation {
            hand: hand(cards),
            shapes,
            opened: true,
            laid: true,
            count: 0,
            aside: Cards::default(),
            must_out: false,
        }
    }

    fn set(rank: u8, naturals: u8, wilds: u8) -> Shape {
        Shape::Set {
            rank,
            naturals,
            wilds,
            size: naturals + wilds,
        }
    }

    fn run(suit: u8, low: u8, high: u8, wild: Option<u8>) -> Shape {
        Shape::Run {
            suit,
            low,
            high,
            wild,
        }
    }

    fn answer(t: &Tables, f: TurnFlags, s: &Situation) -> bool {
        Finisher::new(t, f, &Work::default()).finishable(s).unwrap()
    }

    #[test]
    fn notation_helper_matches_card_indices() {
        assert_eq!(card("7H"), 26);
        assert_eq!(card("AC"), 0);
        assert_eq!(card("2S"), 7);
        assert_eq!(hand("7H 7H JK").count(26), 2);
    }

    #[test]
    fn e2_two_cards_left_with_the_team_open_is_settled_at_once() {
        // E-2: open, two cards, nothing binding: discard one of them.
        let t = classic(4);
        assert!(answer(&t, flags(100), &open("7H KS", vec![])));
    }

    #[test]
    fn c_out_1_the_last_card_is_discarded_only_with_a_canasta() {
        // C-OUT-1: one card left (a 7 that melds nowhere), no canasta: no legal end of turn.
        let t = classic(4);
        assert!(!answer(&t, flags(100), &open("7H", vec![set(13, 6, 0)])));
        // With a canasta of kings the 7 is discarded and the player goes out.
        assert!(answer(&t, flags(100), &open("7H", vec![set(13, 7, 0)])));
        // Or, with six kings down and the 7 a king instead: it is melded, the canasta completed.
        let must = Situation {
            must_out: true,
            ..open("KH 7S", vec![set(13, 6, 0)])
        };
        assert!(answer(&t, flags(100), &must));
    }

    #[test]
    fn c_out_3_yes_binds_the_player_to_go_out() {
        // C-OUT-3 "yes": 7S and 8S meld nowhere; the player may not just discard.
        let t = classic(4);
        let must = Situation {
            must_out: true,
            ..open("7S 8S", vec![set(13, 7, 0)])
        };
        assert!(!answer(&t, flags(100), &must));
        // "no": with a canasta and one card, going out is what the answer forbids.
        let no = TurnFlags {
            no_out: true,
            ..flags(100)
        };
        assert!(!answer(&t, no, &open("7S", vec![set(13, 7, 0)])));
    }

    #[test]
    fn c_three_2_black_threes_are_melded_only_when_going_out() {
        // Bound to go out with three black 3s and a canasta: meld them (C-THREE-2), hand empty.
        let t = classic(4);
        let must = Situation {
            must_out: true,
            ..open("3C 3S 3C", vec![set(13, 7, 0)])
        };
        assert!(answer(&t, flags(100), &must));
        // With the option off (black3_ok false) the three cannot go anywhere.
        let off = TurnFlags {
            black3_ok: false,
            ..flags(100)
        };
        assert!(!answer(&t, off, &must));
    }

    #[test]
    fn c2_2_two_players_need_two_canastas_to_empty_the_hand() {
        // C2-2 / C-OUT-1: one canasta of kings and a last king: melding it empties the hand with
        // one canasta only (not enough); discarding it too.
        let t = classic(2);
        assert!(!answer(&t, flags(100), &open("KH", vec![set(13, 7, 0)])));
        assert!(answer(
            &t,
            flags(100),
            &open("KH", vec![set(13, 7, 0), set(12, 7, 0)])
        ));
    }

    #[test]
    fn k_pile_3_the_taken_card_cannot_be_the_only_discard() {
        // K-PILE-3: holding two copies of the taken 7H and nothing to meld them with.
        let t = kanasta();
        let f = TurnFlags {
            forbidden: Some(card("7H")),
            ..flags(9)
        };
        assert!(!answer(&t, f, &open("7H 7H", vec![])));
        // A third card (KS) may be discarded instead.
        assert!(answer(&t, f, &open("7H 7H KS", vec![])));
    }

    fn opening(cards: &str, shapes: Vec<Shape>, count: i32) -> Situation {
        Situation {
            opened: false,
            count,
            ..open(cards, shapes)
        }
    }

    #[test]
    fn k_open_3_an_opening_reaches_its_minimum_or_the_turn_is_dead() {
        // The natural run 5H 6H 7H is down (½ + ½ + ½ = 3 half points); minimum 4½ (9).
        let t = kanasta();
        let laid = vec![run(2, 5, 7, None)];
        // 9C 9D 9S add 1 + 1 + 1 = 6: 9 reached, KD QC stay for the discard.
        assert!(answer(
            &t,
            flags(9),
            &opening("9C 9D 9S KD QC", laid.clone(), 3)
        ));
        // A pair of 9s needs a wild; KD QC JS meld nothing: no way to open.
        assert!(!answer(
            &t,
            flags(9),
            &opening("9C 9D KD QC JS", laid.clone(), 3)
        ));
        // Minimum 7½ (15): 9 is not enough, but the kings add 6 more: 15 with QC QH left.
        assert!(!answer(
            &t,
            flags(15),
            &opening("9C 9D 9S KD QC", laid.clone(), 3)
        ));
        assert!(answer(
            &t,
            flags(15),
            &opening("9C 9D 9S KD KC KS QC QH", laid, 3)
        ));
    }

    #[test]
    fn k_open_2_an_opening_needs_a_natural_run() {
        // Minimum 4½ (9): three sets worth 18 half points but no natural run anywhere.
        let t = kanasta();
        assert!(!answer(
            &t,
            flags(9),
            &opening("9C 9D 9S KD KC KS QC QH", vec![], 0)
        ));
        // With 5H 6H 7H in hand the run is laid too.
        assert!(answer(
            &t,
            flags(9),
            &opening("9C 9D 9S 5H 6H 7H QC QH", vec![], 0)
        ));
    }

    #[test]
    fn e2_k_open_3_pairs_and_runs_do_not_share_cards() {
        // The Python engine's regression (tests/test_solver.py), checked by hand there:
        // minimum 10 (20 half points), 8H 9H 2C and 2H 3H 4H laid (9 half points); the
        // best continuations reach 19 at most, so the team cannot open.
        let t = kanasta();
        let laid = vec![run(2, 8, 10, Some(10)), run(2, 2, 4, None)];
        let cards = "4C 4D 5D 6D 6S 8D QC KD JK JK";
        assert!(!answer(&t, flags(20), &opening(cards, laid.clone(), 9)));
        // Minimum 7½ (15): two sets (4C 4D JK, 6D 6S JK) add 8: 17.
        assert!(answer(&t, flags(15), &opening(cards, laid, 9)));
    }

    #[test]
    fn the_memo_and_the_node_count_are_shared_by_the_searches_of_one_question() {
        let t = kanasta();
        let work = Work::default();
        let laid = vec![run(2, 8, 10, Some(10)), run(2, 2, 4, None)];
        let s = opening("4C 4D 5D 6D 6S 8D QC KD JK JK", laid, 9);
        {
            let mut finisher = Finisher::new(&t, flags(20), &work);
            assert_eq!(finisher.finishable(&s), Ok(false));
            assert!(finisher.memo_len() > 0);
        }
        let searched = work.nodes();
        assert!(searched > 0);
        assert_eq!(work.memo_len() as u64, searched);
        // A second finisher with the same flags reads the first one's answers: no new node.
        let mut again = Finisher::new(&t, flags(20), &work);
        assert_eq!(again.finishable(&s), Ok(false));
        assert_eq!(work.nodes(), searched);
        drop(again);
        // Other flags (minimum 7 1/2) have their own memo, and the same count.
        let mut other = Finisher::new(&t, flags(15), &work);
        assert_eq!(other.finishable(&s), Ok(true));
        assert!(work.nodes() >= searched);
    }

    #[test]
    fn past_the_work_budget_the_question_is_given_up_with_the_python_message() {
        // The position above needs more than one node; with a budget of 1 the search gives up.
        let t = kanasta();
        let laid = vec![run(2, 8, 10, Some(10)), run(2, 2, 4, None)];
        let s = opening("4C 4D 5D 6D 6S 8D QC KD JK JK", laid, 9);
        let work = Work::new(1);
        let got = Finisher::new(&t, flags(20), &work).finishable(&s);
        assert_eq!(got, Err(SearchGaveUp { limit: 1 }));
        assert_eq!(work.nodes(), 2);
        // The message is kanasta.EngineLimitError's, the budget written as Python's f"{n:,}".
        assert_eq!(
            SearchGaveUp {
                limit: SEARCH_BUDGET
            }
            .to_string(),
            "deciding whether the turn can be finished (E-2) needs more than 100,000 search \
             steps here; the engine's work budget for one question"
        );
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    /// Classic with several sets of one rank allowed: the Classic count does not apply, the
    /// search does.
    fn classic_several_sets() -> Tables {
        let mut rules = FinishRules::from(&Rules::classic(4).unwrap());
        rules.one_meld_per_rank = false;
        Tables::new(rules)
    }

    #[test]
    fn c_three_2_two_dead_cards_end_a_going_out_search_at_once() {
        // Bound to go out (C-OUT-3 "yes") holding 3C 3S: black 3s are melded only three or
        // four together (C-THREE-2), so both stay in hand whatever is melded, and going out
        // discards one card at most.  The root node is the only one expanded.
        let t = classic_several_sets();
        let s = Situation {
            must_out: true,
            ..open(
                "3C 3S KC KD KH KS QC QD QH QS JC JD JH JS 9C 9D 9H",
                vec![set(10, 7, 0)],
            )
        };
        let work = Work::default();
        assert_eq!(
            Finisher::new(&t, flags(100), &work).finishable(&s),
            Ok(false)
        );
        assert_eq!(work.nodes(), 1);
        // One black 3 alone is the discard: the rest melds (KKKK QQQQ JJJJ 999), so going out works
        // (the canasta of 10s lets the hand be emptied, C-OUT-1).
        let s = Situation {
            must_out: true,
            ..open(
                "3C KC KD KH KS QC QD QH QS JC JD JH JS 9C 9D 9H",
                vec![set(10, 7, 0)],
            )
        };
        assert!(answer(&t, flags(100), &s));
    }

    #[test]
    fn c_open_1_the_witness_holds_back_its_two_cheapest_cards() {
        // Not down, cards laid, minimum 50 (100 half points): four kings (80) and four queens
        // (80) open; melding the jacks too would leave no card to discard, so the witness keeps
        // the two cheapest cards (JC JD) and the lone JH: opened with three cards left, at the
        // root, without expanding a search node.
        let t = classic_several_sets();
        let s = opening("KC KD KH KS QC QD QH QS JC JD JH", vec![], 0);
        let work = Work::default();
        assert_eq!(
            Finisher::new(&t, flags(100), &work).finishable(&s),
            Ok(true)
        );
        assert_eq!(work.nodes(), 0);
    }

    #[test]
    fn multichoices_are_those_of_combinations_with_replacement() {
        let mut seen: Vec<Vec<usize>> = Vec::new();
        for_each_multichoice(3, 2, &mut |c| {
            seen.push(c.to_vec());
            false
        });
        let expected: Vec<Vec<usize>> = vec![
            vec![0, 0],
            vec![0, 1],
            vec![0, 2],
            vec![1, 1],
            vec![1, 2],
            vec![2, 2],
        ];
        assert_eq!(seen, expected);
    }

    #[test]
    fn combos_skip_repeats_of_identical_cards_in_lexicographic_order() {
        let combos = |cards: &str, kinds: &[usize], k: usize| {
            let mut out: Vec<Vec<usize>> = Vec::new();
            for_each_combo(&hand(cards), kinds, k, &mut |c| out.push(c.to_vec()));
            out
        };
        // 7C 7C 7H: the pairs are 7C 7C and 7C 7H, once each; no trio of distinct cards.
        let sevens = [24, 25, 26, 27];
        assert_eq!(
            combos("7C 7C 7H", &sevens, 2),
            vec![vec![24, 24], vec![24, 26]]
        );
        assert_eq!(combos("7C 7H", &sevens, 3), Vec::<Vec<usize>>::new());
        // 7C 7C 7H 7H 7S: every trio, more copies of the lowest card first.
        assert_eq!(
            combos("7C 7C 7H 7H 7S", &sevens, 3),
            vec![
                vec![24, 24, 26],
                vec![24, 24, 27],
                vec![24, 26, 26],
                vec![24, 26, 27],
                vec![26, 26, 27],
            ]
        );
    }
}
