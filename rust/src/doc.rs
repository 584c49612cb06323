//! Position documents (`kanasta.position/1`): the JSON the Python
//! `State.to_dict()` writes and `State.from_dict()` reads.
//!
//! [`to_value`] writes the same document as Python, key for key, in the same
//! order.  [`from_value`] reads a document, with the Python reader's defaults
//! for the keys a hand-written document may leave out (the packets and stock
//! left out are dealt from the unseen cards by the same stream).  It checks
//! shapes, types, card notation, melds and the 108 cards, enough that no
//! document can make the core panic; the Python reader stays the guard of
//! everything else (that the turn, scores and table agree, that a game could
//! be in the position) for documents from strangers.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::action::{format_cards, parse_cards};
use crate::cards::{deck, is_joker, is_red_three, is_wild, Card, DISTINCT, JOKER};
use crate::melds::{read_meld, read_run};
use crate::rng::{shuffle, stream};
use crate::rules::{points_value, read_halves, read_int, Rules};
use crate::state::{
    CanastaKind, CanastaScore, Drew, Event, Hand, HandEnd, HandResult, Phase, RedThrees, State,
    TableMeld, TeamScore, Turn, MAX_SEATS,
};

/// The `"format"` of a position document.
pub const FORMAT: &str = "kanasta.position/1";

/// Why a document cannot be read: the dotted path of the bad value and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for DocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = if self.path.is_empty() {
            "<document>"
        } else {
            &self.path
        };
        write!(f, "{path}: {}", self.message)
    }
}

impl std::error::Error for DocError {}

fn fail<T>(path: &str, message: impl Into<String>) -> Result<T, DocError> {
    Err(DocError {
        path: path.to_string(),
        message: message.into(),
    })
}

fn join(path: &str, key: impl std::fmt::Display) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

// ------------------------------------------------------------------ writing

fn cards_value(cards: &[Card]) -> Value {
    Value::from(format_cards(cards))
}

fn card_value(card: Option<Card>) -> Value {
    card.map_or(Value::Null, |c| Value::from(crate::cards::notation(c)))
}

fn melds_value(melds: &[Vec<TableMeld>]) -> Value {
    Value::Array(
        melds
            .iter()
            .map(|team| Value::Array(team.iter().map(|m| Value::from(m.notation())).collect()))
            .collect(),
    )
}

fn object(pairs: Vec<(&str, Value)>) -> Value {
    let mut m = Map::with_capacity(pairs.len());
    for (k, v) in pairs {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

fn turn_value(t: &Turn) -> Value {
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

/// The position document of `s` (what the Python `State.to_dict()` returns).
pub fn to_value(s: &State) -> Value {
    let rules = &s.rules;
    let n = rules.players;
    let teams = rules.teams();
    let melds: Vec<Vec<TableMeld>> = s.melds[..teams].iter().map(|m| m.to_vec()).collect();
    let mut pairs = vec![
        ("format", Value::from(FORMAT)),
        ("rules", rules.to_doc_value()),
        ("seed", Value::from(s.seed)),
        ("hand_number", Value::from(s.hand_number)),
        ("dealer", Value::from(s.dealer)),
        ("scores", Value::from(s.scores[..teams].to_vec())),
        ("phase", Value::from(s.phase.name())),
        ("player", Value::from(s.player)),
        (
            "hands",
            Value::Array(
                s.hands[..n]
                    .iter()
                    .map(|h| cards_value(&h.cards()))
                    .collect(),
            ),
        ),
        ("stock", cards_value(s.stock())),
        ("pile", cards_value(&s.pile)),
        ("pile_frozen", Value::from(s.pile_frozen)),
        ("melds", melds_value(&melds)),
        (
            "red_threes",
            Value::Array(
                s.red_threes[..teams]
                    .iter()
                    .map(|r| cards_value(r.as_slice()))
                    .collect(),
            ),
        ),
        ("opened", Value::from(s.opened[..teams].to_vec())),
        (
            "melded_this_hand",
            Value::from(s.melded_this_hand[..n].to_vec()),
        ),
        (
            "packets",
            Value::Array(
                s.packets()
                    .iter()
                    .map(|p| cards_value(&p.cards()))
                    .collect(),
            ),
        ),
        (
            "packets_taken",
            Value::from(s.packets_taken[..teams].to_vec()),
        ),
        ("trump", card_value(s.trump)),
        ("turn", turn_value(&s.turn)),
        ("winner", Value::from(s.winner)),
        (
            "hand_results",
            Value::Array(s.hand_results.iter().map(|r| result_value(r)).collect()),
        ),
    ];
    if rules.hand_move_limit.is_some() {
        pairs.push(("hand_moves", Value::from(s.hand_moves)));
    }
    object(pairs)
}

/// The document of `s` as JSON text.
pub fn to_json(s: &State) -> String {
    to_value(s).to_string()
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

// ------------------------------------------------------------------ reading

const TOP_KEYS: [&str; 23] = [
    "format",
    "rules",
    "hands",
    "seed",
    "hand_number",
    "dealer",
    "scores",
    "phase",
    "player",
    "stock",
    "pile",
    "pile_frozen",
    "melds",
    "red_threes",
    "opened",
    "melded_this_hand",
    "packets",
    "packets_taken",
    "trump",
    "turn",
    "winner",
    "hand_results",
    "hand_moves",
];

fn obj<'a>(v: &'a Value, path: &str, keys: &[&str]) -> Result<&'a Map<String, Value>, DocError> {
    let Value::Object(m) = v else {
        return fail(path, "expected an object");
    };
    if let Some(k) = m.keys().find(|k| !keys.contains(&k.as_str())) {
        return fail(&join(path, k), "unknown key");
    }
    Ok(m)
}

fn need<'a>(m: &'a Map<String, Value>, path: &str, key: &str) -> Result<&'a Value, DocError> {
    m.get(key)
        .map_or_else(|| fail(path, format!("missing key '{key}'")), Ok)
}

fn int(v: &Value, path: &str, low: i64, high: i64) -> Result<i64, DocError> {
    match read_int(v) {
        Ok(i) if (low..=high).contains(&i) => Ok(i),
        Ok(i) => fail(path, format!("must be from {low} to {high}, not {i}")),
        Err(e) => fail(path, e),
    }
}

fn index(v: &Value, path: &str, below: usize) -> Result<usize, DocError> {
    Ok(int(v, path, 0, below as i64 - 1)? as usize)
}

fn boolean(v: &Value, path: &str) -> Result<bool, DocError> {
    v.as_bool()
        .map_or_else(|| fail(path, "expected true or false"), Ok)
}

fn list<'a>(v: &'a Value, path: &str, len: Option<usize>) -> Result<&'a [Value], DocError> {
    let Value::Array(items) = v else {
        return fail(path, "expected a list");
    };
    if let Some(n) = len {
        if items.len() != n {
            return fail(path, format!("expected {n} items, got {}", items.len()));
        }
    }
    Ok(items)
}

fn cards(v: &Value, path: &str) -> Result<Vec<Card>, DocError> {
    let Value::String(text) = v else {
        return fail(path, "expected cards as text (e.g. \"7H 7D JK\")");
    };
    let out = parse_cards(text).or_else(|e| fail(path, e))?;
    if out.len() > 108 {
        return fail(path, format!("{} cards: the deck has 108", out.len()));
    }
    Ok(out)
}

fn one_card(v: &Value, path: &str) -> Result<Option<Card>, DocError> {
    if v.is_null() {
        return Ok(None);
    }
    match cards(v, path)?.as_slice() {
        [c] => Ok(Some(*c)),
        other => fail(path, format!("expected one card, got {}", other.len())),
    }
}

fn halves(v: &Value, path: &str) -> Result<i64, DocError> {
    read_halves(v).or_else(|e| fail(path, e))
}

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

fn read_turn(v: &Value, path: &str, mut t: Turn) -> Result<Turn, DocError> {
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

fn read_result(v: &Value, path: &str, rules: &Rules) -> Result<HandResult, DocError> {
    let (n, teams) = (rules.players, rules.teams());
    let m = obj(
        v,
        path,
        &[
            "hand_number",
            "dealer",
            "ended_by",
            "went_out",
            "concealed",
            "teams",
            "scores",
            "melds",
            "hands",
            "red_threes",
            "trump",
        ],
    )?;
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

fn read_team_score(v: &Value, path: &str, rules: &Rules) -> Result<TeamScore, DocError> {
    let m = obj(
        v,
        path,
        &[
            "team",
            "packets",
            "packet_points",
            "meld_points",
            "canastas",
            "canasta_points",
            "red_threes",
            "red_three_points",
            "going_out_points",
            "hand_points",
            "raw_total",
            "total",
        ],
    )?;
    let get = |key: &str| need(m, path, key);
    let whole = |key: &str| -> Result<i64, DocError> {
        int(get(key)?, &join(path, key), i64::MIN, i64::MAX)
    };
    let cpath = join(path, "canastas");
    let mut canastas = Vec::new();
    for (i, c) in list(get("canastas")?, &cpath, None)?.iter().enumerate() {
        let p = join(&cpath, i);
        let cm = obj(c, &p, &["meld", "kind", "base", "trump_doubled", "bonus"])?;
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

fn read_team_melds(v: &Value, path: &str, rules: &Rules) -> Result<Vec<Vec<TableMeld>>, DocError> {
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

/// A list of `len` values (one per seat or team) under `key`, each read by
/// `read`; without the key, `default` of each index.
fn per_seat<T: Copy + Default>(
    doc: &Map<String, Value>,
    key: &str,
    len: usize,
    read: impl Fn(&Value, &str) -> Result<T, DocError>,
    default: impl Fn(usize) -> T,
) -> Result<[T; MAX_SEATS], DocError> {
    let mut out = [T::default(); MAX_SEATS];
    match doc.get(key) {
        Some(v) => {
            for (i, item) in list(v, key, Some(len))?.iter().enumerate() {
                out[i] = read(item, &join(key, i))?;
            }
        }
        None => {
            for (i, slot) in out.iter_mut().enumerate().take(len) {
                *slot = default(i);
            }
        }
    }
    Ok(out)
}

fn phase_named(text: &str) -> Option<Phase> {
    [Phase::Draw, Phase::Play, Phase::Answer, Phase::GameOver]
        .into_iter()
        .find(|p| p.name() == text)
}

/// Read a position document (see the module's description of what is checked).
pub fn from_value(data: &Value) -> Result<State, DocError> {
    let doc = obj(data, "", &TOP_KEYS)?;
    if need(doc, "", "format")?.as_str() != Some(FORMAT) {
        return fail("format", format!("expected {FORMAT:?}"));
    }
    let rules = Rules::from_value(need(doc, "", "rules")?).or_else(|e| fail("rules", e))?;
    let (n, teams) = (rules.players, rules.teams());
    let seed = match doc.get("seed") {
        None => 0,
        Some(v) => v
            .as_u64()
            .map_or_else(|| fail("seed", "expected an int from 0 to 2**64 - 1"), Ok)?,
    };
    // seats
    let phase = match doc.get("phase") {
        None => Phase::Draw,
        Some(v) => v.as_str().and_then(phase_named).map_or_else(
            || fail("phase", "expected draw, play, answer or game_over"),
            Ok,
        )?,
    };
    let player = match (doc.get("player"), doc.get("dealer")) {
        (Some(p), _) => index(p, "player", n)?,
        (None, Some(d)) => (index(d, "dealer", n)? + 1) % n,
        (None, None) => 0,
    };
    let dealer = match doc.get("dealer") {
        Some(d) => index(d, "dealer", n)?,
        None => (player + n - 1) % n,
    };
    if phase == Phase::Answer && !rules.ask_partner {
        return fail(
            "phase",
            "these rules have no asking partner, so no answer phase",
        );
    }
    let acting = if phase == Phase::Answer {
        (player + 2) % n
    } else {
        player
    };
    let team = acting % teams;
    // the table
    let mut hands = [Hand::EMPTY; MAX_SEATS];
    for (i, h) in list(need(doc, "", "hands")?, "hands", Some(n))?
        .iter()
        .enumerate()
    {
        hands[i] = Hand::from_cards(&cards(h, &join("hands", i))?);
    }
    let pile = match doc.get("pile") {
        Some(v) => cards(v, "pile")?,
        None => Vec::new(),
    };
    let melds = match doc.get("melds") {
        Some(v) => read_team_melds(v, "melds", &rules)?,
        None => vec![Vec::new(); teams],
    };
    let mut red_threes = [RedThrees::default(); MAX_SEATS];
    if let Some(v) = doc.get("red_threes") {
        for (t, c) in list(v, "red_threes", Some(teams))?.iter().enumerate() {
            let p = join("red_threes", t);
            for card in cards(c, &p)? {
                if !rules.red_threes || !is_red_three(card) || !red_threes[t].push(card) {
                    return fail(&p, "only red 3s (3D, 3H) are laid here (C-THREE-1)");
                }
            }
        }
    }
    let packets_taken = per_seat(
        doc,
        "packets_taken",
        teams,
        |v, p| Ok(int(v, p, 0, rules.packets as i64)? as usize),
        |_| 0,
    )?;
    let taken: usize = packets_taken.iter().sum();
    if taken > rules.packets {
        return fail(
            "packets_taken",
            format!("these rules have {} packet(s)", rules.packets),
        );
    }
    let packets_given = match doc.get("packets") {
        None => None,
        Some(v) => Some(
            list(v, "packets", Some(rules.packets - taken))?
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let c = cards(p, &join("packets", i))?;
                    if c.len() != rules.packet_size {
                        return fail(&join("packets", i), "a packet of the wrong size");
                    }
                    Ok(Hand::from_cards(&c))
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let stock_given = match doc.get("stock") {
        Some(v) => Some(cards(v, "stock")?),
        None => None,
    };
    // the turn
    let melded_this_hand = per_seat(doc, "melded_this_hand", n, boolean, |s| {
        !melds[s % teams].is_empty()
    })?;
    let fresh = Turn {
        first_meld: !melded_this_hand[acting],
        own_from: melds[team].len(),
        ..Turn::default()
    };
    let turn = match doc.get("turn") {
        Some(v) => read_turn(v, "turn", fresh)?,
        None => fresh,
    };
    if turn.own_from > melds[team].len() {
        return fail("turn.own_from", "beyond the team's melds");
    }
    // every card once: the packets and stock left out are dealt from the unseen ones
    let mut counts = [0usize; DISTINCT];
    let mut places: Vec<Card> = Vec::with_capacity(108);
    for h in &hands[..n] {
        places.extend(h.cards());
    }
    for m in melds.iter().flatten() {
        places.extend_from_slice(m.cards().as_slice());
    }
    for r in &red_threes[..teams] {
        places.extend_from_slice(r.as_slice());
    }
    places.extend(&pile);
    places.extend(&turn.aside);
    if let Some(ps) = &packets_given {
        for p in ps {
            places.extend(p.cards());
        }
    }
    if let Some(s) = &stock_given {
        places.extend(s);
    }
    for &c in &places {
        counts[usize::from(c)] += 1;
        let most = if c == JOKER { 4 } else { 2 };
        if counts[usize::from(c)] > most {
            return fail(
                "",
                format!(
                    "one {} too many: the deck has {most} (G-DECK-1)",
                    crate::cards::notation(c)
                ),
            );
        }
    }
    let mut rest: Vec<Card> = Vec::new();
    for (c, &have) in counts.iter().enumerate() {
        let most = if c == usize::from(JOKER) { 4 } else { 2 };
        for _ in have..most {
            rest.push(c as Card);
        }
    }
    let (packet_cards, stock) = match (packets_given, stock_given) {
        (Some(p), Some(s)) => {
            if !rest.is_empty() {
                return fail(
                    "",
                    format!("the position has {} cards, the deck 108", 108 - rest.len()),
                );
            }
            (p, s)
        }
        (p, s) => {
            let mut shuffled = rest;
            shuffle(&mut shuffled, &mut stream(seed, &[0x706F73, 1]));
            let packets = match p {
                Some(p) => p,
                None => {
                    let count = rules.packets - taken;
                    let need = count * rules.packet_size;
                    if shuffled.len() < need {
                        return fail("packets", "too few cards are left for the packets");
                    }
                    let dealt: Vec<Hand> = shuffled[..need]
                        .chunks(rules.packet_size)
                        .map(Hand::from_cards)
                        .collect();
                    shuffled.drain(..need);
                    dealt
                }
            };
            let stock = match s {
                Some(s) => {
                    if !shuffled.is_empty() {
                        return fail(
                            "",
                            format!(
                                "the position has {} cards, the deck 108",
                                108 - shuffled.len()
                            ),
                        );
                    }
                    s
                }
                None => shuffled,
            };
            (packets, stock)
        }
    };
    // trump, pile, score sheet, opened
    let trump = match doc.get("trump") {
        Some(v) => one_card(v, "trump")?,
        None => None,
    };
    if trump.is_some() != rules.trump || trump.is_some_and(is_joker) {
        return fail(
            "trump",
            "these rules turn up a trump card exactly when trump is set, never a joker",
        );
    }
    let frozen = rules.pile_freezing
        && pile
            .iter()
            .any(|&c| is_wild(c) || (rules.red_threes && is_red_three(c)));
    let mut results = Vec::new();
    if let Some(v) = doc.get("hand_results") {
        for (i, r) in list(v, "hand_results", None)?.iter().enumerate() {
            results.push(Arc::new(read_result(r, &join("hand_results", i), &rules)?));
        }
    }
    let scores = per_seat(
        doc,
        "scores",
        teams,
        |v, p| int(v, p, i64::MIN / 4, i64::MAX / 4),
        |t| results.last().map_or(0, |r| r.scores[t]),
    )?;
    let winner = match doc.get("winner") {
        None | Some(Value::Null) => None,
        Some(w) => Some(index(w, "winner", teams)?),
    };
    let finished = if phase == Phase::GameOver {
        results.len()
    } else {
        results.len() + 1
    };
    let hand_number = match doc.get("hand_number") {
        Some(v) => int(v, "hand_number", 1, i64::MAX)? as u64,
        None => finished.max(1) as u64,
    };
    let opened = per_seat(doc, "opened", teams, boolean, |t| !melds[t].is_empty())?;
    let hand_moves = match (rules.hand_move_limit, doc.get("hand_moves")) {
        (None, Some(_)) => {
            return fail("hand_moves", "moves are counted only under hand_move_limit")
        }
        (_, Some(v)) => int(v, "hand_moves", 0, i64::MAX)? as u64,
        (_, None) => 0,
    };
    if phase != Phase::GameOver && hands[..n].iter().any(Hand::is_empty) {
        return fail(
            "hands",
            "only a finished hand leaves a player with no cards",
        );
    }
    let mut team_melds: [Arc<Vec<TableMeld>>; MAX_SEATS] = Default::default();
    for (slot, m) in team_melds.iter_mut().zip(melds) {
        *slot = Arc::new(m);
    }
    let state = State {
        rules: Arc::new(rules),
        seed,
        hand_number,
        dealer,
        scores,
        hands,
        stock_cards: Arc::from(stock),
        stock_drawn: 0,
        pile,
        pile_frozen: frozen,
        melds: team_melds,
        red_threes,
        packet_cards: Arc::from(packet_cards),
        packets_used: 0,
        packets_taken,
        trump,
        opened,
        melded_this_hand,
        player,
        phase,
        turn,
        winner,
        hand_results: Arc::new(results),
        hand_moves,
    };
    debug_assert_eq!(state.card_count(), deck().len());
    Ok(state)
}

/// Read a position document from JSON text.
pub fn from_json(text: &str) -> Result<State, DocError> {
    let value: Value =
        serde_json::from_str(text).or_else(|e| fail("", format!("not JSON: {e}")))?;
    from_value(&value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_new_game_reads_back_to_itself() {
        for name in crate::rules::PRESET_NAMES {
            let rules = Arc::new(Rules::preset(name).unwrap());
            for seed in [0, 1, 7, u64::MAX] {
                let (s, _) = State::new_game(rules.clone(), seed);
                let doc = to_value(&s);
                assert_eq!(doc["format"], json!(FORMAT));
                assert_eq!(doc["rules"], json!(name));
                let back = from_json(&to_json(&s)).unwrap();
                assert_eq!(to_value(&back), doc);
            }
        }
    }

    #[test]
    fn the_python_docstring_position() {
        // serialize.state_from_dict's example: a hand-written Classic document with four hands.
        let s = from_value(&json!({"format": "kanasta.position/1", "rules": "classic",
            "hands": ["7H 7D 8S", "9C 9D KH", "4S 5S 6S", "QC QD QH"]}))
        .unwrap();
        assert_eq!(
            (s.phase, s.player, s.dealer, s.stock().len()),
            (Phase::Draw, 0, 3, 96)
        );
    }

    #[test]
    fn bad_documents_are_errors_not_panics() {
        let (s, _) = State::new_game(Arc::new(Rules::kanasta()), 3);
        let good = to_value(&s);
        let mut bad: Vec<Value> = vec![
            json!(null),
            json!([]),
            json!({"format": "kanasta.position/1"}),
            json!({"format": "nope", "rules": "classic", "hands": []}),
        ];
        let edits: Vec<(&str, Value)> = vec![
            ("rules", json!("canasta")),
            ("rules", json!({"players": 9})),
            ("hands", json!(["7H"])),
            ("hands", json!([1, 2, 3, 4])),
            ("stock", json!("7H 7H 7H")),
            ("melds", json!([["7H 8S 9D"], []])),
            ("melds", json!([["2H* 3H 4H"], []])),
            ("melds", json!([["*"], []])),
            ("player", json!(7)),
            ("player", json!(-1)),
            ("seed", json!(-1)),
            ("seed", json!(1.5)),
            ("turn", json!({"own_from": 40})),
            ("turn", json!({"count": "x"})),
            ("packets", json!(["7H"])),
            ("packets_taken", json!([5, 0])),
            ("trump", json!("JK")),
            ("hand_results", json!([{"hand_number": 1}])),
            ("colour", json!("red")),
        ];
        for (key, value) in edits {
            let mut d = good.clone();
            d[key] = value;
            bad.push(d);
        }
        for d in bad {
            assert!(from_value(&d).is_err(), "{d}");
        }
        assert!(from_json("{").is_err());
        assert!(from_json("[1, 2").is_err());
    }
}
