//! A line of play's move history as links its states share (the Python
//! engine's `LogNode`): a state made by a move holds that move's [`Link`]
//! (who moved, the move, what followed from it) and, through it, the links
//! of the moves before, never the states they were made from.  A line of
//! play so keeps its history and nothing else of its earlier states.
//!
//! A [`Line`] is what a state keeps of its line: the history made so far by
//! the caller, as its own objects (of type `B`: the package's `LogNode`),
//! and the links of the moves since.  When the caller makes the history of
//! a state it records, on each link, the object it made for that move
//! ([`Line::made`]), so every other state whose links pass through there
//! starts from those objects rather than making them again: the states of
//! a line share their history, as the Python engine's states do.  The links
//! stay after that (the core writes the views' histories from them), and
//! each keeps, per seat, what that seat's views made of the move once made
//! ([`Seen`]: the step's text as the seat saw it, the caller's object).
//!
//! A line also keeps the events of its first deal (those before its first
//! link), and whether its links reach back to that deal ([`Line::is_whole`]):
//! a line that starts from a history the caller made without links is not.

use std::sync::{Arc, Mutex, OnceLock};

use super::events::Event;
use crate::actions::Action;
use crate::rules::MAX_SEATS;

/// Text written along a line of play, shared by its links: each link's
/// part ends at a length of it that never changes once written.
pub type SharedText = Arc<Mutex<Vec<u8>>>;

/// What one seat's views made of one move, kept on the move's link once made.
#[derive(Debug)]
pub struct Seen<B> {
    /// The step as the seat saw it, as the view document's JSON text.
    pub text: OnceLock<Box<str>>,
    /// The seat's history up to this move as the view document's JSON text:
    /// the first `.1` bytes of a text the line's later moves append to.
    pub written: OnceLock<(SharedText, usize)>,
    /// The caller's object for the seat's history up to this move.
    pub made: OnceLock<Arc<B>>,
}

impl<B> Default for Seen<B> {
    fn default() -> Self {
        Seen {
            text: OnceLock::new(),
            written: OnceLock::new(),
            made: OnceLock::new(),
        }
    }
}

/// One applied move of a line of play, linked to the move before it.
#[derive(Debug)]
pub struct Link<B> {
    prev: Option<Arc<Link<B>>>,
    seat: u8,
    action: Action,
    events: Arc<Vec<Event>>,
    /// The caller's history object made for this move, once made.
    made: OnceLock<Arc<B>>,
    /// Per seat, what its views made of this move (allocated on first use).
    seen: OnceLock<Box<[Seen<B>; MAX_SEATS]>>,
}

impl<B> Link<B> {
    /// The link of `action`, made by `seat`, with the `events` that followed
    /// from it, after `prev` (None: the first move of the line's links).
    pub fn after(
        prev: Option<Arc<Link<B>>>,
        seat: usize,
        action: Action,
        events: Arc<Vec<Event>>,
    ) -> Arc<Link<B>> {
        Arc::new(Link {
            prev,
            seat: seat as u8,
            action,
            events,
            made: OnceLock::new(),
            seen: OnceLock::new(),
        })
    }

    /// What `seat`'s views made of this move so far (`seat` below [`MAX_SEATS`]).
    pub fn seen(&self, seat: usize) -> &Seen<B> {
        &self.seen.get_or_init(Box::default)[seat]
    }

    /// What `seat`'s views made of this move, if anything was made yet.
    pub fn seen_made(&self, seat: usize) -> Option<&Arc<B>> {
        self.seen.get().and_then(|s| s[seat].made.get())
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
    pub fn prev(&self) -> Option<&Link<B>> {
        self.prev.as_deref()
    }

    /// This link and those before it, newest first.
    pub fn back(&self) -> impl Iterator<Item = &Link<B>> {
        std::iter::successors(Some(self), |link| link.prev())
    }
}

impl<B> Drop for Link<B> {
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

/// A state's place in its line of play: its history as the history made so
/// far (`base`) and the links of the moves made since.  The states of a
/// line share both; none holds another state.
#[derive(Debug)]
pub struct Line<B> {
    base: Option<Arc<B>>,
    link: Option<Arc<Link<B>>>,
    /// How many links, newest first, the history made so far does not cover.
    pending: usize,
    /// The events of the line's first deal (before its first link).
    start: Arc<Vec<Event>>,
    /// Whether the links reach back to the first deal.
    whole: bool,
}

impl<B> Clone for Line<B> {
    fn clone(&self) -> Self {
        Line {
            base: self.base.clone(),
            link: self.link.clone(),
            pending: self.pending,
            start: self.start.clone(),
            whole: self.whole,
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
    /// A line whose history so far is `base`, no move made since (and no
    /// links: with a `base`, the line is not whole).
    pub fn start(base: Option<Arc<B>>) -> Line<B> {
        Line {
            whole: base.is_none(),
            base,
            link: None,
            pending: 0,
            start: Arc::default(),
        }
    }

    /// A line whose history was made without links (the core cannot write it).
    pub fn unlinked() -> Line<B> {
        Line {
            whole: false,
            ..Line::start(None)
        }
    }

    /// A line dealt with the first deal's `events`, no move made yet.
    pub fn dealt(events: Arc<Vec<Event>>) -> Line<B> {
        Line {
            start: events,
            ..Line::start(None)
        }
    }

    /// A whole line rebuilt from its first deal's events and its moves, oldest first.
    pub fn rebuilt(
        start: Arc<Vec<Event>>,
        moves: impl IntoIterator<Item = (usize, Action, Arc<Vec<Event>>)>,
    ) -> Line<B> {
        let mut line = Line::dealt(start);
        for (seat, action, events) in moves {
            line = line.after(seat, action, events);
        }
        line
    }

    /// The line one move further: `action`, made by `seat`, with its `events`.
    pub fn after(&self, seat: usize, action: Action, events: Arc<Vec<Event>>) -> Line<B> {
        Line {
            base: self.base.clone(),
            link: Some(Link::after(self.link.clone(), seat, action, events)),
            pending: self.pending + 1,
            start: self.start.clone(),
            whole: self.whole,
        }
    }

    /// The events of the line's first deal.
    pub fn start_events(&self) -> &[Event] {
        &self.start
    }

    /// Whether the line's links reach back to its first deal (every move of
    /// its history has its link), so the core can write its history.
    pub fn is_whole(&self) -> bool {
        self.whole
    }

    /// Every link of the line, newest first (back to the first deal when the line is whole).
    pub fn links(&self) -> impl Iterator<Item = &Link<B>> {
        self.link.as_deref().into_iter().flat_map(Link::back)
    }

    /// How many moves the line's links hold.
    pub fn len(&self) -> usize {
        self.links().count()
    }

    /// Whether the line's links hold no move.
    pub fn is_empty(&self) -> bool {
        self.link.is_none()
    }

    /// The history made so far (by this state's line, or by another state
    /// whose links this one shares) and the links of the moves since, oldest first.
    pub fn history(&self) -> (Option<&Arc<B>>, Vec<&Link<B>>) {
        let mut base = self.base.as_ref();
        let mut since = Vec::new();
        for link in self
            .link
            .as_deref()
            .into_iter()
            .flat_map(Link::back)
            .take(self.pending)
        {
            if let Some(made) = link.made.get() {
                base = Some(made);
                break;
            }
            since.push(link);
        }
        since.reverse();
        (base, since)
    }

    /// The line once the caller has made its history: `made` holds the
    /// objects made for the moves [`Line::history`] gave, oldest first (the
    /// last is the whole history).  Each is recorded on its move's link, for
    /// the other states that share the link; the line returned starts from
    /// the last, and keeps its links.  Objects for more moves than the line
    /// has links since its history made so far stand for moves it has no
    /// links for: the line returned is not whole.
    pub fn made(&self, made: Vec<Arc<B>>) -> Line<B> {
        let (_, since) = self.history();
        for (link, object) in since.iter().rev().zip(made.iter().rev()) {
            // set once: a link made twice (by two states at once) keeps the first object
            let _ = link.made.set(object.clone());
        }
        Line {
            base: made.last().cloned().or_else(|| self.base.clone()),
            link: self.link.clone(),
            pending: 0,
            start: self.start.clone(),
            whole: self.whole && made.len() <= since.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: usize) -> Line<&'static str> {
        let mut line = Line::default();
        for i in 0..moves {
            line = line.after(i % 4, Action::Draw, Arc::new(Vec::new()));
        }
        line
    }

    #[test]
    fn a_line_reaches_the_moves_since_its_history_oldest_first() {
        let start: Line<&str> = Line::default();
        assert!(start.history().0.is_none() && start.history().1.is_empty());
        let one = start.after(0, Action::Draw, Arc::new(Vec::new()));
        let two = one.after(0, Action::Ask, Arc::new(Vec::new()));
        let (base, since) = two.history();
        assert!(base.is_none());
        let moves: Vec<Action> = since.iter().map(|l| *l.action()).collect();
        assert_eq!(moves, vec![Action::Draw, Action::Ask]);
        let seats: Vec<usize> = line(6).history().1.iter().map(|l| l.seat()).collect();
        assert_eq!(seats, vec![0, 1, 2, 3, 0, 1]);
    }

    #[test]
    fn a_history_made_once_is_shared_by_the_states_whose_links_pass_there() {
        // `early` and `late` are states of one line; `early`'s history is made first.
        let early = line(3);
        let mut late = early.clone();
        for _ in 0..2 {
            late = late.after(1, Action::Decline, Arc::new(Vec::new()));
        }
        let objects = vec![Arc::new("1"), Arc::new("2"), Arc::new("1-3")];
        let early_made = early.made(objects.clone());
        assert!(Arc::ptr_eq(early_made.history().0.unwrap(), &objects[2]));
        assert!(early_made.history().1.is_empty());
        // `late` starts from `early`'s object and has its own two moves to make
        let (base, since) = late.history();
        assert!(Arc::ptr_eq(base.unwrap(), &objects[2]));
        assert_eq!(since.len(), 2);
        // a state reached from `early` after its history was made starts from it too
        let next = early_made.after(2, Action::Ask, Arc::new(Vec::new()));
        assert!(Arc::ptr_eq(next.history().0.unwrap(), &objects[2]));
        assert_eq!(next.history().1.len(), 1);
    }

    #[test]
    fn a_long_line_is_let_go_without_a_deep_recursion() {
        // 300,000 links: dropped by recursion, this would overflow the test thread's stack
        let long = line(300_000);
        assert_eq!(long.history().1.len(), 300_000);
        drop(long);
        // a shared middle stays alive with the links before it
        let last = line(1_000);
        let middle = last.link.as_ref().unwrap().prev.clone().unwrap();
        drop(last);
        assert_eq!(middle.back().count(), 999);
    }
}
