// The Strategy chart: what the equilibrium bids by position, upcard rank and hand class
// (GET /api/chart); hover a cell for its shares, click it to price an example hand (by touch:
// the first tap shows the shares, the second opens the advisor).
import {
  POSITIONS, RULES, api, clearError, el, header, options, query, ready, scroll, setQuery,
  showError,
} from "/static/common.js";

header("chart");
const main = document.getElementById("main");
main.append(el("p", { class: "lead" }, "How often the equilibrium (the bidding game solved by " +
  "counterfactual regret) makes each bid when its turn comes, by your position, the upcard's " +
  "rank and your hand's class: trumps (the left bower counted), bowers and off-suit aces. In " +
  "round 2 the class is that of your best suit to call. Hover a cell for its shares; click it " +
  "to price an example hand of that class in the advisor."));

const q = query();
const kind = options(el("select", { id: "kind" }), [["order", "round 1: order up (alone or not)"],
  ["alone", "round 1: go alone"], ["call", "round 2: call a suit"]], q.kind || "order");
const position = options(el("select", { id: "position" }), POSITIONS, q.position || "first");
const score = options(el("select", { id: "score" }), [["", "0-0 (any score)"], ["4-9", "dealers 4, others 9"],
  ["6-8", "dealers 6, others 8"], ["8-8", "8-8"], ["8-9", "dealers 8, others 9"], ["9-6", "dealers 9, others 6"],
  ["9-8", "dealers 9, others 8"], ["9-9", "9-9"]], q.score || "");
const rules = options(el("select", { id: "rules" }), RULES.slice(0, 2), q.rules || "");
main.append(el("div", { class: "panel row" },
  el("label", { class: "field" }, "Chart", kind),
  el("label", { class: "field" }, "Your position", position),
  el("label", { class: "field" }, "Score before the hand", score),
  el("label", { class: "field" }, "Rules", rules)));
const out = el("div", { class: "panel", id: "chart" }, "Loading\u2026");
main.append(out);
const tip = el("div", { class: "tip", id: "tip" });
document.body.append(tip);
let pointer = "mouse";       // what pressed last: a finger has no hover, so its first tap shows
let pinned = null;           // the cell whose shares a tap showed
document.addEventListener("pointerdown", (e) => {
  pointer = e.pointerType;
  if (pinned && !e.target.closest("td.cell") && !e.target.closest(".tip")) unpin();
}, true);
function unpin() { pinned = null; tip.classList.remove("pinned"); tip.style.display = "none"; }

// the tip beside (x, y), kept inside the window
function showTip(html, x, y) {
  tip.innerHTML = html;
  tip.style.display = "block";
  const w = tip.offsetWidth, h = tip.offsetHeight;
  tip.style.left = `${Math.max(4, Math.min(x + 14, innerWidth - w - 4))}px`;
  tip.style.top = `${y + 10 + h > innerHeight ? Math.max(4, y - h - 10) : y + 10}px`;
}

let data = null;
let loaded = "";
for (const s of [kind, position, score, rules]) s.addEventListener("change", draw);

async function draw() {
  clearError(main);
  setQuery({ kind: kind.value, position: position.value, score: score.value, rules: rules.value });
  const key = `${rules.value}|${score.value}`;
  try {
    if (key !== loaded) {
      out.replaceChildren("Computing the chart (a few seconds)\u2026");
      await ready(["chart"], out);
      const p = new URLSearchParams();
      if (rules.value) p.set("rules", rules.value);
      if (score.value) p.set("score", score.value);
      data = await api(`/api/chart?${p}`);
      loaded = key;
    }
    render();
  } catch (err) {
    showError(main, err.message);
  }
}

function colour(share) {
  // white to deep green
  const t = Math.max(0, Math.min(1, share));
  const r = Math.round(255 - t * (255 - 31)), g = Math.round(255 - t * (255 - 111)), b = Math.round(255 - t * (255 - 80));
  return `rgb(${r},${g},${b})`;
}

function render() {
  const round = kind.value === "call" ? 2 : 1;
  const cells = data.cells.filter((c) => c.round === round && c.position === position.value);
  const share = (c) => (kind.value === "alone" ? c.alone : c.make + c.alone);
  const ranks = ["9", "T", "J", "Q", "K", "A"];
  const at = new Map(cells.map((c) => [`${c.trumps}|${c.bowers}|${c.off_aces}|${c.upcard_rank}`, c]));
  const classes = [...new Set(cells.map((c) => `${c.trumps}|${c.bowers}|${c.off_aces}`))]
    .map((k) => k.split("|").map(Number))
    .filter(([t]) => t >= 1)
    .filter(([t, b, a]) => ranks.some((r) => (at.get(`${t}|${b}|${a}|${r}`) || { hands: 0 }).hands >= 20))
    .sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2]);
  const head = [el("tr", {}, el("th", { class: "class", rowspan: 2 }, "trumps \u00b7 bowers \u00b7 off-suit aces"),
    el("th", { colspan: ranks.length, style: "text-align:center" }, "upcard")),
  el("tr", {}, ranks.map((r) => el("th", { style: "text-align:center" }, r === "T" ? "10" : r)))];
  const rows = classes.map(([t, b, a]) => el("tr", {},
    el("th", { class: "class" }, `${t} trump${t > 1 ? "s" : ""}`,
      el("span", { class: "rest" }, `${b} bower${b === 1 ? "" : "s"} \u00b7 ${a} ace${a === 1 ? "" : "s"}`)),
    ranks.map((r) => {
      const c = at.get(`${t}|${b}|${a}|${r}`);
      if (!c || c.hands < 20) return el("td", { class: "cell few" }, c ? "\u00b7" : "");
      const s = share(c);
      const td = el("td", { class: "cell", style: `background:${colour(s)};color:${s > 0.55 ? "#fff" : "#1d2330"}`,
        "data-share": s.toFixed(3) }, `${Math.round(100 * s)}%`);
      const html = `${t} trumps, ${b} bowers, ${a} off-suit aces; upcard ${r}<br>` +
        `pass ${(100 * c.pass).toFixed(1)}% \u00b7 ${round === 1 ? "order up" : "call"} ${(100 * c.make).toFixed(1)}% \u00b7 alone ${(100 * c.alone).toFixed(1)}%<br>` +
        `${c.hands.toLocaleString()} hands of ${data.deals.toLocaleString()} deals; e.g. ${c.example}, upcard ${c.example_upcard}<br>`;
      const link = () => {
        const p = new URLSearchParams({ hand: c.example, upcard: c.example_upcard, position: position.value,
          round: String(round), strategy: "equilibrium" });
        if (rules.value) p.set("rules", rules.value);
        if (round === 2) p.set("assume_passed", "true");
        return `/advise?${p}`;
      };
      td.addEventListener("mousemove", (e) => {
        if (!pinned) showTip(html + "click: price this hand", e.clientX, e.clientY);
      });
      td.addEventListener("mouseleave", () => { if (!pinned) tip.style.display = "none"; });
      td.addEventListener("click", () => {
        if (pointer === "touch" && pinned !== td) {
          const box = td.getBoundingClientRect();
          showTip(html + `<a href="${link()}">price this hand</a> (or tap the cell again)`, box.left, box.bottom);
          pinned = td;
          tip.classList.add("pinned");
          return;
        }
        location.href = link();
      });
      return td;
    })));
  const what = kind.value === "alone" ? "goes alone" : round === 1 ? "orders up (alone or not)" : "calls a suit (alone or not)";
  out.replaceChildren(
    el("div", { class: "small muted" }, `The share of hands the equilibrium ${what} when its turn comes: ` +
      `${position.value} position, ${data.rules}` + (data.score ? `, the dealing team at ${data.score[0]}, the other at ${data.score[1]}` : "") +
      `. ${data.deals.toLocaleString()} deals; \u00b7: fewer than 20 hands.` +
      (round === 1 && position.value === "dealer" ? " The dealer's class leaves out the upcard he picks up." : "")),
    scroll(el("table", { class: "chart", id: "grid" }, ...head, rows)));
}

draw();
