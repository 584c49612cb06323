//! A line of play's move history as links its states share (the Python
//! engine's `LogNode`): a state made by a move holds that move's [`Link`]
//! (who moved, the move, what followed from it) and, through it, the links
//! of the moves before, never the states they were made from.  A line of
//! play so keeps its history and nothing else of its earlier states.  A
//! [`Line`] is what a state keeps of its line: the history made so far (by
//! the caller, as its own objects) and the links of the moves since.

use std::sync::Arc;

use super::events::Event;
use crate::action::Action;

/// One applied move of a line of play, linked to the move before it.
#[derive(Debug)]
pub struct Link {
    prev: Option<Arc<Link>>,
    seat: u8,
    action: Action,
    events: Arc<Vec<Event>>,
}

impl Link {
    /// The link of `action`, made by `seat`, with the `events` that followed
    /// from it, after `prev` (None: the first move of the line's links).
    pub fn after(
        prev: Option<Arc<Link>>,
        seat: usize,
        action: Action,
        events: Arc<Vec<Event>>,
    ) -> Arc<Link> {
        Arc::new(Link {
            prev,
            seat: seat as u8,
            action,
            events,
        })
    }

    /// The seat that made the move.
    pub fn seat(&self) -> usize {
        usize::from(self.seat)
    }

    /// The move.
    pub fn action(&self) -> &Action {
        &self.action
    }

    /// The events of the move (those of the state it made).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The link of the move before, if the line's links go back further.
    pub fn prev(&self) -> Option<&Link> {
        self.prev.as_deref()
    }

    /// This link and those before it, newest first.
    pub fn back(&self) -> impl Iterator<Item = &Link> {
        std::iter::successors(Some(self), |link| link.prev())
    }
}

/// A state's place in its line of play: its history as the history made so
/// far (`base`, of the caller's kind: the package's history links) and the
/// links of the moves made since.  The states of a line share both; none
/// holds another state.
#[derive(Debug)]
pub struct Line<B> {
    base: Option<Arc<B>>,
    link: Option<Arc<Link>>,
    pending: usize,
}

impl<B> Clone for Line<B> {
    fn clone(&self) -> Self {
        Line {
            base: self.base.clone(),
            link: self.link.clone(),
            pending: self.pending,
        }
    }
}

impl<B> Default for Line<B> {
    /// A line with no history: a state dealt or read.
    fn default() -> Self {
        Line::start(None)
    }
}

impl<B> Line<B> {
    /// A line whose history so far is `base`, no move made since.
    pub fn start(base: Option<Arc<B>>) -> Line<B> {
        Line {
            base,
            link: None,
            pending: 0,
        }
    }

    /// The line one move further: `action`, made by `seat`, with its `events`.
    pub fn after(&self, seat: usize, action: Action, events: Arc<Vec<Event>>) -> Line<B> {
        Line {
            base: self.base.clone(),
            link: Some(Link::after(self.link.clone(), seat, action, events)),
            pending: self.pending + 1,
        }
    }

    /// The history made so far.
    pub fn base(&self) -> Option<&Arc<B>> {
        self.base.as_ref()
    }

    /// The moves made since the history made so far, newest first.
    pub fn since(&self) -> impl Iterator<Item = &Link> {
        self.link
            .as_deref()
            .into_iter()
            .flat_map(Link::back)
            .take(self.pending)
    }
}

impl Drop for Link {
    /// A line's links are let go in a loop, not by a recursion as deep as the
    /// line; a link another state still holds stays, with those before it.
    fn drop(&mut self) {
        let mut next = self.prev.take();
        while let Some(link) = next {
            next = match Arc::try_unwrap(link) {
                Ok(mut only) => only.prev.take(),
                Err(_) => None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: usize) -> Arc<Link> {
        let mut last: Option<Arc<Link>> = None;
        for i in 0..moves {
            let events = Arc::new(Vec::new());
            last = Some(Link::after(last, i % 4, Action::Draw, events));
        }
        last.expect("at least one move")
    }

    #[test]
    fn a_link_reaches_the_moves_before_it_newest_first() {
        let last = line(6);
        let seats: Vec<usize> = last.back().map(Link::seat).collect();
        assert_eq!(seats, vec![1, 0, 3, 2, 1, 0]);
        assert!(last
            .back()
            .all(|l| *l.action() == Action::Draw && l.events().is_empty()));
        // two lines from one state share the links before it
        let fork = last.prev.clone();
        let a = Link::after(fork.clone(), 1, Action::Ask, Arc::new(Vec::new()));
        let b = Link::after(fork.clone(), 1, Action::Decline, Arc::new(Vec::new()));
        assert!(std::ptr::eq(a.prev().unwrap(), b.prev().unwrap()));
        drop(last);
        drop(a);
        assert_eq!(b.back().count(), 6);
    }

    #[test]
    fn a_long_line_is_let_go_without_a_deep_recursion() {
        // 300,000 links: dropped by recursion, this would overflow the test thread's stack
        let last = line(300_000);
        assert_eq!(last.back().count(), 300_000);
        drop(last);
        // a shared middle stays alive with the links before it
        let last = line(1_000);
        let middle = last.prev.clone().unwrap();
        drop(last);
        assert_eq!(middle.back().count(), 999);
    }

    #[test]
    fn a_line_counts_the_moves_since_its_history_was_made() {
        let start: Line<&str> = Line::default();
        assert!(start.base().is_none() && start.since().count() == 0);
        let one = start.after(0, Action::Draw, Arc::new(Vec::new()));
        let two = one.after(0, Action::Ask, Arc::new(Vec::new()));
        let moves: Vec<Action> = two.since().map(|l| *l.action()).collect();
        assert_eq!(moves, vec![Action::Ask, Action::Draw]);
        // the history made at `two`: its children count from there, and share that base
        let made = Line::start(Some(Arc::new("two moves")));
        let three = made.after(2, Action::Decline, Arc::new(Vec::new()));
        assert_eq!(three.since().count(), 1);
        assert_eq!(three.base().map(|b| **b), Some("two moves"));
        assert!(Arc::ptr_eq(three.base().unwrap(), made.base().unwrap()));
    }
}
