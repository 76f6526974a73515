// The Play page: a game to 10 at South against the bots (POST /api/games), seeing only South's
// view; legal cards highlighted, a hint (the options priced as `decide --price`), and after each
// hand its review with South's decisions graded; the game saved as hand records.
import {
  RULES, SUIT_NAME, api, card, clearError, el, header, options, query, ready, scroll, setQuery,
  showError,
} from "/static/common.js";
import { Board, SEAT_NAMES } from "/static/board.js";

header("play");
const main = document.getElementById("main");
main.append(el("p", { class: "lead" }, "A game to 10 at South, your partner North, against the " +
  "bots you choose. You see only your own cards; the cards you may play are outlined. Hint " +
  "prices your options; after each hand your decisions are graded."));

const q = query();
const BOTS = [["tuned", "tuned"], ["equilibrium", "equilibrium"], ["pimc", "pimc (search)"]];
const seed = el("input", { type: "number", id: "seed", value: q.seed || "1", style: "width:90px" });
const partner = options(el("select", { id: "partner" }), BOTS, q.partner || "tuned");
const opponents = options(el("select", { id: "opponents" }), BOTS, q.opponents || "tuned");
const rules = options(el("select", { id: "rules" }), RULES, q.rules || "");
const start = el("button", { class: "primary", id: "start" }, "New game");
main.append(el("div", { class: "panel row" },
  el("label", { class: "field" }, "Seed (the deals)", seed), el("label", { class: "field" }, "Partner", partner),
  el("label", { class: "field" }, "Opponents", opponents), el("label", { class: "field" }, "Rules", rules), start));
const out = el("div", { id: "game" });
const SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
main.append(out);
let game = null;
let board = null;
let busy = false;
let linked = q.h || "";       // a hand's code from a link: the first game starts at its deal

start.addEventListener("click", async () => {
  // a link's hand (?h=CODE): the game starts at its deal and score, once
  const h = linked;
  linked = "";
  setQuery({ seed: seed.value, partner: partner.value, opponents: opponents.value, rules: rules.value, h });
  const p = new URLSearchParams({ seed: seed.value, seat: "0", partner: partner.value, opponents: opponents.value });
  if (rules.value) p.set("rules", rules.value);
  if (h) p.set("h", h);
  // the bots of the basic family play by their plain-Python twins while the players compile
  const twins = ["tuned", "basic", "conservative", "aggressive", "trump-count"];
  const bots = [partner.value, opponents.value];
  await ready(["players"].concat(bots.includes("pimc") ? ["pimc"] : []), out,
    bots.every((b) => twins.includes(b)) ? ["players"] : []);
  await call(() => api(`/api/games?${p}`, { method: "POST" }));
});

async function call(ask) {
  if (busy) return;
  busy = true;
  clearError(main);
  document.body.style.cursor = "progress";
  try {
    game = await ask();
    draw();
  } catch (err) {
    showError(main, err.message);
  } finally {
    busy = false;
    document.body.style.cursor = "";
  }
}

function act(action) {
  return call(() => api(`/api/games/${game.id}/act`, { method: "POST",
    headers: { "Content-Type": "application/json" }, body: JSON.stringify(action) }));
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function scoreLine(g) {
  return el("div", { class: "row", style: "justify-content:space-between" },
    el("span", { class: "scoreline", id: "score" }, `You & North ${g.scores[0]} \u2013 ${g.scores[1]} West & East`),
    el("span", { class: "muted" }, `hand ${g.hand} \u00b7 dealer ${SEAT_NAMES[g.dealer]} \u00b7 game to ${g.game_to} \u00b7 ` +
      `partner ${g.players.partner}, opponents ${g.players.opponents} \u00b7 seed ${g.seed}`));
}

function seatBox(g, seat, cards) {
  const place = ["south", "west", "north", "east"][seat];
  const turn = !g.done && seat === 0;
  const tags = [seat === g.dealer ? "dealer" : null, seat === g.maker ? `maker${g.alone ? ", alone" : ""}` : null].filter(Boolean);
  return el("div", { class: `seat ${place} ${turn ? "turn" : ""}` },
    el("div", { class: "name" }, el("b", {}, seat === 0 ? "You (South)" : SEAT_NAMES[seat]), tags.length ? ` \u00b7 ${tags.join(" \u00b7 ")}` : ""),
    el("div", {}, cards));
}

function draw() {
  const g = game;
  if (board) { board.destroy(); board = null; }
  const v = g.view;
  const legalCards = v ? v.legal.filter((a) => a.card).map((a) => a.card) : [];
  const mine = (v ? g.kept : g.dealt[0]).map((c) => {
    const legal = legalCards.includes(c);
    const x = card(c, v ? (legal ? "legal" : (legalCards.length ? "illegal" : "")) : "");
    if (legal) {
      const a = v.legal.find((l) => l.card === c);
      x.addEventListener("click", () => act(a));
    }
    return x;
  });
  const played = v ? v.plays : g.record.plays;
  const held = [1, 2, 3].map((s) => 5 - played.filter(([p]) => p === s).length);
  const seats = [seatBox(g, 0, mine)];
  for (const s of [1, 2, 3]) {
    const cards = v ? Array.from({ length: Math.max(0, held[s - 1]) }, () => card("9C", "back small")) : g.dealt[s].map((c) => card(c, "small"));
    seats.push(seatBox(g, s, cards));
  }
  const center = el("div", { class: "center", id: "trick" });
  const slot = { 0: [3, 2], 1: [2, 1], 2: [1, 2], 3: [2, 3] };
  for (const [s, c] of g.trick || []) {
    const x = card(c, "small");
    [x.style.gridRow, x.style.gridColumn] = slot[s];
    center.append(x);
  }
  if (!g.trick || !g.trick.length) {
    center.append(el("div", { class: "info" }, g.trump ? `trump ${SUIT_NAME[g.trump]} \u00b7 tricks ${g.tricks[0]}-${g.tricks[1]}` : "upcard ",
      g.trump ? "" : card(g.upcard, "small")));
  }
  const parts = [scoreLine(g), contract(g), v ? null : el("div", { class: "small muted" }, "The hand is over: the full record, every hand as dealt."),
    el("div", { class: "table-wrap", style: "margin-top:8px" }, ...seats, center)];
  if (g.events.length) {
    parts.push(el("div", { class: "log", id: "events" }, "Since your last move: ",
      g.events.map((e) => `${SEAT_NAMES[e.seat]} ${e.text}`).join(" \u00b7 ")));
  }
  if (g.bidding.length) {
    parts.push(el("div", { class: "log", id: "bids" }, "Bidding: ", g.bidding.map((b) => `${SEAT_NAMES[b.seat]} ${b.text}`).join(" \u00b7 ")));
  }
  if (v) parts.push(lastTrick(g), actions(g));
  else parts.push(finished(g));
  parts.push(history(g));
  out.replaceChildren(el("div", { class: "panel" }, ...parts));
}

// trump, the maker, who is alone and the tricks each side has won, all hand long
function contract(g) {
  if (!g.trump) return el("div", { class: "contract", id: "contract" }, g.done ? "No trump: passed out" : "No trump yet: bidding");
  const maker = g.maker === 0 ? "you" : SEAT_NAMES[g.maker];
  return el("div", { class: "contract", id: "contract" },
    el("b", {}, `Trump ${SYMBOL[g.trump]} ${SUIT_NAME[g.trump]}`),
    ` \u00b7 made by ${maker}${g.alone ? " alone" : ""} \u00b7 tricks: you & North ${g.tricks[0]}, West & East ${g.tricks[1]}`);
}

function lastTrick(g) {
  const v = g.view;
  const k = g.trick_winners.length;
  if (!k) return el("span");
  const n = g.alone ? 3 : 4;
  const cards = v.plays.slice((k - 1) * n, k * n);
  return el("div", { class: "log" }, `Last trick (${SEAT_NAMES[g.trick_winners[k - 1]]} won): `,
    cards.map(([s, c]) => el("span", { style: "margin-right:6px" }, `${SEAT_NAMES[s]} `, card(c, "small"))));
}

function actions(g) {
  const v = g.view;
  const box = el("div", { class: "actions", id: "actions" });
  const nonCard = v.legal.map((a, i) => [a, g.legal_text[i]]).filter(([a]) => !a.card);
  if (g.phase === "discard") box.append(el("span", { class: "muted" }, "You took the upcard: choose a card to discard. "));
  else if (g.phase === "play") box.append(el("span", { class: "muted" }, "Your turn: play an outlined card. "));
  else box.append(el("span", { class: "muted" }, `Round ${g.phase === "round1" ? 1 : 2}, upcard `, card(g.upcard, "small"), ": "));
  for (const [a, t] of nonCard) {
    box.append(el("button", { "data-action": JSON.stringify(a), onclick: () => act(a) }, t));
  }
  const hintBox = el("div", { id: "hint" });
  box.append(el("button", { id: "hint-button", onclick: async () => {
    hintBox.replaceChildren("Pricing your options\u2026");
    try {
      await ready(["solver"], hintBox, ["solver"]);
      const h = await api(`/api/games/${g.id}/hint`);
      hintBox.replaceChildren(scroll(el("table", { class: "data" },
        el("tr", {}, ["option", "points a hand", "95% interval", "gives up"].map((x) => el("th", {}, x))),
        h.options.map((o) => el("tr", { class: o.loss === 0 ? "best" : "" },
          el("td", {}, describe(o, g), same(strip(o), h.action) ? " (tuned's choice)" : ""),
          el("td", { class: "num" }, o.value.toFixed(3)), el("td", { class: "num" }, `[${o.low.toFixed(3)}, ${o.high.toFixed(3)}]`),
          el("td", { class: "num" }, o.loss.toFixed(3)))))),
      sure(h, g), el("div", { class: "small muted" }, `Values: ${h.priced_by}.`),
      h.interim ? el("div", { class: "small", id: "hint-interim" }, `This is ${h.interim.text}.`) : "");
    } catch (err) { hintBox.replaceChildren(el("div", { class: "banner error" }, err.message)); }
  } }, "Hint"));
  return el("div", {}, box, hintBox);
}

// how sure the hint is: its best against the runner-up, the runner-up's loss with its interval
// on the hint's worlds (an interval holding 0: too close for the hint to call)
function sure(h, g) {
  const byLoss = [...h.options].sort((a, b) => a.loss - b.loss);
  if (byLoss.length < 2) return el("div", { class: "small", id: "hint-sure" }, "The only option.");
  const [best, next] = byLoss;
  const f = (x) => x.toFixed(2);
  const gap = `${f(next.loss)} [${f(next.loss_low)}, ${f(next.loss_high)}] points a hand`;
  if (next.loss_high <= 1e-9) {
    return el("div", { class: "small", id: "hint-sure" }, `How sure: on ${h.worlds} worlds ` +
      `${describe(best, g)} and ${describe(next, g)} are worth the same (either will do).`);
  }
  return el("div", { class: "small", id: "hint-sure" }, next.loss_low <= 0
    ? `How sure: not very. On ${h.worlds} worlds ${describe(best, g)} leads ${describe(next, g)} by ${gap}, ` +
      "an interval that holds 0: too close for the hint to call, and a grade on more worlds may put them the other way."
    : `How sure: on ${h.worlds} worlds ${describe(best, g)} leads ${describe(next, g)}, the next best, by ${gap}.`);
}

function strip(o) {
  const a = { action: o.action };
  if (o.suit !== undefined) a.suit = o.suit;
  if (o.alone !== undefined) a.alone = o.alone;
  if (o.card !== undefined) a.card = o.card;
  return a;
}
// an option in the buttons' words (the dealer picks up the upcard, the others order it up)
function describe(o, g) {
  if (o.action === "pass") return "pass";
  if (o.action === "order_up") return `${g.dealer === g.seat ? "pick up" : "order up"} ${SYMBOL[g.upcard[1]]}` + (o.alone ? " alone" : "");
  if (o.action === "call") return `call ${SUIT_NAME[o.suit]}` + (o.alone ? " alone" : "");
  return `${o.action} ${o.card}`;
}

function finished(g) {
  const last = g.history[g.history.length - 1];
  const review = el("div", { class: "panel", id: "hand-review" }, "Grading your decisions\u2026");
  const next = g.over
    ? el("div", { class: "verdict", id: "game-over" }, `Game over: ${g.winner === 0 ? "you and North win" : "West and East win"} ${g.scores[0]}-${g.scores[1]}.`)
    : el("button", { class: "primary", id: "next", onclick: () => call(() => api(`/api/games/${g.id}/next`, { method: "POST" })) }, "Next hand");
  const box = el("div", {}, el("div", { class: "verdict", id: "result" }, `Hand ${last.hand}: ${last.text}; points ${last.points[0]}-${last.points[1]}.`),
    el("div", { class: "actions" }, next), review);
  gradeHand(g, review);
  return box;
}

async function gradeHand(g, where) {
  try {
    await ready(["solver"], where);
    const h = await api(`/api/games/${g.id}/review?hand=${g.history.length}&worlds=256`);
    if (game !== g) return;
    where.replaceChildren();
    board = new Board(where, h, { seat: null, first: "graded" });
  } catch (err) {
    where.replaceChildren(el("div", { class: "banner error" }, err.message));
  }
}

function history(g) {
  if (!g.history.length) return el("span");
  const save = el("a", { href: `/api/games/${g.id}/records`, download: `euchre-game-${g.seed}.jsonl`, id: "save" }, "Save the game (hand records)");
  const toReview = el("a", { href: "#", id: "to-review", onclick: async (e) => {
    e.preventDefault();
    const r = await fetch(`/api/games/${g.id}/records`);
    sessionStorage.setItem("euchre-game-records", await r.text());
    location.href = "/review?from=game";
  } }, "open them in Review");
  return el("div", { style: "margin-top:10px" }, el("h3", { style: "margin:6px 0" }, "History"),
    scroll(el("table", { class: "data", id: "history" }, el("tr", {}, ["hand", "dealer", "score before", "what happened", "points", "score"].map((x) => el("th", {}, x))),
      g.history.map((h) => el("tr", {}, el("td", {}, h.hand), el("td", {}, SEAT_NAMES[h.dealer]),
        el("td", {}, h.scores_before.join("-")), el("td", {}, h.text), el("td", {}, h.points.join("-")), el("td", {}, h.scores.join("-")))))),
    el("div", { class: "small", style: "margin-top:6px" }, save, " \u00b7 ", toReview, " \u00b7 or grade them with ", el("code", {}, "euchre-sim grade FILE")));
}

if (q.seed || q.h) start.click();
