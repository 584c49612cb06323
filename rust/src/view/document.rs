//! The view document a server sends one seat (`kanasta.view/1`, the Python
//! `kanasta.view.document`): everything here reads the state through a
//! [`SeatView`], which holds only what the seat may see (its own hand and
//! everything public; of every hidden place its size), and the line of
//! play's links, whose events it hides per seat ([`hidden`]): so the document
//! cannot name another hand's card, the stock, the packets or the seed.
//!
//! [`view_json`] writes the document as the text `json.dumps(view.to_dict())`
//! gives (see [`super::json`]), key for key.  The history part (every move so
//! far as the seat saw it) is kept per move and seat on the move's link once
//! written ([`crate::position::history::Seen`]), so writing a view's history
//! costs its new moves and a copy of the text of the others.

use std::sync::{Arc, Mutex, PoisonError, Weak};

use serde_json::{Map, Value};

use super::json;
use super::seen::{hidden, Hidden, SeatView, Seen};
use crate::actions::Action;
use crate::cards::Card;
use crate::documents::parts::{card_value, event_value, result_value, turn_value};
use crate::position::history::SharedText;
use crate::position::{Event, HandResult, Line, Link};
use crate::rules::Rules;

/// The `"format"` of a view document.
pub const VIEW_FORMAT: &str = "kanasta.view/1";

/// The view document's name of an event of the class named `kind`.
fn event_name(kind: &str) -> &'static str {
    match kind {
        "HandStarted" => "hand_started",
        "UpcardTurned" => "upcard_turned",
        "RedThreeLaid" => "red_three_laid",
        "CardsDrawn" => "cards_drawn",
        "PileTaken" => "pile_taken",
        "PileJoined" => "pile_joined",
        "TeamOpened" => "team_opened",
        "PacketTaken" => "packet_taken",
        "WentOut" => "went_out",
        "StockExhausted" => "stock_exhausted",
        "HandEnded" => "hand_ended",
        _ => "game_ended",
    }
}

fn object(pairs: Vec<(&str, Value)>) -> Value {
    let mut m = Map::with_capacity(pairs.len());
    for (k, v) in pairs {
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

/// `event` as `viewer` saw it, as a view document writes it (the Python
/// `event_to_dict(hide(event, viewer))`): another seat's drawn cards, its
/// red 3's replacement and its packet's cards are hidden, their counts shown.
pub fn seen_event_value(event: &Event, viewer: usize) -> Value {
    match hidden(event, viewer) {
        Some(Hidden::CardsDrawn { seat, count }) => object(vec![
            ("event", Value::from("cards_drawn_hidden")),
            ("seat", Value::from(seat)),
            ("count", Value::from(count)),
        ]),
        Some(Hidden::RedThreeLaid { seat, card, source }) => object(vec![
            ("event", Value::from("red_three_laid_hidden")),
            ("seat", Value::from(seat)),
            ("card", card_value(Some(card))),
            ("source", Value::from(source)),
        ]),
        Some(Hidden::PacketTaken { seat, packet, size }) => object(vec![
            ("event", Value::from("packet_taken_hidden")),
            ("seat", Value::from(seat)),
            ("packet", Value::from(packet)),
            ("size", Value::from(size)),
        ]),
        None => {
            // seen as it is: the event's own fields, in the order the Python table lists them
            let Value::Object(fields) = event_value(event) else {
                unreachable!("an event is written as an object")
            };
            let mut m = Map::with_capacity(fields.len());
            m.insert("event".to_string(), Value::from(event_name(event.kind())));
            m.extend(fields.into_iter().filter(|(k, _)| k != "kind"));
            Value::Object(m)
        }
    }
}

/// Events as `viewer` saw them, as a list.
pub fn seen_events_value(events: &[Event], viewer: usize) -> Value {
    Value::Array(events.iter().map(|e| seen_event_value(e, viewer)).collect())
}

/// One move as `viewer` saw it, as the JSON text of a view document's
/// history entry; written once per link and seat and kept on the link.
pub fn step_text<B>(link: &Link<B>, viewer: usize) -> &str {
    link.seen(viewer)
        .text
        .get_or_init(|| write_step(link, viewer).into_boxed_str())
}

/// One move as `viewer` saw it, as the JSON text of a view document's history entry.
fn write_step<B>(link: &Link<B>, viewer: usize) -> String {
    let v = object(vec![
        ("seat", Value::from(link.seat())),
        ("action", Value::from(link.action().to_string())),
        ("events", seen_events_value(link.events(), viewer)),
    ]);
    json::to_string(&v)
}

/// The JSON text of a view document's history entries up to the last of
/// `links` (newest first: a line's links), as `seat` saw them, and its length:
/// kept on each link as a length of a text shared along the line, so each
/// move is written once per seat and a later move's history appends to the
/// same text (a line that branched copies it once at the branch).
fn history_text<'l, B: 'l>(
    links: impl Iterator<Item = &'l Link<B>>,
    seat: usize,
) -> (SharedText, usize) {
    let mut missing = Vec::new();
    let mut found = None;
    for link in links {
        if let Some(written) = link.seen(seat).written.get() {
            found = Some(written.clone());
            break;
        }
        missing.push(link);
    }
    let (mut text, mut end) = found.unwrap_or_default();
    for link in missing.into_iter().rev() {
        let seen = link.seen(seat);
        let written;
        let step: &str = match seen.text.get() {
            Some(text) => text,
            None => {
                written = write_step(link, seat);
                &written
            }
        };
        let mut buffer = text.lock().unwrap_or_else(PoisonError::into_inner);
        if buffer.len() != end {
            // another line of play went on from here: this one goes on in a copy
            let copy = buffer[..end].to_vec();
            drop(buffer);
            text = Arc::new(Mutex::new(copy));
            buffer = text.lock().unwrap_or_else(PoisonError::into_inner);
        }
        if end > 0 {
            buffer.extend_from_slice(b", ");
        }
        buffer.extend_from_slice(step.as_bytes());
        end = buffer.len();
        drop(buffer);
        // set once: a move written twice at once keeps the first text, as good as this one
        let _ = seen.written.set((text.clone(), end));
    }
    (text, end)
}

/// A small cache of JSON text by the shared value it was written from (the
/// game's rules, a hand's results so far), kept while that value lives: a
/// line's states share those values, so their views write them once.
struct TextCache<T> {
    entries: Mutex<Vec<(Weak<T>, Arc<str>)>>,
}

/// How many values a [`TextCache`] keeps (a server's tables take turns).
const CACHED: usize = 16;

impl<T> TextCache<T> {
    const fn new() -> TextCache<T> {
        TextCache {
            entries: Mutex::new(Vec::new()),
        }
    }

    /// The text of `value`, written by `write` unless kept.  (A kept entry's
    /// `Weak` keeps its allocation, so no other value can have its address.)
    fn text(&self, value: &Arc<T>, write: impl FnOnce(&T) -> String) -> Arc<str> {
        let found = {
            let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
            entries
                .iter()
                .find(|(w, _)| std::ptr::eq(w.as_ptr(), Arc::as_ptr(value)))
                .map(|(_, t)| t.clone())
        };
        if let Some(text) = found {
            return text;
        }
        let text: Arc<str> = write(value).into();
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.retain(|(w, _)| w.strong_count() > 0);
        if entries.len() >= CACHED {
            entries.remove(0);
        }
        entries.push((Arc::downgrade(value), text.clone()));
        text
    }
}

static RULES_TEXT: TextCache<Rules> = TextCache::new();
static RESULTS_TEXT: TextCache<Vec<Arc<HandResult>>> = TextCache::new();

/// The view document being written: JSON text, key after key.
struct Doc {
    out: Vec<u8>,
    first: bool,
}

impl Doc {
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.extend_from_slice(b", ");
        }
        self.first = false;
        json::write_str(key, &mut self.out);
        self.out.extend_from_slice(b": ");
    }

    fn raw(&mut self, key: &str, text: &str) {
        self.key(key);
        self.out.extend_from_slice(text.as_bytes());
    }

    fn flag(out: &mut Vec<u8>, value: bool) {
        out.extend_from_slice(if value { b"true" } else { b"false" });
    }

    fn list<T>(
        &mut self,
        key: &str,
        items: impl IntoIterator<Item = T>,
        each: impl FnMut(&mut Vec<u8>, T),
    ) {
        self.key(key);
        json::write_list(&mut self.out, items, each);
    }

    fn value(&mut self, key: &str, value: &Value) {
        self.key(key);
        json::write(value, &mut self.out);
    }
}

/// A card's notation (`7H`, `TS`, `JK`), written without a string of its own.
fn push_card(out: &mut Vec<u8>, c: Card) {
    match crate::cards::rank(c) {
        None => out.extend_from_slice(b"JK"),
        Some(r) => out.extend_from_slice(&[
            b"A23456789TJQK"[usize::from(r - 1)],
            b"CDHS"[usize::from(c % 4)],
        ]),
    }
}

/// Cards in card notation, as one JSON string (`"2D 4D JK"`).
fn push_cards(out: &mut Vec<u8>, cards: &[Card]) {
    out.push(b'"');
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        push_card(out, c);
    }
    out.push(b'"');
}

/// One field's value as the view document writes it (the Python
/// `kanasta.view.document`'s writer of its kind).
fn write_seen(out: &mut Vec<u8>, value: &Seen<'_>) {
    match value {
        Seen::Rules(rules) => {
            let text = RULES_TEXT.text(rules, |r| json::to_string(&r.to_doc_value()));
            out.extend_from_slice(text.as_bytes());
        }
        Seen::Number(n) | Seen::MoveCount(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Seen::NumberOrNone(Some(n)) => out.extend_from_slice(n.to_string().as_bytes()),
        Seen::NumberOrNone(None) | Seen::CardOrNone(None) => out.extend_from_slice(b"null"),
        Seen::Bool(b) => Doc::flag(out, *b),
        Seen::Phase(p) => json::write_str(p.name(), out),
        Seen::Numbers(ns) => json::write_list(out, ns.iter(), |o, n| {
            o.extend_from_slice(n.to_string().as_bytes())
        }),
        Seen::Bools(bs) => json::write_list(out, bs.iter(), |o, &b| Doc::flag(o, b)),
        Seen::Cards(cards) => push_cards(out, cards),
        Seen::CardsBy(groups) => {
            json::write_list(out, groups.iter(), |o, cards| push_cards(o, cards))
        }
        Seen::CardOrNone(Some(c)) => {
            out.push(b'"');
            push_card(out, *c);
            out.push(b'"');
        }
        Seen::Melds(teams) => json::write_list(out, teams.iter(), |o, melds| {
            json::write_list(o, melds.iter(), |o, m| json::write_str(&m.notation(), o))
        }),
        Seen::Turn(turn) => json::write(&turn_value(turn), out),
        Seen::Results(results) => {
            let text = RESULTS_TEXT.text(results, |rs| {
                json::to_string(&Value::Array(rs.iter().map(|r| result_value(r)).collect()))
            });
            out.extend_from_slice(text.as_bytes());
        }
    }
}

/// The view document of `view` as the text `json.dumps(view.to_dict(history=history))`
/// gives, key for key as the Python `view_to_dict` writes it: `legal` are the
/// seat's legal moves (empty when it is not the seat to move), `line` the line of
/// play of the state it is of (whole: see [`Line::is_whole`]), whose moves make
/// the history.
pub fn view_json<B>(
    view: &SeatView<'_>,
    legal: &[Action],
    line: &Line<B>,
    history: bool,
) -> String {
    let counted = view.rules().hand_move_limit.is_some();
    let mut doc = Doc {
        out: Vec::with_capacity(4096),
        first: true,
    };
    doc.out.push(b'{');
    doc.raw("format", "\"kanasta.view/1\"");
    for (name, value) in view.fields() {
        if matches!(value, Seen::MoveCount(_)) && !counted {
            continue; // as in a position document: only when the rules count moves
        }
        doc.key(name);
        write_seen(&mut doc.out, &value);
    }
    doc.list("legal_actions", legal, |o, a| {
        json::write_str(&a.to_string(), o)
    });
    if history {
        let seat = view.seat();
        let (text, end) = history_text(line.links(), seat);
        doc.key("history");
        doc.out.push(b'[');
        doc.out
            .extend_from_slice(&text.lock().unwrap_or_else(PoisonError::into_inner)[..end]);
        doc.out.push(b']');
        doc.value(
            "start_events",
            &seen_events_value(line.start_events(), seat),
        );
    }
    doc.out.push(b'}');
    // everything written is ASCII
    String::from_utf8(doc.out).expect("the text is ASCII")
}
