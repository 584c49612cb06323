// The kanasta table page: plain JavaScript, no build step, no libraries.
//
// The page knows its seat from its address (/seat/N?token=T).  It receives the
// seat's payload (see kanasta.web.seat_payload) over a WebSocket, pushed again
// after every move, and sends moves with POST /api/seat/N/move as JSON:
// {"move": "<notation>"} or {"index": i, "version": v}.  A refused move comes
// back as {"error": {"code", "message", "rule"}} and is shown as it is.
// Everything is drawn with textContent: nothing from the server is read as HTML.
"use strict";

(function () {
  const seat = Number(location.pathname.split("/").filter(Boolean).pop());
  const token = new URLSearchParams(location.search).get("token") || "";
  const api = "/api/seat/" + seat;

  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", "♣": "♣", "♦": "♦", "♥": "♥", "♠": "♠" };
  const RED = new Set(["♦", "♥"]);

  let payload = null;        // the latest payload
  let selected = [];         // indices into the hand of the selected cards
  let handsSeen = null;      // how many hand results were shown already
  let socket = null;
  let retry = 500;

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  // --- cards -------------------------------------------------------------

  // Card lists come as notation text ("7H TD JK") or as lists of such tokens.
  function cardList(value) {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.flatMap(cardList);
    return String(value).split(/\s+/).filter(Boolean);
  }

  function cardParts(token) {
    const text = String(token).toUpperCase();
    if (text === "JK" || text === "JOKER") return { rank: "JK", suit: "", red: false, joker: true };
    const suit = SUITS[text.slice(-1)] || text.slice(-1);
    let rank = text.slice(0, -1);
    if (rank === "T") rank = "10";
    return { rank: rank, suit: suit, red: RED.has(suit), joker: false };
  }

  function cardNode(token, extra) {
    const parts = cardParts(token);
    const classes = ["card"];
    if (parts.red) classes.push("red");
    if (parts.joker) classes.push("joker");
    if (extra) classes.push(extra);
    const label = parts.joker ? "joker" : parts.rank + parts.suit;
    return el("span", { class: classes.join(" "), "data-card": token, title: label, "aria-label": label },
      el("span", { class: "rank", text: parts.rank }),
      el("span", { class: "suit", text: parts.joker ? "★" : parts.suit }));
  }

  // A move or log line with its card tokens drawn with suit symbols.
  function prettyText(text) {
    const span = el("span");
    String(text).split(/(\s+)/).forEach((word) => {
      if (/^(?:[2-9TJQKA]|10)[CDHS]$/i.test(word)) {
        const parts = cardParts(word);
        span.append(el("span", { class: parts.red ? "red" : "", text: parts.rank + parts.suit }));
      } else {
        span.append(word);
      }
    });
    return span;
  }

  // --- who is who ----------------------------------------------------------

  function teamOf(s) { return s % payload.teams; }

  function sideName(team) {
    if (payload.teams === payload.players) return "seat " + team;
    const seats = [];
    for (let s = 0; s < payload.players; s++) if (teamOf(s) === team) seats.push(s);
    return "team " + team + " (" + seats.join("+") + ")";
  }

  function seatName(s) {
    const kind = payload.seats[s] === "human" ? "human" : payload.seats[s];
    return "seat " + s + (s === seat ? " (you)" : " · " + kind);
  }

  // --- drawing -------------------------------------------------------------

  function render() {
    const view = payload.view;
    const myTurn = view.phase !== "game_over" && view.player === seat;
    document.body.dataset.turn = myTurn ? "mine" : "theirs";
    document.body.dataset.phase = view.phase;
    document.body.dataset.version = String(payload.version);
    document.title = "kanasta: seat " + seat + (myTurn ? " — your turn" : "");

    $("title").textContent = payload.title;
    const facts = $("facts");
    facts.replaceChildren();
    const fact = (label, value) => facts.append(el("span", {}, label + " ", el("b", { text: String(value) })));
    fact("Hand", view.hand_number);
    fact("Dealer", "seat " + view.dealer);
    const scores = view.scores.map((s, t) => sideName(t) + " " + s).join(" · ");
    fact("Scores", scores);
    if (view.trump) facts.append(el("span", {}, "Trump ", cardNode(view.trump, "small")));

    renderOthers(view);
    renderTable(view);
    renderHand(view);
    renderMoves(view, myTurn);
    renderLog();
    renderHandEnd(view);
  }

  function renderOthers(view) {
    const box = $("others");
    box.replaceChildren();
    for (let s = 0; s < payload.players; s++) {
      if (s === seat) continue;
      const count = view.hand_sizes[s];
      const backs = el("div", { class: "backs" });
      for (let i = 0; i < Math.min(count, 15); i++) backs.append(el("span", { class: "card back" }));
      const who = seatName(s) + (payload.teams !== payload.players && teamOf(s) === teamOf(seat) ? " · partner" : "");
      box.append(el("div", { class: "seat" + (view.player === s && view.phase !== "game_over" ? " to-move" : ""), "data-seat": String(s) },
        el("div", { class: "who", text: who }),
        el("div", { class: "count", text: count + (count === 1 ? " card" : " cards") }),
        backs));
    }
  }

  function renderTable(view) {
    const pile = cardList(view.pile);
    const pileBox = $("pile");
    pileBox.replaceChildren();
    if (pile.length === 0) {
      pileBox.append(el("span", { class: "none", text: "empty" }));
    } else {
      pile.slice(-6).forEach((c, i, shown) => pileBox.append(cardNode(c, i < shown.length - 1 ? "small" : "")));
      pileBox.append(el("span", { class: "count", text: pile.length + (pile.length === 1 ? " card" : " cards") }));
    }
    if (view.pile_frozen) pileBox.append(el("span", { class: "frozen", text: "frozen" }));
    let stock = "Stock: " + view.stock_size + " cards";
    const packets = view.packet_sizes || [];
    if (packets.length) stock += " · packets: " + packets.join(", ");
    $("stock").textContent = stock;

    const melds = $("melds");
    melds.replaceChildren();
    for (let t = 0; t < payload.teams; t++) {
      const box = el("div", { class: "team", "data-team": String(t) });
      const open = view.opened && view.opened[t] ? " · open" : "";
      box.append(el("h3", { text: sideName(t) + (t === teamOf(seat) ? " (yours)" : "") + open }));
      const list = (view.melds[t] || []);
      if (list.length === 0) box.append(el("div", { class: "none", text: "no melds" }));
      list.forEach((meld, i) => {
        const cards = cardList(meld.cards !== undefined ? meld.cards : meld);
        const row = el("div", { class: "meld" + (cards.length >= 7 ? " canasta" : ""), "data-meld": String(i) },
          el("span", { class: "ref", text: "@" + i }));
        cards.forEach((c) => row.append(cardNode(c, "small")));
        box.append(row);
      });
      const reds = cardList(view.red_threes ? view.red_threes[t] : []);
      if (reds.length) {
        const r = el("div", { class: "reds" }, "red 3s ");
        reds.forEach((c) => r.append(cardNode(c, "small")));
        box.append(r);
      }
      melds.append(box);
    }
  }

  function renderHand(view) {
    const hand = cardList(view.hand);
    selected = selected.filter((i) => i < hand.length);
    const box = $("hand");
    box.replaceChildren();
    hand.forEach((c, i) => {
      const node = cardNode(c, selected.includes(i) ? "selected" : "");
      node.dataset.index = String(i);
      node.setAttribute("role", "button");
      node.addEventListener("click", () => {
        selected = selected.includes(i) ? selected.filter((j) => j !== i) : selected.concat([i]);
        render();
      });
      box.append(node);
    });
    $("hand-title").textContent = "Your hand (seat " + seat + ", " + hand.length + (hand.length === 1 ? " card)" : " cards)");
  }

  // Whether a move's text uses every selected card (as many times as selected).
  function usesSelected(move, hand) {
    if (selected.length === 0) return true;
    const words = move.toUpperCase().split(/\s+/);
    const need = {};
    selected.forEach((i) => { need[hand[i]] = (need[hand[i]] || 0) + 1; });
    return Object.entries(need).every(([card, n]) => words.filter((w) => w === card).length >= n);
  }

  function renderMoves(view, myTurn) {
    const box = $("moves");
    box.replaceChildren();
    const status = $("status");
    if (view.phase === "game_over") {
      status.textContent = "The game is over: " + sideName(view.winner) + " wins.";
    } else if (myTurn) {
      const what = { draw: "draw or take the pile", play: "meld, add, or discard", answer: "answer your partner" }[view.phase] || view.phase;
      status.textContent = "Your turn: " + what + ".";
    } else {
      status.textContent = "Waiting for seat " + view.player + " (" + (payload.seats[view.player] || "") + ")…";
    }
    if (payload.problem) status.textContent += " " + payload.problem;
    $("move-send").disabled = !myTurn;
    $("move-input").disabled = !myTurn;
    const hand = cardList(view.hand);
    const shown = payload.view.legal_actions.map((m, i) => [m, i]).filter(([m]) => usesSelected(m, hand));
    $("moves-head").textContent = myTurn
      ? (selected.length ? shown.length + " of " + payload.view.legal_actions.length + " legal moves use the selected cards:" : payload.view.legal_actions.length + " legal moves (click cards to narrow them):")
      : "";
    shown.forEach(([move, index]) => {
      const button = el("button", { type: "button", "data-index": String(index), "data-move": move }, prettyText(move));
      button.addEventListener("click", () => send({ index: index, version: payload.version }, move));
      box.append(button);
    });
  }

  function renderLog() {
    const log = $("log");
    log.replaceChildren();
    payload.log.forEach((line) => {
      log.append(el("li", { class: line.startsWith(" ") ? "event" : "move" }, prettyText(line)));
    });
    const area = $("log-area");
    area.scrollTop = area.scrollHeight;
  }

  function renderHandEnd(view) {
    const hands = payload.hand_scores;
    if (handsSeen === null) handsSeen = hands.length;  // on load: nothing is "new"
    const over = view.phase === "game_over";
    if (hands.length > handsSeen || (over && hands.length)) {
      const last = hands[hands.length - 1];
      $("hand-end-title").textContent = last.heading + (over ? " — the game is over: " + sideName(view.winner) + " wins" : "");
      const table = $("hand-end-table");
      table.replaceChildren();
      table.append(el("tr", {}, el("th", { text: "" }), ...last.columns.map((c) => el("th", { text: c }))));
      last.rows.forEach((row) => {
        const total = row[0] === "hand total" || row[0] === "game score";
        table.append(el("tr", { class: total ? "total" : "" }, ...row.map((cell) => el("td", { text: cell }))));
      });
      $("hand-end").hidden = false;
      $("hand-end").dataset.hand = String(last.hand_number);
      handsSeen = hands.length;
    }
  }

  // --- talking to the server ---------------------------------------------------

  function showMessage(text, ok) {
    const box = $("message");
    box.textContent = text;
    box.className = ok ? "ok" : "";
    box.hidden = !text;
  }

  async function send(body, label) {
    showMessage("", true);
    let reply;
    try {
      const response = await fetch(api + "/move", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Kanasta-Token": token },
        body: JSON.stringify(body),
      });
      reply = await response.json();
    } catch (err) {
      showMessage("Could not reach the table: " + err, false);
      return;
    }
    if (reply.error) {
      showMessage("Refused: " + reply.error.message, false);
      document.body.dataset.refused = reply.error.rule || reply.error.code;
      return;
    }
    selected = [];
    $("move-input").value = "";
    showMessage("Played: " + label, true);
    accept(reply);
  }

  function accept(next) {
    if (payload && next.version < payload.version) return;  // an older push arriving late
    payload = next;
    render();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + api + "/updates?token=" + encodeURIComponent(token));
    socket.onopen = () => {
      retry = 500;
      document.body.dataset.state = "online";
      $("connection").textContent = "connected as seat " + seat;
    };
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.error) {
        document.body.dataset.state = "refused";
        $("connection").textContent = data.error.message;
        showMessage(data.error.message, false);
        socket.onclose = null;
        return;
      }
      accept(data);
    };
    socket.onclose = () => {
      document.body.dataset.state = "offline";
      $("connection").textContent = "disconnected; reconnecting…";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("move-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("move-input").value.trim();
      if (text) send({ move: text }, text);
    });
    $("hand-end-close").addEventListener("click", () => { $("hand-end").hidden = true; });
    connect();
  });
})();
