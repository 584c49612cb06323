//! The observation tensor of `kanasta.rl.observation` (`encode_view`), written
//! by the core from a [`SeatView`] straight into a caller's `f32` slice.
//!
//! The layout is the Python one, block for block ([`blocks`]); every value is
//! computed as the Python encoder computes it (in `f64`, then rounded to
//! `f32` as NumPy does), so the two agree element for element.  Seats and
//! teams are relative to the viewer.
//!
//! With memory (`memory=True` in Python) the tensor has two kinds of blocks
//! more before `pending`, from the game's public record ([`Memory`]): the
//! cards each other seat is known to hold, and the cards each seat discarded
//! this hand, by relative seat.

use crate::cards::{DISTINCT, WILD_CARDS};
use crate::melds::MeldKind;
use crate::position::{Drew, Phase, TableMeld};
use crate::rl::actions::{MAX_MELDS, NUM_ACTIONS};
use crate::view::memory::Memory;
use crate::view::seen::SeatView;

/// Numbers per meld in the `own_melds` block.
pub const MELD_FEATURES: usize = 10;
/// Numbers per team in the `teams` block.
pub const TEAM_FEATURES: usize = 6;
/// Numbers per seat in the `seats` block.
pub const SEAT_FEATURES: usize = 3;
const TABLE: usize = 8;
const PHASES: usize = 4;
const TURN: usize = 9;

/// The blocks of the tensor for `players` seats in `teams` teams (with the memory blocks or
/// not): `(name, offset, size)`, in order.
pub fn blocks(players: usize, teams: usize, memory: bool) -> Vec<(String, usize, usize)> {
    let mut sizes: Vec<(String, usize)> =
        ["hand", "pile", "pile_top", "trump", "aside", "forbidden"]
            .iter()
            .map(|n| (n.to_string(), DISTINCT))
            .collect();
    sizes.extend((0..teams).map(|t| (format!("melds_team_{t}"), DISTINCT)));
    sizes.extend([
        ("own_melds".to_string(), MAX_MELDS * MELD_FEATURES),
        ("teams".to_string(), TEAM_FEATURES * teams),
        ("seats".to_string(), SEAT_FEATURES * players),
        ("table".to_string(), TABLE),
        ("phase".to_string(), PHASES),
        ("turn".to_string(), TURN),
    ]);
    if memory {
        sizes.extend((1..players).map(|r| (format!("known_seat_{r}"), DISTINCT)));
        sizes.extend((0..players).map(|r| (format!("discards_seat_{r}"), DISTINCT)));
    }
    sizes.push(("pending".to_string(), 2 * NUM_ACTIONS));
    let mut offset = 0;
    sizes
        .into_iter()
        .map(|(name, size)| {
            offset += size;
            (name, offset - size, size)
        })
        .collect()
}

/// The tensor's length for `players` seats in `teams` teams (with the memory blocks or not).
pub fn size(players: usize, teams: usize, memory: bool) -> usize {
    let remembered = if memory { 2 * players - 1 } else { 0 };
    (6 + teams + remembered) * DISTINCT
        + MAX_MELDS * MELD_FEATURES
        + TEAM_FEATURES * teams
        + SEAT_FEATURES * players
        + TABLE
        + PHASES
        + TURN
        + 2 * NUM_ACTIONS
}

fn flag(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// `a / b` as Python divides two ints, rounded to `f32` as NumPy rounds a float.
fn ratio(a: impl Into<f64>, b: f64) -> f32 {
    (a.into() / b) as f32
}

/// Write `view`'s tensor into `out` (its length must be [`size`]), `pending`
/// being the ids the seat chose so far in the current move (empty for a seat
/// not to move), and `memory` the game's public memory for the memory blocks (None: the
/// tensor without them).  Every element of `out` is written.
pub fn encode(view: &SeatView<'_>, pending: &[u8], memory: Option<&Memory>, out: &mut [f32]) {
    let rules = view.rules();
    let (players, teams) = (rules.players, rules.teams());
    assert_eq!(
        out.len(),
        size(players, teams, memory.is_some()),
        "observation buffer size"
    );
    out.fill(0.0);
    let (me, my_team) = (view.seat(), view.team());
    let seat_of = |rel: usize| (me + rel) % players;
    let team_of = |rel: usize| (my_team + rel) % teams;
    let card_block = |k: usize| k * DISTINCT;

    for (slot, &n) in out[..DISTINCT].iter_mut().zip(view.hand().counts()) {
        *slot = f32::from(n);
    }
    let pile = view.pile();
    for &c in pile {
        out[card_block(1) + usize::from(c)] += 1.0;
    }
    if let Some(&top) = pile.last() {
        out[card_block(2) + usize::from(top)] = 1.0;
    }
    if let Some(t) = view.trump() {
        out[card_block(3) + usize::from(t)] = 1.0;
    }
    let turn = view.turn();
    for &c in &turn.aside {
        out[card_block(4) + usize::from(c)] += 1.0;
    }
    if let Some(f) = turn.forbidden {
        out[card_block(5) + usize::from(f)] = 1.0;
    }
    for rel in 0..teams {
        let base = card_block(6 + rel);
        for m in view.melds(team_of(rel)) {
            count_meld(m, &mut out[base..base + DISTINCT]);
        }
    }
    let mut at = card_block(6 + teams);
    for (i, m) in view.melds(my_team).iter().take(MAX_MELDS).enumerate() {
        let o = &mut out[at + i * MELD_FEATURES..at + (i + 1) * MELD_FEATURES];
        let run = m.kind() == MeldKind::Run;
        o[0] = 1.0;
        o[1] = flag(run);
        o[2] = ratio(if run { m.low() } else { m.rank().unwrap_or(0) }, 14.0);
        o[3] = ratio(m.size() as u32, 13.0);
        o[4] = m.wild_count() as f32;
        o[5] = flag(m.is_canasta());
        if let Some(suit) = m.suit() {
            o[6 + usize::from(suit)] = 1.0;
        }
    }
    at += MAX_MELDS * MELD_FEATURES;
    for rel in 0..teams {
        let t = team_of(rel);
        let melds = view.melds(t);
        let o = &mut out[at + rel * TEAM_FEATURES..at + (rel + 1) * TEAM_FEATURES];
        o[0] = ratio(melds.len() as u32, 10.0);
        o[1] = melds.iter().filter(|m| m.is_canasta()).count() as f32;
        o[2] = view.red_threes(t).len() as f32;
        o[3] = flag(view.opened(t));
        o[4] = view.packets_taken(t) as f32;
        o[5] = ratio(view.score(t) as f64, 1000.0);
    }
    at += TEAM_FEATURES * teams;
    let current = view.current_player();
    for rel in 0..players {
        let s = seat_of(rel);
        let o = &mut out[at + rel * SEAT_FEATURES..at + (rel + 1) * SEAT_FEATURES];
        o[0] = ratio(view.hand_size(s) as u32, 20.0);
        o[1] = flag(view.melded_this_hand(s));
        o[2] = flag(current == Some(s));
    }
    at += SEAT_FEATURES * players;
    let o = &mut out[at..at + TABLE];
    o[0] = ratio(view.stock_size() as u32, 100.0);
    o[1] = ratio(pile.len() as u32, 50.0);
    o[2] = flag(view.pile_frozen());
    o[3] = view.packet_sizes().count() as f32;
    o[4] = ratio(view.packet_sizes().sum::<usize>() as u32, 50.0);
    o[5] = ratio(view.hand_number() as f64, 10.0);
    o[6] = flag(view.dealer() == me);
    o[7] = flag(view.phase() == Phase::GameOver);
    at += TABLE;
    let phase = match view.phase() {
        Phase::Draw => 0,
        Phase::Play => 1,
        Phase::Answer => 2,
        Phase::GameOver => 3,
    };
    out[at + phase] = 1.0;
    at += PHASES;
    let o = &mut out[at..at + TURN];
    o[0] = flag(turn.drew == Some(Drew::Stock));
    o[1] = flag(turn.drew == Some(Drew::Pile));
    o[2] = flag(turn.laid);
    o[3] = ratio(turn.count_halves as f64, 200.0);
    o[4] = flag(turn.asked);
    o[5] = flag(turn.answer == Some(true));
    o[6] = flag(turn.answer == Some(false));
    o[7] = flag(turn.must_go_out);
    o[8] = flag(turn.melded);
    at += TURN;
    if let Some(memory) = memory {
        for rel in 1..players {
            let counts = &memory.known[seat_of(rel)];
            for (slot, &n) in out[at..at + DISTINCT].iter_mut().zip(counts) {
                *slot = f32::from(n);
            }
            at += DISTINCT;
        }
        for rel in 0..players {
            let counts = &memory.discarded[seat_of(rel)];
            for (slot, &n) in out[at..at + DISTINCT].iter_mut().zip(counts) {
                *slot = f32::from(n);
            }
            at += DISTINCT;
        }
    }
    for &i in pending {
        out[at + usize::from(i)] += 1.0;
    }
    if let Some(&last) = pending.last() {
        out[at + NUM_ACTIONS + usize::from(last)] = 1.0;
    }
}

/// Change `out`, the tensor [`encode`] wrote with the pending ids `before`, into the one it
/// writes with `before` and `id` (the same position, one more id chosen): only the
/// `pending` block changes.
pub fn push_pending(out: &mut [f32], before: &[u8], id: u8) {
    let at = out.len() - 2 * NUM_ACTIONS;
    out[at + usize::from(id)] += 1.0;
    if let Some(&last) = before.last() {
        out[at + NUM_ACTIONS + usize::from(last)] = 0.0;
    }
    out[at + NUM_ACTIONS + usize::from(id)] = 1.0;
}

/// Add the counts of `m`'s cards to `out` (53 numbers, by card index), without listing them.
fn count_meld(m: &TableMeld, out: &mut [f32]) {
    match *m {
        TableMeld::Set {
            rank,
            naturals,
            wilds,
        } => {
            let first = 4 * usize::from(rank.saturating_sub(1));
            for (suit, &n) in naturals.iter().enumerate() {
                out[first + suit] += f32::from(n);
            }
            for (&card, &n) in WILD_CARDS.iter().zip(&wilds) {
                out[usize::from(card)] += f32::from(n);
            }
        }
        TableMeld::Run { .. } => {
            for &c in m.cards().as_slice() {
                out[usize::from(c)] += 1.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::State;
    use crate::rules::Rules;
    use std::sync::Arc;

    #[test]
    fn the_sizes_are_the_python_layouts() {
        // 6 + 2 card blocks of 53, 360 for the melds, 12 + 12 + 8 + 4 + 9 + 200 (Python: 1029)
        assert_eq!(size(4, 2, false), 1029);
        // three teams of one: one card block and six team numbers more, three seat numbers fewer
        assert_eq!(size(3, 3, false), 1029 + 53 + 6 - 3);
        let b = blocks(4, 2, false);
        assert_eq!(b.last().map(|(_, o, s)| o + s), Some(1029));
        assert_eq!(b[6], ("melds_team_0".to_string(), 318, 53));
        // with memory: three known blocks and four discard blocks of 53 before pending
        assert_eq!(size(4, 2, true), 1029 + 7 * 53);
        let m = blocks(4, 2, true);
        assert_eq!(m.last().map(|(_, o, s)| o + s), Some(size(4, 2, true)));
        assert_eq!(
            m[m.len() - 2],
            ("discards_seat_3".to_string(), 829 + 6 * 53, 53)
        );
    }

    #[test]
    fn a_fresh_deal_encodes_the_seats_hand_and_the_pile() {
        let (s, _) = State::new_game(Arc::new(Rules::classic(4).unwrap()), 3);
        let seat = s.player;
        let view = SeatView::new(&s, seat).unwrap();
        let mut out = vec![f32::NAN; size(4, 2, false)];
        encode(&view, &[0], None, &mut out);
        assert!(out.iter().all(|x| x.is_finite()));
        assert_eq!(out[..53].iter().sum::<f32>(), 11.0);
        assert_eq!(out[53..106].iter().sum::<f32>(), s.pile.len() as f32);
        // pending: one DRAW counted, and the last id one-hot
        assert_eq!(out[829], 1.0);
        assert_eq!(out[929], 1.0);
    }

    #[test]
    fn a_pending_id_pushed_gives_the_tensor_encoded_with_it() {
        let (s, _) = State::new_game(Arc::new(Rules::kanasta()), 8);
        let view = SeatView::new(&s, s.player).unwrap();
        let mut pushed = vec![0.0; size(4, 2, false)];
        encode(&view, &[2], None, &mut pushed);
        push_pending(&mut pushed, &[2], 40);
        push_pending(&mut pushed, &[2, 40], 40);
        let mut direct = vec![0.0; size(4, 2, false)];
        encode(&view, &[2, 40, 40], None, &mut direct);
        assert!(pushed == direct);
    }

    #[test]
    fn a_sets_cards_are_counted_as_its_card_list() {
        // a set of 7s: 7C 7H 7H, a 2 of spades and a joker (7C = 24, 7H = 26, 2S = 7, JK = 52)
        let m = TableMeld::Set {
            rank: 7,
            naturals: [1, 0, 2, 0],
            wilds: [0, 0, 0, 1, 1],
        };
        let mut counted = [0.0f32; DISTINCT];
        count_meld(&m, &mut counted);
        let mut listed = [0.0f32; DISTINCT];
        for &c in m.cards().as_slice() {
            listed[usize::from(c)] += 1.0;
        }
        assert_eq!(counted, listed);
        assert_eq!(
            (counted[24], counted[26], counted[7], counted[52]),
            (1.0, 2.0, 1.0, 1.0)
        );
    }
}
