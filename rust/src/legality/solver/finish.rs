//! Can the turn still be finished? (RULES E-2; the Python engine's
//! `kanasta.legality.finish`): the [`Finisher`] and its dispatch.
//!
//! [`Finisher::finishable`] settles most situations by a constant-time test;
//! the rest go to the Classic count ([`super::classic`]) or to the general
//! search ([`super::search`]).

use super::budget::{Memo, SearchGaveUp, Work};
use super::search::Step;
use super::situation::{Situation, TurnFlags};
use super::tables::{canastas, Tables};

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

    /// May the hand be emptied now (the rulebook's one emptying check)?
    pub(super) fn may_empty(&self, canastas: u32, opened: bool, by_discard: bool) -> bool {
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
