// The API page: the endpoints of /openapi.json (the framework's description of the API), listed
// without loading anything from the network.
import { el, header, scroll } from "/static/common.js";

// ``code`` in a docstring as code
function text(s) {
  return (s || "").split("``").map((part, i) => (i % 2 ? el("code", {}, part) : part));
}

header("docs");
const main = document.getElementById("main");
main.append(el("p", { class: "lead" }, "Every page asks the JSON API below, and so can any " +
  "program, in any language: a mistake answers 4xx with {\"error\": one line}. The machine-readable " +
  "description is ", el("a", { href: "/openapi.json" }, "/openapi.json"), " (OpenAPI 3); docs/serve.md " +
  "in the repository has examples, a bot asking its decision over HTTP among them."));

const spec = await (await fetch("/openapi.json")).json();
for (const [path, ops] of Object.entries(spec.paths)) {
  for (const [method, op] of Object.entries(ops)) {
    const params = (op.parameters || []).map((p) => el("tr", {},
      el("td", {}, el("code", {}, p.name)), el("td", {}, p.in), el("td", {}, p.required ? "required" : ""),
      el("td", {}, text(p.description), p.schema && p.schema.default !== undefined && p.schema.default !== null
        ? ` (default ${JSON.stringify(p.schema.default)})` : "")));
    main.append(el("div", { class: "panel" },
      el("div", {}, el("b", {}, method.toUpperCase()), " ", el("code", {}, path), " \u00b7 ", el("span", { class: "muted" }, (op.tags || []).join(", "))),
      el("div", { class: "small", style: "margin:4px 0" }, text(op.description || op.summary)),
      params.length ? scroll(el("table", { class: "data small" }, el("tr", {}, ["parameter", "in", "", "about"].map((x) => el("th", {}, x))), params)) : null,
      op.requestBody ? el("div", { class: "small muted" }, "Body: JSON (or text) as described above.") : null));
  }
}
