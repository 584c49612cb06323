//! The parts of the library's documents, written and read (the Python
//! `kanasta.documents.parts`): cards in card notation, melds, the turn, a
//! team's score and a hand result, and one event ([`event_value`]), each
//! written as the Python engine writes it, key for key in the same order, and
//! read back with the Python reader's checks.  The position document
//! ([`super::position`]) and the view document ([`crate::view::document`]) are
//! made of them.

use serde_json::{Map, Value};

use super::reading::{
    boolean, cards, fail, halves, index, int, join, list, need, obj, one_card, DocError,
};
use crate::actions::{format_cards, parse_cards};
use crate::cards::Card;
use crate::melds::{read_meld, read_run};
use crate::position::events::{CANASTA_SCORE_FIELDS, HAND_RESULT_FIELDS, TEAM_SCORE_FIELDS};
use crate::position::{
    CanastaKind, CanastaScore, Drew, Event, HandEnd, HandResult, TableMeld, TeamScore, Turn,
};
use crate::rules::points_value;
use crate::rules::Rules;

pub(crate) fn cards_value(cards: &[Card]) -> Value {
    Value::from(format_cards(cards))
}

pub(crate) fn card_value(card: Option<Card>) -> Value {
    card.map_or(Value::Null, |c| Value::from(crate::cards::notation(c)))
}

pub(crate) fn melds_value(melds: &[Vec<TableMeld>]) -> Value {
    Value::Array(
        melds
            .iter()
            .map(|team| Value::Array(team.iter().map(|m| Value::from(m.notation())).collect()))
            .collect(),
    )
}

/// An object of `pairs`, in their order.
pub(super) fn object(pairs: Vec<(&str, Value)>) -> Value {
    let mut m = Map::with_capacity(pairs.len());
    for (k, v) in pairs {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

pub(crate) fn turn_value(t: &Turn) -> Value {
    object(vec![
        (
            "drew",
            match t.drew {
                None => Value::Null,
                Some(Drew::Stock) => Value::from("stock"),
                Some(Drew::Pile) => Value::from("pile"),
            },
        ),
        ("count", points_value(t.count_halves)),
        ("laid", Value::from(t.laid)),
        ("aside", cards_value(&t.aside)),
        ("forbidden", card_value(t.forbidden)),
        ("asked", Value::from(t.asked)),
        ("answer", Value::from(t.answer)),
        ("melded", Value::from(t.melded)),
        ("must_go_out", Value::from(t.must_go_out)),
        ("first_meld", Value::from(t.first_meld)),
        ("own_from", Value::from(t.own_from)),
        ("added_to_old", Value::from(t.added_to_old)),
        ("last_stock", Value::from(t.last_stock)),
    ])
}

fn team_value(t: &TeamScore) -> Value {
    object(vec![
        ("team", Value::from(t.team)),
        ("packets", Value::from(t.packets)),
        ("packet_points", Value::from(t.packet_points)),
        ("meld_points", points_value(t.meld_points_halves)),
        (
            "canastas",
            Value::Array(
                t.canastas
                    .iter()
                    .map(|c| {
                        object(vec![
                            ("meld", Value::from(c.meld)),
                            ("kind", Value::from(c.kind.name())),
                            ("base", Value::from(c.base)),
                            ("trump_doubled", Value::from(c.trump_doubled)),
                            ("bonus", Value::from(c.bonus)),
                        ])
                    })
                    .collect(),
            ),
        ),
        ("canasta_points", Value::from(t.canasta_points)),
        ("red_threes", Value::from(t.red_threes)),
        ("red_three_points", Value::from(t.red_three_points)),
        ("going_out_points", Value::from(t.going_out_points)),
        ("hand_points", points_value(t.hand_points_halves)),
        ("raw_total", points_value(t.raw_total_halves)),
        ("total", Value::from(t.total)),
    ])
}

/// A hand result as a document writes it.
pub fn result_value(r: &HandResult) -> Value {
    object(vec![
        ("hand_number", Value::from(r.hand_number)),
        ("dealer", Value::from(r.dealer)),
        ("ended_by", Value::from(r.ended_by.name())),
        ("went_out", Value::from(r.went_out)),
        ("concealed", Value::from(r.concealed)),
        (
            "teams",
            Value::Array(r.teams.iter().map(team_value).collect()),
        ),
        ("scores", Value::from(r.scores.clone())),
        ("melds", melds_value(&r.melds)),
        (
            "hands",
            Value::Array(r.hands.iter().map(|h| cards_value(h)).collect()),
        ),
        (
            "red_threes",
            Value::Array(r.red_threes.iter().map(|c| cards_value(c)).collect()),
        ),
        ("trump", card_value(r.trump)),
    ])
}

/// One event as an object: `"kind"` (the Python class name) and its fields,
/// cards in notation, a hand's result as a document writes it.
pub fn event_value(e: &Event) -> Value {
    let kind = ("kind", Value::from(e.kind()));
    object(match e {
        Event::HandStarted {
            hand_number,
            dealer,
            first_player,
        } => vec![
            kind,
            ("hand_number", Value::from(*hand_number)),
            ("dealer", Value::from(*dealer)),
            ("first_player", Value::from(*first_player)),
        ],
        Event::UpcardTurned {
            cards,
            frozen,
            trump,
        } => vec![
            kind,
            ("cards", cards_value(cards)),
            ("frozen", Value::from(*frozen)),
            ("trump", card_value(*trump)),
        ],
        Event::RedThreeLaid {
            seat,
            card,
            source,
            replacement,
        } => vec![
            kind,
            ("seat", Value::from(*seat)),
            ("card", card_value(Some(*card))),
            ("source", Value::from(source.name())),
            ("replacement", card_value(*replacement)),
        ],
        Event::CardsDrawn { seat, cards } | Event::PileJoined { seat, cards } => vec![
            kind,
            ("seat", Value::from(*seat)),
            ("cards", cards_value(cards)),
        ],
        Event::PileTaken { seat, cards, aside } => vec![
            kind,
            ("seat", Value::from(*seat)),
            ("cards", cards_value(cards)),
            ("aside", Value::from(*aside)),
        ],
        Event::TeamOpened { team, seat } => vec![
            kind,
            ("team", Value::from(*team)),
            ("seat", Value::from(*seat)),
        ],
        Event::PacketTaken {
            seat,
            packet,
            cards,
        } => vec![
            kind,
            ("seat", Value::from(*seat)),
            ("packet", Value::from(*packet)),
            ("cards", cards_value(cards)),
        ],
        Event::WentOut { seat, concealed } => vec![
            kind,
            ("seat", Value::from(*seat)),
            ("concealed", Value::from(*concealed)),
        ],
        Event::StockExhausted { seat } => vec![kind, ("seat", Value::from(*seat))],
        Event::HandEnded { result } => vec![kind, ("result", result_value(result))],
        Event::GameEnded { winner, scores } => vec![
            kind,
            ("winner", Value::from(*winner)),
            ("scores", Value::from(scores.clone())),
        ],
    })
}

// ------------------------------------------------------------------ reading the parts

/// Read one meld string (a run's wild 2 in its own place marked `*`).
pub fn read_meld_text(v: &Value, path: &str, rules: &Rules) -> Result<TableMeld, DocError> {
    let Value::String(text) = v else {
        return fail(path, "expected a meld as text (e.g. \"7H 7S JK\")");
    };
    let mut star = None;
    let mut plain = Vec::new();
    for (i, token) in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        match token.strip_suffix('*') {
            Some(rest) => {
                if star.is_some() || rest.is_empty() {
                    return fail(path, "a * marks one card, e.g. 2H*");
                }
                star = Some(i);
                plain.push(rest);
            }
            None => plain.push(token),
        }
    }
    let cards = parse_cards(&plain.join(" ")).or_else(|e| fail(path, e))?;
    let mr = rules.meld_rules();
    let found = match star {
        None => read_meld(&cards, &mr, true),
        Some(i) => {
            let marked = cards[i];
            if !rules.runs || !(4..8).contains(&marked) {
                return fail(path, "a * marks only a run's wild 2 in its natural place");
            }
            read_run(&cards, &mr, Some(marked))
        }
    };
    let meld = found.or_else(|p| {
        fail(
            path,
            format!("not a legal meld: {} [{}]", p.message, p.rule),
        )
    })?;
    let table = TableMeld::from_meld(&meld);
    if table.cards().as_slice() != meld.cards.as_slice() {
        return fail(path, "the meld holds more cards than a meld can");
    }
    Ok(table)
}

pub(super) fn read_turn(v: &Value, path: &str, mut t: Turn) -> Result<Turn, DocError> {
    let m = obj(
        v,
        path,
        &[
            "drew",
            "count",
            "laid",
            "aside",
            "forbidden",
            "asked",
            "answer",
            "melded",
            "must_go_out",
            "first_meld",
            "own_from",
            "added_to_old",
            "last_stock",
        ],
    )?;
    for (key, value) in m {
        let p = join(path, key);
        match key.as_str() {
            "drew" => {
                t.drew = match value.as_str() {
                    _ if value.is_null() => None,
                    Some("stock") => Some(Drew::Stock),
                    Some("pile") => Some(Drew::Pile),
                    _ => return fail(&p, "expected null, \"stock\" or \"pile\""),
                }
            }
            "count" => {
                t.count_halves = halves(value, &p)?;
                if t.count_halves < 0 {
                    return fail(&p, "must be at least 0");
                }
            }
            "laid" => t.laid = boolean(value, &p)?,
            "asked" => t.asked = boolean(value, &p)?,
            "melded" => t.melded = boolean(value, &p)?,
            "must_go_out" => t.must_go_out = boolean(value, &p)?,
            "first_meld" => t.first_meld = boolean(value, &p)?,
            "added_to_old" => t.added_to_old = boolean(value, &p)?,
            "last_stock" => t.last_stock = boolean(value, &p)?,
            "aside" => t.aside = cards(value, &p)?,
            "forbidden" => t.forbidden = one_card(value, &p)?,
            "answer" => {
                t.answer = if value.is_null() {
                    None
                } else {
                    Some(boolean(value, &p)?)
                }
            }
            _ => t.own_from = int(value, &p, 0, 108)? as usize,
        }
    }
    Ok(t)
}

pub(super) fn read_result(v: &Value, path: &str, rules: &Rules) -> Result<HandResult, DocError> {
    let (n, teams) = (rules.players, rules.teams());
    let m = obj(v, path, &HAND_RESULT_FIELDS)?;
    let get = |key: &str| need(m, path, key);
    let ended_by = match get("ended_by")?.as_str().and_then(HandEnd::from_name) {
        Some(e) => e,
        None => return fail(&join(path, "ended_by"), "not a way a hand ends"),
    };
    let went_out = match get("went_out")? {
        Value::Null => None,
        w => Some(index(w, &join(path, "went_out"), n)?),
    };
    let mut team_scores = Vec::with_capacity(teams);
    let tpath = join(path, "teams");
    for (i, t) in list(get("teams")?, &tpath, Some(teams))?.iter().enumerate() {
        team_scores.push(read_team_score(t, &join(&tpath, i), rules)?);
    }
    let spath = join(path, "scores");
    let scores = list(get("scores")?, &spath, Some(teams))?
        .iter()
        .enumerate()
        .map(|(i, s)| int(s, &join(&spath, i), i64::MIN, i64::MAX))
        .collect::<Result<Vec<_>, _>>()?;
    let mpath = join(path, "melds");
    let melds = read_team_melds(get("melds")?, &mpath, rules)?;
    let hpath = join(path, "hands");
    let hands = list(get("hands")?, &hpath, Some(n))?
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let mut c = cards(h, &join(&hpath, i))?;
            c.sort_unstable();
            Ok(c)
        })
        .collect::<Result<Vec<_>, DocError>>()?;
    let rpath = join(path, "red_threes");
    let red_threes = list(get("red_threes")?, &rpath, Some(teams))?
        .iter()
        .enumerate()
        .map(|(i, c)| cards(c, &join(&rpath, i)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(HandResult {
        hand_number: int(get("hand_number")?, &join(path, "hand_number"), 1, i64::MAX)? as u64,
        dealer: index(get("dealer")?, &join(path, "dealer"), n)?,
        ended_by,
        went_out,
        concealed: boolean(get("concealed")?, &join(path, "concealed"))?,
        teams: team_scores,
        scores,
        melds,
        hands,
        red_threes,
        trump: one_card(get("trump")?, &join(path, "trump"))?,
    })
}

pub(super) fn read_team_score(v: &Value, path: &str, rules: &Rules) -> Result<TeamScore, DocError> {
    let m = obj(v, path, &TEAM_SCORE_FIELDS)?;
    let get = |key: &str| need(m, path, key);
    let whole = |key: &str| -> Result<i64, DocError> {
        int(get(key)?, &join(path, key), i64::MIN, i64::MAX)
    };
    let cpath = join(path, "canastas");
    let mut canastas = Vec::new();
    for (i, c) in list(get("canastas")?, &cpath, None)?.iter().enumerate() {
        let p = join(&cpath, i);
        let cm = obj(c, &p, &CANASTA_SCORE_FIELDS)?;
        let kind = match need(cm, &p, "kind")?.as_str() {
            Some("clean") => CanastaKind::Clean,
            Some("dirty") => CanastaKind::Dirty,
            Some("full") => CanastaKind::Full,
            _ => return fail(&join(&p, "kind"), "expected clean, dirty or full"),
        };
        canastas.push(CanastaScore {
            meld: int(need(cm, &p, "meld")?, &join(&p, "meld"), 0, 108)? as usize,
            kind,
            base: int(need(cm, &p, "base")?, &join(&p, "base"), i64::MIN, i64::MAX)?,
            trump_doubled: boolean(need(cm, &p, "trump_doubled")?, &join(&p, "trump_doubled"))?,
            bonus: int(
                need(cm, &p, "bonus")?,
                &join(&p, "bonus"),
                i64::MIN,
                i64::MAX,
            )?,
        });
    }
    Ok(TeamScore {
        team: index(get("team")?, &join(path, "team"), rules.teams())?,
        packets: int(
            get("packets")?,
            &join(path, "packets"),
            0,
            rules.packets as i64,
        )? as usize,
        packet_points: whole("packet_points")?,
        meld_points_halves: halves(get("meld_points")?, &join(path, "meld_points"))?,
        canastas,
        canasta_points: whole("canasta_points")?,
        red_threes: int(get("red_threes")?, &join(path, "red_threes"), 0, 4)? as usize,
        red_three_points: whole("red_three_points")?,
        going_out_points: whole("going_out_points")?,
        hand_points_halves: halves(get("hand_points")?, &join(path, "hand_points"))?,
        raw_total_halves: halves(get("raw_total")?, &join(path, "raw_total"))?,
        total: whole("total")?,
    })
}

pub(super) fn read_team_melds(
    v: &Value,
    path: &str,
    rules: &Rules,
) -> Result<Vec<Vec<TableMeld>>, DocError> {
    list(v, path, Some(rules.teams()))?
        .iter()
        .enumerate()
        .map(|(t, team)| {
            let tp = join(path, t);
            list(team, &tp, None)?
                .iter()
                .enumerate()
                .map(|(i, m)| read_meld_text(m, &join(&tp, i), rules))
                .collect()
        })
        .collect()
}
