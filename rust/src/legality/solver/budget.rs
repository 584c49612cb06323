//! The work budget of one legality question (the Python engine's
//! `kanasta.legality.budget`).
//!
//! One [`Work`] serves one question (a listing of moves, the check of one
//! move): every E-2 search made for it shares its memo tables and counts its
//! nodes against [`SEARCH_BUDGET`]; past it the question is given up with
//! [`SearchGaveUp`], whose message is the Python engine's `EngineLimitError`'s.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::search::Node;
use super::situation::TurnFlags;

/// The most search nodes one legality question (one listing, one move check)
/// may expand: the engine's work budget, the Python engine's
/// `kanasta.legality.finish.SEARCH_BUDGET`.  Past it the question is given up
/// ([`SearchGaveUp`]) and nothing of it is kept.
pub const SEARCH_BUDGET: u64 = 100_000;

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
        if !memo.is_empty() {
            self.memos.borrow_mut().push((flags, memo));
        }
    }
}
