// The Review page: hand records pasted or uploaded (POST /api/review), or hand I of a run by
// seed and players (GET /api/review), each decision graded and each card valued; each seat's
// accuracy, the game-win chance through the hand and the best action at each decision; "show
// me how" from a decision (POST /api/review/show-how), the deal played by the bots at one seat
// (POST /api/review/duplicate), and a link to the hand (/review?h=CODE, /api/links).
import {
  RULES, api, inputsOf, clearError, el, header, options, query, ready, setQuery, showError,
} from "/static/common.js";
import { Board, SEAT_NAMES } from "/static/board.js";

header("review");
const main = document.getElementById("main");
main.append(el("p", { class: "lead" }, "Paste or upload hand records (the JSON lines `euchre-sim " +
  "replay` and `grade` read, one hand a line; a line may carry \"scores\": [team 0, team 1] " +
  "before the hand; or Trickster Cards' PTN records), or open hand I of a run. Every decision is " +
  "graded from what its seat could see, by the points and the game-win chance it gave up; the " +
  "best option is marked, each player gets an accuracy, and any decision can show how."));

const q = query();
const text = el("textarea", { id: "records", rows: 5, placeholder: '{"dealer": 0, "hands": [...], "upcard": "KS", ...}' });
const file = el("input", { type: "file", id: "file", accept: ".jsonl,.json,.txt,.ptn" });
const worlds = options(el("select", { id: "worlds" }), [["256", "quick (up to 256 worlds)"],
  ["4096", "as grade (up to 4096 worlds)"]], q.worlds || "256");
const rules = options(el("select", { id: "rules" }), RULES, q.rules || "");
const seed = el("input", { type: "number", id: "seed", value: q.seed || "1", style: "width:90px" });
const handNo = el("input", { type: "number", id: "handno", value: q.hand || "7", min: 0, style: "width:90px" });
// the players a run's hand may be played by: the built-ins, as /api/questions lists them
const players = (await inputsOf("decide")).strategy;
const strategy = options(el("select", { id: "strategy" }), players.choices, q.strategy || players.default);
const show = options(el("select", { id: "show" }), [["all", "all four hands"],
  ...SEAT_NAMES.map((n, i) => [String(i), `only ${n}'s`])], q.show || "all");
const go = el("button", { class: "primary", id: "go" }, "Review these records");
const open = el("button", { class: "primary", id: "open" }, "Open this hand");

file.addEventListener("change", async () => {
  const f = file.files[0];
  if (!f) return;
  if (f.size > 1 << 20) { showError(main, `${f.name}: ${f.size.toLocaleString()} bytes, at most 1 MB`); return; }
  text.value = await f.text();
});

main.append(el("div", { class: "panel" },
  el("div", { class: "row" }, el("label", { class: "field", style: "flex:1" }, "Hand records", text)),
  el("div", { class: "row", style: "margin-top:8px" }, el("label", { class: "field" }, "or a file", file), go,
    el("span", { class: "muted" }, "\u00a0or\u00a0"),
    el("label", { class: "field" }, "Seed", seed), el("label", { class: "field" }, "Hand", handNo),
    el("label", { class: "field" }, "Players", strategy), open),
  el("div", { class: "row", style: "margin-top:8px" },
    el("label", { class: "field" }, "Grading", worlds), el("label", { class: "field" }, "Rules", rules),
    el("label", { class: "field" }, "Show", show))));

const pick = el("select", { id: "pick" });
const out = el("div", { id: "review" });
main.append(out);
let answer = null;
let board = null;

go.addEventListener("click", () => run(() => api(`/api/review?${params()}`, { method: "POST", body: text.value })));
open.addEventListener("click", () => {
  setQuery({ seed: seed.value, hand: handNo.value, strategy: strategy.value, rules: rules.value,
    worlds: worlds.value, show: show.value });
  run(() => api(`/api/review?${params({ seed: seed.value, hand: handNo.value, strategy: strategy.value })}`));
});
show.addEventListener("change", () => answer && draw(board ? board.i : 0));
pick.addEventListener("change", () => draw());

function params(extra = {}) {
  const p = new URLSearchParams({ worlds: worlds.value, ...extra });
  if (rules.value) p.set("rules", rules.value);
  return p;
}

async function run(ask) {
  clearError(main);
  out.replaceChildren(el("div", { class: "panel", id: "working" }, "Grading every decision (a few seconds a hand)\u2026"));
  go.disabled = open.disabled = true;
  try {
    await ready(["solver"], out);
    answer = await ask();
    pick.replaceChildren(...answer.hands.map((h, i) => el("option", { value: i },
      `hand ${h.hand}${h.error ? " (error)" : ""}`)));
    draw();
  } catch (err) {
    out.replaceChildren();
    showError(main, err.message);
  } finally {
    go.disabled = open.disabled = false;
  }
}

function draw(at = 0) {
  if (board) board.destroy();
  const h = answer.hands[Number(pick.value || 0)];
  const holder = el("div", { class: "panel", id: "hand" });
  out.replaceChildren(el("div", { class: "row", style: "margin-bottom:8px" },
    answer.hands.length > 1 ? el("label", { class: "field" }, "Hand", pick) : null,
    answer.source ? el("span", { class: "muted" }, answer.source) : null), holder);
  if (h.error) { holder.append(el("div", { class: "banner error" }, `hand ${h.hand}: ${h.error}`)); return; }
  board = new Board(holder, h, { seat: show.value === "all" ? null : Number(show.value), first: at,
    showHow: (s) => showHow(h, s) });
  const dupSeat = options(el("select", { id: "dup-seat" }), SEAT_NAMES.map((n, i) => [String(i), n]),
    show.value === "all" ? "0" : show.value);
  const how = el("div", { id: "how" });
  const dup = el("div", { id: "duplicate" });
  const linkOut = el("span", { id: "link-out", class: "small" });
  holder.append(how, el("div", { class: "row", style: "margin-top:10px" },
    el("label", { class: "field" }, "Seat", dupSeat),
    el("button", { type: "button", id: "dup-go", onclick: () => duplicate(h, Number(dupSeat.value), dup) },
      "Play this deal with the bots at that seat"),
    h.unfinished ? null : el("button", { type: "button", id: "link-go", onclick: () => makeLink(h, linkOut) }, "Link to this hand"),
    linkOut), dup);
}

function bodyOf(h, extra = {}) {
  return { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ record: h.record, partial: Boolean(h.unfinished), ...extra }) };
}

// the rest of the hand from a decision, with the best choice there and tuned at every seat,
// beside what happened
async function showHow(h, s) {
  const where = document.getElementById("how");
  clearError(main);
  where.replaceChildren(el("div", { class: "panel" }, `Replaying from decision ${s.number}\u2026`));
  const choice = s.best || s.action;       // a forced decision: its one action
  try {
    const r = await api(`/api/review/show-how?${params()}`, bodyOf(h, { step: s.number, choice,
      chosen_by: s.best && !s.played_best ? "the best, as the review grades it" : "the action taken, as good as the best" }));
    const col = (title, part, cls) => el("div", { class: `panel ${cls}` }, el("b", {}, title),
      el("ol", {}, part.steps.map((x, j) => el("li", { class: j === 0 ? "first" : "" },
        `${x.number}. ${SEAT_NAMES[x.seat]}: ${x.text}`))),
      el("div", { class: "small" }, resultText(part.result)));
    where.replaceChildren(el("div", { class: "panel", id: "how-panel" },
      el("div", { style: "font-weight:600" }, `Show me how, from decision ${r.step} (${SEAT_NAMES[r.seat]}): ${r.choice_text} (${r.chosen_by})` +
        `${r.same ? ", the action taken" : `, instead of ${r.taken_text}`}, then ${r.players} at every seat`),
      el("div", { class: "how-cols" }, col("What happened", r.happened, "how-happened"),
        col(`With ${r.choice_text}, then ${r.players}`, r.shown, "how-shown"))));
    where.scrollIntoView({ block: "nearest" });
  } catch (err) {
    where.replaceChildren();
    showError(main, err.message);
  }
}

function resultText(r) {
  if (r.unfinished) return `unfinished: ${r.unfinished}`;
  if (r.passed_out) return "passed out";
  const net = r.net === undefined ? "" : ` (${r.net >= 0 ? "+" : ""}${r.net} to the seat's team)`;
  return `${SEAT_NAMES[r.maker]} made ${r.trump}${r.alone ? " alone" : ""}; tricks ${r.tricks[0]}-${r.tricks[1]}; ` +
    `points ${r.points[0]}-${r.points[1]}${net}`;
}

async function duplicate(h, seat, where) {
  clearError(main);
  where.replaceChildren(el("div", { class: "panel" }, "Dealing it again to the bots\u2026"));
  try {
    const r = await api(`/api/review/duplicate?${params({ seat })}`, bodyOf(h));
    const t = el("table", { class: "data dup", id: "duplicate-table" },
      el("tr", {}, ["at " + SEAT_NAMES[seat], "what it did with the cards, and the result"].map((x) => el("th", {}, x))));
    for (const row of r.rows) {
      t.append(el("tr", {}, el("td", { title: row.spec || "" }, el("b", {}, row.player)),
        el("td", {}, row.did.join(", "), el("div", { class: "small muted" }, resultText(row.result)))));
    }
    where.replaceChildren(el("div", { class: "panel" }, el("b", {}, `Duplicate: the same deal, the bots at ${SEAT_NAMES[seat]}`),
      el("div", { class: "scroll" }, t), el("div", { class: "small muted" }, r.note)));
  } catch (err) {
    where.replaceChildren();
    showError(main, err.message);
  }
}

async function makeLink(h, where) {
  try {
    const r = await api("/api/links", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(h.record) });
    const url = `${location.origin}${r.review}`;
    where.replaceChildren(el("a", { href: r.review, id: "hand-link" }, url), " \u00b7 ",
      el("a", { href: r.advise }, "the advisor at this hand"));
  } catch (err) {
    where.replaceChildren(el("span", { class: "muted" }, err.message));
  }
}

const fromGame = q.from === "game" ? sessionStorage.getItem("euchre-game-records") : null;
if (q.h) {
  api(`/api/links/${encodeURIComponent(q.h)}`).then((r) => {
    text.value = JSON.stringify(r.record);
    go.click();
  }, (err) => showError(main, `the link: ${err.message}`));
} else if (fromGame) {
  text.value = fromGame;
  go.click();
} else if (q.seed && q.hand) {
  open.click();
}
