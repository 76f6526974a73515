// The Review page: hand records pasted or uploaded (POST /api/review), or hand I of a run by
// seed and players (GET /api/review), each decision graded and each card valued.
import {
  RULES, STRATEGIES, api, clearError, el, header, options, query, ready, setQuery, showError,
} from "/static/common.js";
import { Board, SEAT_NAMES } from "/static/board.js";

header("review");
const main = document.getElementById("main");
main.append(el("p", { class: "lead" }, "Paste or upload hand records (the JSON lines `euchre-sim " +
  "replay` and `grade` read, one hand a line; a line may carry \"scores\": [team 0, team 1] " +
  "before the hand), or open hand I of a run. Every decision is graded from what its seat could " +
  "see, by the points (and with a score, the game-win chance) it gave up."));

const q = query();
const text = el("textarea", { id: "records", rows: 5, placeholder: '{"dealer": 0, "hands": [...], "upcard": "KS", ...}' });
const file = el("input", { type: "file", id: "file", accept: ".jsonl,.json,.txt" });
const worlds = options(el("select", { id: "worlds" }), [["256", "quick (up to 256 worlds)"],
  ["4096", "as grade (up to 4096 worlds)"]], q.worlds || "256");
const rules = options(el("select", { id: "rules" }), RULES, q.rules || "");
const seed = el("input", { type: "number", id: "seed", value: q.seed || "1", style: "width:90px" });
const handNo = el("input", { type: "number", id: "handno", value: q.hand || "7", min: 0, style: "width:90px" });
const strategy = options(el("select", { id: "strategy" }), STRATEGIES, q.strategy || "tuned");
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
  board = new Board(holder, h, { seat: show.value === "all" ? null : Number(show.value), first: at });
}

const fromGame = q.from === "game" ? sessionStorage.getItem("euchre-game-records") : null;
if (fromGame) {
  text.value = fromGame;
  go.click();
} else if (q.seed && q.hand) {
  open.click();
}
