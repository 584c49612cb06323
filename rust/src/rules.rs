//! The rule options as a struct (the Python `kanasta.Rules`), read from and
//! written to the form of `Rules.to_dict()` and of a position document's
//! `"rules"` (a preset's name, or an object of fields, optionally naming a
//! `"preset"` that the fields change).
//!
//! Point values are kept in half points (`i64`), as the Python engine's
//! tables keep them: Kanasta has half points (K-VAL-2).  Reading checks the
//! shapes and types, and the bounds the core needs to deal and play without
//! panicking; the Python `Rules` validator stays the guard of every other
//! combination.

use serde_json::{Map, Value};

use crate::cards::{Card, DECK_SIZE, JOKER};
use crate::limits;
use crate::melds::MeldRules;

/// How the discard pile is taken (C-PILE-1 / K-PILE-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PileTake {
    /// Classic: the top card is melded at once, the rest goes to hand.
    MeldTop,
    /// Kanasta: the whole pile goes to hand.
    Whole,
}

/// What an empty stock does (C-OUT-5 / K-OUT-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StockEnd {
    /// Play goes on with the pile.
    PilePlay,
    /// The hand ends after the turn that drew the last card.
    EndOfTurn,
}

/// Why packets and the red- and black-3 rules are refused together (the Python
/// validator's message, word for word).
pub const THREES_WITH_PACKETS: &str = "the red- and black-3 rules are defined for games without \
     packets: a packet picked up would bring red 3s into the hand (C-THREE-1), and a black-3 meld \
     binds its player to go out (C-THREE-2) where emptying the hand picks up a packet instead \
     (K-OUT-2); use red_threes=False and black_threes=False";

/// Most seats (and teams) a game has: [`Rules::players`] is 2, 3 or 4.
pub const MAX_SEATS: usize = 4;

/// Every rule option of both games; the fields of the Python `Rules`, in its
/// order, point values in half points.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub name: String,
    pub players: usize,
    pub hand_size: usize,
    pub draw_count: usize,
    pub target_score: i64,
    pub runs: bool,
    pub max_wilds: usize,
    pub wilds_within_naturals: bool,
    pub max_meld_size: Option<usize>,
    pub one_meld_per_rank: bool,
    pub canastas_to_go_out: usize,
    /// Value of each rank A, 2, ..., K in half points.
    pub card_values: [i64; 13],
    /// Value of a joker in half points.
    pub joker_value: i64,
    /// Value of a 2 in its natural place in a run, in half points.
    pub natural_two_value: i64,
    pub clean_bonus: i64,
    pub dirty_bonus: i64,
    pub full_bonus: Option<i64>,
    pub going_out_bonus: i64,
    pub concealed_bonus: Option<i64>,
    pub packets: usize,
    pub packet_size: usize,
    pub packet_bonus: i64,
    pub packet_team_melds_out: bool,
    pub trump: bool,
    pub trump_doubling: bool,
    /// `(from_score, minimum in half points)` bands, the first from `None`.
    pub opening_minimums: Vec<(Option<i64>, i64)>,
    pub opening_natural_run: bool,
    pub opening_one_card_exempt: bool,
    pub pile_take: PileTake,
    pub pile_freezing: bool,
    pub take_pile_before_down: bool,
    pub single_card_pile_block: bool,
    pub single_card_discard_block: bool,
    pub red_threes: bool,
    pub red_three_bonus: i64,
    pub all_red_threes_bonus: i64,
    pub black_threes: bool,
    pub black_three_meld_going_out: bool,
    pub ask_partner: bool,
    pub stock_end: StockEnd,
    pub round_hand_up: bool,
    pub hand_move_limit: Option<i64>,
}

impl Default for Rules {
    /// The Python `Rules()` defaults: Classic for four, named "custom".
    fn default() -> Self {
        Rules {
            name: "custom".to_string(),
            players: 4,
            hand_size: 11,
            draw_count: 1,
            target_score: 5000,
            runs: false,
            max_wilds: 3,
            wilds_within_naturals: false,
            max_meld_size: None,
            one_meld_per_rank: true,
            canastas_to_go_out: 1,
            card_values: [40, 40, 10, 10, 10, 10, 10, 20, 20, 20, 20, 20, 20],
            joker_value: 100,
            natural_two_value: 1,
            clean_bonus: 500,
            dirty_bonus: 300,
            full_bonus: None,
            going_out_bonus: 100,
            concealed_bonus: Some(200),
            packets: 0,
            packet_size: 11,
            packet_bonus: 10,
            packet_team_melds_out: true,
            trump: false,
            trump_doubling: false,
            opening_minimums: vec![
                (None, 30),
                (Some(0), 100),
                (Some(1500), 180),
                (Some(3000), 240),
            ],
            opening_natural_run: false,
            opening_one_card_exempt: false,
            pile_take: PileTake::MeldTop,
            pile_freezing: true,
            take_pile_before_down: true,
            single_card_pile_block: true,
            single_card_discard_block: false,
            red_threes: true,
            red_three_bonus: 100,
            all_red_threes_bonus: 800,
            black_threes: true,
            black_three_meld_going_out: true,
            ask_partner: true,
            stock_end: StockEnd::PilePlay,
            round_hand_up: false,
            hand_move_limit: None,
        }
    }
}

/// The preset names, simplest first (the Python `PRESET_NAMES`).
pub const PRESET_NAMES: [&str; 4] = ["classic", "classic-3", "classic-2", "kanasta"];

impl Rules {
    /// Classic Canasta for 4 (Part C), 3 or 2 players (Part C2); None for another count.
    pub fn classic(players: usize) -> Option<Rules> {
        let base = Rules::default();
        match players {
            4 => Some(Rules {
                name: "classic".into(),
                ..base
            }),
            3 => Some(Rules {
                name: "classic-3".into(),
                players: 3,
                hand_size: 13,
                ask_partner: false,
                ..base
            }),
            2 => Some(Rules {
                name: "classic-2".into(),
                players: 2,
                hand_size: 15,
                draw_count: 2,
                canastas_to_go_out: 2,
                ask_partner: false,
                ..base
            }),
            _ => None,
        }
    }

    /// Turkish Kanasta (Part K).
    pub fn kanasta() -> Rules {
        Rules {
            name: "kanasta".into(),
            players: 4,
            hand_size: 11,
            draw_count: 1,
            target_score: 300,
            runs: true,
            max_wilds: 1,
            wilds_within_naturals: false,
            max_meld_size: Some(13),
            one_meld_per_rank: false,
            canastas_to_go_out: 1,
            card_values: [3, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2],
            joker_value: 2,
            natural_two_value: 1,
            clean_bonus: 20,
            dirty_bonus: 10,
            full_bonus: Some(50),
            going_out_bonus: 10,
            concealed_bonus: None,
            packets: 2,
            packet_size: 11,
            packet_bonus: 10,
            packet_team_melds_out: true,
            trump: true,
            trump_doubling: true,
            opening_minimums: vec![(None, 9), (Some(100), 15), (Some(200), 20)],
            opening_natural_run: true,
            opening_one_card_exempt: true,
            pile_take: PileTake::Whole,
            pile_freezing: false,
            take_pile_before_down: true,
            single_card_pile_block: true,
            single_card_discard_block: true,
            red_threes: false,
            red_three_bonus: 100,
            all_red_threes_bonus: 800,
            black_threes: false,
            black_three_meld_going_out: false,
            ask_partner: false,
            stock_end: StockEnd::EndOfTurn,
            round_hand_up: true,
            hand_move_limit: None,
        }
    }

    /// The preset called `name` (one of [`PRESET_NAMES`]).
    pub fn preset(name: &str) -> Option<Rules> {
        match name {
            "classic" => Rules::classic(4),
            "classic-3" => Rules::classic(3),
            "classic-2" => Rules::classic(2),
            "kanasta" => Some(Rules::kanasta()),
            _ => None,
        }
    }

    /// The name of the preset these rules equal (every field, the name too), if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESET_NAMES
            .iter()
            .copied()
            .find(|&n| Rules::preset(n).as_ref() == Some(self))
    }

    /// Number of sides: 2 with four players (partnerships), else one per player.
    pub fn teams(&self) -> usize {
        if self.players == 4 {
            2
        } else {
            self.players
        }
    }

    /// The team a seat plays for.
    pub fn team_of(&self, seat: usize) -> usize {
        seat % self.teams()
    }

    /// The opening minimum (half points) for a team whose score at the hand's start is `score`.
    pub fn opening_minimum(&self, score: i64) -> i64 {
        let mut minimum = self.opening_minimums[0].1;
        for &(start, value) in &self.opening_minimums[1..] {
            if start.is_some_and(|s| score >= s) {
                minimum = value;
            }
        }
        minimum
    }

    /// The value of `card` in half points (a 2 at its wild value; C-VAL-1, K-VAL-1).
    pub fn card_value(&self, card: Card) -> i64 {
        if card == JOKER {
            self.joker_value
        } else {
            self.card_values[usize::from(card / 4)]
        }
    }

    /// Every card's value in half points, by card index.
    pub fn value_table(&self) -> [i64; 53] {
        let mut out = [0; 53];
        for (c, slot) in out.iter_mut().enumerate() {
            *slot = self.card_value(c as Card);
        }
        out
    }

    /// The options meld checking reads.
    pub fn meld_rules(&self) -> MeldRules {
        MeldRules {
            runs: self.runs,
            max_wilds: self.max_wilds,
            wilds_within_naturals: self.wilds_within_naturals,
            max_meld_size: self.max_meld_size,
            black_threes: self.black_threes,
        }
    }

    // ------------------------------------------------------------ reading

    /// Read rules as a position document writes them: a preset's name, or an
    /// object of `Rules.to_dict()` fields (the missing ones take the defaults),
    /// optionally naming a `"preset"` whose fields the others change.
    pub fn from_value(data: &Value) -> Result<Rules, String> {
        match data {
            Value::String(name) => {
                Rules::preset(name).ok_or_else(|| format!("unknown rules preset {name:?}"))
            }
            Value::Object(fields) => {
                let mut rules = match fields.get("preset") {
                    None => Rules::default(),
                    Some(Value::String(name)) => Rules::preset(name)
                        .ok_or_else(|| format!("preset: unknown rules preset {name:?}"))?,
                    Some(_) => return Err("preset: expected a preset name".into()),
                };
                for (key, value) in fields {
                    if key != "preset" {
                        rules
                            .set_field(key, value)
                            .map_err(|e| format!("{key}: {e}"))?;
                    }
                }
                rules.check()?;
                Ok(rules)
            }
            _ => Err("expected a preset name or an object of rules fields".into()),
        }
    }

    fn set_field(&mut self, key: &str, v: &Value) -> Result<(), String> {
        match key {
            "name" => self.name = v.as_str().ok_or("expected str")?.to_string(),
            "players" => self.players = read_count(key, v)?,
            "hand_size" => self.hand_size = read_count(key, v)?,
            "draw_count" => self.draw_count = read_count(key, v)?,
            "target_score" => self.target_score = read_ranged(key, v)?,
            "runs" => self.runs = read_bool(v)?,
            "max_wilds" => self.max_wilds = read_count(key, v)?,
            "wilds_within_naturals" => self.wilds_within_naturals = read_bool(v)?,
            "max_meld_size" => self.max_meld_size = read_opt(v, |v| read_count(key, v))?,
            "one_meld_per_rank" => self.one_meld_per_rank = read_bool(v)?,
            "canastas_to_go_out" => self.canastas_to_go_out = read_count(key, v)?,
            // retired (the Python `RETIRED_FIELDS`): read and ignored
            "meld_must_keep_two" => {
                read_bool(v)?;
            }
            "card_values" => {
                let items = v.as_array().ok_or("expected list of numbers")?;
                if items.len() != 13 {
                    return Err(format!("must give 13 values, not {}", items.len()));
                }
                for (slot, item) in self.card_values.iter_mut().zip(items) {
                    *slot = read_halves(item)?;
                }
            }
            "joker_value" => self.joker_value = read_halves(v)?,
            "natural_two_value" => self.natural_two_value = read_halves(v)?,
            "clean_bonus" => self.clean_bonus = read_ranged(key, v)?,
            "dirty_bonus" => self.dirty_bonus = read_ranged(key, v)?,
            "full_bonus" => self.full_bonus = read_opt(v, |v| read_ranged(key, v))?,
            "going_out_bonus" => self.going_out_bonus = read_ranged(key, v)?,
            "concealed_bonus" => self.concealed_bonus = read_opt(v, |v| read_ranged(key, v))?,
            "packets" => self.packets = read_count(key, v)?,
            "packet_size" => self.packet_size = read_count(key, v)?,
            "packet_bonus" => self.packet_bonus = read_ranged(key, v)?,
            "packet_team_melds_out" => self.packet_team_melds_out = read_bool(v)?,
            "trump" => self.trump = read_bool(v)?,
            "trump_doubling" => self.trump_doubling = read_bool(v)?,
            "opening_minimums" => {
                let items = v
                    .as_array()
                    .ok_or("expected list of [int or null, number] pairs")?;
                let mut bands = Vec::with_capacity(items.len());
                for item in items {
                    match item.as_array().map(Vec::as_slice) {
                        Some([start, minimum]) => {
                            bands.push((read_opt(start, read_int)?, read_halves(minimum)?))
                        }
                        _ => return Err("expected list of [int or null, number] pairs".into()),
                    }
                }
                self.opening_minimums = bands;
            }
            "opening_natural_run" => self.opening_natural_run = read_bool(v)?,
            "opening_one_card_exempt" => self.opening_one_card_exempt = read_bool(v)?,
            "pile_take" => {
                self.pile_take = match v.as_str() {
                    Some("meld_top") => PileTake::MeldTop,
                    Some("whole") => PileTake::Whole,
                    _ => return Err("must be 'meld_top' or 'whole'".into()),
                }
            }
            "pile_freezing" => self.pile_freezing = read_bool(v)?,
            "take_pile_before_down" => self.take_pile_before_down = read_bool(v)?,
            "single_card_pile_block" => self.single_card_pile_block = read_bool(v)?,
            "single_card_discard_block" => self.single_card_discard_block = read_bool(v)?,
            "red_threes" => self.red_threes = read_bool(v)?,
            "red_three_bonus" => self.red_three_bonus = read_ranged(key, v)?,
            "all_red_threes_bonus" => self.all_red_threes_bonus = read_ranged(key, v)?,
            "black_threes" => self.black_threes = read_bool(v)?,
            "black_three_meld_going_out" => self.black_three_meld_going_out = read_bool(v)?,
            "ask_partner" => self.ask_partner = read_bool(v)?,
            "stock_end" => {
                self.stock_end = match v.as_str() {
                    Some("pile_play") => StockEnd::PilePlay,
                    Some("end_of_turn") => StockEnd::EndOfTurn,
                    _ => return Err("must be 'pile_play' or 'end_of_turn'".into()),
                }
            }
            "round_hand_up" => self.round_hand_up = read_bool(v)?,
            "hand_move_limit" => self.hand_move_limit = read_opt(v, |v| read_ranged(key, v))?,
            _ => return Err("unknown rules field".into()),
        }
        Ok(())
    }

    /// The value of the whole-number field `name` of the table's `rule_ranges` (None: unset or not one).
    fn int_field(&self, name: &str) -> Option<i64> {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        Some(match name {
            "players" => count(self.players),
            "hand_size" => count(self.hand_size),
            "draw_count" => count(self.draw_count),
            "target_score" => self.target_score,
            "max_wilds" => count(self.max_wilds),
            "max_meld_size" => count(self.max_meld_size?),
            "canastas_to_go_out" => count(self.canastas_to_go_out),
            "packets" => count(self.packets),
            "packet_size" => count(self.packet_size),
            "clean_bonus" => self.clean_bonus,
            "dirty_bonus" => self.dirty_bonus,
            "going_out_bonus" => self.going_out_bonus,
            "packet_bonus" => self.packet_bonus,
            "red_three_bonus" => self.red_three_bonus,
            "all_red_threes_bonus" => self.all_red_threes_bonus,
            "full_bonus" => self.full_bonus?,
            "concealed_bonus" => self.concealed_bonus?,
            "hand_move_limit" => self.hand_move_limit?,
            _ => return None,
        })
    }

    /// The bounds the core relies on: every range of the table's `rule_ranges` (the
    /// table the Python validator reads too) and the combinations the core cannot play.
    pub fn check(&self) -> Result<(), String> {
        if !(2..=4).contains(&self.players) {
            return Err(format!("players: must be 2, 3 or 4, not {}", self.players));
        }
        for (name, _, _) in &limits::LIMITS.rule_ranges {
            if let Some(why) = self
                .int_field(name)
                .and_then(|v| limits::out_of_range(name, v))
            {
                return Err(format!("{name}: {why}"));
            }
        }
        let (low, high) = limits::rule_range("opening_band_start");
        if let Some(start) = self
            .opening_minimums
            .iter()
            .filter_map(|&(s, _)| s)
            .find(|s| !(low..=high).contains(s))
        {
            return Err(format!(
                "opening_minimums: opening band start {start} must be at most {high} either way"
            ));
        }
        let dealt = self
            .players
            .checked_mul(self.hand_size)
            .and_then(|h| h.checked_add(self.packets.checked_mul(self.packet_size)?))
            .and_then(|d| d.checked_add(1));
        let min_stock = usize::try_from(limits::LIMITS.min_stock).unwrap_or(DECK_SIZE);
        if dealt.is_none_or(|d| d > DECK_SIZE - min_stock) {
            return Err(
                "players+hand_size+packets+packet_size: the deal takes too many cards".into(),
            );
        }
        if self.opening_minimums.is_empty() || self.opening_minimums[0].0.is_some() {
            return Err("opening_minimums: the first band must start from None".into());
        }
        if self.packets > 0 && (self.red_threes || self.black_threes) {
            return Err(format!("red_threes+black_threes: {THREES_WITH_PACKETS}"));
        }
        Ok(())
    }

    // ------------------------------------------------------------ writing

    /// Every field as `Rules.to_dict()` writes it (whole points as ints, halves as floats).
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        let mut put = |k: &str, v: Value| {
            m.insert(k.to_string(), v);
        };
        put("name", Value::from(self.name.clone()));
        put("players", Value::from(self.players));
        put("hand_size", Value::from(self.hand_size));
        put("draw_count", Value::from(self.draw_count));
        put("target_score", Value::from(self.target_score));
        put("runs", Value::from(self.runs));
        put("max_wilds", Value::from(self.max_wilds));
        put(
            "wilds_within_naturals",
            Value::from(self.wilds_within_naturals),
        );
        put("max_meld_size", Value::from(self.max_meld_size));
        put("one_meld_per_rank", Value::from(self.one_meld_per_rank));
        put("canastas_to_go_out", Value::from(self.canastas_to_go_out));
        put(
            "card_values",
            Value::Array(self.card_values.iter().map(|&h| points_value(h)).collect()),
        );
        put("joker_value", points_value(self.joker_value));
        put("natural_two_value", points_value(self.natural_two_value));
        put("clean_bonus", Value::from(self.clean_bonus));
        put("dirty_bonus", Value::from(self.dirty_bonus));
        put("full_bonus", Value::from(self.full_bonus));
        put("going_out_bonus", Value::from(self.going_out_bonus));
        put("concealed_bonus", Value::from(self.concealed_bonus));
        put("packets", Value::from(self.packets));
        put("packet_size", Value::from(self.packet_size));
        put("packet_bonus", Value::from(self.packet_bonus));
        put(
            "packet_team_melds_out",
            Value::from(self.packet_team_melds_out),
        );
        put("trump", Value::from(self.trump));
        put("trump_doubling", Value::from(self.trump_doubling));
        put(
            "opening_minimums",
            Value::Array(
                self.opening_minimums
                    .iter()
                    .map(|&(s, m)| Value::Array(vec![Value::from(s), points_value(m)]))
                    .collect(),
            ),
        );
        put("opening_natural_run", Value::from(self.opening_natural_run));
        put(
            "opening_one_card_exempt",
            Value::from(self.opening_one_card_exempt),
        );
        put(
            "pile_take",
            Value::from(match self.pile_take {
                PileTake::MeldTop => "meld_top",
                PileTake::Whole => "whole",
            }),
        );
        put("pile_freezing", Value::from(self.pile_freezing));
        put(
            "take_pile_before_down",
            Value::from(self.take_pile_before_down),
        );
        put(
            "single_card_pile_block",
            Value::from(self.single_card_pile_block),
        );
        put(
            "single_card_discard_block",
            Value::from(self.single_card_discard_block),
        );
        put("red_threes", Value::from(self.red_threes));
        put("red_three_bonus", Value::from(self.red_three_bonus));
        put(
            "all_red_threes_bonus",
            Value::from(self.all_red_threes_bonus),
        );
        put("black_threes", Value::from(self.black_threes));
        put(
            "black_three_meld_going_out",
            Value::from(self.black_three_meld_going_out),
        );
        put("ask_partner", Value::from(self.ask_partner));
        put(
            "stock_end",
            Value::from(match self.stock_end {
                StockEnd::PilePlay => "pile_play",
                StockEnd::EndOfTurn => "end_of_turn",
            }),
        );
        put("round_hand_up", Value::from(self.round_hand_up));
        put("hand_move_limit", Value::from(self.hand_move_limit));
        Value::Object(m)
    }

    /// The rules as a document writes them: a preset's name, or every field.
    pub fn to_doc_value(&self) -> Value {
        match self.preset_name() {
            Some(name) => Value::from(name),
            None => self.to_value(),
        }
    }
}

/// Half points as a JSON number: an int when whole, else a float (exact for halves).
pub fn points_value(halves: i64) -> Value {
    if halves % 2 == 0 {
        Value::from(halves / 2)
    } else {
        Value::from(halves as f64 / 2.0)
    }
}

/// A JSON int (not a bool, not a float) within the library's bounds.
pub fn read_int(v: &Value) -> Result<i64, String> {
    match v.as_i64() {
        Some(i) if v.is_i64() || v.is_u64() => {
            let limit = limits::LIMITS.rules_int;
            if i.abs() > limit {
                Err(format!("must be at most {limit} either way"))
            } else {
                Ok(i)
            }
        }
        _ => Err(format!("expected int, got {v}")),
    }
}

/// A whole-number field that cannot be negative; a negative value is refused in
/// the words of the limits table's range for `field` (the Python validator's).
fn read_count(field: &str, v: &Value) -> Result<usize, String> {
    let i = read_ranged(field, v)?;
    usize::try_from(i).map_err(|_| format!("must be at least 0, not {i}"))
}

/// A JSON int for the whole-number rules field `field`: a value out of the limits
/// table's range for it is refused in the table's words (the Python validator's).
fn read_ranged(field: &str, v: &Value) -> Result<i64, String> {
    match v.as_i64() {
        Some(i) if v.is_i64() || v.is_u64() => match limits::out_of_range(field, i) {
            Some(why) => Err(why),
            None => read_int(v),
        },
        _ => read_int(v),
    }
}

fn read_bool(v: &Value) -> Result<bool, String> {
    v.as_bool().ok_or_else(|| format!("expected bool, got {v}"))
}

fn read_opt<T>(v: &Value, read: impl Fn(&Value) -> Result<T, String>) -> Result<Option<T>, String> {
    if v.is_null() {
        Ok(None)
    } else {
        read(v).map(Some)
    }
}

/// A point value (an int, or a float that is a whole or half number) in half points.
pub fn read_halves(v: &Value) -> Result<i64, String> {
    if v.is_i64() || v.is_u64() {
        let i = v.as_i64().ok_or("point value out of range")?;
        return i
            .checked_mul(2)
            .filter(|h| h.abs() <= 2 * limits::LIMITS.rules_points)
            .ok_or_else(|| "point value out of range".to_string());
    }
    let f = v
        .as_f64()
        .ok_or_else(|| format!("expected number, got {v}"))?;
    let h = f * 2.0;
    if !h.is_finite() || h.fract() != 0.0 || h.abs() > (2 * limits::LIMITS.rules_points) as f64 {
        return Err(format!("{f} is not a whole or half number in range"));
    }
    Ok(h as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn presets_are_found_by_name_and_recognised() {
        for name in PRESET_NAMES {
            let r = Rules::preset(name).unwrap();
            assert_eq!(r.name, name);
            assert_eq!(r.preset_name(), Some(name));
            assert!(r.check().is_ok());
        }
        let mut r = Rules::kanasta();
        r.target_score = 500;
        assert_eq!(r.preset_name(), None);
        assert_eq!(Rules::preset("canasta"), None);
    }

    #[test]
    fn classic_minimums_and_values_in_half_points() {
        // C-OPEN-1: 15 below 0, 50 from 0, 90 from 1500, 120 from 3000.
        let r = Rules::classic(4).unwrap();
        let got: Vec<i64> = [-10, 0, 1495, 1500, 2995, 3000]
            .iter()
            .map(|&s| r.opening_minimum(s) / 2)
            .collect();
        assert_eq!(got, [15, 50, 50, 90, 90, 120]);
        // K-VAL-1: ace 1.5, king 1, seven 1/2, joker 1.
        let k = Rules::kanasta();
        assert_eq!(k.card_value(0), 3);
        assert_eq!(k.card_value(4 * 12 + 3), 2);
        assert_eq!(k.card_value(4 * 6), 1);
        assert_eq!(k.card_value(JOKER), 2);
        assert_eq!(k.opening_minimum(150), 15);
    }

    #[test]
    fn to_value_writes_halves_as_floats_and_reads_back() {
        let k = Rules::kanasta();
        let v = k.to_value();
        assert_eq!(
            v["opening_minimums"],
            json!([[null, 4.5], [100, 7.5], [200, 10]])
        );
        assert_eq!(v["card_values"][0], json!(1.5));
        assert_eq!(v["card_values"][1], json!(1));
        assert_eq!(Rules::from_value(&v).unwrap(), k);
        assert_eq!(k.to_doc_value(), json!("kanasta"));
    }

    #[test]
    fn a_preset_with_changes() {
        let r = Rules::from_value(&json!({"preset": "kanasta", "target_score": 500})).unwrap();
        assert!(r.runs);
        assert_eq!(r.target_score, 500);
        assert!(Rules::from_value(&json!({"players": 5})).is_err());
        assert!(Rules::from_value(&json!({"colour": "red"})).is_err());
        assert!(Rules::from_value(&json!({"card_values": [1, 2]})).is_err());
        assert!(Rules::from_value(&json!({"joker_value": 0.3})).is_err());
        assert!(Rules::from_value(&json!(7)).is_err());
        assert!(Rules::from_value(&json!({"hand_size": 30})).is_err());
    }

    #[test]
    fn packets_with_the_three_rules_are_refused() {
        // Classic's red and black 3s (C-THREE-1, C-THREE-2) with packets (K-OUT-2): refused.
        let doc = json!({"preset": "classic", "packets": 2, "concealed_bonus": null, "ask_partner": false});
        let err = Rules::from_value(&doc).unwrap_err();
        assert!(err.starts_with("red_threes+black_threes: "), "{err}");
        assert!(err.contains("without packets"), "{err}");
        // either rule alone is refused too (the Python validator refuses them apart anyway)
        let mut r = Rules::classic(4).unwrap();
        r.packets = 1;
        r.red_threes = false;
        assert!(r.check().is_err());
        // both off: Classic with packets plays
        r.black_threes = false;
        assert_eq!(r.check(), Ok(()));
    }
}
