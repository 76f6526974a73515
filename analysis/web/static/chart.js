// The Strategy chart: what the equilibrium bids by position, upcard rank and hand class
// (GET /api/chart); hover a cell for its shares, click it to price an example hand at the same
// score in the advisor (by touch: the first tap shows the shares, the second opens the advisor).
// The score is written as the advisor writes it, your team first (us-them); the API takes the
// dealing team's first, and the page turns one into the other by your position.
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
  "to price an example hand of that class in the advisor, at the same score."));

const q = query();
const kind = options(el("select", { id: "kind" }), [["order", "round 1: order up (alone or not)"],
  ["alone", "round 1: go alone"], ["call", "round 2: call a suit"]], q.kind || "order");
const position = options(el("select", { id: "position" }), POSITIONS, q.position || "first");
const score = el("input", { type: "text", id: "score", size: 6, value: q.score || "",
  placeholder: "0-0", list: "scores", autocomplete: "off" });
const scores = el("datalist", { id: "scores" });
const rules = options(el("select", { id: "rules" }), RULES.slice(0, 2), q.rules || "");
main.append(el("div", { class: "panel row" },
  el("label", { class: "field" }, "Chart", kind),
  el("label", { class: "field" }, "Your position", position),
  el("label", { class: "field" }, "Score before the hand (us-them)", score, scores),
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

// "us-them" as typed (blank: 0-0, any score) -> [us, them], or null
function usThem() {
  const t = score.value.trim();
  if (!t) return null;
  const m = t.match(/^(\d+)\s*[-\u2013:]\s*(\d+)$/);
  if (!m) throw new Error(`score ${JSON.stringify(t)}: write it as us-them, your team first, e.g. 9-6`);
  return [Number(m[1]), Number(m[2])];
}
// the dealing team's score first (the API's way): the dealer and his partner (second) are "us"
function dealersFirst(ut, pos) {
  return pos === "second" || pos === "dealer" ? ut : [ut[1], ut[0]];
}
let data = null;
let loaded = "";
for (const s of [kind, position, rules]) s.addEventListener("change", draw);
score.addEventListener("change", draw);

async function draw() {
  clearError(main);
  try {
    const ut = usThem();
    const dof = ut ? dealersFirst(ut, position.value) : null;
    setQuery({ kind: kind.value, position: position.value, score: ut ? ut.join("-") : "", rules: rules.value });
    const key = `${rules.value}|${dof ? dof.join("-") : ""}`;
    if (key !== loaded) {
      out.replaceChildren("Computing the chart (a few seconds)\u2026");
      await ready(["chart"], out);
      const p = new URLSearchParams();
      if (rules.value) p.set("rules", rules.value);
      if (dof) p.set("score", dof.join("-"));
      data = await api(`/api/chart?${p}`);
      loaded = key;
    }
    render(ut);
  } catch (err) {
    out.replaceChildren();
    showError(main, err.message);
  }
}

function colour(share) {
  // white to deep green
  const t = Math.max(0, Math.min(1, share));
  const r = Math.round(255 - t * (255 - 31)), g = Math.round(255 - t * (255 - 111)), b = Math.round(255 - t * (255 - 80));
  return `rgb(${r},${g},${b})`;
}

const CLASS = (t, b, a) => `${t} trump${t === 1 ? "" : "s"} \u00b7 ${b} bower${b === 1 ? "" : "s"} \u00b7 ${a} ace${a === 1 ? "" : "s"}`;

function render(ut) {
  const round = kind.value === "call" ? 2 : 1;
  const alone = kind.value === "alone";
  const cells = data.cells.filter((c) => c.round === round && c.position === position.value);
  const share = (c) => (alone ? c.alone : c.make + c.alone);
  const ranks = ["9", "T", "J", "Q", "K", "A"];
  const at = new Map(cells.map((c) => [`${c.trumps}|${c.bowers}|${c.off_aces}|${c.upcard_rank}`, c]));
  const get = (t, b, a, r) => { const c = at.get(`${t}|${b}|${a}|${r}`); return c && c.hands >= 20 ? c : null; };
  const classes = [...new Set(cells.map((c) => `${c.trumps}|${c.bowers}|${c.off_aces}`))]
    .map((k) => k.split("|").map(Number))
    .filter(([t, b, a]) => ranks.some((r) => get(t, b, a, r)))
    .sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2]);
  const verb = alone ? "goes alone with" : round === 1 ? "orders up" : "calls";
  scores.replaceChildren(...(data.solved || []).map(([d, o]) => {
    const u = position.value === "second" || position.value === "dealer" ? [d, o] : [o, d];
    return el("option", { value: u.join("-") }, `a table solved for it: the dealers at ${d}, the others at ${o}`);
  }));

  // a cell out of line with a neighbour one step stronger (one more trump, bower or ace, the
  // rest the same) or weaker, by more than chance on their hands allows
  function outOfLine(t, b, a, r, c) {
    const p = share(c);
    const found = [];
    for (const [dt, db, da, word] of [[1, 0, 0, "one more trump"], [0, 1, 0, "one more bower"], [0, 0, 1, "one more ace"]]) {
      for (const sign of [1, -1]) {
        const n = get(t + sign * dt, b + sign * db, a + sign * da, r);
        if (!n) continue;
        const q = share(n);
        const tol = 0.05 + 2 * Math.sqrt((p * (1 - p)) / c.hands + (q * (1 - q)) / n.hands);
        if (sign > 0 ? q < p - tol : q > p + tol) {
          found.push(`${CLASS(t + sign * dt, b + sign * db, a + sign * da)} (${sign > 0 ? word : word.replace("one more", "one fewer")}) ` +
            `${Math.round(100 * q)}% over ${n.hands.toLocaleString()} hands`);
        }
      }
    }
    return found;
  }

  const head = [el("tr", {}, el("th", { class: "class", rowspan: 2 }, "trumps \u00b7 bowers \u00b7 off-suit aces"),
    el("th", { colspan: ranks.length, style: "text-align:center" }, "upcard")),
  el("tr", {}, ranks.map((r) => el("th", { style: "text-align:center" }, r === "T" ? "10" : r)))];
  let odd = 0;
  const rows = classes.map(([t, b, a]) => el("tr", {},
    el("th", { class: "class" }, `${t} trump${t === 1 ? "" : "s"}`,
      el("span", { class: "rest" }, `${b} bower${b === 1 ? "" : "s"} \u00b7 ${a} ace${a === 1 ? "" : "s"}`)),
    ranks.map((r) => {
      const c = at.get(`${t}|${b}|${a}|${r}`);
      if (!c || c.hands < 20) return el("td", { class: "cell few" }, c ? "\u00b7" : "");
      const s = share(c);
      const always = alone ? c.alone_always : c.bid_always, mixed = alone ? c.alone_mixed : c.bid_mixed;
      const never = Math.max(0, 1 - always - mixed);
      const crossed = outOfLine(t, b, a, r, c);
      odd += crossed.length ? 1 : 0;
      const td = el("td", { class: `cell${crossed.length ? " odd" : ""}`,
        style: `background-color:${colour(s)};color:${s > 0.55 ? "#fff" : "#1d2330"}`,
        "data-share": s.toFixed(3), "data-hands": c.hands }, `${Math.round(100 * s)}%`);
      const pc = (x) => `${Math.round(100 * x)}%`;
      let html = `${CLASS(t, b, a)}; upcard ${r === "T" ? "10" : r}<br>` +
        `pass ${(100 * c.pass).toFixed(1)}% \u00b7 ${round === 1 ? "order up" : "call"} ${(100 * c.make).toFixed(1)}% \u00b7 alone ${(100 * c.alone).toFixed(1)}%<br>` +
        `${c.hands.toLocaleString()} hands of ${data.deals.toLocaleString()} deals: it ${verb} ${pc(always)} of them always, ` +
        `${pc(never)} never and mixes on ${pc(mixed)}<br>e.g. ${c.example}, upcard ${c.example_upcard}<br>`;
      if (crossed.length) {
        html += `<span class="why">Out of line with ${crossed.join("; ")}. A cell is the share over its hands, ` +
          "and the class does not tell them apart (which trumps besides the bowers, the side suits, voids): " +
          `${pc(mixed)} of these are hands where the equilibrium mixes, indifferent between its options ` +
          "(worth the same to it), and the rest are bid one way or the other by what the class leaves out, " +
          "so two classes' shares can cross." + (ut ? " At a score a weak hand may be ordered to stop " +
          "the other side's loner (a block), so the shares need not rise with strength." : "") + "</span><br>";
      }
      const link = () => {
        const p = new URLSearchParams({ hand: c.example, upcard: c.example_upcard, position: position.value,
          round: String(round), strategy: "equilibrium" });
        if (ut) p.set("score", ut.join("-"));
        if (rules.value) p.set("rules", rules.value);
        if (round === 2) p.set("assume_passed", "true");
        return `/advise?${p}`;
      };
      td.addEventListener("mousemove", (e) => {
        if (!pinned) showTip(html + "click: price this hand" + (ut ? ` at ${ut.join("-")}` : ""), e.clientX, e.clientY);
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
  const what = alone ? "goes alone" : round === 1 ? "orders up (alone or not)" : "calls a suit (alone or not)";
  const table = data.table;
  let at_score = "";
  if (ut) {
    const [d, o] = data.score;
    const solved = table && table.table !== `${d}-${o}`
      ? ` There the equilibrium bids by ${table.table === "0-0" ? "the 0-0 table" : `the table solved for the dealers at ${table.table.replace("-", ", the others at ")}`}` +
        (table.distance !== null ? `, the nearest in shape of the scores solved (${table.distance.toFixed(2)} points a hand apart).` : ".")
      : table ? " There the equilibrium bids by the table solved for this score." : "";
    at_score = `, at us ${ut[0]}, them ${ut[1]} (your team first, as the advisor writes it: the dealers at ${d}, the others at ${o}).${solved}`;
  } else {
    at_score = ", at 0-0 (the 0-0 table; points a hand).";
  }
  out.replaceChildren(
    el("div", { class: "small muted", id: "caption" }, `The share of hands the equilibrium ${what} when its turn comes: ` +
      `${position.value} position, ${data.rules}${at_score} ${data.deals.toLocaleString()} deals; \u00b7: fewer than 20 hands.` +
      (round === 1 && position.value === "dealer" ? " The dealer's class leaves out the upcard he picks up." : "")),
    odd ? el("div", { class: "small", id: "odd-legend" }, el("span", { class: "odd-mark" }),
      ` ${odd} cell${odd === 1 ? " is" : "s are"} out of line with a neighbour (one more or one fewer trump, bower or ace): hover or tap for why.`) : null,
    scroll(el("table", { class: "chart", id: "grid" }, ...head, rows)));
}

draw();
