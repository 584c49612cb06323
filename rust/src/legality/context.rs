//! What every legality check of one position needs, gathered once
//! ([`Context`], the Python engine's `Ctx` of `kanasta.legality.context`), the
//! rules more than one check applies (the Python `kanasta.rulebook`): the
//! emptying check, the opening test, rule IDs that differ between Part C and
//! Part K; a check's answer ([`Problem`], [`Verdict`]); and the card-list
//! helpers the checks and the listing share (as the Python `remove_cards`).

use std::rc::Rc;
use std::sync::Arc;

use crate::actions::{CardList, MAX_MOVE_CARDS};
use crate::cards::{is_red_three, is_wild, Card, WILD_CARDS};
use crate::inline::Inline;
use crate::legality::solver::{
    canastas, sum4, team_opens, Cards, FinishRules, Finisher, SearchGaveUp, Shape, Situation,
    Tables, TurnFlags, Work,
};
use crate::position::{Drew, Phase, State, TableMeld};
use crate::rules::Rules;

/// Why a move is illegal: the RULES ID and the message (the Python `(id, message)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub rule: &'static str,
    pub message: String,
}

impl Problem {
    /// A problem under `rule`.
    pub fn new(rule: &'static str, message: impl Into<String>) -> Problem {
        Problem {
            rule,
            message: message.into(),
        }
    }
}

/// The verdict of a check: None for a legal move, or why it is not.
pub type Verdict = Result<Option<Problem>, SearchGaveUp>;

/// The verdict that the move breaks `rule`.
pub(crate) fn problem(rule: &'static str, message: impl Into<String>) -> Verdict {
    Ok(Some(Problem::new(rule, message)))
}

impl From<crate::melds::Problem> for Problem {
    fn from(p: crate::melds::Problem) -> Problem {
        Problem {
            rule: p.rule,
            message: p.message,
        }
    }
}

impl From<&Rules> for FinishRules {
    fn from(rules: &Rules) -> FinishRules {
        let table = rules.value_table();
        FinishRules {
            values: std::array::from_fn(|c| table[c] as i32),
            natural_two: rules.natural_two_value as i32,
            runs: rules.runs,
            max_wilds: rules.max_wilds as u32,
            wilds_within_naturals: rules.wilds_within_naturals,
            max_meld_size: rules.max_meld_size.map(|m| m as u32),
            one_meld_per_rank: rules.one_meld_per_rank,
            canastas_to_go_out: rules.canastas_to_go_out as u32,
            black_threes: rules.black_threes,
            opening_natural_run: rules.opening_natural_run,
            opening_one_card_exempt: rules.opening_one_card_exempt,
        }
    }
}

/// A meld as the E-2 search sees it.
pub fn shape_of(meld: &TableMeld) -> Shape {
    match *meld {
        TableMeld::Set {
            rank,
            naturals,
            wilds,
        } => {
            let n = sum4(naturals) as u8;
            let [w0, w1, w2, w3, joker] = wilds;
            let w = sum4([w0, w1, w2, w3]) as u8 + joker;
            Shape::Set {
                rank,
                naturals: n,
                wilds: w,
                size: n + w,
            }
        }
        TableMeld::Run {
            suit,
            low,
            len,
            wild,
        } => Shape::Run {
            suit,
            low,
            high: low + len - 1,
            wild: wild.map(|(i, _)| low + i),
        },
    }
}

thread_local! {
    /// The tables of the rules last asked for (a game asks for the same rules move after move).
    static TABLES: std::cell::RefCell<Option<(Arc<Rules>, Rc<Tables>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The search tables of `rules`, made once per rules and kept while they are asked for.
fn tables_of(rules: &Arc<Rules>) -> Rc<Tables> {
    TABLES.with(|cell| {
        let mut cached = cell.borrow_mut();
        if let Some((known, tables)) = cached.as_mut() {
            if Arc::ptr_eq(known, rules) {
                return Rc::clone(tables);
            }
            if **known == **rules {
                // equal rules of another game: kept, so its next ask is a pointer compare
                *known = Arc::clone(rules);
                return Rc::clone(tables);
            }
        }
        let tables = Rc::new(Tables::new(FinishRules::from(&**rules)));
        *cached = Some((Arc::clone(rules), Rc::clone(&tables)));
        tables
    })
}

/// What every check of the current player's turn needs, computed once.
pub struct Context<'s> {
    pub s: &'s State,
    pub rules: &'s Rules,
    pub tables: Rc<Tables>,
    /// The player whose turn it is (in the answer phase, the one who asked).
    pub seat: usize,
    pub team: usize,
    pub hand: Cards,
    pub melds: &'s [TableMeld],
    pub shapes: Vec<Shape>,
    pub n_canastas: u32,
    /// The team's natural runs (K-OPEN-2).
    pub nat_runs: u32,
    pub opened: bool,
    /// The opening minimum, half points (C-OPEN-1, K-OPEN-3).
    pub minimum: i32,
    /// A concealed going-out needs no opening (C-OUT-4, C-OPEN-4).
    pub out_exempt: bool,
    /// The last card may be discarded (false under K-OUT-4).
    pub discard_empty_ok: bool,
    /// Black 3s may be melded to go out (C-THREE-2); not while the pile waits aside.
    pub black3_ok: bool,
    /// The E-2 searches of this question share one memo and one work budget.
    pub work: Work,
}

impl<'s> Context<'s> {
    /// The context of `s`'s player, its searches within the engine's work budget.
    pub fn new(s: &'s State) -> Context<'s> {
        Context::within(s, Work::default())
    }

    /// The context of `s`'s player, its searches counted in `work`.
    pub fn within(s: &'s State, work: Work) -> Context<'s> {
        let rules: &Rules = &s.rules;
        let mut seat = s.player;
        if s.phase == Phase::Answer {
            seat = (seat + 2) % rules.players;
        }
        let team = rules.team_of(seat);
        let melds = s.team_melds(team);
        let shapes: Vec<Shape> = melds.iter().map(shape_of).collect();
        let opened = s.opened[team];
        let turn = &s.turn;
        Context {
            s,
            rules,
            tables: tables_of(&s.rules),
            seat,
            team,
            hand: Cards::from_counts(*s.hands[seat].counts()),
            melds,
            n_canastas: canastas(&shapes),
            nat_runs: shapes.iter().filter(|m| m.is_natural_run()).count() as u32,
            shapes,
            opened,
            minimum: rules.opening_minimum(s.scores[team]) as i32,
            out_exempt: rules.concealed_bonus.is_some()
                && turn.drew == Some(Drew::Stock)
                && !opened
                && turn.first_meld
                && !turn.added_to_old,
            discard_empty_ok: !(rules.packet_team_melds_out
                && !s.packets().is_empty()
                && s.packets_taken[team] > 0),
            black3_ok: rules.black_threes
                && rules.black_three_meld_going_out
                && turn.aside.is_empty(),
            work,
        }
    }

    /// A finisher for this question with `forbidden` the card that may not be
    /// discarded and `no_out` the partner's "no".
    pub fn finisher(&self, forbidden: Option<Card>, no_out: bool) -> Finisher<'_> {
        Finisher::new(&self.tables, self.flags(forbidden, no_out), &self.work)
    }

    /// The value of `card` in half points.
    pub fn value(&self, card: Card) -> i32 {
        self.rules.card_value(card) as i32
    }

    /// The value of a 2 in its natural place in a run (K-VAL-1), half points.
    pub fn natural_two(&self) -> i32 {
        self.rules.natural_two_value as i32
    }

    /// The search's fixed facts for this position, with `forbidden` the card
    /// that may not be discarded and `no_out` the partner's "no".
    pub fn flags(&self, forbidden: Option<Card>, no_out: bool) -> TurnFlags {
        TurnFlags {
            minimum: self.minimum,
            forbidden,
            no_out,
            out_exempt: self.out_exempt,
            discard_empty_ok: self.discard_empty_ok,
            black3_ok: self.black3_ok,
        }
    }

    /// The position as it stands (the current hand and melds), for the search.
    pub fn here(&self, laid: bool, must_out: bool) -> Situation {
        let mut here = Situation {
            hand: Cards::default(),
            shapes: Vec::with_capacity(self.shapes.len()),
            opened: false,
            laid,
            count: 0,
            aside: Cards::default(),
            must_out,
        };
        self.set_here(&mut here, laid, must_out);
        here
    }

    /// Make `situation` [`Context::here`]'s, its list of melds reused.
    pub fn set_here(&self, situation: &mut Situation, laid: bool, must_out: bool) {
        situation.hand = self.hand;
        situation.shapes.clear();
        situation.shapes.extend_from_slice(&self.shapes);
        situation.opened = self.opened;
        situation.laid = laid;
        situation.count = self.s.turn.count_halves as i32;
        situation.aside = Cards::from_cards(&self.s.turn.aside);
        situation.must_out = must_out;
    }

    /// The team's melds with `shape` as meld `index`, or as a new meld.
    pub fn shapes_with(&self, index: Option<usize>, shape: Shape) -> Vec<Shape> {
        let mut shapes = Vec::with_capacity(self.shapes.len() + 1);
        self.put_shapes_with(&mut shapes, index, shape);
        shapes
    }

    /// [`Context::shapes_with`] into `shapes` (its earlier content dropped, its room reused).
    pub fn put_shapes_with(&self, shapes: &mut Vec<Shape>, index: Option<usize>, shape: Shape) {
        shapes.clear();
        shapes.extend_from_slice(&self.shapes);
        match index {
            None => shapes.push(shape),
            Some(i) => shapes[i] = shape,
        }
    }

    /// Would the team be open with these natural runs and count (K-OPEN-1 to K-OPEN-4, C-OPEN-2)?
    pub fn open_condition(&self, nat_runs: u32, count: i32, cards_left: u32) -> bool {
        team_opens(
            &self.tables.rules,
            self.minimum,
            count,
            nat_runs > 0,
            cards_left,
        )
    }

    /// A wild card or a bonus red 3: with it on top the pile cannot be taken to a meld (C-PILE-2).
    pub fn unmeldable_top(&self, card: Card) -> bool {
        is_wild(card) || self.is_bonus_three(card)
    }

    /// A red 3 that is a bonus card (C-THREE-1).
    pub fn is_bonus_three(&self, card: Card) -> bool {
        self.rules.red_threes && is_red_three(card)
    }

    /// The indexes of the team's sets of `rank`.
    pub fn sets_of_rank(&self, rank: u8) -> Vec<usize> {
        self.melds
            .iter()
            .enumerate()
            .filter(|(_, m)| matches!(m, TableMeld::Set { rank: r, .. } if *r == rank))
            .map(|(i, _)| i)
            .collect()
    }

    /// Part C's or Part K's ID for a rule both state (runs exist only in Part K).
    pub fn rule_id(&self, classic: &'static str, kanasta: &'static str) -> &'static str {
        if self.rules.runs {
            kanasta
        } else {
            classic
        }
    }

    /// The ID of "the team is not down (open) yet".
    pub fn not_open_rule(&self) -> &'static str {
        self.rule_id("C-OPEN-2", "K-OPEN-1")
    }
}

/// May the player empty the hand now (go out, or pick up a packet)?  The one
/// emptying check (C-OUT-1, C-OUT-3, C-OPEN-2, K-OUT-1, K-OPEN-1, K-OUT-4).
pub fn empty_problem(
    ctx: &Context<'_>,
    canastas: u32,
    opened: bool,
    by_discard: bool,
    answer_no: bool,
) -> Option<Problem> {
    let rules = ctx.rules;
    if answer_no {
        return Some(Problem::new(
            "C-OUT-3",
            "partner answered no: you may not go out this turn",
        ));
    }
    if (canastas as usize) < rules.canastas_to_go_out {
        return Some(Problem::new(
            ctx.rule_id("C-OUT-1", "K-OUT-1"),
            format!(
                "the team needs {} canasta(s) before a hand may be emptied",
                rules.canastas_to_go_out
            ),
        ));
    }
    if !opened && !ctx.out_exempt {
        return Some(Problem::new(
            ctx.not_open_rule(),
            "the team is not down (open) yet",
        ));
    }
    if by_discard && !ctx.discard_empty_ok {
        return Some(Problem::new(
            "K-OUT-4",
            "your team took a packet and another is on the table: the last card must be melded",
        ));
    }
    None
}

// ------------------------------------------------------------------ card lists

/// `list` as a move's card list (a generated move holds at most a meld's cards).
pub(crate) fn cards_of(list: &[Card]) -> CardList {
    CardList::new(list).expect("a generated move holds at most a meld's cards")
}

/// Up to five distinct cards with their counts, kept inline (a rank's
/// naturals, or the wild cards: 2s and jokers).
pub(crate) type CardCounts = Inline<(Card, u8), 5>;

/// The counts in `hand` of those of `cards` it holds.
fn counts_of(hand: &Cards, cards: impl Iterator<Item = Card>) -> CardCounts {
    let mut out = CardCounts::default();
    for c in cards {
        let n = hand.count(usize::from(c));
        if n > 0 {
            out.push((c, n));
        }
    }
    out
}

/// The wild cards of `hand` (2s and jokers) with their counts, in index order.
pub(crate) fn wild_counts(hand: &Cards) -> CardCounts {
    counts_of(hand, WILD_CARDS.into_iter())
}

/// The natural cards of `rank` in `hand` with their counts, in index order (none for the 2s: wild).
pub(crate) fn rank_counts(hand: &Cards, rank: u8) -> CardCounts {
    let base = (rank - 1) * 4;
    let cards = if rank == 2 { 0..0 } else { base..base + 4 };
    counts_of(hand, cards)
}

/// `cards` without one copy of each of `removed` (a multiset difference), or
/// None when some card of `removed` is missing (or `cards` is longer than a move).
pub(crate) fn remove_cards(cards: &[Card], removed: &[Card]) -> Option<CardList> {
    let mut out = [0 as Card; MAX_MOVE_CARDS];
    let mut n = cards.len();
    out.get_mut(..n)?.copy_from_slice(cards);
    for c in removed {
        let i = out[..n].iter().position(|x| x == c)?;
        out.copy_within(i + 1..n, i);
        n -= 1;
    }
    CardList::new(&out[..n])
}
