//! Checking one meld (RULES C-MELD-1, C-MELD-2, C-THREE-1, C-THREE-2,
//! K-MELD-1 to K-MELD-7), exactly as the Python engine's `read_set`,
//! `read_run` and `read_meld` do: the same verdict, the same rule ID and the
//! same message for every card multiset.

use crate::cards::{is_red_three, is_wild, notation, Card, JOKER};

/// The parts of the rules that meld checking depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeldRules {
    pub runs: bool,
    pub max_wilds: usize,
    pub wilds_within_naturals: bool,
    pub max_meld_size: Option<usize>,
    pub black_threes: bool,
}

/// A set (one rank) or a run (consecutive cards of one suit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldKind {
    Set,
    Run,
}

/// A legal meld: a set's cards naturals first then wild cards, each in card
/// order; a run's cards low to high, `wild_index` its wild card's place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    pub kind: MeldKind,
    pub cards: Vec<Card>,
    /// A set's rank 1-13.
    pub rank: Option<u8>,
    /// A run's suit 0-3.
    pub suit: Option<u8>,
    /// A run's first position (1 = low ace ... 14 = high ace); 0 for a set.
    pub low: u8,
    pub wild_index: Option<usize>,
}

/// Why cards are not a meld: the RULES ID and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub rule: &'static str,
    pub message: String,
}

fn problem(rule: &'static str, message: impl Into<String>) -> Result<Meld, Problem> {
    Err(Problem {
        rule,
        message: message.into(),
    })
}

/// Rank number 1-13, 0 for a joker (the Python `_rank_num`).
fn rank_num(c: Card) -> u8 {
    if c < JOKER {
        c / 4 + 1
    } else {
        0
    }
}

/// The rank standing at run position 1-14 (14 is the high ace).
fn rank_at(position: i32) -> i32 {
    if position == 14 {
        1
    } else {
        position
    }
}

fn is_two(c: Card) -> bool {
    (4..8).contains(&c)
}

fn text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|&c| notation(c))
        .collect::<Vec<_>>()
        .join(" ")
}

fn mid(rules: &MeldRules) -> &'static str {
    if rules.runs {
        "K-MELD-1"
    } else {
        "C-MELD-1"
    }
}

/// Check `cards` as a set.
pub fn read_set(cards: &[Card], rules: &MeldRules, black_threes_ok: bool) -> Result<Meld, Problem> {
    let mut naturals: Vec<Card> = cards.iter().copied().filter(|&c| !is_wild(c)).collect();
    let mut wilds: Vec<Card> = cards.iter().copied().filter(|&c| is_wild(c)).collect();
    if cards.len() < 3 {
        return problem(
            mid(rules),
            format!("a meld needs at least 3 cards, not {}", cards.len()),
        );
    }
    if naturals.is_empty() {
        if cards.iter().all(|&c| is_two(c)) {
            return problem(mid(rules), "there are no melds of 2s: a 2 is a wild card");
        }
        let rule = if rules.runs { "K-MELD-4" } else { "C-MELD-2" };
        return problem(rule, "a meld of wild cards only is not allowed");
    }
    let rank = rank_num(naturals[0]);
    if naturals.iter().any(|&c| rank_num(c) != rank) {
        return problem(
            mid(rules),
            format!(
                "'{}' is not a set: the natural cards differ in rank",
                text(cards)
            ),
        );
    }
    if rank == 3 && rules.black_threes {
        if naturals.iter().any(|&c| is_red_three(c)) {
            return problem("C-THREE-1", "red 3s are never melded");
        }
        if !wilds.is_empty() {
            return problem("C-THREE-2", "a meld of black 3s takes no wild cards");
        }
        if !black_threes_ok {
            return problem(
                "C-THREE-2",
                "black 3s are melded only by a player going out, as 3 or 4 black 3s",
            );
        }
        if !(3..=4).contains(&naturals.len()) {
            return problem("C-THREE-2", "a black-3 meld has three or four cards");
        }
    }
    if naturals.len() < 2 {
        let rule = if rules.runs { "K-MELD-4" } else { mid(rules) };
        return problem(rule, "a meld needs at least two natural cards");
    }
    if wilds.len() > rules.max_wilds {
        let rule = if rules.max_wilds == 1 {
            "K-MELD-4"
        } else {
            "C-MELD-1"
        };
        return problem(
            rule,
            format!(
                "a meld holds at most {} wild card(s), not {}",
                rules.max_wilds,
                wilds.len()
            ),
        );
    }
    if rules.wilds_within_naturals && wilds.len() > naturals.len() {
        return problem(
            "C-MELD-1",
            "wild cards may not outnumber natural cards (option wilds_within_naturals)",
        );
    }
    if let Some(limit) = rules.max_meld_size {
        if cards.len() > limit {
            return problem("K-MELD-3", format!("a meld holds at most {limit} cards"));
        }
    }
    naturals.sort_unstable();
    wilds.sort_unstable();
    naturals.extend(wilds);
    Ok(Meld {
        kind: MeldKind::Set,
        cards: naturals,
        rank: Some(rank),
        suit: None,
        low: 0,
        wild_index: None,
    })
}

/// Check `cards` (low to high) as a run; `wild_card` is an extended run's
/// current wild card, which stays the wild wherever it lands (K-MELD-7).
pub fn read_run(
    cards: &[Card],
    rules: &MeldRules,
    wild_card: Option<Card>,
) -> Result<Meld, Problem> {
    if !rules.runs {
        return problem("C-MELD-1", "runs are not melds in this game");
    }
    if cards.len() < 3 {
        return problem(
            "K-MELD-2",
            format!("a run needs at least 3 cards, not {}", cards.len()),
        );
    }
    let limit = rules.max_meld_size.map_or(13, |m| m.min(13));
    if cards.len() > limit {
        return problem("K-MELD-3", format!("a meld holds at most {limit} cards"));
    }
    let fixed: Vec<(usize, Card)> = cards
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, c)| !is_wild(c))
        .collect();
    let Some(&(first_pos, first)) = fixed.first() else {
        return problem("K-MELD-4", "a run needs natural cards");
    };
    let suit = first % 4;
    if fixed.iter().any(|&(_, c)| c % 4 != suit) {
        return problem(
            "K-MELD-2",
            format!(
                "'{}' is not a run: the natural cards differ in suit",
                text(cards)
            ),
        );
    }
    let number = i32::from(rank_num(first));
    let first_pos = first_pos as i32;
    let mut candidates = vec![number - first_pos];
    if number == 1 {
        candidates.push(14 - first_pos);
    }
    let len = cards.len() as i32;
    let mut wrap = false;
    for low in candidates {
        if low < 1 || low + len - 1 > 14 {
            wrap = true;
            continue;
        }
        if fixed
            .iter()
            .any(|&(i, c)| rank_at(low + i as i32) != i32::from(rank_num(c)))
        {
            continue;
        }
        let mut wild_positions: Vec<usize> = cards
            .iter()
            .enumerate()
            .filter(|&(i, &c)| c == JOKER || (is_two(c) && !(c % 4 == suit && low + i as i32 == 2)))
            .map(|(i, _)| i)
            .collect();
        if let Some(old) = wild_card.filter(|&w| is_two(w)) {
            // The old wild is a 2 that may now sit in its own natural place.
            let naturally_placed =
                (0..cards.len()).find(|&i| cards[i] == old && !wild_positions.contains(&i));
            if let Some(i) = naturally_placed {
                if !wild_positions.iter().any(|&w| cards[w] == old) {
                    wild_positions.push(i);
                }
            }
        }
        if wild_positions.len() > 1 {
            return problem(
                "K-MELD-4",
                format!("'{}': a meld holds at most one wild card", text(cards)),
            );
        }
        if cards.len() - wild_positions.len() < 2 {
            return problem("K-MELD-4", "a run needs at least two natural cards");
        }
        return Ok(Meld {
            kind: MeldKind::Run,
            cards: cards.to_vec(),
            rank: None,
            suit: Some(suit),
            low: low as u8,
            wild_index: wild_positions.first().copied(),
        });
    }
    let reason = if wrap && wraps(&fixed) {
        "no wrap-around past the ace"
    } else {
        "the cards are not consecutive"
    };
    problem(
        "K-MELD-2",
        format!("'{}' is not a run: {reason}", text(cards)),
    )
}

/// Whether the natural cards would be consecutive if ranks wrapped round past the ace.
fn wraps(fixed: &[(usize, Card)]) -> bool {
    let (first_pos, first) = fixed[0];
    let start = i32::from(rank_num(first)) - first_pos as i32;
    fixed
        .iter()
        .all(|&(i, c)| (start + i as i32 - 1).rem_euclid(13) + 1 == i32::from(rank_num(c)))
}

/// Read `cards` as a new set or run.
pub fn read_meld(
    cards: &[Card],
    rules: &MeldRules,
    black_threes_ok: bool,
) -> Result<Meld, Problem> {
    let naturals: Vec<Card> = cards.iter().copied().filter(|&c| !is_wild(c)).collect();
    let Some(&first) = naturals.first() else {
        return read_set(cards, rules, black_threes_ok);
    };
    let same_rank = naturals.iter().all(|&c| rank_num(c) == rank_num(first));
    if same_rank || !rules.runs {
        let as_set = read_set(cards, rules, black_threes_ok);
        if as_set.is_ok() || !rules.runs {
            return as_set;
        }
        return read_run(cards, rules, None).or(as_set);
    }
    read_run(cards, rules, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card;

    fn classic() -> MeldRules {
        MeldRules {
            runs: false,
            max_wilds: 3,
            wilds_within_naturals: true,
            max_meld_size: None,
            black_threes: true,
        }
    }

    fn kanasta() -> MeldRules {
        MeldRules {
            runs: true,
            max_wilds: 1,
            wilds_within_naturals: false,
            max_meld_size: Some(13),
            black_threes: false,
        }
    }

    const H: u8 = 2;
    const S: u8 = 3;

    #[test]
    fn a_set_is_kept_naturals_first() {
        let m = read_meld(&[JOKER, card(7, S), card(7, H)], &classic(), false).unwrap();
        assert_eq!(text(&m.cards), "7H 7S JK");
        assert_eq!((m.kind, m.rank), (MeldKind::Set, Some(7)));
    }

    #[test]
    fn too_few_cards_and_wild_only_melds_are_refused() {
        let e = read_meld(&[card(7, H), card(7, 1)], &classic(), false).unwrap_err();
        assert_eq!(
            (e.rule, e.message.as_str()),
            ("C-MELD-1", "a meld needs at least 3 cards, not 2")
        );
        let e = read_meld(&[JOKER, JOKER, card(2, S)], &classic(), false).unwrap_err();
        assert_eq!(e.rule, "C-MELD-2");
    }

    #[test]
    fn black_threes_only_going_out() {
        let threes = [card(3, 0), card(3, S), card(3, 0)];
        assert_eq!(
            read_meld(&threes, &classic(), false).unwrap_err().rule,
            "C-THREE-2"
        );
        assert!(read_meld(&threes, &classic(), true).is_ok());
    }

    #[test]
    fn runs_low_high_and_their_wild() {
        // 5H 6H JK: the joker stands for 7H (K-MELD-5).
        let m = read_meld(&[card(5, H), card(6, H), JOKER], &kanasta(), false).unwrap();
        assert_eq!((m.kind, m.low, m.wild_index), (MeldKind::Run, 5, Some(2)));
        // AH 2H 3H JK: the 2 is in its natural place, the joker is the wild (K-MELD-6).
        let m = read_meld(
            &[card(1, H), card(2, H), card(3, H), JOKER],
            &kanasta(),
            false,
        )
        .unwrap();
        assert_eq!(m.wild_index, Some(3));
        // QS KS AS: the ace is high.
        let m = read_meld(&[card(12, S), card(13, S), card(1, S)], &kanasta(), false).unwrap();
        assert_eq!(m.low, 12);
    }

    #[test]
    fn no_wrap_around_past_the_ace() {
        let e = read_meld(&[card(13, S), card(1, S), card(2, S)], &kanasta(), false).unwrap_err();
        assert_eq!(
            (e.rule, e.message.as_str()),
            (
                "K-MELD-2",
                "'KS AS 2S' is not a run: no wrap-around past the ace"
            )
        );
    }
}
