//! The greedy rollout policy: the Python `kanasta.bots.GreedyBot`'s choice,
//! rule for rule, and greedy rollouts to the hand's end (or a horizon), many
//! at once on a thread pool (`kanasta.rl.vector.rollouts(policy="greedy")`).
//!
//! [`greedy_choice`] picks, from the core's listing of a position, the move
//! GreedyBot picks from the same listing given the cards each seat is known
//! to hold ([`Memory::known`], what `PlayerView.known_cards` gives): it reads
//! only the seat to act's hand, the pile, the melds and what is known of the
//! next seat's hand, as the bot does.  GreedyBot uses no randomness; among
//! equal keys it keeps the first move of the listing (Python's `max` and
//! `min` keep the first of equals), and so does this.
//!
//! A greedy rollout plays [`greedy_choice`] for every seat from a state,
//! following the known cards move by move (`Memory::record`, the Python
//! `track_known`), until the hand ends or `horizon` moves are made; a hand
//! cut by the horizon is valued as `kanasta.search.SearchBot` values it (the
//! table as it would score now, cards in hand at half their penalty, and
//! `progress` of a canasta's bonus per card past three of a meld of 4 to 6).
//! The policy is deterministic: a state has one greedy rollout.

use rayon::prelude::*;

use crate::actions::Action;
use crate::bots::montecarlo::{difference, play_out_hand, Outcome, Policy};
use crate::cards::{is_black_three, is_wild, rank, Card, DISTINCT, JOKER};
use crate::position::{Event, Hand, HandEnd, Phase, State, TableMeld, MAX_SEATS};
use crate::rl::vector::Threads;
use crate::rules::{PileTake, Rules};
use crate::scoring::{score_hand, HandEndTable};
use crate::view::memory::Memory;

/// Cards in a canasta (G-MELD-2).
const CANASTA_SIZE: usize = 7;

/// Rollouts handed to a thread at a time.
const MIN_PER_TASK: usize = 2;

/// The suit 0-3 of a natural card (the joker has none).
fn suit(c: Card) -> Option<u8> {
    (c != JOKER).then_some(c % 4)
}

/// Whether a natural `card` could join `meld`: same rank as a set, or next to a run's ends
/// (the Python `_fits` and `_Fitting.fits`).
fn fits(meld: &TableMeld, card: Card) -> bool {
    let Some(r) = rank(card) else {
        return false;
    };
    match meld {
        TableMeld::Set { .. } => meld.rank() == Some(r),
        TableMeld::Run { .. } => {
            meld.suit() == suit(card)
                && (r + 1 == meld.low() || r == meld.high() + 1 || (r == 1 && meld.high() == 13))
        }
    }
}

fn fits_any(melds: &[TableMeld], card: Card) -> bool {
    melds.iter().any(|m| fits(m, card))
}

/// Whether the pile is worth taking (GreedyBot.wants_pile), a take being legal.
fn wants_pile(s: &State, hand: &Hand, mine: &[TableMeld]) -> bool {
    let pile = &s.pile;
    if s.rules.pile_take != PileTake::Whole {
        return pile.len() >= 2;
    }
    if pile.len() >= 3 {
        return true;
    }
    if pile.len() < 2 {
        return false;
    }
    let held = hand.cards();
    for &card in pile {
        if is_wild(card) || fits_any(mine, card) {
            return true;
        }
        for &other in &held {
            if rank(other) == rank(card) {
                return true;
            }
            if let (Some(a), Some(b)) = (rank(other), rank(card)) {
                if suit(other) == suit(card) && a.abs_diff(b) <= 2 {
                    return true;
                }
            }
        }
    }
    false
}

/// The index in `listing` of the first move whose key is the greatest.
fn first_max<K: PartialOrd>(items: impl Iterator<Item = (usize, K)>) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    for (i, k) in items {
        if best.as_ref().is_none_or(|(_, b)| k > *b) {
            best = Some((i, k));
        }
    }
    best.map(|(i, _)| i)
}

/// The index in `listing` of the first move whose key is the least.
fn first_min<K: PartialOrd>(items: impl Iterator<Item = (usize, K)>) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    for (i, k) in items {
        if best.as_ref().is_none_or(|(_, b)| k < *b) {
            best = Some((i, k));
        }
    }
    best.map(|(i, _)| i)
}

/// The discarding order's key (the lowest is the best discard), GreedyBot's `_discard_key`.
struct DiscardKey<'a> {
    rules: &'a Rules,
    mine: &'a [TableMeld],
    theirs: &'a [TableMeld],
    known_ranks: [u8; 14],
    hand_ranks: [u8; 14],
    /// By suit: bit `r` set when the hand holds a card of that suit and rank `r` (2s included).
    numbers: [u16; 4],
}

impl<'a> DiscardKey<'a> {
    fn new(s: &'a State, seat: usize, hand: &Hand, known: &[[u8; DISTINCT]; MAX_SEATS]) -> Self {
        let rules = &*s.rules;
        let team = rules.team_of(seat);
        let nxt = (seat + 1) % rules.players;
        let mine = s.melds[team].as_slice();
        let theirs: &[TableMeld] = if rules.team_of(nxt) != team {
            s.melds[rules.team_of(nxt)].as_slice()
        } else {
            &[]
        };
        let mut known_ranks = [0u8; 14];
        for (c, &n) in known[nxt].iter().enumerate() {
            if let Some(r) = rank(c as Card) {
                known_ranks[usize::from(r)] += n;
            }
        }
        let mut hand_ranks = [0u8; 14];
        let mut numbers = [0u16; 4];
        for (c, &n) in hand.counts().iter().enumerate() {
            if n == 0 {
                continue;
            }
            let c = c as Card;
            if let (Some(r), Some(su)) = (rank(c), suit(c)) {
                hand_ranks[usize::from(r)] += n;
                numbers[usize::from(su)] |= 1 << r;
            }
        }
        DiscardKey {
            rules,
            mine,
            theirs,
            known_ranks,
            hand_ranks,
            numbers,
        }
    }

    fn key(&self, card: Card) -> (bool, bool, bool, bool, bool, i64, Card) {
        let blocker = self.rules.black_threes && is_black_three(card);
        let r = rank(card);
        let natural = r.is_some();
        let feeds = natural
            && (fits_any(self.theirs, card) || self.known_ranks[usize::from(r.unwrap_or(0))] >= 2);
        let useful = fits_any(self.mine, card);
        let twins = natural && self.hand_ranks[usize::from(r.unwrap_or(0))] >= 2;
        let near = self.rules.runs
            && match (r, suit(card)) {
                (Some(r), Some(su)) => {
                    let bits = self.numbers[usize::from(su)];
                    [r.wrapping_sub(2), r.wrapping_sub(1), r + 1, r + 2]
                        .iter()
                        .any(|&n| n < 16 && bits & (1 << n) != 0)
                }
                _ => false,
            };
        (
            !blocker,
            is_wild(card),
            feeds,
            useful,
            twins || near,
            self.rules.card_value(card),
            card,
        )
    }
}

/// The index in `listing` (the core's legal moves of `s`, not empty) of the move GreedyBot
/// makes, given `known`: by seat, how many of each card the seat is known to hold.
pub fn greedy_choice(s: &State, listing: &[Action], known: &[[u8; DISTINCT]; MAX_SEATS]) -> usize {
    let seat = s.player;
    let hand = &s.hands[seat];
    let team = s.rules.team_of(seat);
    let mine = s.melds[team].as_slice();
    match s.phase {
        Phase::Answer => listing
            .iter()
            .position(|a| *a == Action::Answer { permit: true })
            .unwrap_or(0),
        Phase::Draw => {
            let takes = listing.iter().enumerate().filter_map(|(i, a)| match a {
                Action::Take { cards, .. } => {
                    let wild = cards.as_slice().iter().filter(|&&c| is_wild(c)).count();
                    Some((i, (wild, cards.len())))
                }
                _ => None,
            });
            let can_draw = listing.iter().any(|a| matches!(a, Action::Draw));
            let best = first_min(takes);
            if let Some(best) = best {
                if !can_draw || wants_pile(s, hand, mine) {
                    return best;
                }
            }
            listing
                .iter()
                .position(|a| matches!(a, Action::Draw | Action::Decline))
                .unwrap_or(0)
        }
        _ => play(s, listing, known, hand, mine),
    }
}

/// A melding move's key: it empties the hand, completes a canasta, its natural cards, its points.
type MeldKey = (bool, bool, i64, i64);

/// GreedyBot's `_play`: meld while it can (the key below), keeping wild cards back; then discard.
fn play(
    s: &State,
    listing: &[Action],
    known: &[[u8; DISTINCT]; MAX_SEATS],
    hand: &Hand,
    mine: &[TableMeld],
) -> usize {
    let rules = &*s.rules;
    let hand_size = hand.len();
    let has_discard = listing.iter().any(|a| matches!(a, Action::Discard { .. }));
    // each melding move's key (empties the hand, completes a canasta, natural cards, points)
    // and whether it lays a wild card
    let mut keys: Vec<(usize, MeldKey, bool)> = Vec::new();
    for (i, a) in listing.iter().enumerate() {
        let (cards, old): (&[Card], Option<&TableMeld>) = match a {
            Action::Meld { cards } => (cards.as_slice(), None),
            Action::Add { meld, cards } => (cards.as_slice(), mine.get(usize::from(*meld))),
            Action::Extend { meld, run } => (run.as_slice(), mine.get(usize::from(*meld))),
            _ => continue,
        };
        let mut laid = cards.len() as i64;
        let mut naturals = cards.iter().filter(|&&c| !is_wild(c)).count() as i64;
        let mut points: i64 = cards.iter().map(|&c| rules.card_value(c)).sum();
        let completes = match (a, old) {
            (Action::Meld { .. }, _) => cards.len() >= CANASTA_SIZE,
            (_, Some(old)) => {
                let before = old.cards();
                let before = before.as_slice();
                if matches!(a, Action::Extend { .. }) {
                    laid -= before.len() as i64;
                    naturals -= before.iter().filter(|&&c| !is_wild(c)).count() as i64;
                    points -= before.iter().map(|&c| rules.card_value(c)).sum::<i64>();
                }
                let was = before.len() as i64;
                was + laid >= CANASTA_SIZE as i64 && (CANASTA_SIZE as i64) > was
            }
            _ => false,
        };
        keys.push((
            i,
            (laid == hand_size as i64, completes, naturals, points),
            naturals < laid,
        ));
    }
    if let Some(b) = first_max(keys.iter().enumerate().map(|(k, e)| (k, e.1))) {
        let (index, (empties, completes, _, _), wild) = keys[b];
        if !wild || empties || completes || !has_discard {
            return index;
        }
        let tame = first_max(
            keys.iter()
                .enumerate()
                .filter(|(_, e)| !e.2)
                .map(|(k, e)| (k, e.1)),
        );
        if let Some(t) = tame {
            return keys[t].0;
        }
    }
    if !has_discard {
        return 0;
    }
    let order = DiscardKey::new(s, s.player, hand, known);
    first_min(listing.iter().enumerate().filter_map(|(i, a)| match a {
        Action::Discard { card } => Some((i, order.key(*card))),
        _ => None,
    }))
    .unwrap_or(0)
}

/// The hand as it would score now for each team, `kanasta.search`'s estimate of a hand cut
/// short: cards in hand at half their penalty, `progress` of a canasta's bonus per card past
/// three of a meld of 4 to 6 cards; the value for `team` less the best other team's.
pub fn estimate(s: &State, team: usize, progress: f64) -> f64 {
    let rules = &*s.rules;
    let teams = rules.teams();
    let now = score_hand(
        rules,
        HandEndTable::of_state(s, HandEnd::Stock, None, false),
    );
    // raw_total + (1 - 1/2) * hand_points, in points (the scores are in half points)
    let mut values: Vec<f64> = now
        .teams
        .iter()
        .map(|t| (2 * t.raw_total_halves + t.hand_points_halves) as f64 / 4.0)
        .collect();
    if progress != 0.0 {
        for (side, melds) in s.melds[..teams].iter().enumerate() {
            for meld in melds.iter() {
                let cards = meld.size();
                if (4..CANASTA_SIZE).contains(&cards) {
                    let bonus = if meld.wild_count() == 0 {
                        rules.clean_bonus
                    } else {
                        rules.dirty_bonus
                    };
                    values[side] += progress * (cards - 3) as f64 / 4.0 * bonus as f64;
                }
            }
        }
    }
    difference(&values, team)
}

/// How a greedy rollout stops short of the hand's end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Moves after which the hand is valued as it stands ([`estimate`]); None: play to its end.
    pub horizon: Option<u64>,
    /// The share of a canasta's bonus an unfinished meld is credited with at the horizon.
    pub progress: f64,
    /// Moves after which the rollout gives up (NaN).
    pub max_moves: u64,
}

/// GreedyBot for every seat, following the known cards, valued at the horizon.
struct Greedy<'a> {
    memory: Memory,
    team: usize,
    limits: &'a Limits,
}

impl Policy for Greedy<'_> {
    fn cut(&mut self, s: &State, moves: u64) -> Option<f64> {
        let horizon = self.limits.horizon?;
        (moves >= horizon).then(|| estimate(s, self.team, self.limits.progress))
    }

    fn choose(&mut self, s: &State, listing: &[Action]) -> Option<usize> {
        Some(greedy_choice(s, listing, &self.memory.known))
    }

    fn seen(&mut self, rules: &Rules, seat: usize, action: &Action, events: &[Event]) {
        self.memory.record(rules, seat, action, events);
    }
}

/// Play GreedyBot's moves for every seat from `start` (each seat known to hold `memory.known`)
/// until its hand ends or the horizon; value it for `team`.
pub fn greedy_rollout(start: &State, team: usize, memory: &Memory, limits: &Limits) -> Outcome {
    let mut policy = Greedy {
        memory: memory.clone(),
        team,
        limits,
    };
    play_out_hand(start, team, limits.max_moves, &mut policy)
}

/// One greedy rollout of each of `states` (state `s` valued for `teams[s]`, its seats known to
/// hold `memories[s].known`) on `threads`.
pub fn greedy_rollouts(
    states: &[&State],
    teams: &[usize],
    memories: &[Memory],
    limits: &Limits,
    threads: &Threads,
) -> Vec<Outcome> {
    threads.install(|| {
        (0..states.len())
            .into_par_iter()
            .with_min_len(MIN_PER_TASK)
            .map(|s| greedy_rollout(states[s], teams[s], &memories[s], limits))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use std::sync::Arc;

    fn limits(horizon: Option<u64>) -> Limits {
        Limits {
            horizon,
            progress: 0.5,
            max_moves: 100_000,
        }
    }

    #[test]
    fn greedy_rollouts_end_the_hand_and_do_not_depend_on_the_threads() {
        let (s, _) = State::new_game(Arc::new(Rules::classic(4).unwrap()), 5);
        let (t, _) = State::new_game(Arc::new(Rules::kanasta()), 6);
        let memories = vec![Memory::default(); 4];
        let states = [&s, &t, &s, &t];
        let on = |threads| {
            let teams = [0, 0, 1, 1];
            greedy_rollouts(
                &states,
                &teams,
                &memories,
                &limits(None),
                &Threads::new(threads).unwrap(),
            )
        };
        let (one, two) = (on(1), on(2));
        assert_eq!(one, two);
        assert!(one.iter().all(|o| o.value.is_finite() && o.moves > 0));
        // the same game valued for the other team: the difference changes sign (two teams)
        assert_eq!(one[0].value, -one[2].value);
        assert_eq!(one[0].moves, one[2].moves);
    }

    #[test]
    fn a_horizon_values_the_table_as_it_stands() {
        let (s, _) = State::new_game(Arc::new(Rules::classic(4).unwrap()), 5);
        let out = greedy_rollout(&s, 0, &Memory::default(), &limits(Some(0)));
        // nothing melded yet: the values are the hands' half penalties, team 0 less team 1
        assert_eq!(out.moves, 0);
        assert_eq!(out.value, estimate(&s, 0, 0.5));
        let halves = |team: usize| -> i64 {
            (0..4)
                .filter(|seat| seat % 2 == team)
                .map(|seat| crate::scoring::hand_penalty(&s.rules, &s.hands[seat].cards()))
                .sum()
        };
        assert_eq!(out.value, (halves(1) - halves(0)) as f64 / 4.0);
        let cut = greedy_rollout(&s, 0, &Memory::default(), &limits(Some(10)));
        assert_eq!(cut.moves, 10);
    }
}
