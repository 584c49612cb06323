//! Can the turn still be finished? (RULES E-2; the Python engine's
//! `kanasta.legality.finish`): the [`Finisher`]'s dispatch (the finisher
//! itself is one question's work's, [`super::budget`]).
//!
//! [`Finisher::finishable`] settles most situations by a constant-time test;
//! the rest go to the Classic count ([`super::classic`]) or to the general
//! search ([`super::search`]).

use super::budget::{Finisher, SearchGaveUp};
use super::situation::Situation;
use super::tables::canastas;

impl Finisher<'_> {
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
        self.search(s, n)
    }
}
