//! The fixed action space of `kanasta.rl.actions`: a move spelled as a short
//! sequence of ids ([`spell`]), and the legal moves of a position as a tree
//! of decisions over those ids ([`Decisions`]): at each prefix, the ids that
//! continue at least one legal move.
//!
//! The ids are those of the Python module: the verbs 0-9, `DONE` 10, a card
//! `CARD_BASE + index` (11-63), a team meld `MELD_BASE + i` (64-99).  The
//! code is prefix-free, and the spellings sort as the Python tuples of ints
//! do, so the ids after a prefix and the order of the moves are the Python
//! `Decisions`'s exactly.

use crate::actions::Action;
use crate::inline::Inline;

/// The size of the action space.
pub const NUM_ACTIONS: usize = 100;
/// Verb ids, in the Python order.
pub const DRAW: u8 = 0;
pub const TAKE: u8 = 1;
pub const MELD: u8 = 2;
pub const ADD: u8 = 3;
pub const EXTEND: u8 = 4;
pub const DISCARD: u8 = 5;
pub const ASK: u8 = 6;
pub const YES: u8 = 7;
pub const NO: u8 = 8;
pub const DECLINE: u8 = 9;
/// The id that ends the cards of a take, meld, addition or run extension.
pub const DONE: u8 = 10;
/// The id of card `c` is `CARD_BASE + c`.
pub const CARD_BASE: u8 = 11;
/// The id of the team's meld `i` is `MELD_BASE + i`.
pub const MELD_BASE: u8 = 64;
/// How many meld ids there are (a team never has more melds: 108 cards, three or more a meld).
pub const MAX_MELDS: usize = 36;
/// The longest spelling: a verb, a meld, twenty cards and `DONE` (no legal move is longer).
pub const MAX_SPELLING: usize = 24;

/// The verbs' names, by id (the words of the text notation).
pub const VERBS: [&str; 10] = [
    "draw", "take", "meld", "add", "extend", "discard", "ask", "yes", "no", "decline",
];

/// A short name of an id, as the Python `id_name`: a verb, `done`, a card (`7H`) or a meld (`@2`).
pub fn id_name(id: u8) -> String {
    match id {
        0..=9 => VERBS[usize::from(id)].to_string(),
        DONE => "done".to_string(),
        CARD_BASE..MELD_BASE => crate::cards::notation(id - CARD_BASE),
        _ => format!("@{}", id - MELD_BASE),
    }
}

/// A move's ids, kept inline; ordered as the Python tuples (lexicographically).
pub type Spelling = Inline<u8, MAX_SPELLING>;

/// The ids that spell `action` (the Python `encode`); None for a move naming
/// a meld beyond the action space (meld 36 or more: no legal move does).
pub fn spell(action: &Action) -> Option<Spelling> {
    let mut out = Spelling::default();
    let meld_id = |m: u16| (usize::from(m) < MAX_MELDS).then(|| MELD_BASE + m as u8);
    let cards =
        |out: &mut Spelling, cards: &[u8]| cards.iter().all(|&c| out.try_push(CARD_BASE + c));
    let ok = match *action {
        Action::Draw => out.try_push(DRAW),
        Action::Ask => out.try_push(ASK),
        Action::Answer { permit } => out.try_push(if permit { YES } else { NO }),
        Action::Decline => out.try_push(DECLINE),
        Action::Discard { card } => out.try_push(DISCARD) && out.try_push(CARD_BASE + card),
        Action::Take { cards: c, meld } => {
            out.try_push(TAKE)
                && cards(&mut out, c.as_slice())
                && match meld {
                    None => true,
                    Some(m) => out.try_push(meld_id(m)?),
                }
                && out.try_push(DONE)
        }
        Action::Meld { cards: c } => {
            out.try_push(MELD) && cards(&mut out, c.as_slice()) && out.try_push(DONE)
        }
        Action::Add { meld, cards: c } => {
            out.try_push(ADD)
                && out.try_push(meld_id(meld)?)
                && cards(&mut out, c.as_slice())
                && out.try_push(DONE)
        }
        Action::Extend { meld, run } => {
            out.try_push(EXTEND)
                && out.try_push(meld_id(meld)?)
                && cards(&mut out, run.as_slice())
                && out.try_push(DONE)
        }
    };
    ok.then_some(out)
}

/// A set of ids, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IdSet(pub u128);

impl IdSet {
    /// Whether `id` is in the set.
    pub fn contains(self, id: u8) -> bool {
        usize::from(id) < NUM_ACTIONS && self.0 >> id & 1 == 1
    }

    /// Put `id` in the set.
    pub fn insert(&mut self, id: u8) {
        self.0 |= 1 << id;
    }

    /// Number of ids.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The ids, ascending (one step per id in the set, not per id of the space).
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0 & ((1u128 << NUM_ACTIONS) - 1);
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let id = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(id)
        })
    }
}

/// What choosing an id after a prefix gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The longer prefix starts a legal move but does not spell one yet.
    Prefix,
    /// The longer prefix spells the legal move of this number in the listing given to [`Decisions::new`].
    Move(usize),
}

/// A spelling packed into three big-endian words, zero-padded: keys order as the
/// spellings do, and compare as three integers.  No id but the verb `DRAW` (0) is
/// 0, and `DRAW` comes only first and alone, so the padding is never read as an
/// id; and as the code is prefix-free, no spelling is a proper prefix of another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Key([u64; 3]);

impl Key {
    /// The key of `ids`; None for a sequence no legal move starts with (too long, or
    /// with a 0 after its first id).
    fn of(ids: &[u8]) -> Option<Key> {
        if ids.len() > MAX_SPELLING || ids.iter().skip(1).any(|&i| i == 0) {
            return None;
        }
        let mut bytes = [0u8; MAX_SPELLING];
        bytes[..ids.len()].copy_from_slice(ids);
        let word = |w: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[8 * w..8 * w + 8]);
            u64::from_be_bytes(b)
        };
        Some(Key([word(0), word(1), word(2)]))
    }

    /// The id at `depth` (0 past the end).
    fn at(self, depth: usize) -> u8 {
        (self.0[depth / 8] >> (8 * (7 - depth % 8))) as u8
    }

    /// The key with every byte from `len` on set to `fill` (0x00 or 0xff).
    fn cut(self, len: usize, fill: u8) -> Key {
        let mut out = self.0;
        for (w, word) in out.iter_mut().enumerate() {
            let kept = len.saturating_sub(8 * w).min(8);
            let low = if kept == 8 { 0 } else { u64::MAX >> (8 * kept) };
            *word = if fill == 0 { *word & !low } else { *word | low };
        }
        Key(out)
    }
}

/// The legal moves of one position as a tree of decisions over the ids.
#[derive(Clone, Debug, Default)]
pub struct Decisions {
    /// Each move's spelling (as its key) and its number in the listing, sorted by spelling.
    codes: Vec<(Key, u32)>,
}

impl Decisions {
    /// The tree of `moves` (a position's listing).
    pub fn new(moves: &[Action]) -> Decisions {
        let mut tree = Decisions::default();
        tree.rebuild(moves);
        tree
    }

    /// Make this the tree of `moves`, reusing its storage.
    pub fn rebuild(&mut self, moves: &[Action]) {
        let codes = &mut self.codes;
        codes.clear();
        codes.extend(
            moves
                .iter()
                .enumerate()
                .filter_map(|(i, m)| Some((Key::of(&spell(m)?)?, i as u32))),
        );
        codes.sort_unstable();
        codes.dedup_by(|a, b| a.0 == b.0);
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The listing numbers of the moves, in the order of their spellings.
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        self.codes.iter().map(|&(_, i)| i as usize)
    }

    /// The ids that may follow `prefix` (empty when it starts no legal move).
    pub fn next_ids(&self, prefix: &[u8]) -> IdSet {
        let mut out = IdSet::default();
        let depth = prefix.len();
        let Some(key) = Key::of(prefix).filter(|_| depth < MAX_SPELLING) else {
            return out;
        };
        let codes = &self.codes;
        let mut i = codes.partition_point(|&(c, _)| c < key);
        while let Some(&(c, _)) = codes.get(i) {
            if c.cut(depth, 0) != key {
                break;
            }
            let next = c.at(depth);
            if next == 0 && depth > 0 {
                i += 1; // the prefix itself is a move: nothing follows it
                continue;
            }
            out.insert(next);
            let last = c.cut(depth + 1, 0xff); // the greatest key of the prefix and `next`
            i += codes[i..].partition_point(|&(c, _)| c <= last);
        }
        out
    }

    /// The number in the listing of the move `ids` spells, if it is one.
    pub fn find(&self, ids: &[u8]) -> Option<usize> {
        let key = Key::of(ids)?;
        let at = self.codes.binary_search_by(|&(c, _)| c.cmp(&key)).ok()?;
        Some(self.codes[at].1 as usize)
    }

    /// Choose `id` after `prefix`: None when it continues no legal move.
    ///
    /// One search for the longer spelling, not the ids that may follow `prefix`: the
    /// first spelling from it on either is it (a move: the code is prefix-free), or
    /// starts with it (a prefix), or no spelling does.
    pub fn step(&self, prefix: &[u8], id: u8) -> Option<Step> {
        if usize::from(id) >= NUM_ACTIONS {
            return None;
        }
        let mut longer = Spelling::try_from_slice(prefix)?;
        if !longer.try_push(id) {
            return None;
        }
        let key = Key::of(&longer)?; // (None: a 0 after the first id, or too long)
        let codes = &self.codes;
        let &(first, number) = codes.get(codes.partition_point(|&(c, _)| c < key))?;
        if first == key {
            Some(Step::Move(number as usize))
        } else if first.cut(longer.len(), 0) == key {
            Some(Step::Prefix)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actions::parse_action;

    #[test]
    fn an_id_set_lists_its_ids_ascending_and_nothing_past_the_space() {
        let mut set = IdSet::default();
        for id in [99, 0, 63, 64, 5] {
            set.insert(id);
        }
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 5, 63, 64, 99]);
        assert_eq!(set.len(), 5);
        // a bit past the space (ids 100-127 of the word) is no id
        let wide = IdSet(set.0 | 1 << 100 | 1 << 127);
        assert_eq!(wide.iter().collect::<Vec<_>>(), vec![0, 5, 63, 64, 99]);
        assert!(!wide.contains(100) && wide.contains(99));
        assert_eq!(IdSet::default().iter().count(), 0);
    }

    fn spelled(text: &str) -> Vec<u8> {
        spell(&parse_action(text).unwrap()).unwrap().to_vec()
    }

    #[test]
    fn spellings_follow_the_text_form() {
        // worked by hand from the id table: 7C = 11 + 24 = 35, JK = 11 + 52 = 63, @0 = 64
        assert_eq!(spelled("add @0 7C JK"), vec![ADD, 64, 35, 63, DONE]);
        // KH = 11 + 4 * 12 + 2 = 61, KS = 62, @3 = 67
        assert_eq!(spelled("take KH KS @3"), vec![TAKE, 61, 62, 67, DONE]);
        assert_eq!(spelled("discard QS"), vec![DISCARD, 58]);
        assert_eq!(spelled("draw"), vec![DRAW]);
        assert_eq!(spelled("no"), vec![NO]);
    }

    #[test]
    fn ids_are_named_as_the_python_id_name_names_them() {
        let names: Vec<String> = [0, 10, 11, 37, 63, 64, 99].map(id_name).to_vec();
        assert_eq!(names, ["draw", "done", "AC", "7H", "JK", "@0", "@35"]);
    }

    #[test]
    fn the_tree_gives_the_ids_that_continue_a_legal_move() {
        let moves: Vec<Action> = ["meld 7H 7S JK", "meld 7H 7S 2C", "discard 7H"]
            .iter()
            .map(|t| parse_action(t).unwrap())
            .collect();
        let tree = Decisions::new(&moves);
        assert_eq!(
            tree.next_ids(&[]).iter().collect::<Vec<_>>(),
            vec![MELD, DISCARD]
        );
        // 7H = 11 + 26 = 37, 7S = 38, 2C = 15
        assert_eq!(tree.next_ids(&[MELD]).iter().collect::<Vec<_>>(), vec![37]);
        assert_eq!(
            tree.next_ids(&[MELD, 37, 38]).iter().collect::<Vec<_>>(),
            vec![15, 63]
        );
        assert_eq!(tree.step(&[MELD, 37, 38], 63), Some(Step::Prefix));
        assert_eq!(tree.step(&[MELD, 37, 38, 63], DONE), Some(Step::Move(0)));
        assert_eq!(tree.step(&[DISCARD], 37), Some(Step::Move(2)));
        assert_eq!(tree.step(&[], DRAW), None);
        assert!(tree.next_ids(&[DRAW]).is_empty());
        // the moves in the order of their spellings: meld ... 2C sorts before meld ... JK
        assert_eq!(tree.order().collect::<Vec<_>>(), vec![1, 0, 2]);
        // a prefix with a 0 after its verb, or longer than any spelling, starts no move
        assert!(tree.next_ids(&[MELD, 0]).is_empty());
        assert!(tree.next_ids(&[MELD, 37, 38, 63, DONE]).is_empty());
        assert!(tree.next_ids(&[37; 30]).is_empty());
        assert_eq!(tree.find(&[DISCARD, 37]), Some(2));
        assert_eq!(tree.find(&[DISCARD]), None);
    }

    #[test]
    fn a_step_is_what_the_ids_that_continue_the_prefix_say() {
        // `step` searches for the longer spelling at once: it answers as the ids that may
        // follow the prefix and the moves found by spelling do, for every prefix of every
        // move (and each with one id changed) and every id a byte can hold
        let moves: Vec<Action> = [
            "draw",
            "take",
            "take 7H 7S",
            "take 7H 7S JK",
            "meld 7H 7S JK",
            "meld 7H 7S 2C",
            "meld 4D 5D 6D 7D",
            "add @0 7C",
            "add @0 7C 2H",
            "extend @1 3D 4D 5D 6D 7D",
            "discard 7H",
            "discard JK",
        ]
        .iter()
        .map(|t| parse_action(t).unwrap())
        .collect();
        let tree = Decisions::new(&moves);
        let reference = |prefix: &[u8], id: u8| -> Option<Step> {
            if !tree.next_ids(prefix).contains(id) {
                return None;
            }
            let mut longer = prefix.to_vec();
            longer.push(id);
            Some(tree.find(&longer).map_or(Step::Prefix, Step::Move))
        };
        let mut prefixes: Vec<Vec<u8>> = vec![Vec::new()];
        for m in &moves {
            let spelled = spell(m).unwrap().to_vec();
            for len in 1..=spelled.len() {
                prefixes.push(spelled[..len].to_vec());
                let mut other = spelled[..len].to_vec();
                other[len - 1] = other[len - 1].wrapping_add(1);
                prefixes.push(other);
            }
        }
        let mut found = [0usize; 3];
        for prefix in &prefixes {
            for id in 0..=u8::MAX {
                let step = tree.step(prefix, id);
                assert_eq!(step, reference(prefix, id), "{prefix:?} then {id}");
                found[match step {
                    None => 0,
                    Some(Step::Prefix) => 1,
                    Some(Step::Move(_)) => 2,
                }] += 1;
            }
        }
        assert!(found.iter().all(|&n| n > 0), "{found:?}");
    }

    #[test]
    fn keys_order_as_the_spellings_and_cut_to_their_prefixes() {
        let spellings: [&[u8]; 6] = [
            &[DRAW],
            &[TAKE, 61, 62, DONE],
            &[TAKE, 61, 62, 67, DONE],
            &[MELD, 37, 38, 15, DONE],
            &[MELD, 37, 38, 63, DONE],
            &[
                EXTEND, 64, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, DONE,
            ],
        ];
        let keys: Vec<Key> = spellings.iter().map(|s| Key::of(s).unwrap()).collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]));
        let long = keys[5];
        assert_eq!(long.at(0), EXTEND);
        assert_eq!(long.at(9), 19);
        assert_eq!(long.at(15), 0);
        assert_eq!(long.cut(10, 0), Key::of(&spellings[5][..10]).unwrap());
        assert_eq!(long.cut(10, 0xff).at(10), 0xff);
        assert_eq!(long.cut(10, 0xff).at(9), 19);
    }
}
