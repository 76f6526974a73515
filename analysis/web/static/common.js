// What every page shares: the header, cards drawn as text, the API, the address bar as the
// page's question, and the "preparing" banner of a cold start.

export const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
export const RANKS = ["9", "T", "J", "Q", "K", "A"];
export const SUITS = ["C", "D", "H", "S"];
export const POSITIONS = ["first", "second", "third", "dealer"];

const PAGES = [["advise", "Advise"], ["chart", "Strategy chart"], ["review", "Review"],
  ["play", "Play"], ["docs", "API"]];

export function header(here) {
  const h = document.createElement("header");
  h.className = "top";
  h.innerHTML = `<span class="brand">euchre-sim</span><nav>${PAGES.map(([p, t]) =>
    `<a href="/${p}" class="${p === here ? "here" : ""}">${t}</a>`).join("")}</nav>`;
  document.body.prepend(h);
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// "JH" -> a card: rank and suit symbol, red for hearts and diamonds
export function card(name, cls = "") {
  const rank = name[0] === "T" ? "10" : name[0];
  const suit = name[1];
  const red = suit === "H" || suit === "D";
  return el("span", { class: `card ${red ? "red" : ""} ${cls}`, "data-card": name,
    title: name }, rank + SUIT_SYMBOL[suit]);
}

// a table in a box that scrolls sideways when the table is wider than the screen
export function scroll(table) {
  return el("div", { class: "scroll" }, table);
}

export function cardsText(names) {
  return names.map((n) => (n[0] === "T" ? "10" : n[0]) + SUIT_SYMBOL[n[1]]).join(" ");
}

// an answer's mistake as an Error; ``input``: the input it is about, when the API names one
export function apiError(body, r) {
  const err = new Error(body.error || `${r.status} ${r.statusText}`);
  err.input = body.input || null;
  return err;
}

export async function api(path, options = {}) {
  const r = await fetch(path, options);
  let body;
  try { body = await r.json(); } catch { body = { error: `${r.status} ${r.statusText}` }; }
  if (!r.ok) throw apiError(body, r);
  return body;
}

// The questions' inputs, as GET /api/questions lists them (one record a question, shared with
// the command line): a page builds its fields from them, so names, choices, defaults and
// bounds are the command's.
let listed = null;
export async function inputsOf(name) {
  if (!listed) listed = api("/api/questions");
  const q = (await listed).questions.find((x) => x.name === name);
  return Object.fromEntries(q.inputs.map((i) => [i.name, i]));
}

// One input's control, named by the input (id and name) and titled by its help: a select for
// choices (rules: the presets, blank the published rules), a checkbox for a flag, a number box
// within its bounds, else a text box; ``value``: the address bar's, else the default.
export function field(input, value) {
  const given = value !== undefined && value !== null && value !== "";
  const v = given ? value : (input.default ?? "");
  const common = { id: input.name, name: input.name, title: input.help };
  if (input.type === "bool") {
    return el("input", { ...common, type: "checkbox", checked: given ? value === "true" : !!input.default });
  }
  if (input.choices) {
    const pairs = input.choices.map((c) => [String(c), String(c)]);
    if (input.type === "rules") pairs.unshift(["", "published rules"]);
    return options(el("select", common), pairs, String(v));
  }
  if (input.type === "int" || input.type === "float") {
    const whole = input.type === "int";
    return el("input", { ...common, type: "number", value: v, step: whole ? 1 : "any",
      min: input.low ?? null, max: input.high !== undefined && input.high < 1e15 ? input.high : null,
      inputmode: whole ? "numeric" : "decimal", placeholder: input.metavar || "" });
  }
  return el("input", { ...common, type: "text", value: v, placeholder: input.metavar || "" });
}

// a field and its words, as the page lays them out
export function labelled(input, control) {
  return input.type === "bool"
    ? el("label", { class: "check" }, control, input.label)
    : el("label", { class: "field" }, input.label, control);
}

// the page's question in the address bar, so that the link can be shared
export function query() {
  return Object.fromEntries(new URLSearchParams(location.search));
}
export function setQuery(obj) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(obj)) if (v !== "" && v !== null && v !== undefined && v !== false) p.set(k, v);
  history.replaceState(null, "", `${location.pathname}?${p}`);
}

export function pct(x, digits = 1) {
  return x === null || x === undefined ? "\u2014" : `${(100 * x).toFixed(digits)}%`;
}
export function signed(x, digits = 3) {
  return x === null || x === undefined ? "\u2014" : (x >= 0 ? "+" : "") + x.toFixed(digits);
}

export function gradeClass(g) {
  if (!g) return "";
  return ["best", "good", "inaccuracy", "mistake", "blunder"].includes(g) ? g : "range";
}

// Wait until the steps a page needs are compiled, with a banner meanwhile (a cold start);
// a step in `interim` goes on at once while the server answers it another way (in plain Python:
// /api/status's "interim" says how).
export async function ready(steps, where, interim = []) {
  let banner = null;
  for (;;) {
    let s;
    try { s = await api("/api/status"); } catch { s = null; }
    if (s && steps.every((k) => s.steps[k] === "ready" || s.steps[k] === "failed" ||
        (interim.includes(k) && s.interim && s.interim[k]))) {
      if (banner) banner.remove();
      return s;
    }
    if (!banner) {
      banner = el("div", { class: "banner preparing", id: "preparing" });
      where.prepend(banner);
    }
    const left = s ? steps.filter((k) => s.steps[k] !== "ready").map((k) => `${k}: ${s.steps[k]}`) : [];
    banner.textContent = "Preparing: compiling the code for this machine, once (a minute or " +
      "two on a first start; later starts load it in seconds). The page fills in when it is " +
      `ready. ${left.join(", ")}`;
    await new Promise((r) => setTimeout(r, 700));
  }
}

// the error's line in a banner; an Error about one input (``err.input``) marks its field too
export function showError(where, message) {
  const input = typeof message === "string" ? null : message.input;
  const text = typeof message === "string" ? message : message.message;
  let b = where.querySelector(".banner.error");
  if (!b) { b = el("div", { class: "banner error" }); where.prepend(b); }
  b.textContent = text;
  const f = input ? document.getElementById(input) : null;
  if (f) { f.classList.add("invalid"); f.setAttribute("aria-invalid", "true"); }
  return b;
}
export function clearError(where) {
  const b = where.querySelector(".banner.error");
  if (b) b.remove();
  for (const f of document.querySelectorAll(".invalid")) {
    f.classList.remove("invalid"); f.removeAttribute("aria-invalid");
  }
}

export const RULES = [["", "published rules"], ["stick-the-dealer", "stick the dealer"],
  ["game_to=5", "game to 5"], ["game_to=7", "game to 7"]];

export function options(select, pairs, chosen) {
  for (const p of pairs) {
    const [v, t] = Array.isArray(p) ? p : [p, p];
    select.append(el("option", { value: v, selected: v === chosen }, t));
  }
  return select;
}
