//! The position document (`kanasta.position/1`; the Python engine's
//! `kanasta.documents.position`), made of the parts of [`super::parts`]:
//! [`to_value`] writes what the Python `State.to_dict()` writes, key for key;
//! [`from_value`] reads one part after the other, with the Python reader's
//! defaults for the keys a hand-written document may leave out, and lists
//! the position's legal moves last, within the engine's work budget: a
//! position past it is refused as the Python reader refuses it
//! ([`read_within`]).

use std::sync::Arc;

use serde_json::{Map, Value};

use super::parts::{
    card_value, cards_value, melds_value, object, read_result, read_team_melds, read_turn,
    result_value, turn_value,
};
use super::reading::{boolean, cards, fail, index, int, join, list, need, obj, one_card, DocError};
use crate::actions::Action;
use crate::cards::{deck, is_joker, is_red_three, is_wild, Card, DISTINCT, JOKER};
use crate::legality::SEARCH_BUDGET;
use crate::position::{Hand, Phase, RedThrees, State, TableMeld, Turn, MAX_SEATS};
use crate::rng::{shuffle, stream};
use crate::rules::Rules;

/// The `"format"` of a position document.
pub const FORMAT: &str = "kanasta.position/1";

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

/// Read a position document's parts (see the module's description of what
/// is checked), without listing its moves.
fn read_state(data: &Value) -> Result<State, DocError> {
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
    // The results run from the position's starting point, which may be any hand.
    let last = results.last().map_or(0, |r| r.hand_number as usize);
    let finished = if phase == Phase::GameOver {
        last
    } else {
        last + 1
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

/// Read a position document, the engine's work budget for its listing (see [`read_within`]).
pub fn from_value(data: &Value) -> Result<State, DocError> {
    read_within(data, SEARCH_BUDGET).map(|(state, _)| state)
}

/// The message of a document refused because its listing needs more search
/// nodes than the budget: the Python reader's, around `EngineLimitError`'s.
const CANNOT_SEARCH: &str = "the engine cannot search this position";

/// Read a position document, and list its legal moves within `budget`
/// search nodes, the last step of the Python reader (its reachability
/// check): a position whose listing needs more is refused as a whole (the
/// path `""`) with the Python reader's message.  The listed moves come back
/// with the state (none once the game is over).
pub fn read_within(data: &Value, budget: u64) -> Result<(State, Vec<Action>), DocError> {
    let state = read_state(data)?;
    let moves = crate::legality::legal_moves_within(&state, budget)
        .0
        .or_else(|gave_up| fail("", format!("{CANNOT_SEARCH}: {gave_up}")))?;
    Ok((state, moves))
}

/// Read a position document from JSON text with every check of the reader
/// but the listing of its moves: what a pickled state loads as.  A pickle holds
/// a state the engine reached (and pickle data is trusted by design), so it
/// loads even when its listing needs more than the work budget, as the state
/// it was made from exists; asking that state's moves then gives up as the
/// original's would.
pub fn from_json_unlisted(text: &str) -> Result<State, DocError> {
    read_state(&parse(text)?)
}

/// Read a position document from JSON text (see [`from_value`]).
pub fn from_json(text: &str) -> Result<State, DocError> {
    from_json_within(text, SEARCH_BUDGET).map(|(state, _)| state)
}

/// Read a position document from JSON text, and list its moves within
/// `budget` search nodes (see [`read_within`]).
pub fn from_json_within(text: &str, budget: u64) -> Result<(State, Vec<Action>), DocError> {
    read_within(&parse(text)?, budget)
}

/// A position document's JSON text as a value (refused as a whole when it is not JSON).
fn parse(text: &str) -> Result<Value, DocError> {
    serde_json::from_str(text).or_else(|e| fail("", format!("not JSON: {e}")))
}
