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

// the answer at a score: games won in 100, the unit a player weighs a game by
function winVerdict(rec) {
  if (!rec.runner_up) return ["Recommended: ", el("b", { id: "recommended" }, rec.option), " (the only option)"];
  const g = (x) => (100 * x).toFixed(1);
  const sg = (x) => (x >= 0 ? "+" : "") + g(x);
  if (!rec.decided) {
    return ["Too close to call by the chance of winning the game: ", el("b", {}, rec.option),
      ` and ${rec.runner_up} differ by ${sg(rec.difference)} [${sg(rec.low)}, ${sg(rec.high)}] games in 100.`];
  }
  return ["Recommended: ", el("b", { id: "recommended" }, rec.option),
    ` \u2014 wins ${sg(rec.difference)} [${g(rec.low)}, ${g(rec.high)}] more games in 100 than ${rec.runner_up}.`];
}

function pointsSecond(rec) {
  if (!rec.runner_up) return [];
  const f = (x) => x.toFixed(3);
  return ["In points a hand: ", rec.decided
    ? `${rec.option} is better than ${rec.runner_up} by ${f(rec.difference)} [${f(rec.low)}, ${f(rec.high)}]`
    : `${rec.option} and ${rec.runner_up} are too close to call, ${f(rec.difference)} [${f(rec.low)}, ${f(rec.high)}]`,
  "."];
}

function show(a) {
  const win = a.answer && a.answer.by === "win";
  const mix = a.options.some((o) => o.equilibrium !== undefined);
  const head = ["Option"];
  if (win) head.push("Game win");
  head.push("Net points a hand", "95% interval", "Making", "March", "Euchred");
  if (mix) head.push("Equilibrium plays it");
  const rows = a.options.map((o) => el("tr", { class: o.recommended ? "best" : "" },
    el("td", { class: "name" }, o.option),
    win ? el("td", { class: "num" }, `${pct(o.win)} [${pct(o.win_low)}, ${pct(o.win_high)}]`) : null,
    el("td", { class: "num" }, signed(o.net)),
    el("td", { class: "num" }, `[${signed(o.net_low)}, ${signed(o.net_high)}]`),
    el("td", { class: "num" }, pct(o.making)), el("td", { class: "num" }, pct(o.march)),
    el("td", { class: "num" }, pct(o.euchred)),
    mix ? el("td", { class: "num" }, pct(o.equilibrium)) : null));
  const sentence = el("div", { class: "verdict", id: "verdict" },
    ...(win ? winVerdict(a.answer) : verdict(a.recommendation, "points a hand")));
  const second = win ? el("div", { class: "small", id: "points-second" }, ...pointsSecond(a.recommendation)) : null;
  const note = a.equilibrium_note ? el("p", { class: "small note", id: "equilibrium-note" }, a.equilibrium_note) : null;
  out.replaceChildren(el("div", { class: "panel" },
    el("div", { class: "muted small" }, `${a.hand}, upcard ${a.upcard}, ${a.position} position, round ${a.round}` +
      (a.score ? `, score ${a.score[0]}-${a.score[1]} (your team first)` : "") +
      (a.discard ? `, discard ${a.discard}` : "") +
      ` \u00b7 ${a.strategy}, ${a.rules} \u00b7 ${a.deals.toLocaleString()} deals (seed ${a.seed}), ${a.wall_s.toFixed(2)} s`),
    a.assumption ? el("div", { class: "small" }, a.assumption) : null,
    sentence, second, note,
    el("div", { class: "bars" }, bars(a.options, win)),
    scroll(el("table", { class: "data", id: "options" }, el("tr", {}, head.map((h) => el("th", {}, h))), rows)),
    el("p", { class: "small muted" }, (win ? "Game win: the chance your team wins the game after this hand, " +
      "from the match-equity table (the chance from each score), as the dots show. " : "") +
      "Making, march and euchred are of the hands the option " +
      "makes trump (\u2014 for a pass). Net points: your team's points minus the other team's.")));
}

// each option's value with its 95% interval as a whisker, drawn at the width of its box (a
// phone's too) so that its words stay the size of the page's: net points a hand as bars from 0,
// or at a score the chance of winning the game as a dot (in %, on an axis around the values)
function bars(opts, win = false) {
  const W = Math.max(260, Math.min(720, out.clientWidth - 40));
  const rowH = 26, left = W < 480 ? 112 : 150, H = opts.length * rowH + 26;
  const val = (o) => (win ? [100 * o.win, 100 * (o.win_low ?? o.win), 100 * (o.win_high ?? o.win)]
    : [o.net, o.net_low ?? o.net, o.net_high ?? o.net]);
  const lows = opts.map((o) => val(o)[1]), highs = opts.map((o) => val(o)[2]);
  const pad = win ? Math.max(0.5, 0.1 * (Math.max(...highs) - Math.min(...lows))) : 0.1;
  const lo = (win ? Math.min(...lows) : Math.min(0, ...lows)) - pad;
  const hi = (win ? Math.max(...highs) : Math.max(0, ...highs)) + pad;
  const x = (v) => left + ((v - lo) / (hi - lo)) * (W - left - 20);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", W);
  svg.setAttribute("aria-label", win ? "the chance of winning the game, by option" : "net points a hand, by option");
  svg.style.maxWidth = "100%";
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
  };
  if (!win) add("line", { x1: x(0), x2: x(0), y1: 4, y2: H - 18, stroke: "#8a93a3" });
  opts.forEach((o, i) => {
    const y = 6 + i * rowH;
    const [v, l, h] = val(o);
    const colour = o.recommended ? "#1f6f50" : "#8fb9a6";
    add("text", { x: left - 8, y: y + 15, "text-anchor": "end", "font-size": 13, fill: "#1d2330" }, o.option);
    if (win) add("circle", { cx: x(v), cy: y + 11, r: 6, fill: colour });
    else add("rect", { x: Math.min(x(0), x(v)), y: y + 3, width: Math.abs(x(v) - x(0)), height: 16, fill: colour, rx: 2 });
    add("line", { x1: x(l), x2: x(h), y1: y + 11, y2: y + 11, stroke: "#1d2330", "stroke-width": 1.5 });
  });
  const span = hi - lo;
  const steps = win ? [50, 20, 10, 5, 2, 1, 0.5] : [1, 0.5, 0.25, 0.1];
  const step = steps.find((t) => span / t >= 3) ?? steps[steps.length - 1];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) {
    add("line", { x1: x(v), x2: x(v), y1: H - 18, y2: H - 14, stroke: "#8a93a3" });
    add("text", { x: x(v), y: H - 3, "text-anchor": "middle", "font-size": 11, fill: "#5b6475" },
      win ? `${v.toFixed(step < 1 ? 1 : 0)}%` : signed(Math.abs(v) < 1e-9 ? 0 : v, step < 0.25 ? 1 : 2));
  }
  return svg;
}

ready(["advisor"], main).then(() => { if (q.hand && q.upcard) ask(); });
