//! Scoring a hand, part by part (C-SCORE-1, C-SCORE-2, K-SCORE-1, K-BONUS-1,
//! K-TRUMP-2), exactly as the Python `kanasta.scoring` does it; point values
//! in half points until the total is rounded.

use crate::cards::Card;
use crate::position::{
    CanastaKind, CanastaScore, Hand, HandEnd, HandResult, State, TableMeld, TeamScore,
};
use crate::rules::Rules;

/// The bonus of `meld` (number `index` of its team) if it is a canasta.
pub fn canasta_score(
    rules: &Rules,
    meld: &TableMeld,
    index: usize,
    trump: Option<Card>,
) -> Option<CanastaScore> {
    let size = meld.size();
    if size < 7 {
        return None;
    }
    let (kind, base) = match (meld, rules.full_bonus) {
        (TableMeld::Run { .. }, Some(full)) if size == 13 => (CanastaKind::Full, full),
        _ if meld.wild_count() == 0 => (CanastaKind::Clean, rules.clean_bonus),
        _ => (CanastaKind::Dirty, rules.dirty_bonus),
    };
    let doubled = match trump {
        Some(t) if rules.trump_doubling => match meld {
            TableMeld::Set { rank, .. } => crate::cards::rank(t) == Some(*rank),
            TableMeld::Run { suit, .. } => t % 4 == *suit && t != crate::cards::JOKER,
        },
        _ => false,
    };
    Some(CanastaScore {
        meld: index,
        kind,
        base,
        trump_doubled: doubled,
        bonus: if doubled { base * 2 } else { base },
    })
}

/// The team that has won with these cumulative scores, or None to play on (G-GAME-1):
/// at or above the target and alone at the top.
pub fn game_winner(rules: &Rules, scores: &[i64]) -> Option<usize> {
    let best = *scores.iter().max()?;
    if best >= rules.target_score && scores.iter().filter(|&&s| s == best).count() == 1 {
        scores.iter().position(|&s| s == best)
    } else {
        None
    }
}

/// Value of cards left in hand, in half points (a 2 at its wild value).
pub fn hand_penalty(rules: &Rules, cards: &[Card]) -> i64 {
    cards.iter().map(|&c| rules.card_value(c)).sum()
}

/// Half points rounded as the rules say: up to a whole number (K-SCORE-1), or
/// toward zero (whole already whenever the rules have no half points).
fn rounded(rules: &Rules, halves: i64) -> i64 {
    if rules.round_hand_up {
        (halves + 1).div_euclid(2)
    } else {
        halves / 2
    }
}

/// What the end of a hand is scored from.
pub struct HandEndTable<'a> {
    pub hand_number: u64,
    pub dealer: usize,
    pub ended_by: HandEnd,
    pub went_out: Option<usize>,
    pub concealed: bool,
    /// Each team's melds.
    pub melds: Vec<Vec<TableMeld>>,
    /// Each seat's cards left, in card order.
    pub hands: Vec<Vec<Card>>,
    /// Each team's red 3s, in the order laid.
    pub red_threes: Vec<Vec<Card>>,
    pub packets_taken: &'a [usize],
    pub trump: Option<Card>,
    pub scores_before: &'a [i64],
}

impl<'a> HandEndTable<'a> {
    /// The table of `s` as it stands, its hand ended by `ended_by` (`went_out`: the seat that
    /// went out, `concealed`: whether in one turn).
    pub fn of_state(
        s: &'a State,
        ended_by: HandEnd,
        went_out: Option<usize>,
        concealed: bool,
    ) -> HandEndTable<'a> {
        let (n, teams) = (s.rules.players, s.rules.teams());
        HandEndTable {
            hand_number: s.hand_number,
            dealer: s.dealer,
            ended_by,
            went_out,
            concealed,
            melds: s.melds[..teams].iter().map(|m| m.to_vec()).collect(),
            hands: s.hands[..n].iter().map(Hand::cards).collect(),
            red_threes: s.red_threes[..teams]
                .iter()
                .map(|r| r.as_slice().to_vec())
                .collect(),
            packets_taken: &s.packets_taken[..teams],
            trump: s.trump,
            scores_before: &s.scores[..teams],
        }
    }
}

/// Score every team for a finished hand (the Python `score_hand`).
pub fn score_hand(rules: &Rules, t: HandEndTable<'_>) -> HandResult {
    let teams = rules.teams();
    let mut out = Vec::with_capacity(teams);
    for team in 0..teams {
        let team_melds = &t.melds[team];
        let meld_points: i64 = team_melds.iter().map(|m| m.value(rules)).sum();
        let canastas: Vec<CanastaScore> = team_melds
            .iter()
            .enumerate()
            .filter_map(|(i, m)| canasta_score(rules, m, i, t.trump))
            .collect();
        let canasta_points: i64 = canastas.iter().map(|c| c.bonus).sum();
        let reds = t.red_threes[team].len();
        let mut red_points = 0;
        if rules.red_threes && reds > 0 {
            red_points = if reds == 4 {
                rules.all_red_threes_bonus
            } else {
                reds as i64 * rules.red_three_bonus
            };
            if team_melds.is_empty() {
                red_points = -red_points;
            }
        }
        let packets = t.packets_taken[team];
        let packet_points = packets as i64 * rules.packet_bonus;
        let mut going_out = 0;
        if t.went_out.is_some_and(|w| w % teams == team) {
            going_out = match rules.concealed_bonus {
                Some(b) if t.concealed => b,
                _ => rules.going_out_bonus,
            };
        }
        let penalty: i64 = (0..rules.players)
            .filter(|s| s % teams == team)
            .map(|s| hand_penalty(rules, &t.hands[s]))
            .sum();
        let raw =
            2 * (packet_points + canasta_points + red_points + going_out) + meld_points - penalty;
        out.push(TeamScore {
            team,
            packets,
            packet_points,
            meld_points_halves: meld_points,
            canastas,
            canasta_points,
            red_threes: reds,
            red_three_points: red_points,
            going_out_points: going_out,
            hand_points_halves: penalty,
            raw_total_halves: raw,
            total: rounded(rules, raw),
        });
    }
    let scores = t
        .scores_before
        .iter()
        .zip(&out)
        .map(|(before, ts)| before + ts.total)
        .collect();
    HandResult {
        hand_number: t.hand_number,
        dealer: t.dealer,
        ended_by: t.ended_by,
        went_out: t.went_out,
        concealed: t.concealed,
        teams: out,
        scores,
        melds: t.melds,
        hands: t.hands,
        red_threes: t.red_threes,
        trump: t.trump,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::card;
    use crate::melds::read_meld;

    fn meld(cards: &[Card], rules: &Rules) -> TableMeld {
        TableMeld::from_meld(&read_meld(cards, &rules.meld_rules(), false).unwrap())
    }

    fn table<'a>(
        melds: Vec<Vec<TableMeld>>,
        hands: Vec<Vec<Card>>,
        red_threes: Vec<Vec<Card>>,
        went_out: Option<usize>,
        packets: &'a [usize],
        before: &'a [i64],
    ) -> HandEndTable<'a> {
        HandEndTable {
            hand_number: 1,
            dealer: 0,
            ended_by: if went_out.is_some() {
                HandEnd::GoingOut
            } else {
                HandEnd::Stock
            },
            went_out,
            concealed: false,
            melds,
            hands,
            red_threes,
            packets_taken: packets,
            trump: None,
            scores_before: before,
        }
    }

    #[test]
    fn worked_example_3_natural_canasta_of_kings() {
        // C-SCORE-1, worked example 3: KC KC KD KD KH KS KS counts 70 + 500, going out 100: 670.
        let r = Rules::classic(4).unwrap();
        let kings = meld(
            &[
                card(13, 0),
                card(13, 0),
                card(13, 1),
                card(13, 1),
                card(13, 2),
                card(13, 3),
                card(13, 3),
            ],
            &r,
        );
        let res = score_hand(
            &r,
            table(
                vec![vec![kings], vec![]],
                vec![vec![]; 4],
                vec![vec![], vec![]],
                Some(0),
                &[0, 0],
                &[0, 0],
            ),
        );
        let t0 = &res.teams[0];
        assert_eq!(
            (t0.meld_points_halves, t0.canasta_points, t0.total),
            (140, 500, 670)
        );
        assert_eq!(res.scores, vec![670, 0]);
    }

    #[test]
    fn worked_example_5_all_red_threes_and_no_meld() {
        // C-SCORE-2, worked example 5: all four red 3s and no meld: -800.
        let r = Rules::classic(4).unwrap();
        let res = score_hand(
            &r,
            table(
                vec![vec![], vec![]],
                vec![vec![]; 4],
                vec![vec![9, 9, 10, 10], vec![]],
                None,
                &[0, 0],
                &[0, 0],
            ),
        );
        assert_eq!(res.teams[0].red_three_points, -800);
        assert_eq!(res.teams[0].total, -800);
    }

    #[test]
    fn worked_example_10_trump_doubles_a_kanasta() {
        // K-TRUMP-2, worked example 10: a clean club run is doubled by a club trump, 20 -> 40.
        let k = Rules::kanasta();
        let run = meld(&(3..=9).map(|r| card(r, 0)).collect::<Vec<_>>(), &k);
        let clubs = canasta_score(&k, &run, 0, Some(card(13, 0))).unwrap();
        assert_eq!(
            (clubs.kind, clubs.bonus, clubs.trump_doubled),
            (CanastaKind::Clean, 40, true)
        );
        assert_eq!(
            canasta_score(&k, &run, 0, Some(card(13, 2))).unwrap().bonus,
            20
        );
    }

    #[test]
    fn kanasta_half_points_round_up() {
        // K-SCORE-1: a hand total with a half point is rounded up; -1.5 becomes -1.
        let k = Rules::kanasta();
        assert_eq!(rounded(&k, 3), 2);
        assert_eq!(rounded(&k, -3), -1);
        assert_eq!(rounded(&k, 4), 2);
        let c = Rules::classic(4).unwrap();
        assert_eq!(rounded(&c, -40), -20);
    }

    #[test]
    fn the_winner_is_alone_at_the_top() {
        // G-GAME-1 (the Python docstring): 310/250 wins, 310/310 plays on, 290/120 plays on.
        let k = Rules::kanasta();
        assert_eq!(game_winner(&k, &[310, 250]), Some(0));
        assert_eq!(game_winner(&k, &[310, 310]), None);
        assert_eq!(game_winner(&k, &[290, 120]), None);
    }
}
