//! Writing position documents: [`to_value`] writes the document the Python
//! `State.to_dict()` writes (`kanasta.serialize`), key for key, in the same
//! order; [`event_value`] and [`result_value`] write one event and one hand
//! result as the Python engine does.

use serde_json::{Map, Value};

use crate::actions::format_cards;
use crate::cards::Card;
use crate::position::{Drew, Event, HandResult, State, TableMeld, TeamScore, Turn};
use crate::rules::points_value;

/// The `"format"` of a position document.
pub const FORMAT: &str = "kanasta.position/1";

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

fn object(pairs: Vec<(&str, Value)>) -> Value {
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
