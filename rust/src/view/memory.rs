//! The public memory of a game for the observation tensor's memory blocks
//! (`kanasta.rl.observation`, `memory=True`): the cards each seat is known to
//! hold and the cards each seat discarded this hand.
//!
//! Everything here follows from public moves and events only (every seat
//! sees them alike, RULES E-4): a card taken with the discard pile is known
//! to stay in the taker's hand until that seat melds or discards a card of
//! the same kind, or picks up a packet (the Python `kanasta.view.seen.track_known`,
//! rule for rule); a discard is face up.  A new hand forgets both.

use crate::actions::Action;
use crate::cards::{copies, is_red_three, DISTINCT};
use crate::position::{Event, MAX_SEATS};
use crate::rules::{PileTake, Rules};

/// What every seat knows of the others from the public record of the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    /// By seat: how many of each card (by index) the seat is known to hold.
    pub known: [[u8; DISTINCT]; MAX_SEATS],
    /// By seat: how many of each card the seat discarded this hand, up to the deck's copies of it.
    pub discarded: [[u8; DISTINCT]; MAX_SEATS],
}

impl Default for Memory {
    fn default() -> Memory {
        Memory {
            known: [[0; DISTINCT]; MAX_SEATS],
            discarded: [[0; DISTINCT]; MAX_SEATS],
        }
    }
}

impl Memory {
    /// Forget everything (a new game).
    pub fn clear(&mut self) {
        *self = Memory::default();
    }

    /// The memory of a line of play from its moves, newest first (each: the
    /// seat that moved, the move and the events it made), as
    /// [`Memory::record`] followed move by move from the line's start; only
    /// the moves since the current hand began are read.
    pub fn of_moves<'a>(
        rules: &Rules,
        newest_first: impl IntoIterator<Item = (usize, &'a Action, &'a [Event])>,
    ) -> Memory {
        let mut hand = Vec::new();
        for step in newest_first {
            let started = step
                .2
                .iter()
                .any(|e| matches!(e, Event::HandStarted { .. }));
            hand.push(step);
            if started {
                break; // the memory is cleared there: nothing before it counts
            }
        }
        let mut memory = Memory::default();
        for (seat, action, events) in hand.into_iter().rev() {
            memory.record(rules, seat, action, events);
        }
        memory
    }

    /// Follow `seat`'s move `action` and the `events` it made.
    pub fn record(&mut self, rules: &Rules, seat: usize, action: &Action, events: &[Event]) {
        let mine = &mut self.known[seat];
        for &c in action.cards() {
            let n = &mut mine[usize::from(c)];
            *n = n.saturating_sub(1);
        }
        if let Action::Discard { card } = action {
            // counted up to the deck's copies of the card (a card may come back and be discarded again)
            let n = &mut self.discarded[seat][usize::from(*card)];
            *n = (*n + 1).min(copies(*card));
        }
        for event in events {
            match event {
                Event::HandStarted { .. } => self.clear(),
                Event::PileTaken {
                    seat,
                    cards,
                    aside: false,
                } => {
                    let gained = match rules.pile_take {
                        PileTake::Whole => &cards[..],
                        PileTake::MeldTop => &cards[..cards.len().saturating_sub(1)],
                    };
                    for &c in gained {
                        if !(rules.red_threes && is_red_three(c)) {
                            self.known[*seat][usize::from(c)] += 1;
                        }
                    }
                }
                Event::PileJoined { seat, cards } => {
                    for &c in cards {
                        self.known[*seat][usize::from(c)] += 1;
                    }
                }
                Event::PacketTaken { seat, .. } => self.known[*seat] = [0; DISTINCT],
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actions::CardList;
    use crate::cards::card;

    #[test]
    fn a_pile_taken_is_known_until_its_cards_are_played() {
        let rules = Rules::kanasta();
        let mut m = Memory::default();
        let (five, king) = (card(5, 0), card(13, 2));
        let events = [Event::PileTaken {
            seat: 1,
            cards: vec![five, king, king],
            aside: false,
        }];
        m.record(
            &rules,
            1,
            &Action::Take {
                cards: CardList::new(&[]).unwrap(),
                meld: None,
            },
            &events,
        );
        assert_eq!(
            (m.known[1][usize::from(five)], m.known[1][usize::from(king)]),
            (1, 2)
        );
        m.record(&rules, 1, &Action::Discard { card: king }, &[]);
        assert_eq!(m.known[1][usize::from(king)], 1);
        assert_eq!(m.discarded[1][usize::from(king)], 1);
        // the same kind discarded again and again (taken back with the pile) counts up to the
        // deck's two copies of it
        for _ in 0..3 {
            m.record(&rules, 1, &Action::Discard { card: king }, &[]);
        }
        assert_eq!(m.discarded[1][usize::from(king)], 2);
        // a discard of a card not known to be held is counted, and known stays at zero
        m.record(&rules, 2, &Action::Discard { card: five }, &[]);
        assert_eq!(
            (
                m.known[2][usize::from(five)],
                m.discarded[2][usize::from(five)]
            ),
            (0, 1)
        );
        m.record(
            &rules,
            0,
            &Action::Draw,
            &[Event::HandStarted {
                hand_number: 2,
                dealer: 1,
                first_player: 2,
            }],
        );
        assert_eq!(m, Memory::default());
    }

    #[test]
    fn of_moves_reads_the_current_hand_only() {
        let rules = Rules::kanasta();
        let king = card(13, 2);
        let take = Action::Take {
            cards: CardList::new(&[]).unwrap(),
            meld: None,
        };
        let taken = [Event::PileTaken {
            seat: 1,
            cards: vec![king, king],
            aside: false,
        }];
        let started = [Event::HandStarted {
            hand_number: 2,
            dealer: 1,
            first_player: 2,
        }];
        let discard = Action::Discard { card: king };
        // oldest first: seat 1 takes two kings, discards one; then a new hand starts and
        // seat 3 discards a king
        let moves: Vec<(usize, &Action, &[Event])> = vec![
            (1, &take, &taken),
            (1, &discard, &[]),
            (0, &Action::Draw, &started),
            (3, &discard, &[]),
        ];
        let m = Memory::of_moves(&rules, moves.iter().rev().copied());
        assert_eq!(m.known[1][usize::from(king)], 0);
        assert_eq!(m.discarded[1][usize::from(king)], 0);
        assert_eq!(m.discarded[3][usize::from(king)], 1);
        // without the new hand, the moves of the first
        let m = Memory::of_moves(&rules, moves[..2].iter().rev().copied());
        assert_eq!(
            (
                m.known[1][usize::from(king)],
                m.discarded[1][usize::from(king)]
            ),
            (1, 1)
        );
    }
}
