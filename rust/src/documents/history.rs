//! A line of play's history as text and back, for pickling a native state
//! with its links: the first deal's events and every move with its events,
//! events in the form [`event_value`] writes.  [`history_value`] writes it,
//! [`read_history`] reads it back (a hand's result in an event is the
//! position's own result of that hand, as the links share it).

use std::sync::Arc;

use serde_json::Value;

use super::parts::event_value;
use crate::actions::{parse_action, parse_card, parse_cards, Action};
use crate::cards::Card;
use crate::position::{Event, HandResult, Line, RedThreeSource};

/// The history of `line` as a value: `{"start": [events], "moves": [[seat,
/// move, [events]], ...]}`, oldest first; None when the line is not whole
/// (it has no links for some of its moves).
pub fn history_value<B>(line: &Line<B>) -> Value {
    if !line.is_whole() {
        return Value::Null;
    }
    let events = |events: &[Event]| Value::Array(events.iter().map(event_value).collect());
    let mut moves: Vec<Value> = line
        .links()
        .map(|l| {
            Value::Array(vec![
                Value::from(l.seat()),
                Value::from(l.action().to_string()),
                events(l.events()),
            ])
        })
        .collect();
    moves.reverse();
    let mut m = serde_json::Map::new();
    m.insert("start".to_string(), events(line.start_events()));
    m.insert("moves".to_string(), Value::Array(moves));
    Value::Object(m)
}

/// The events, the seats and the moves of a history written by [`history_value`].
type Moves = (Arc<Vec<Event>>, Vec<(usize, Action, Arc<Vec<Event>>)>);

fn field<'v>(v: &'v Value, key: &str) -> Result<&'v Value, String> {
    v.get(key)
        .ok_or_else(|| format!("an event without its {key:?}"))
}

fn number(v: &Value, key: &str) -> Result<usize, String> {
    field(v, key)?
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| format!("{key}: expected a count"))
}

fn flag(v: &Value, key: &str) -> Result<bool, String> {
    field(v, key)?
        .as_bool()
        .ok_or_else(|| format!("{key}: expected true or false"))
}

fn text<'v>(v: &'v Value, key: &str) -> Result<&'v str, String> {
    field(v, key)?
        .as_str()
        .ok_or_else(|| format!("{key}: expected text"))
}

fn cards(v: &Value, key: &str) -> Result<Vec<Card>, String> {
    parse_cards(text(v, key)?)
}

fn card(v: &Value, key: &str) -> Result<Option<Card>, String> {
    match field(v, key)? {
        Value::Null => Ok(None),
        Value::String(s) => parse_card(s)
            .map(Some)
            .ok_or_else(|| format!("{key}: not a card: {s:?}")),
        _ => Err(format!("{key}: expected a card")),
    }
}

/// One event of the form [`event_value`] writes; a hand's result is taken from `results`.
fn read_event(v: &Value, results: &[Arc<HandResult>]) -> Result<Event, String> {
    Ok(match text(v, "kind")? {
        "HandStarted" => Event::HandStarted {
            hand_number: number(v, "hand_number")? as u64,
            dealer: number(v, "dealer")?,
            first_player: number(v, "first_player")?,
        },
        "UpcardTurned" => Event::UpcardTurned {
            cards: cards(v, "cards")?,
            frozen: flag(v, "frozen")?,
            trump: card(v, "trump")?,
        },
        "RedThreeLaid" => Event::RedThreeLaid {
            seat: number(v, "seat")?,
            card: card(v, "card")?.ok_or("card: expected a card")?,
            source: match text(v, "source")? {
                "deal" => RedThreeSource::Deal,
                "stock" => RedThreeSource::Stock,
                "pile" => RedThreeSource::Pile,
                other => return Err(format!("source: {other:?}")),
            },
            replacement: card(v, "replacement")?,
        },
        "CardsDrawn" => Event::CardsDrawn {
            seat: number(v, "seat")?,
            cards: cards(v, "cards")?,
        },
        "PileTaken" => Event::PileTaken {
            seat: number(v, "seat")?,
            cards: cards(v, "cards")?,
            aside: flag(v, "aside")?,
        },
        "PileJoined" => Event::PileJoined {
            seat: number(v, "seat")?,
            cards: cards(v, "cards")?,
        },
        "TeamOpened" => Event::TeamOpened {
            team: number(v, "team")?,
            seat: number(v, "seat")?,
        },
        "PacketTaken" => Event::PacketTaken {
            seat: number(v, "seat")?,
            packet: number(v, "packet")?,
            cards: cards(v, "cards")?,
        },
        "WentOut" => Event::WentOut {
            seat: number(v, "seat")?,
            concealed: flag(v, "concealed")?,
        },
        "StockExhausted" => Event::StockExhausted {
            seat: number(v, "seat")?,
        },
        "HandEnded" => {
            let hand = number(field(v, "result")?, "hand_number")? as u64;
            let result = results
                .iter()
                .find(|r| r.hand_number == hand)
                .ok_or_else(|| format!("no result of hand {hand} in the position"))?;
            Event::HandEnded {
                result: result.clone(),
            }
        }
        "GameEnded" => Event::GameEnded {
            winner: number(v, "winner")?,
            scores: field(v, "scores")?
                .as_array()
                .ok_or("scores: expected a list")?
                .iter()
                .map(|s| s.as_i64().ok_or("scores: expected ints"))
                .collect::<Result<_, _>>()?,
        },
        other => return Err(format!("an event of an unknown kind {other:?}")),
    })
}

fn read_events(v: &Value, results: &[Arc<HandResult>]) -> Result<Arc<Vec<Event>>, String> {
    let items = v.as_array().ok_or("expected a list of events")?;
    Ok(Arc::new(
        items
            .iter()
            .map(|e| read_event(e, results))
            .collect::<Result<_, _>>()?,
    ))
}

/// The first deal's events and the moves of a history [`history_value`]
/// wrote; `results` are the hand results of the position it ends in.  None
/// for a history written as null (a line that was not whole).
pub fn read_history(v: &Value, results: &[Arc<HandResult>]) -> Result<Option<Moves>, String> {
    if v.is_null() {
        return Ok(None);
    }
    let start = read_events(field(v, "start")?, results)?;
    let moves = field(v, "moves")?
        .as_array()
        .ok_or("moves: expected a list")?
        .iter()
        .map(|m| {
            let [seat, action, events] = m.as_array().map(Vec::as_slice).unwrap_or_default() else {
                return Err("a move: expected [seat, move, events]".to_string());
            };
            let seat = seat
                .as_u64()
                .and_then(|s| usize::try_from(s).ok())
                .ok_or("a move's seat")?;
            let action = parse_action(action.as_str().ok_or("a move's notation")?)?;
            Ok((seat, action, read_events(events, results)?))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Some((start, moves)))
}
