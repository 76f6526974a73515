// The Advise page: five cards, the upcard and the seat in, every option priced out, as
// `euchre-sim advise` answers (GET /api/advise?progress=true streams its progress).
import {
  POSITIONS, RANKS, RULES, STRATEGIES, SUITS, api, card, clearError, el, header, options, pct,
  query, ready, scroll, setQuery, showError, signed,
} from "/static/common.js";

header("advise");
const main = document.getElementById("main");
main.append(el("p", { class: "lead" }, "Click five cards and the upcard (or type them), choose " +
  "the seat, and every option is played out on the same deals of the unseen cards, everyone " +
  "else bidding and playing by the chosen players. Values are points a hand for your team, " +
  "with 95% intervals; with a score, the chance of winning the game too."));

const q = query();
let hand = (q.hand || "").split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
let upcard = (q.upcard || "").toUpperCase();
let picking = "hand";

const grid = el("div", { class: "grid24", id: "grid" });
const handText = el("input", { type: "text", id: "hand", size: 22, value: hand.join(" "),
  placeholder: "JS AS 9H 9D TC" });
const upText = el("input", { type: "text", id: "upcard", size: 4, value: upcard, placeholder: "9S" });
const pickHand = el("input", { type: "radio", name: "pick", checked: true,
  onchange: () => { picking = "hand"; } });
const pickUp = el("input", { type: "radio", name: "pick", onchange: () => { picking = "upcard"; } });
const position = options(el("select", { id: "position" }), POSITIONS, q.position || "first");
const round = options(el("select", { id: "round" }), [["1", "1: order up or pass"],
  ["2", "2: call a suit or pass"]], q.round || "1");
const score = el("input", { type: "text", id: "score", size: 6, value: q.score || "",
  placeholder: "e.g. 6-8" });
const strategy = options(el("select", { id: "strategy" }), STRATEGIES, q.strategy || "equilibrium");
const rules = options(el("select", { id: "rules" }), RULES, q.rules || "");
const discard = el("input", { type: "text", id: "discard", size: 4, value: q.discard || "",
  placeholder: "e.g. TC" });
const assumed = el("input", { type: "checkbox", id: "assume_passed", checked: q.assume_passed === "true" });
const go = el("button", { class: "primary", id: "go", type: "submit" }, "Price the options");
const stop = el("button", { type: "button", id: "stop", disabled: true }, "Stop");

for (const s of SUITS) {
  for (const r of RANKS) {
    const c = card(r + s);
    c.addEventListener("click", () => toggle(r + s));
    grid.append(c);
  }
}

function toggle(name) {
  if (picking === "upcard") {
    upcard = upcard === name ? "" : name;
    hand = hand.filter((c) => c !== name);
  } else if (hand.includes(name)) {
    hand = hand.filter((c) => c !== name);
  } else if (hand.length < 5 && name !== upcard) {
    hand.push(name);
    if (hand.length === 5) { picking = "upcard"; pickUp.checked = true; }
  }
  handText.value = hand.join(" ");
  upText.value = upcard;
  paint();
}
function paint() {
  for (const c of grid.children) {
    c.classList.toggle("in-hand", hand.includes(c.dataset.card));
    c.classList.toggle("upcard", c.dataset.card === upcard);
  }
}
handText.addEventListener("input", () => {
  hand = handText.value.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
  paint();
});
upText.addEventListener("input", () => { upcard = upText.value.trim().toUpperCase(); paint(); });
paint();

const form = el("form", { class: "panel", id: "ask" },
  el("div", { class: "row" },
    el("div", {}, grid, el("div", { class: "small muted", style: "margin-top:6px" }, "A click sets: ",
      el("label", { class: "check", style: "display:inline-flex" }, pickHand, "my hand"), " ",
      el("label", { class: "check", style: "display:inline-flex" }, pickUp, "the upcard"))),
    el("div", { style: "display:flex;flex-direction:column;gap:10px" },
      el("div", { class: "row" },
        el("label", { class: "field" }, "Hand", handText),
        el("label", { class: "field" }, "Upcard", upText),
        el("label", { class: "field" }, "Position", position),
        el("label", { class: "field" }, "Round", round)),
      el("div", { class: "row" },
        el("label", { class: "field" }, "Score (us-them)", score),
        el("label", { class: "field" }, "Players around the table", strategy),
        el("label", { class: "field" }, "Rules", rules),
        el("label", { class: "field" }, "Discard", discard)),
      el("div", { class: "row" },
        el("label", { class: "check" }, assumed, "round 2: assume I passed in round 1"),
        go, stop))));
main.append(form);
const out = el("div", { id: "answer" });
main.append(out);

let controller = null;
stop.addEventListener("click", () => controller && controller.abort());
form.addEventListener("submit", (e) => { e.preventDefault(); ask(); });

function question() {
  return { hand: hand.join(" "), upcard, position: position.value, round: round.value,
    score: score.value.trim(), strategy: strategy.value, rules: rules.value,
    discard: discard.value.trim(), assume_passed: assumed.checked ? "true" : "" };
}

async function ask() {
  clearError(main);
  const qq = question();
  setQuery(qq);
  out.replaceChildren(el("div", { class: "panel" }, el("div", { id: "status" }, "Dealing\u2026"),
    el("div", { class: "progress" }, el("div", { id: "bar" }))));
  go.disabled = true; stop.disabled = false;
  controller = new AbortController();
  try {
    await ready(["advisor"], out);
    const p = new URLSearchParams({ ...Object.fromEntries(Object.entries(qq).filter(([, v]) => v)),
      progress: "true" });
    const r = await fetch(`/api/advise?${p}`, { signal: controller.signal });
    if (!r.ok) throw new Error((await r.json()).error);
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = JSON.parse(buf.slice(0, i)); buf = buf.slice(i + 1);
        if (line.progress) {
          const [d, t] = line.progress;
          document.getElementById("bar").style.width = `${Math.min(100, (100 * d) / Math.max(t, 1))}%`;
          document.getElementById("status").textContent = `Dealing: ${d.toLocaleString()} of about ${t.toLocaleString()} deals`;
        } else if (line.answer) {
          show(line.answer);
        } else if (line.error) {
          throw new Error(line.error);
        }
      }
    }
  } catch (err) {
    out.replaceChildren();
    showError(main, err.name === "AbortError" ? "Stopped." : err.message);
  } finally {
    go.disabled = false; stop.disabled = true; controller = null;
  }
}

function verdict(rec, unit, scale = 1) {
  if (!rec.runner_up) return [el("b", {}, rec.option), " (the only option)"];
  const d = (scale * rec.difference).toFixed(3);
  const lo = (scale * rec.low).toFixed(3);
  const hi = (scale * rec.high).toFixed(3);
  if (!rec.decided) {
    return ["Too close to call: ", el("b", {}, rec.option), ` and ${rec.runner_up} differ by ${d} [${lo}, ${hi}] ${unit}.`];
  }
  return ["Recommended: ", el("b", { id: "recommended" }, rec.option),
    `, better than ${rec.runner_up} by ${d} [${lo}, ${hi}] ${unit}.`];
}

function show(a) {
  const win = a.options.some((o) => o.win !== undefined && o.win !== null);
  const mix = a.options.some((o) => o.equilibrium !== undefined);
  const head = ["Option", "Net points a hand", "95% interval", "Making", "March", "Euchred"];
  if (win) head.push("Game win");
  if (mix) head.push("Equilibrium plays it");
  const rows = a.options.map((o) => el("tr", { class: o.recommended ? "best" : "" },
    el("td", { class: "name" }, o.option), el("td", { class: "num" }, signed(o.net)),
    el("td", { class: "num" }, `[${signed(o.net_low)}, ${signed(o.net_high)}]`),
    el("td", { class: "num" }, pct(o.making)), el("td", { class: "num" }, pct(o.march)),
    el("td", { class: "num" }, pct(o.euchred)),
    win ? el("td", { class: "num" }, `${pct(o.win)} [${pct(o.win_low)}, ${pct(o.win_high)}]`) : null,
    mix ? el("td", { class: "num" }, pct(o.equilibrium)) : null));
  const sentence = el("div", { class: "verdict", id: "verdict" }, ...verdict(a.recommendation, "points a hand"));
  const winSentence = a.recommendation_win ? el("div", { class: "verdict small" },
    "By game win probability: ", ...verdict(a.recommendation_win, "percentage points", 100)) : null;
  out.replaceChildren(el("div", { class: "panel" },
    el("div", { class: "muted small" }, `${a.hand}, upcard ${a.upcard}, ${a.position} position, round ${a.round}` +
      (a.score ? `, score ${a.score[0]}-${a.score[1]}` : "") +
      ` \u00b7 ${a.strategy}, ${a.rules} \u00b7 ${a.deals.toLocaleString()} deals (seed ${a.seed}), ${a.wall_s.toFixed(2)} s`),
    a.assumption ? el("div", { class: "small" }, a.assumption) : null,
    sentence, winSentence,
    el("div", { class: "bars" }, bars(a.options)),
    scroll(el("table", { class: "data", id: "options" }, el("tr", {}, head.map((h) => el("th", {}, h))), rows)),
    el("p", { class: "small muted" }, "Making, march and euchred are of the hands the option " +
      "makes trump (\u2014 for a pass). Net points: your team's points minus the other team's.")));
}

// a bar an option: its net points with the 95% interval as a whisker, drawn at the width of
// its box (a phone's too) so that its words stay the size of the page's
function bars(opts) {
  const W = Math.max(260, Math.min(720, out.clientWidth - 40));
  const rowH = 26, left = W < 480 ? 112 : 150, H = opts.length * rowH + 26;
  const lo = Math.min(0, ...opts.map((o) => o.net_low ?? o.net)) - 0.1;
  const hi = Math.max(0, ...opts.map((o) => o.net_high ?? o.net)) + 0.1;
  const x = (v) => left + ((v - lo) / (hi - lo)) * (W - left - 20);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", W);
  svg.style.maxWidth = "100%";
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
  };
  add("line", { x1: x(0), x2: x(0), y1: 4, y2: H - 18, stroke: "#8a93a3" });
  opts.forEach((o, i) => {
    const y = 6 + i * rowH;
    add("text", { x: left - 8, y: y + 15, "text-anchor": "end", "font-size": 13, fill: "#1d2330" }, o.option);
    add("rect", { x: Math.min(x(0), x(o.net)), y: y + 3, width: Math.abs(x(o.net) - x(0)), height: 16,
      fill: o.recommended ? "#1f6f50" : "#8fb9a6", rx: 2 });
    if (o.net_low !== null && o.net_high !== null) {
      add("line", { x1: x(o.net_low), x2: x(o.net_high), y1: y + 11, y2: y + 11, stroke: "#1d2330", "stroke-width": 1.5 });
    }
  });
  const span = hi - lo;
  const step = span > 3 ? 1 : span > 1.5 ? 0.5 : span > 0.6 ? 0.25 : 0.1;
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) {
    add("line", { x1: x(v), x2: x(v), y1: H - 18, y2: H - 14, stroke: "#8a93a3" });
    add("text", { x: x(v), y: H - 3, "text-anchor": "middle", "font-size": 11, fill: "#5b6475" },
      signed(Math.abs(v) < 1e-9 ? 0 : v, step < 0.25 ? 1 : 2));
  }
  return svg;
}

ready(["advisor"], main).then(() => { if (q.hand && q.upcard) ask(); });
