//! What the E-2 solver knows about cards, rules and melds (the Python engine's
//! `kanasta.legality.tables`).
//!
//! * **Card indices**: the small `const fn`s that read a card index (0-52,
//!   rank-major, the joker last) without a lookup, the cards of a suit's run
//!   positions as bit sets (`BELOW`, `ABOVE`), and [`Cards`], a hand as a
//!   count per card index (the search's count-vector hands) with the
//!   sub-multisets of two or three of its cards ([`for_each_combo`]).
//! * **Meld shapes**: a meld as the solver sees it ([`Shape`]), ordered the
//!   way the Python engine sorts its meld shapes, so a sorted list of them is
//!   a memo key.
//! * **Per-rules tables**: [`FinishRules`] (the options the solver reads,
//!   card values in half points) and [`Tables`], derived from them once.

use crate::cards::{Card, DISTINCT, JOKER};
use crate::inline::Inline;

/// A meld of seven cards or more is a canasta (G-MELD-2, C-MELD-3, K-MELD-8).
pub const CANASTA_SIZE: u32 = 7;
/// A meld is laid with at least three cards (C-MELD-1, K-MELD-1, K-MELD-2).
pub const MELD_MIN: u32 = 3;
/// A meld of black 3s has three or four cards (C-THREE-2).
pub const BLACK_THREE_MELD_MAX: u32 = 4;

/// Whether card index `c` is a wild card: a joker or a 2 (G-WILD-1).
pub(super) const fn is_wild(c: usize) -> bool {
    c == JOKER as usize || (c >= 4 && c < 8)
}

/// The sum of four counts, as the bytes of a word times 0x01010101 (its top byte: the
/// counts of a hand or a meld never reach 256 together, so no carry crosses a byte).
pub const fn sum4(counts: [u8; 4]) -> u32 {
    u32::from_le_bytes(counts).wrapping_mul(0x0101_0101) >> 24
}

/// The wild cards (the 2s and the joker), bit `c` for card `c`.
pub(super) const WILD_MASK: u64 = 0xf0 | 1 << JOKER;

/// The wild cards ([`crate::cards::WILD_CARDS`]) as the solver's `usize` indices.
pub(super) const WILD_CARDS: [usize; 5] = {
    let w = crate::cards::WILD_CARDS;
    [
        w[0] as usize,
        w[1] as usize,
        w[2] as usize,
        w[3] as usize,
        w[4] as usize,
    ]
};

/// Rank 1-13 of a natural card index (the joker has none).
pub(super) const fn rank_of(c: usize) -> u8 {
    (c / 4 + 1) as u8
}

/// The card at a run position (1 = low ace ... 13 = king, 14 = high ace) of `suit`.
pub(super) const fn natural_at(suit: u8, position: u8) -> usize {
    let rank = if position == 14 { 1 } else { position };
    (rank as usize - 1) * 4 + suit as usize
}

/// The first card of `rank` (its clubs), whose value every card of the rank shares.
pub(super) const fn rank_base(rank: u8) -> usize {
    (rank as usize - 1) * 4
}

/// The card at each run position of a suit as a bit: `POSITION_BITS[suit][p]`
/// for position `p` (1 = low ace ... 14 = high ace; 0 and 15 no card).
const POSITION_BITS: [[u64; 16]; 4] = {
    let mut bits = [[0u64; 16]; 4];
    let mut suit = 0;
    while suit < 4 {
        let mut p = 1;
        while p <= 14 {
            bits[suit][p] = 1 << natural_at(suit as u8, p as u8);
            p += 1;
        }
        suit += 1;
    }
    bits
};

/// `BELOW[suit][p]`: the cards of the suit at the run positions below `p`;
/// `ABOVE[suit][p]`: those at the positions above `p` (the ace at 1 and 14).
pub(super) const BELOW: [[u64; 16]; 4] = position_ranges(false);
pub(super) const ABOVE: [[u64; 16]; 4] = position_ranges(true);

const fn position_ranges(above: bool) -> [[u64; 16]; 4] {
    let mut out = [[0u64; 16]; 4];
    let mut suit = 0;
    while suit < 4 {
        let mut p = 0;
        while p < 16 {
            let mut q = 1;
            while q <= 14 {
                if (above && q > p) || (!above && q < p) {
                    out[suit][p] |= POSITION_BITS[suit][q];
                }
                q += 1;
            }
            p += 1;
        }
        suit += 1;
    }
    out
}
// ------------------------------------------------------------------ cards

/// A multiset of cards as a count per card index (0-52).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cards(pub(super) [u8; DISTINCT]);

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
        // eight counts at a time: each is at most 8 (two decks), so a word's
        // byte sum fits in its top byte
        let mut words = self.0.chunks_exact(8);
        let mut total = 0;
        for word in &mut words {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(word);
            total += (u64::from_le_bytes(bytes).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
        }
        total + words.remainder().iter().map(|&n| u32::from(n)).sum::<u32>()
    }

    /// How many cards of `rank` (1-13) there are (its four counts summed as the bytes of a word).
    pub(crate) fn rank_total(&self, rank: u8) -> u32 {
        let base = rank_base(rank);
        sum4(
            self.0[base..base + 4]
                .try_into()
                .expect("a rank's four counts"),
        )
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.words().iter().fold(0, |any, &word| any | word) == 0
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
    pub(super) fn covers(&self, cards: &[usize]) -> bool {
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

    /// The multiset less `other`, a part of it.
    pub(super) fn without(&self, other: &Cards) -> Cards {
        let mut out = *self;
        for (slot, &n) in out.0.iter_mut().zip(other.0.iter()) {
            *slot -= n;
        }
        out
    }

    /// The distinct cards present, in index order, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        Present {
            counts: &self.0,
            start: 0,
            word: count_word(&self.0, 0),
        }
    }

    /// Every card index present (with repeats), in index order.
    pub(super) fn each(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter()
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
    }

    /// The only card, when there is exactly one.
    pub(super) fn single(&self) -> Option<usize> {
        let mut it = self.iter();
        match (it.next(), it.next()) {
            (Some((c, 1)), None) => Some(c),
            _ => None,
        }
    }

    /// The run positions held, per suit: bit `p` of `rows[suit]` is set when
    /// the natural card at run position `p` (1 = low ace ... 13 = king,
    /// 14 = high ace) of that suit is here.  One pass over the naturals, so
    /// that run questions (windows, segments) are bit tests.
    pub(crate) fn run_rows(&self) -> [u16; 4] {
        let mut rows = [0u16; 4];
        for (rank, cards) in (1..14).zip(self.0.chunks_exact(4)) {
            for (row, &n) in rows.iter_mut().zip(cards) {
                *row |= u16::from(n > 0) << rank;
            }
        }
        for row in &mut rows {
            *row |= (*row & 0b10) << 13; // the ace stands at 14 too
        }
        rows
    }

    /// The cards present, bit `c` for card `c` (a word's eight counts at a time).
    pub(super) fn held_mask(&self) -> u64 {
        (0..).zip(self.words()).fold(0, |mask, (k, word)| {
            // the top bit of each count's byte: set when the count is not 0
            let held = (((word & 0x7f7f_7f7f_7f7f_7f7f) + 0x7f7f_7f7f_7f7f_7f7f) | word)
                & 0x8080_8080_8080_8080;
            // those eight bits gathered into the top byte, the first card's lowest
            let bits = (held >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            mask | bits << (8 * k)
        })
    }

    /// The counts as the bytes of seven words, eight cards a word (zeros past the last card).
    pub(super) fn words(&self) -> [u64; 7] {
        std::array::from_fn(|i| count_word(&self.0, 8 * i))
    }

    /// The same cards with each replaced by `canon` (suits forgotten).
    pub(super) fn mapped(&self, canon: &[u8; DISTINCT]) -> Cards {
        let mut out = Cards::default();
        for (c, n) in self.iter() {
            out.0[usize::from(canon[c])] += n;
        }
        out
    }
}

/// The counts of cards `start..start + 8` as the bytes of a word (zeros past the last card).
fn count_word(counts: &[u8; DISTINCT], start: usize) -> u64 {
    match counts.get(start..start + 8) {
        Some(eight) => u64::from_le_bytes(eight.try_into().expect("eight counts")),
        None => {
            // the last word (the counts start at multiples of 8): five counts
            debug_assert_eq!(start, 48);
            let c = counts;
            u64::from_le_bytes([c[48], c[49], c[50], c[51], c[52], 0, 0, 0])
        }
    }
}

/// [`Cards::iter`]: eight counts a word, a word of zeros passed over at once.
struct Present<'a> {
    counts: &'a [u8; DISTINCT],
    /// The first card of `word`.
    start: usize,
    /// The counts of cards `start..start + 8` not yet visited.
    word: u64,
}

impl Iterator for Present<'_> {
    type Item = (usize, u8);

    fn next(&mut self) -> Option<(usize, u8)> {
        while self.word == 0 {
            self.start += 8;
            if self.start >= DISTINCT {
                return None;
            }
            self.word = count_word(self.counts, self.start);
        }
        let byte = self.word.trailing_zeros() as usize / 8;
        self.word &= !(0xff << (8 * byte));
        let c = self.start + byte;
        Some((c, self.counts[c]))
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

impl Default for Shape {
    fn default() -> Self {
        Shape::NONE
    }
}

impl Shape {
    /// No meld (a set of no rank and no cards): the filler of an inline list's unused slots.
    pub const NONE: Shape = Shape::Set {
        rank: 0,
        naturals: 0,
        wilds: 0,
        size: 0,
    };

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

    /// The shape packed in one word (distinct shapes, distinct words): the memo's hash of a meld.
    pub(super) fn word(&self) -> u64 {
        match *self {
            Shape::Set {
                rank,
                naturals,
                wilds,
                size,
            } => u64::from_le_bytes([1, rank, naturals, wilds, size, 0, 0, 0]),
            Shape::Run {
                suit,
                low,
                high,
                wild,
            } => u64::from_le_bytes([2, suit, low, high, wild.map_or(0, |w| w + 1), 0, 0, 0]),
        }
    }

    /// The rank of a set.
    pub(super) fn set_rank(&self) -> Option<u8> {
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

/// Whether a row of [`Cards::run_rows`] holds three consecutive positions.
pub(super) const fn has_window(row: u16) -> bool {
    row & (row >> 1) & (row >> 2) != 0
}

pub(super) fn has_natural_run(shapes: &[Shape]) -> bool {
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
    pub(super) set_rank: [bool; 14],
    /// The largest meld (no limit: more than any deck holds).
    pub(super) max_size: u32,
    /// The longest run.
    pub(super) run_max: u32,
    /// Sets only, one per rank, no size limit: the Classic count applies.
    pub(super) classic_fast: bool,
    /// A stand-in per card when suits do not matter (no runs).
    pub(super) canon: [u8; DISTINCT],
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

    pub(super) fn value(&self, c: usize) -> i32 {
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
    pub(super) fn run_value(&self, c: usize, position: u8) -> i32 {
        if position == 2 {
            self.rules.natural_two
        } else {
            self.value(c)
        }
    }

    /// How many more wild cards a set with `naturals` and `wilds` may take (C-MELD-1, K-MELD-4).
    pub(super) fn wild_cap(&self, naturals: i32, wilds: i32) -> i32 {
        let mut cap = self.rules.max_wilds as i32 - wilds;
        if self.rules.wilds_within_naturals {
            cap = cap.min(naturals - wilds);
        }
        cap.max(0)
    }
}

/// Call `visit` with each `k`-card (two or three) sub-multiset of the cards
/// `kinds` (ascending indices, at most four) held in `hand`, each sorted, in
/// lexicographic order (the Python engine's `_sub_multisets` order): more
/// copies of a lower card first.
pub(super) fn for_each_combo(
    hand: &Cards,
    kinds: &[usize],
    k: usize,
    visit: &mut impl FnMut(&[usize]),
) {
    let held: Inline<(usize, u8), 4> = kinds
        .iter()
        .filter(|&&c| hand.has(c))
        .map(|&c| (c, hand.count(c)))
        .collect();
    for (i, &(a, copies)) in held.iter().enumerate() {
        let later = &held[i + 1..];
        match k {
            2 => {
                if copies >= 2 {
                    visit(&[a, a]);
                }
                for &(b, _) in later {
                    visit(&[a, b]);
                }
            }
            3 => {
                if copies >= 3 {
                    visit(&[a, a, a]);
                }
                if copies >= 2 {
                    for &(b, _) in later {
                        visit(&[a, a, b]);
                    }
                }
                for (j, &(b, copies_b)) in later.iter().enumerate() {
                    if copies_b >= 2 {
                        visit(&[a, b, b]);
                    }
                    for &(c, _) in &later[j + 1..] {
                        visit(&[a, b, c]);
                    }
                }
            }
            _ => unreachable!("the search's combinations are of two or three cards"),
        }
    }
}
