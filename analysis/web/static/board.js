// A reviewed hand stepped through decision by decision (the Review page, and the Play page
// after each hand): the table as it stood, the decision's grade as `grade` gives it, and each
// card's value under perfect play (the solver, as `show --review`). Arrow keys step.
import { SUIT_NAME, card, cardsText, el, gradeClass, pct, signed } from "/static/common.js";

export const SEAT_NAMES = ["South", "West", "North", "East"];
const PLACE = ["south", "west", "north", "east"];

function gradeLine(g, hint = null) {
  if (!g) return el("span", { class: "muted" }, "not graded (only the seats asked for are)");
  if (g.value === null) return el("span", { class: "muted" }, "forced (the only legal action)");
  const parts = [el("span", { class: `grade ${gradeClass(g.grade)}` }, g.grade),
    ` \u00b7 value ${signed(g.value, 2)}, gave up ${g.loss.toFixed(2)} [${Math.max(0, g.loss_low).toFixed(2)}, ${g.loss_high.toFixed(2)}] points a hand`];
  if (g.loss > 0) parts.push(` \u00b7 best: ${bestText(g.best)} (${signed(g.best_value, 2)})`);
  if (g.win !== undefined) {
    parts.push(el("br"), `game win ${pct(g.win)}, gave up ${pct(g.win_loss)} [${pct(Math.max(0, g.win_loss_low))}, ${pct(g.win_loss_high)}] `,
      el("span", { class: `grade ${gradeClass(g.win_grade)}` }, g.win_grade));
  }
  parts.push(el("span", { class: "small muted" }, ` (${g.worlds} worlds)`));
  if (hint) parts.push(el("br"), hintLine(g, hint));
  return el("span", {}, ...parts);
}

// where the move stood in the hint given for it: the hint priced it on fewer worlds, so a move
// within its interval of the hint's best was one the hint could not tell from the best
function hintLine(g, h) {
  const f = (x) => x.toFixed(2);
  const at = `${f(h.loss)} [${f(h.loss_low)}, ${f(h.loss_high)}]`;
  let text;
  if (h.loss === 0) {
    text = `The hint (${h.worlds} worlds) had this move best` +
      (g.loss > 0 ? `; the grade's ${g.worlds} worlds price it ${g.loss.toFixed(2)} below ${bestText(g.best)}.` : ", as the grade does.");
  } else if (h.within) {
    text = `Within the hint's interval: on its ${h.worlds} worlds this move gave up ${at} against ${bestText(h.best)}, ` +
      `too close for the hint to tell apart` + (g.loss > 0 ? `; the grade's ${g.worlds} worlds can.` : ".");
  } else {
    text = `The hint (${h.worlds} worlds) put this move ${at} below ${bestText(h.best)}.`;
  }
  return el("span", { class: "small hint-line" }, text);
}

function bestText(a) {
  if (!a) return "";
  if (a.action === "pass") return "pass";
  if (a.action === "order_up") return "order up" + (a.alone ? " alone" : "");
  if (a.action === "call") return `call ${SUIT_NAME[a.suit]}` + (a.alone ? " alone" : "");
  if (a.action === "defend_alone") return "defend alone";
  return `${a.action} ${a.card}`;
}

// each seat's accuracy on lichess's curve beside the points (and game-win chance) given up
function accuracyTable(h) {
  const rows = (h.accuracy || []).filter((r) => r.decisions);
  if (!rows.length) return null;
  const t = el("table", { class: "data", id: "accuracy" },
    el("tr", {}, ["seat", "accuracy", "gave up (points)", "gave up (game win)", "decisions"].map((x) => el("th", {}, x))));
  for (const r of rows) {
    t.append(el("tr", {}, el("td", {}, SEAT_NAMES[r.seat]),
      el("td", { class: "num" }, r.accuracy === null ? "\u2014" : `${r.accuracy.toFixed(1)}%`),
      el("td", { class: "num" }, r.points_lost.toFixed(2)),
      el("td", { class: "num" }, r.win_lost === null ? "\u2014" : pct(r.win_lost)),
      el("td", { class: "num" }, r.decisions)));
  }
  return el("div", { class: "small", style: "margin-bottom:8px" }, el("b", {}, "Accuracy"),
    " on lichess's curve, from the game-win chance each priced decision gave up (forced ones are left out)",
    h.win_note ? el("div", { class: "muted", id: "win-note" }, h.win_note) : null,
    el("div", { class: "scroll" }, t));
}

// team 0's (South-North's) game-win chance through the hand: one column a priced decision
// (after the action taken, as the seat priced it), the start and the end from the score
function winGraph(h, here) {
  const wc = h.win_chance;
  if (!wc) return null;
  const pts = [["start", wc.start]];
  h.steps.forEach((s, k) => { if (s.win) pts.push([k, s.win.team === 0 ? s.win.after : 1 - s.win.after]); });
  if (wc.end !== null) pts.push(["end", wc.end]);
  const W = 360, H = 64, bw = W / pts.length;
  const bars = pts.map(([k, p], j) => {
    const cls = k === here ? "here" : (k === "start" || k === "end" ? "ends" : "");
    const what = k === "start" ? "before the hand" : k === "end" ? "after the hand" : `decision ${h.steps[k].number}`;
    return `<rect class="${cls}" x="${(j * bw + 1).toFixed(1)}" y="${(H * (1 - p)).toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${Math.max(0.5, H * p).toFixed(1)}" fill="${p >= 0.5 ? "#2e7d5b" : "#b4493a"}"><title>${what}: South-North ${(100 * p).toFixed(1)}%</title></rect>`;
  }).join("");
  const g = el("div", { class: "wingraph", id: "win-graph" });
  g.innerHTML = `<svg viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="South-North's game-win chance through the hand">${bars}<line x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}" stroke="#17324d" stroke-dasharray="4 3"/></svg>`;
  return el("div", { class: "small muted" }, `South-North's game-win chance through the hand: before it, after each priced decision (as its seat priced it), after it; the dashed line is 50%; ${wc.note}.`, g);
}

// the side to act's game-win chance at a decision: with the best option, and with the action taken
function winBar(s) {
  if (!s.win) return null;
  const side = s.win.team === 0 ? "South-North" : "West-East";
  const b = s.win.before, a = s.win.after;
  return el("div", { class: "winbar-wrap", id: "win-bar" },
    el("div", { class: "small" }, `${side}'s game-win chance: ${pct(b)} with the best option, ${pct(a)} with ${s.text}`),
    el("div", { class: "winbar", title: `${pct(a)} after ${s.text}` },
      el("div", { class: "fill", style: `width:${(100 * a).toFixed(1)}%` }),
      el("div", { class: "mark", style: `left:${(100 * b).toFixed(1)}%`, title: `best: ${pct(b)}` })));
}

export class Board {
  // container: where it draws; hand: one hand of /api/review's answer; seat: null (all four
  // hands shown) or the one seat whose cards are shown; graded: the seats whose grades show;
  // showHow: called with a step to show how (the Review page), or null (no such button)
  constructor(container, hand, { seat = null, keys = true, first = 0, showHow = null } = {}) {
    this.c = container;
    this.h = hand;
    this.seat = seat;
    this.showHow = showHow;
    this.i = 0;
    this.onKey = (e) => {
      if (e.target && ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName)) return;
      if (e.key === "ArrowRight" || e.key === "ArrowDown") { this.go(this.i + 1); e.preventDefault(); }
      if (e.key === "ArrowLeft" || e.key === "ArrowUp") { this.go(this.i - 1); e.preventDefault(); }
      if (e.key === "Home") this.go(0);
      if (e.key === "End") this.go(this.h.steps.length - 1);
    };
    if (keys) document.addEventListener("keydown", this.onKey);
    this.build();
    this.go(first === "graded" ? Math.max(0, hand.steps.findIndex((s) => s.grade)) : first);
  }

  destroy() { document.removeEventListener("keydown", this.onKey); }

  build() {
    const h = this.h;
    this.table = el("div", { class: "table-wrap", id: "board" });
    this.detail = el("div", { class: "panel", id: "step" });
    this.list = el("table", { class: "data steps", id: "decisions" },
      el("tr", {}, ["#", "seat", "decision", "best", "grade", "gave up"].map((t) => el("th", {}, t))));
    this.rows = h.steps.map((s, k) => {
      const g = s.grade;
      const tr = el("tr", { "data-step": k, onclick: () => this.go(k) },
        el("td", {}, s.number), el("td", {}, SEAT_NAMES[s.seat]),
        el("td", {}, s.text, s.phase === "play" ? el("span", { class: "muted" }, ` \u00b7 trick ${s.trick_number}`) : ""),
        el("td", { class: "best-col" }, s.best_text === undefined ? "" : s.played_best
          ? el("span", { class: "played-best", title: "the action was as good as the best" }, "\u2713")
          : el("span", { class: "best-text" }, s.best_text)),
        el("td", {}, g ? el("span", { class: `grade ${gradeClass(g.grade)}` }, g.value === null ? "forced" : g.grade) : "",
          s.hint && s.hint.within && g && g.loss > 0 ? el("span", { class: "small muted", title: "within the hint's interval" }, " (hint: too close)") : ""),
        el("td", { class: "num" }, g && g.value !== null ? g.loss.toFixed(2) : ""));
      this.list.append(tr);
      return tr;
    });
    const r = h.result;
    const res = r.passed_out ? "passed out" :
      `${SEAT_NAMES[r.maker]} made ${SUIT_NAME[r.trump]}${r.alone ? " alone" : ""} in round ${r.round}; ` +
      `tricks ${r.tricks[0]}-${r.tricks[1]}; points: team 0 (South-North) ${r.points[0]}, team 1 (West-East) ${r.points[1]}`;
    this.graph = el("div", {});
    this.c.replaceChildren(
      el("div", { class: "small muted", style: "margin-bottom:8px" },
        `Dealer ${SEAT_NAMES[h.dealer]}, upcard `, card(h.upcard, "small"),
        h.scores ? ` \u00b7 score before the hand ${h.scores[0]}-${h.scores[1]}` : "", ` \u00b7 ${res}`),
      accuracyTable(h), this.graph,
      el("div", { class: "two" },
        el("div", {}, this.table, this.detail,
          el("div", { class: "small muted" },
            el("span", { class: "stepper" },
              el("button", { type: "button", id: "prev", title: "the decision before", onclick: () => this.go(this.i - 1) }, "\u2190"),
              el("button", { type: "button", id: "next-step", title: "the next decision", onclick: () => this.go(this.i + 1) }, "\u2192")),
            " Step with these, the arrow keys ", el("kbd", {}, "\u2190"), " ", el("kbd", {}, "\u2192"),
            " or a tap on a decision. Grades as `euchre-sim grade` gives them, from what the seat could see; " +
            "card values: points to the makers under perfect play with every card seen.")),
        el("div", { class: "panel steps" }, this.list)));
  }

  go(k) {
    const steps = this.h.steps;
    if (!steps.length) return;
    this.i = Math.max(0, Math.min(steps.length - 1, k));
    const s = steps[this.i];
    this.rows.forEach((tr, j) => tr.classList.toggle("here", j === this.i));
    this.rows[this.i].scrollIntoView({ block: "nearest" });
    this.drawTable(s);
    this.drawDetail(s);
    const graph = winGraph(this.h, this.i);
    this.graph.replaceChildren(...(graph ? [graph] : []));
  }

  drawTable(s) {
    const seats = [0, 1, 2, 3].map((seat) => {
      const show = this.seat === null || this.seat === seat;
      const best = s.best && seat === s.seat && !s.played_best ? s.best.card : null;
      const cards = s.hands[seat].map((c) => (show ? card(c, `small ${c === s.action.card && seat === s.seat ? "won" : ""} ${c === best ? "best" : ""}`) : card("9C", "back small")));
      const role = seat === this.h.dealer ? " (dealer)" : "";
      return el("div", { class: `seat ${PLACE[seat]} ${seat === s.seat ? "turn" : ""}` },
        el("div", { class: "name" }, el("b", {}, SEAT_NAMES[seat]), role,
          s.maker === seat ? " \u00b7 maker" : ""), el("div", {}, cards));
    });
    const slot = { 0: [3, 2], 1: [2, 1], 2: [1, 2], 3: [2, 3] };
    const center = el("div", { class: "center" });
    for (const [seat, c] of s.trick) {
      const [row, col] = slot[seat];
      const x = card(c, "small");
      x.style.gridRow = row; x.style.gridColumn = col;
      center.append(x);
    }
    const info = s.trump ? `trump ${SUIT_NAME[s.trump]} \u00b7 trick ${s.trick_number} \u00b7 ${s.tricks[0]}-${s.tricks[1]}`
      : `bidding \u00b7 upcard ${cardsText([this.h.upcard])}`;
    center.append(el("div", { class: "info" }, s.trick.length ? "" : info));
    this.table.replaceChildren(...seats, center);
  }

  drawDetail(s) {
    const parts = [el("div", { style: "font-weight:600" },
      `${s.number}. ${SEAT_NAMES[s.seat]}: ${s.text}`), el("div", {}, gradeLine(s.grade, s.hint))];
    if (s.best_text !== undefined) {
      parts.push(el("div", { class: "best-line", id: "best-line" }, s.played_best
        ? el("span", { class: "played-best" }, "\u2713 as good as the best option")
        : el("span", {}, "Best: ", el("b", { class: "best-text" }, s.best_text),
          s.best.card ? " (outlined green in the hand)" : "")));
    }
    const bar = winBar(s);
    if (bar) parts.push(bar);
    if (this.showHow) {
      parts.push(el("div", { class: "actions" }, el("button", { type: "button", id: "show-how",
        title: "the rest of the hand with the best choice here and strong players at every seat",
        onclick: () => this.showHow(s) }, "Show me how")));
    }
    if (s.solver) {
      const v = s.solver;
      const makers = v.side === "makers";
      const vals = Object.entries(v.values).map(([c, x]) => el("span", { style: "margin-right:10px" },
        card(c, `small ${c === v.card ? "won" : ""}`), ` ${signed(x, 0)}`));
      parts.push(el("div", { class: "small", style: "margin-top:6px" },
        `Perfect play (every card seen), points to the makers; ${SEAT_NAMES[s.seat]} is ${makers ? "a maker" : "a defender"}` +
        (v.loss > 0 ? `: this card cost ${v.loss}` : ": no card was better"), el("br"), ...vals));
    }
    this.detail.replaceChildren(...parts);
  }
}
