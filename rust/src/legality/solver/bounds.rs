//! The bounds that prune the E-2 search's hopeless nodes (the Python engine's
//! `Search.hopeful` and `Search.dead` in `kanasta.legality.search`).
//!
//! [`Finisher`]'s `hopeful` is a necessary condition for a team that is not
//! open to open from a node; `dead` counts the cards in hand no meld can ever
//! take this turn (a player bound to go out must discard them).  Both read
//! `Live`, which cards in hand could join a meld.

use super::budget::Finisher;
use super::tables::{
    has_natural_run, has_window, is_wild, natural_at, rank_of, Cards, Shape, BLACK_THREE_MELD_MAX,
    CANASTA_SIZE, MELD_MIN, WILD_CARDS,
};
use crate::cards::JOKER;

/// Which cards in hand could join a meld (the bounds' shared facts).
struct Live {
    /// The total value of the cards that could join a meld.
    ok_value: i32,
    /// The two lowest values among those cards (`i32::MAX` where there are fewer).
    ok_lowest: [i32; 2],
    /// How many cards can never join one.
    dead: u32,
    /// The wild cards in hand.
    wilds: u32,
}

/// [`Finisher::hopeful`]: the points in hand may still open the team (or it is open).
pub(super) const POINTS: u8 = 1;
/// [`Finisher::hopeful`]: only the opening waiver can open the team (the hand melded down to one card).
pub(super) const WAIVER: u8 = 2;

impl<'t> Finisher<'t> {
    /// A necessary condition for a team that is not open to open from here: 0 when it fails.
    ///
    /// Either the cards that could possibly join a meld are worth enough while
    /// two cards stay in hand ([`POINTS`]), or the minimum is waived (K-OPEN-4,
    /// C-OPEN-4) and a canasta could still be formed ([`WAIVER`]: only melding
    /// the hand down to one card can open).
    ///
    /// `hand` holds the cards free to be laid (`rows`: its [`Cards::run_rows`]), `n_kept` cards are kept in
    /// hand until the opening and `held` is the whole hand (the Python
    /// engine's `Search.hopeful` says why the bound stays sound: the kept
    /// cards are never laid before the opening, so they stay in hand beside
    /// the dead ones; a canasta may take them after it).
    ///
    /// The canastas are needed only to empty the hand: with cards of the pile
    /// set aside (C-PILE-5, `aside`) the waiver's opening brings them into the
    /// hand and the turn may end with a discard, so none is looked for.  When
    /// the opening needs a natural run and none is on the table, some natural
    /// run of three free cards must leave enough canastas
    /// ([`Finisher::canastas_after_run`]).
    pub(super) fn hopeful(
        &self,
        (hand, rows): (&Cards, [u16; 4]),
        shapes: &[Shape],
        count: i32,
        n_kept: u32,
        held: &Cards,
        aside: bool,
    ) -> u8 {
        let rules = &self.t.rules;
        if rules.opening_natural_run
            && !has_natural_run(shapes)
            && !rows.into_iter().any(has_window)
        {
            return 0;
        }
        let live = self.live(hand, rows, shapes);
        // two cards stay in hand: the kept and dead ones first, then the cheapest of the others
        let keep = 2u32.saturating_sub(live.dead + n_kept) as usize;
        let lowest = live.ok_lowest[..keep].iter().filter(|&&v| v != i32::MAX);
        let ok_value = live.ok_value - lowest.sum::<i32>();
        if count + ok_value >= self.flags.minimum {
            return POINTS;
        }
        if !(rules.opening_one_card_exempt || self.flags.out_exempt) || live.dead + n_kept > 1 {
            // the waiver needs the hand melded down to one card, and a card no
            // meld can take now never can later (melding only takes cards from the hand)
            return 0;
        }
        let needed = rules.canastas_to_go_out;
        if needed == 0 || aside {
            return WAIVER;
        }
        let possible = if rules.opening_natural_run && !has_natural_run(shapes) {
            let all = if n_kept == 0 { hand } else { held };
            self.canastas_after_run(hand, all, shapes)
        } else if n_kept == 0 {
            self.canastas_possible(hand, shapes, &live)
        } else {
            // the kept card may join a canasta after the opening: the whole hand counts
            self.canastas_possible(held, shapes, &self.live(held, held.run_rows(), shapes))
        };
        if possible >= needed {
            WAIVER
        } else {
            0
        }
    }

    /// How many cards in hand can never be melded this turn (a player going
    /// out must discard them).  Melding only takes cards from the hand, so a
    /// card no meld on the table or in hand could take now never can later.
    /// Black 3s count as meldable when a player going out could still meld
    /// them (C-THREE-2).
    pub(super) fn dead(&self, hand: &Cards, shapes: &[Shape]) -> u32 {
        let mut dead = self.live(hand, hand.run_rows(), shapes).dead;
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

    /// Which cards in hand could join a meld, and what was worked out on the
    /// way (`rows`: the hand's [`Cards::run_rows`], which the caller has).
    fn live(&self, hand: &Cards, rows: [u16; 4], shapes: &[Shape]) -> Live {
        let t = self.t;
        let rules = &t.rules;
        let wilds: u32 = WILD_CARDS.iter().map(|&c| u32::from(hand.count(c))).sum();
        let mut set_ranks = [false; 14];
        for s in shapes {
            if let Shape::Set { rank, size, .. } = *s {
                if u32::from(size) < t.max_size {
                    set_ranks[usize::from(rank)] = true;
                }
            }
        }
        let mut covered = [0u16; 4];
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
                    covered[usize::from(suit)] |= ((1u16 << (high + 1)) - 1) & !((1u16 << low) - 1);
                    if let Some(w) = wild {
                        if hand.has(natural_at(suit, w)) {
                            gap_ok[usize::from(suit)] = true;
                        }
                    }
                }
            }
            for (row, held) in covered.iter_mut().zip(rows) {
                *row |= held;
            }
        }
        // per suit, the run positions inside a window of three (starting at 1 to 12) that is
        // covered, or covered but for one gap where a wild card may fill one
        let runnable: [u16; 4] = std::array::from_fn(|suit| {
            let row = covered[suit];
            let mut windows = row & (row >> 1) & (row >> 2);
            if gap_ok[suit] {
                windows |= (row & (row >> 1)) | (row & (row >> 2)) | ((row >> 1) & (row >> 2));
            }
            windows &= 0b1_1111_1111_1110; // windows starting at positions 1 to 12
            windows | (windows << 1) | (windows << 2)
        });
        let mut ok_value = 0;
        // the two lowest values of the cards that could join one (MAX: none yet)
        let mut ok_lowest = [i32::MAX; 2];
        let mut ok = |v: i32, n: u8| {
            ok_value += v * i32::from(n);
            if v < ok_lowest[1] {
                // the first copy, and a second (n >= 2) as the next lowest
                ok_lowest = if v < ok_lowest[0] {
                    [v, if n >= 2 { v } else { ok_lowest[0] }]
                } else {
                    [ok_lowest[0], v]
                };
            }
        };
        // a wild card can always join a meld: a set, a run, or (a 2) its own place in a
        // run; a natural card joins a set of its rank (on the table, or from the hand's
        // cards of the rank, or a pair and a wild), or a run through its position
        let mut dead = 0u32;
        for (c, n) in hand.iter() {
            if is_wild(c) {
                ok(t.value(c), n);
                continue;
            }
            let rank = rank_of(c);
            let nr = hand.rank_total(rank);
            let as_set = t.set_rank[usize::from(rank)]
                && (set_ranks[usize::from(rank)] || nr >= MELD_MIN || (nr == 2 && wilds > 0));
            let places = if rank == 1 {
                (1 << 1) | (1 << 14)
            } else {
                1u16 << rank
            };
            if as_set || (runs && runnable[c % 4] & places != 0) {
                ok(t.value(c), n);
            } else {
                dead += u32::from(n);
            }
        }
        Live {
            ok_value,
            ok_lowest,
            dead,
            wilds,
        }
    }

    /// At least as many canastas as the team could hold after melding the
    /// hand (the Python engine's `Search.canastas_possible`, which says why
    /// it is a bound): per rank, the set canastas its natural cards and the
    /// wild cards allow; per suit, the run canastas (six natural cards each,
    /// a 2 of the suit counted as one) where a run canasta could still be
    /// made ([`run_canasta`]).
    fn canastas_possible(&self, hand: &Cards, shapes: &[Shape], live: &Live) -> u32 {
        let t = self.t;
        let rules = &t.rules;
        let wilds = live.wilds;
        let extra = wilds.min(rules.max_wilds);
        let per_set = CANASTA_SIZE.saturating_sub(rules.max_wilds).max(2);
        let mut set_naturals = [0u32; 14];
        let mut set_cards = [0u32; 14];
        let mut run_naturals = [0u32; 4];
        let mut run_cards = [0u32; 4];
        for s in shapes {
            match *s {
                Shape::Set {
                    rank,
                    naturals,
                    size,
                    ..
                } => {
                    set_naturals[usize::from(rank)] += u32::from(naturals);
                    set_cards[usize::from(rank)] += u32::from(size);
                }
                Shape::Run {
                    suit,
                    low,
                    high,
                    wild,
                } => {
                    let cards = u32::from(high - low) + 1;
                    run_cards[usize::from(suit)] += cards;
                    run_naturals[usize::from(suit)] += cards - u32::from(wild.is_some());
                }
            }
        }
        let mut total = 0;
        for rank in 1..14 {
            if !t.set_rank[rank] {
                continue;
            }
            // (a rank that forms a set is not the 2s': its cards in hand are natural)
            let held = hand.rank_total(rank as u8);
            if held + set_cards[rank] + extra < CANASTA_SIZE {
                continue;
            }
            total += ((held + set_naturals[rank]) / per_set)
                .min((held + set_cards[rank] + wilds) / CANASTA_SIZE);
        }
        if rules.runs {
            // the natural cards of each suit in hand, a 2 (natural in its place) included
            let mut suit_held = [0u32; 4];
            for (c, n) in hand.iter() {
                if c != usize::from(JOKER) {
                    suit_held[c % 4] += u32::from(n);
                }
            }
            let rows = hand.run_rows();
            for suit in 0..4 {
                if !run_canasta(rows[suit], live.wilds > 0, shapes, suit as u8) {
                    continue;
                }
                let naturals = suit_held[suit] + run_naturals[suit];
                let wild = run_cards[suit] - run_naturals[suit];
                total +=
                    (naturals / (CANASTA_SIZE - 1)).min((naturals + wild + wilds) / CANASTA_SIZE);
            }
        }
        total
    }
}

impl Finisher<'_> {
    /// The most canastas ([`Finisher::canastas_possible`]) the hand `held`
    /// allows once a natural run of three of its `free` cards is laid
    /// (K-OPEN-2), over every such run; 0 when there is none (the Python
    /// engine's `Search.canastas_after_run`, which says why it is a bound:
    /// the opening's natural run is laid from free cards, and its cards stay
    /// in a run).
    fn canastas_after_run(&self, free: &Cards, held: &Cards, shapes: &[Shape]) -> u32 {
        let mut best = 0;
        let mut laid: Vec<Shape> = Vec::with_capacity(shapes.len() + 1);
        for (suit, row) in (0u8..).zip(free.run_rows()) {
            let mut windows = row & (row >> 1) & (row >> 2);
            while windows != 0 {
                let low = windows.trailing_zeros() as u8;
                windows &= windows - 1;
                let mut rest = *held;
                for pos in low..low + 3 {
                    rest.take(natural_at(suit, pos));
                }
                laid.clear();
                laid.extend_from_slice(shapes);
                laid.push(Shape::Run {
                    suit,
                    low,
                    high: low + 2,
                    wild: None,
                });
                let live = self.live(&rest, rest.run_rows(), &laid);
                best = best.max(self.canastas_possible(&rest, &laid, &live));
            }
        }
        best
    }
}

/// Whether a run canasta of `suit` could still be made (the Python engine's
/// `Search._run_canasta`, which says why it is a bound): runs never merge, so
/// it is seven positions in a row held by the hand (`row`, bit `p` for
/// position `p`) but for one gap a wild card fills (`wilds`: the hand holds
/// one), or a run on the table lengthened by positions the hand holds, with
/// one gap only when the run may take a wild card there (it is clean and the
/// hand holds one, or the hand holds the natural card of its wild's place).
fn run_canasta(row: u16, wilds: bool, shapes: &[Shape], suit: u8) -> bool {
    let size = CANASTA_SIZE as u8;
    // the lowest position of the highest window
    let last = 15 - size;
    // the positions of the window from `lo` neither held nor in `run`
    let missing = |lo: u8, run: u16| -> u32 {
        let window = ((1u16 << size) - 1) << lo;
        (window & !row & !run).count_ones()
    };
    for lo in 1..=last {
        let gaps = missing(lo, 0);
        if gaps == 0 || (gaps == 1 && wilds) {
            return true;
        }
    }
    for s in shapes {
        let Shape::Run {
            suit: s_suit,
            low,
            high,
            wild,
        } = *s
        else {
            continue;
        };
        if s_suit != suit {
            continue;
        }
        if u32::from(high - low) + 1 >= CANASTA_SIZE {
            return true;
        }
        let gap = match wild {
            None => wilds,
            Some(w) => row & (1 << w) != 0,
        };
        let run = ((1u16 << (high + 1)) - 1) & !((1u16 << low) - 1);
        for lo in high.saturating_sub(size - 1).max(1)..=low.min(last) {
            let gaps = missing(lo, run);
            if gaps == 0 || (gaps == 1 && gap) {
                return true;
            }
        }
    }
    false
}
