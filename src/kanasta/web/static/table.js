// The kanasta table page: plain JavaScript, no build step, no libraries.
//
// The page knows its seat from its address (/seat/N?token=T).  It receives the
// seat's payload (see kanasta.web.seat_payload) over a WebSocket, pushed again
// after every move, and sends moves with POST /api/seat/N/move as JSON:
// {"move": "<notation>"} or {"index": i, "version": v}.  A refused move comes
// back as {"error": {"code", "message", "rule"}} and is shown as it is.  When a
// hand ends, its board and scores stay up until the player continues, which is
// sent as POST /api/seat/N/continue {"hands": n} (the bots wait for it).
// Everything is drawn with textContent: nothing from the server is read as HTML.
"use strict";

(function () {
  const seat = Number(location.pathname.split("/").filter(Boolean).pop());
  const token = new URLSearchParams(location.search).get("token") || "";
  const api = "/api/seat/" + seat;

  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", "♣": "♣", "♦": "♦", "♥": "♥", "♠": "♠" };
  const RED = new Set(["♦", "♥"]);

  let payload = null;        // the latest payload
  let selected = [];         // indices into the hand (as the server sends it) of the selected cards
  let sortBy = "rank";       // how the hand is shown: "rank" (the server's order) or "suit"
  try { sortBy = localStorage.getItem("kanasta-sort") === "suit" ? "suit" : "rank"; } catch (err) { /* no storage */ }
  let focusCard = null;      // the hand index of the card that had the keyboard focus
  let closedHands = 0;       // hand score boxes this page closed (the server's "continued" catches up)
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

  // A card token inside text, with what clings to it: "(5D.", "JK," ...
  const TOKEN = /^([("'\[]*)((?:[2-9TJQKA]|10)[CDHS]|JK)([)"'\].,;:!?]*)$/;

  // A move or log line with its card tokens drawn with suit symbols.
  function prettyText(text) {
    const span = el("span");
    String(text).split(/(\s+)/).forEach((word) => {
      const match = TOKEN.exec(word);
      if (match) {
        const parts = cardParts(match[2]);
        if (match[1]) span.append(match[1]);
        span.append(el("span", {
          class: "card-text" + (parts.red ? " red" : "") + (parts.joker ? " joker" : ""),
          "data-card": match[2].toUpperCase(),
          text: parts.joker ? "Joker" : parts.rank + parts.suit,
        }));
        if (match[3]) span.append(match[3]);
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
    renderLastMove();
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
      const moved = payload.last_move && payload.last_move.seat === s ? " last-mover" : "";
      box.append(el("div", { class: "seat" + (view.player === s && view.phase !== "game_over" ? " to-move" : "") + moved, "data-seat": String(s) },
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
      const discarded = payload.last_move && payload.last_move.discard;
      pile.slice(-6).forEach((c, i, shown) => {
        const top = i === shown.length - 1;
        const node = cardNode(c, top ? (discarded ? "last-move" : "") : "small");
        if (top && discarded) node.setAttribute("aria-label", node.getAttribute("aria-label") + " (just discarded)");
        pileBox.append(node);
      });
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
        const last = payload.last_move;
        const marked = last && last.team === t && last.meld === i ? " last-move" : "";
        const row = el("div", { class: "meld" + (cards.length >= 7 ? " canasta" : "") + marked, "data-meld": String(i) },
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

  const SUIT_ORDER = { "♣": 0, "♦": 1, "♥": 2, "♠": 3, "": 4 };
  const RANK_ORDER = { A: 1, J: 11, Q: 12, K: 13, JK: 14 };

  function rankValue(parts) { return RANK_ORDER[parts.rank] || Number(parts.rank); }

  // The hand's indices in the order shown: the server's (by rank, A to K, then jokers) or by suit.
  function shownOrder(hand) {
    const order = hand.map((c, i) => i);
    if (sortBy === "suit") {
      order.sort((a, b) => {
        const pa = cardParts(hand[a]), pb = cardParts(hand[b]);
        return (SUIT_ORDER[pa.suit] - SUIT_ORDER[pb.suit]) || (rankValue(pa) - rankValue(pb)) || (a - b);
      });
    }
    return order;
  }

  function toggle(i) {
    selected = selected.includes(i) ? selected.filter((j) => j !== i) : selected.concat([i]);
    focusCard = i;
    render();
  }

  function renderHand(view) {
    const hand = cardList(view.hand);
    selected = selected.filter((i) => i < hand.length);
    const box = $("hand");
    const hadFocus = box.contains(document.activeElement);
    box.replaceChildren();
    const order = shownOrder(hand);
    order.forEach((i, position) => {
      const c = hand[i];
      const chosen = selected.includes(i);
      const node = cardNode(c, chosen ? "selected" : "");
      node.dataset.index = String(i);
      node.setAttribute("role", "button");
      node.setAttribute("aria-pressed", chosen ? "true" : "false");
      node.setAttribute("tabindex", "0");
      node.addEventListener("click", () => toggle(i));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          toggle(i);
        } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
          event.preventDefault();
          const next = order[Math.max(0, Math.min(order.length - 1, position + (event.key === "ArrowRight" ? 1 : -1)))];
          focusCard = next;
          box.querySelector("[data-index='" + next + "']").focus();
        } else if (event.key === "Escape" && selected.length) {
          event.preventDefault();
          selected = [];
          focusCard = i;
          render();
        }
      });
      node.addEventListener("focus", () => { focusCard = i; });
      box.append(node);
    });
    if (hadFocus || (focusCard !== null && document.activeElement === document.body)) {
      const again = box.querySelector("[data-index='" + focusCard + "']") || box.querySelector(".card");
      if (again) again.focus();
    }
    $("hand-title").textContent = "Your hand (seat " + seat + ", " + hand.length + (hand.length === 1 ? " card)" : " cards)");
    $("sort-rank").setAttribute("aria-pressed", sortBy === "rank" ? "true" : "false");
    $("sort-suit").setAttribute("aria-pressed", sortBy === "suit" ? "true" : "false");
  }

  const CARD_WORD = /^(?:[2-9TJQKA][CDHS]|JK)$/;

  // The hand cards a move uses: its card tokens ("take" names the hand cards it melds with the top
  // card), except for "extend", which names the whole new run: its cards less those of the run now.
  function moveCards(move) {
    const words = move.split(/\s+/);
    const cards = words.slice(1).filter((w) => CARD_WORD.test(w));
    if (words[0] !== "extend") return cards;
    const target = words.find((w) => w.startsWith("@"));
    const melds = payload.view.melds[teamOf(seat)] || [];
    const meld = target ? melds[Number(target.slice(1))] : undefined;
    if (meld === undefined) return cards;
    cardList(meld.cards !== undefined ? meld.cards : meld).forEach((c) => {
      const at = cards.indexOf(c);
      if (at >= 0) cards.splice(at, 1);
    });
    return cards;
  }

  function sameCards(a, b) {
    if (a.length !== b.length) return false;
    const x = a.slice().sort(), y = b.slice().sort();
    return x.every((c, i) => c === y[i]);
  }

  // A button's label: the kind of move, then its target meld, then its cards when they say more.
  const VERBS = { draw: "Draw", take: "Take the pile", meld: "Meld", add: "Add to", extend: "Extend",
                  discard: "Discard", ask: "Ask partner to go out", yes: "Yes", no: "No", decline: "Decline the pile" };

  function moveButton(move, index, withCards) {  // withCards: the move's cards after its label
    const words = move.split(/\s+/);
    const target = words.find((w) => w.startsWith("@"));
    let label = VERBS[words[0]] || words[0];
    if (target) label += (words[0] === "take" ? " onto " : " ") + target;
    const button = el("button", { type: "button", "data-index": String(index), "data-move": move, "data-kind": words[0] },
      label);
    if (withCards) {
      const cards = words.filter((w) => CARD_WORD.test(w));
      if (cards.length) button.append(" ", prettyText(cards.join(" ")));
    }
    button.addEventListener("click", () => send({ index: index, version: payload.version }, move));
    return button;
  }

  function renderMoves(view, myTurn) {
    const box = $("moves");
    box.replaceChildren();
    const status = $("status");
    if (view.phase === "game_over") {
      status.textContent = "The game is over: " + sideName(view.winner) + " wins.";
    } else if (myTurn) {
      const what = { draw: "draw or take the pile", play: "select cards to meld, add or discard", answer: "answer your partner" }[view.phase] || view.phase;
      status.textContent = "Your turn: " + what + ".";
    } else if (payload.waiting_for && payload.waiting_for.length) {
      status.textContent = "Waiting for " + payload.waiting_for.map((s) => "seat " + s).join(", ") + " to continue after the hand…";
    } else {
      status.textContent = "Waiting for seat " + view.player + " (" + (payload.seats[view.player] || "") + ")…";
    }
    if (payload.problem) status.textContent += " " + payload.problem;
    $("move-send").disabled = !myTurn;
    $("move-input").disabled = !myTurn;
    const hand = cardList(view.hand);
    const legal = myTurn ? payload.view.legal_actions : [];
    const chosen = selected.map((i) => hand[i]);
    // With cards selected: one button per move that uses exactly them (meld, add to @i, discard, take ...);
    // with none: the moves that name no card (draw, take, ask, answers).
    const fitting = legal.map((m, i) => [m, i]).filter(([m]) => sameCards(moveCards(m), chosen));
    fitting.forEach(([move, index]) => box.append(moveButton(move, index, true)));
    let head = "";
    if (myTurn) {
      if (selected.length) {
        head = fitting.length
          ? "What the selected cards can do:"
          : "No move uses exactly the selected cards; select others, or see every legal move below.";
      } else {
        head = view.phase === "play" ? "Select cards in your hand (click, or Tab to a card and press Space), then choose what to do with them:" : "";
      }
    }
    $("moves-head").textContent = head;
    const all = $("all-moves");
    all.replaceChildren();
    legal.forEach((move, index) => {
      const button = el("button", { type: "button", "data-index": String(index), "data-move": move }, prettyText(move));
      button.addEventListener("click", () => send({ index: index, version: payload.version }, move));
      all.append(button);
    });
    $("all-moves-count").textContent = String(legal.length);
    $("all-moves-box").hidden = !myTurn;
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

  function renderLastMove() {
    const last = payload.last_move;
    const box = $("last-move");
    box.replaceChildren();
    if (!last) return;
    const who = last.seat === seat ? "you" : "seat " + last.seat;
    box.append("Last move: " + who + " — ", prettyText(last.move), last.hand_ended ? " (the hand ended)" : "");
  }

  // The hand's end, drawn from the finished hand's own board and scores (payload.final_board and
  // the last hand_scores entry), never from the view: that already holds the next deal.
  function renderHandEnd(view) {
    const hands = payload.hand_scores;
    const continued = Math.max(payload.continued || 0, closedHands);
    const box = $("hand-end");
    if (!hands.length || continued >= hands.length || !payload.final_board) {
      box.hidden = true;
      document.body.dataset.handEnd = "closed";
      return;
    }
    const last = hands[hands.length - 1];
    const board = payload.final_board;
    const over = view.phase === "game_over";
    $("hand-end-title").textContent = last.heading + (over ? " — the game is over: " + sideName(view.winner) + " wins" : "");
    const shown = $("hand-end-board");
    shown.replaceChildren();
    for (let t = 0; t < board.melds.length; t++) {
      const team = el("div", { class: "team", "data-team": String(t) }, el("h3", { text: sideName(t) + (t === teamOf(seat) ? " (yours)" : "") }));
      if (!board.melds[t].length) team.append(el("div", { class: "none", text: "no melds" }));
      board.melds[t].forEach((cards, i) => {
        const row = el("div", { class: "meld" + (cardList(cards).length >= 7 ? " canasta" : "") }, el("span", { class: "ref", text: "@" + i }));
        cardList(cards).forEach((c) => row.append(cardNode(c, "small")));
        team.append(row);
      });
      const reds = cardList(board.red_threes[t]);
      if (reds.length) {
        const r = el("div", { class: "reds" }, "red 3s ");
        reds.forEach((c) => r.append(cardNode(c, "small")));
        team.append(r);
      }
      shown.append(team);
    }
    const left = el("div", { class: "hands-left" }, el("h3", { text: "Cards left in hand" }));
    board.hands.forEach((cards, s) => {
      const row = el("div", { class: "hand-left", "data-seat": String(s) }, el("span", { class: "who", text: "seat " + s + (s === seat ? " (you)" : "") + ": " }));
      const list = cardList(cards);
      if (!list.length) row.append(el("span", { class: "none", text: board.went_out === s ? "went out" : "no cards" }));
      list.forEach((c) => row.append(cardNode(c, "small")));
      left.append(row);
    });
    shown.append(left);
    const table = $("hand-end-table");
    table.replaceChildren();
    table.append(el("tr", {}, el("th", { text: "" }), ...last.columns.map((c) => el("th", { text: c }))));
    last.rows.forEach((row) => {
      const total = row[0] === "hand total" || row[0] === "game score";
      table.append(el("tr", { class: total ? "total" : "" }, ...row.map((cell) => el("td", { text: cell }))));
    });
    const others = (payload.waiting_for || []).filter((s) => s !== seat);
    $("hand-end-wait").textContent = over ? "" : (others.length
      ? "The bots wait until every player has continued (" + others.map((s) => "seat " + s).join(", ") + " not yet)."
      : "The bots wait until you continue.");
    const wasHidden = box.hidden;
    box.hidden = false;
    box.dataset.hand = String(last.hand_number);
    document.body.dataset.handEnd = "open";
    if (wasHidden) $("hand-end-close").focus();
  }

  async function closeHandEnd() {
    const hands = payload.hand_scores.length;
    closedHands = Math.max(closedHands, hands);
    $("hand-end").hidden = true;
    document.body.dataset.handEnd = "closed";
    try {
      const response = await fetch(api + "/continue", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Kanasta-Token": token },
        body: JSON.stringify({ hands: hands }),
      });
      const reply = await response.json();
      if (reply.error) showMessage("Refused: " + reply.error.message, false);
      else accept(reply);
    } catch (err) {
      showMessage("Could not reach the table: " + err, false);
    }
    const first = $("hand").querySelector(".card");
    if (first) first.focus();
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
    $("hand-end-close").addEventListener("click", closeHandEnd);
    const sortWith = (how) => () => {
      sortBy = how;
      try { localStorage.setItem("kanasta-sort", how); } catch (err) { /* no storage */ }
      if (payload) render();
    };
    $("sort-rank").addEventListener("click", sortWith("rank"));
    $("sort-suit").addEventListener("click", sortWith("suit"));
    connect();
  });
})();
