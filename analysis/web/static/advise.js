// The Advise page: five cards, the upcard and the seat in, every option priced out, as
// `euchre-sim advise` answers (GET /api/advise?progress=true streams its progress).  With a
// searching player at the table the page first says what the question will cost (GET
// /api/advise/cost) and lets the user choose the deals; Stop, or the time limit, shows what the
// deals so far say (POST /api/advise/{id}/stop).
import {
  POSITIONS, RANKS, SUITS, api, apiError, card, clearError, el, field, header, inputsOf,
  labelled, pct, query, ready, scroll, setQuery, showError, signed,
} from "/static/common.js";

header("advise");
const main = document.getElementById("main");
main.append(el("p", { class: "lead" }, "Click five cards and the upcard (or type them), choose " +
  "the seat, and every option is played out on the same deals of the unseen cards, everyone " +
  "else bidding and playing by the chosen players. Values are points a hand for your team, " +
  "with 95% intervals; with a score, the chance of winning the game too."));

const q = query();
// a hand's link (/advise?h=CODE): the advisor at that hand's first decision, for the seat to bid
// first (or ?seat=N): its five cards, the upcard, its position and the score before the hand
if (q.h) {
  try {
    const { record } = await api(`/api/links/${encodeURIComponent(q.h)}`);
    const seat = q.seat !== undefined ? Number(q.seat) % 4 : (record.dealer + 1) % 4;
    const p = new URLSearchParams({ hand: record.hands[seat].join(" "), upcard: record.upcard,
      position: POSITIONS[(seat - record.dealer + 3) % 4], round: "1" });
    if (record.scores) p.set("score", `${record.scores[seat % 2]}-${record.scores[1 - (seat % 2)]}`);
    location.replace(`/advise?${p}`);
  } catch (err) {
    q.linkError = `the link: ${err.message}`;
  }
}
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
// every field but the cards is the advisor's question's input as /api/questions lists it
const inputs = await inputsOf("advise");
const position = field(inputs.position, q.position);
const round = field(inputs.round, q.round);
const score = field(inputs.score, q.score);
const strategy = field(inputs.strategy, q.strategy);
const rules = field(inputs.rules, q.rules);
const discard = field(inputs.discard, q.discard);
const assumed = field(inputs.assume_passed, q.assume_passed);
const deals = field(inputs.deals, q.deals);
const precision = field(inputs.precision, q.precision);
const seed = field(inputs.seed, q.seed);
score.size = 6; discard.size = 4; deals.style.width = "100px"; precision.style.width = "90px";
seed.style.width = "90px";
handText.name = "hand"; upText.name = "upcard";
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
        el("label", { class: "field" }, inputs.hand.label, handText),
        el("label", { class: "field" }, inputs.upcard.label, upText),
        labelled(inputs.position, position),
        labelled(inputs.round, round)),
      el("div", { class: "row" },
        labelled(inputs.score, score),
        labelled(inputs.strategy, strategy),
        labelled(inputs.rules, rules),
        labelled(inputs.discard, discard)),
      el("div", { class: "row" },
        labelled(inputs.deals, deals),
        labelled(inputs.precision, precision),
        labelled(inputs.seed, seed)),
      el("div", { class: "row" },
        labelled(inputs.assume_passed, assumed),
        go, stop))));
main.append(form);
const out = el("div", { id: "answer" });
main.append(out);

let controller = null;
let computation = null;      // the id of the advisor's computation in progress (to stop it by)
let costs = null;            // the last question's cost: [its key, the answer of /api/advise/cost]
stop.addEventListener("click", async () => {
  if (!controller) return;
  if (computation) {         // the server stops and answers what it has so far
    stop.disabled = true;
    document.getElementById("status").textContent = "Stopping: the deals so far are being priced\u2026";
    try { await api(`/api/advise/${computation}/stop`, { method: "POST" }); return; } catch { /* finished */ }
  }
  controller.abort();
});
form.addEventListener("submit", (e) => { e.preventDefault(); ask(); });

function question() {
  return { hand: hand.join(" "), upcard, position: position.value, round: round.value,
    score: score.value.trim(), strategy: strategy.value, rules: rules.value,
    discard: discard.value.trim(), assume_passed: assumed.checked ? "true" : "",
    deals: deals.value.trim(), precision: precision.value.trim(), seed: seed.value.trim() };
}
const asked = (qq) => new URLSearchParams(Object.fromEntries(Object.entries(qq).filter(([, v]) => v)));
const searching = (spec) => spec.split(":")[0] === "pimc";     // a player that searches: slow deals
const secs = (t) => (t < 90 ? `${Math.max(1, Math.round(t))} s`
  : t < 5400 ? `${(t / 60).toFixed(t < 600 ? 1 : 0)} min` : `${(t / 3600).toFixed(1)} h`);

// a searching player at the table makes every deal slow: say what the question will cost (a
// warm-up on its first deals), and when no deals or precision are given, let the user choose
async function cost(qq) {
  const key = asked({ ...qq, deals: "", precision: "" }).toString();
  if (!costs || costs[0] !== key) {
    out.replaceChildren(el("div", { class: "panel", id: "costing" },
      "Timing a warm-up on the first deals, to say what this will cost (a few seconds)\u2026"));
    costs = [key, await api(`/api/advise/cost?${asked(qq)}`, { signal: controller.signal })];
  }
  return costs[1];
}

// what the deals or the precision asked for will take, from the warm-up's answer
function expected(c, qq) {
  const d = c.default;
  const n = qq.deals ? Number(qq.deals)
    : Math.ceil(((d.top_two_half_width * Math.sqrt(d.deals)) / Number(qq.precision)) ** 2 * 1.05);
  const seconds = n * c.seconds_per_deal;
  return { deals: n, seconds, past_limit: seconds > c.limit_s };
}

function chooser(c) {
  const d = c.default;
  const pick = (x) => el("button", { type: "button", class: x.past_limit ? "" : "primary", "data-deals": x.deals,
    onclick: () => { deals.value = String(x.deals); precision.value = ""; ask(); } },
  `${x.deals.toLocaleString()} deals \u00b7 ${secs(x.seconds)} \u00b7 \u00b1${x.half_width.toFixed(2)}`);
  const within = c.ladder.filter((x) => !x.past_limit).slice(-3);
  const beyond = c.ladder.find((x) => x.past_limit);
  return el("div", { class: "panel", id: "cost" },
    el("div", { class: "verdict small" }, `With ${c.strategy} at the table every deal is searched: about ` +
      `${(c.seconds_per_deal * 1000).toFixed(0)} ms a deal here (a warm-up of ${c.warmup.deals.toLocaleString()} deals in ` +
      `${c.warmup.seconds.toFixed(1)} s).`),
    el("div", {}, `The default precision (${d.goal}) needs about ${d.deals.toLocaleString()} deals: ` +
      `${secs(d.seconds)}` + (d.past_limit ? `, past the ${c.limit_s.toFixed(0)} s limit (stopped there, you see what is known by then).` : ".")),
    el("div", { class: "small muted", style: "margin:6px 0" }, "Choose the precision (deals \u00b7 time \u00b7 the widest option's 95% interval, points a hand):"),
    el("div", { class: "actions", id: "choices" }, ...within.map(pick), beyond ? pick(beyond) : null,
      el("button", { type: "button", onclick: () => { deals.value = ""; precision.value = ""; start(question(), c.default, c); } },
        `the default \u00b7 ${secs(d.seconds)}`)));
}

async function ask() {
  clearError(main);
  const qq = question();
  setQuery(qq);
  controller = new AbortController();
  go.disabled = true; stop.disabled = false;
  try {
    await ready(["advisor"].concat(searching(qq.strategy) ? ["pimc"] : []), out);
    if (searching(qq.strategy)) {
      const c = await cost(qq);
      if (!qq.deals && !qq.precision) {
        out.replaceChildren(chooser(c));
        return;
      }
      return await start(qq, expected(c, qq), c);
    }
    return await start(qq, null);
  } catch (err) {
    out.replaceChildren();
    showError(main, err.name === "AbortError" ? "Stopped." : err);
  } finally {
    if (!running) { go.disabled = false; stop.disabled = true; controller = null; }
  }
}

let running = false;
// the question asked, its progress streamed; ``expect``: what the cost said it would take
async function start(qq, expect, c = null) {
  running = true;
  controller = controller || new AbortController();
  go.disabled = true; stop.disabled = false;
  const said = expect ? `About ${secs(expect.seconds)} for ${expect.deals.toLocaleString()} deals` +
    (expect.past_limit ? ` (past the ${c ? c.limit_s.toFixed(0) : 120} s limit: you will see what is known by then)` : "") + ". " : "";
  out.replaceChildren(el("div", { class: "panel" }, el("div", { id: "expect", class: "small muted" }, said),
    el("div", { id: "status" }, "Dealing\u2026"), el("div", { class: "progress" }, el("div", { id: "bar" }))));
  const t0 = performance.now();
  try {
    const r = await fetch(`/api/advise?${asked({ ...qq, progress: "true" })}`, { signal: controller.signal });
    if (!r.ok) throw apiError(await r.json(), r);
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
        if (line.id) {
          computation = line.id;
        } else if (line.progress) {
          const [d, t] = line.progress;
          const el_ = document.getElementById("status");
          if (!el_) continue;
          document.getElementById("bar").style.width = `${Math.min(100, (100 * d) / Math.max(t, 1))}%`;
          const spent = (performance.now() - t0) / 1000;
          const left = d > 0 && t > d ? ` \u00b7 about ${secs((spent * (t - d)) / d)} left` : "";
          el_.textContent = `Dealing: ${d.toLocaleString()} of about ${t.toLocaleString()} deals${left}`;
        } else if (line.answer) {
          show(line.answer);
        } else if (line.error) {
          throw new Error(line.error);
        }
      }
    }
  } catch (err) {
    out.replaceChildren();
    showError(main, err.name === "AbortError" ? "Stopped." : err);
  } finally {
    running = false; computation = null;
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
  const partial = a.stopped ? el("div", { class: "banner preparing", id: "stopped" },
    `${a.stopped[0].toUpperCase()}${a.stopped.slice(1).replace(/: ask for less.*$/, "")} after ${a.deals.toLocaleString()} deals: ` +
    "what they show so far, each option with its 95% interval. For a firmer answer, ask again with more deals or " +
    "a looser precision (the time it takes is said before it starts).") : null;
  out.replaceChildren(el("div", { class: "panel" }, partial,
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

if (q.linkError) showError(main, q.linkError);
ready(["advisor"], main).then(() => { if (q.hand && q.upcard) ask(); });
