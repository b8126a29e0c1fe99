// The results page's behaviour (inlined into results/index.html by plots/results_page.py).
// Draws everything from the JSON block #page-data. Text goes into the DOM only through
// textContent / attributes, never innerHTML, so notes with < > & show as written.
// The view (filters, sort) lives in the address hash: #status=outside&paper=...&table=...&q=...
// &sort=delta&dir=desc, so a filtered view can be linked to and opened directly.
"use strict";

// A script error must be visible on the page (and to the browser test), not only in a console.
window.addEventListener("error", function (e) {
  var box = document.getElementById("page-errors");
  box.hidden = false;
  box.appendChild(document.createTextNode("Page error: " + e.message + " "));
});

var DATA = JSON.parse(document.getElementById("page-data").textContent);
var STATUS_TEXT = { input: "input", within: "within", outside: "outside", not_run: "not run",
                    data_unavailable: "data unavailable" };
var VERDICT_TEXT = { holds: "holds", does_not_hold: "does not hold",
                     indistinguishable: "indistinguishable", not_checked: "not checked" };
// The cell columns, and how each sorts (numbers: missing values last in either direction).
var COLUMNS = [
  { key: "row", label: "row" },
  { key: "column", label: "column" },
  { key: "published", label: "published", num: true },
  { key: "reproduced", label: "reproduced", num: true },
  { key: "delta", label: "\u0394", num: true },
  { key: "tolerance", label: "tol", num: true },
  { key: "ratio", label: "|\u0394|/tol", num: true },
  { key: "status", label: "status" },
  { key: "reason", label: "note" },
  { key: "experiment", label: "experiment" }
];
var rows = [];   // one {cell, tr, index} per cell, in comparison.json order
var state = {};  // the view, as parsed from the hash

function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === "text") node.textContent = attrs[k];
    else if (k === "className") node.className = attrs[k];
    else if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]);
  });
  (children || []).forEach(function (c) {
    if (c === null || c === undefined) return;
    node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  });
  return node;
}

function statusText(s) { return STATUS_TEXT[s] || s; }
function verdictText(v) { return VERDICT_TEXT[v] || v; }
function badge(prefix, value, text) {
  return el("span", { className: "badge " + prefix + value, text: text });
}

// Four significant digits, full value on hover; "—" for no number.
function fmt(v, signed) {
  if (v === null || v === undefined) return "\u2014";
  if (typeof v !== "number") return String(v);
  var s = String(Number(v.toPrecision(4)));
  return signed && v > 0 ? "+" + s : s;
}
function withUnit(text, unit) {
  if (text === "\u2014" || !unit) return text;
  return unit === "%" ? text + "%" : text + " " + unit;
}
// How many tolerances away: Infinity for a miss at tolerance 0 (an exact count), so it sorts first.
function ratio(c) {
  if (typeof c.delta !== "number" || typeof c.tolerance !== "number") return null;
  if (c.tolerance <= 0) return c.delta === 0 ? 0 : Infinity;
  return Math.abs(c.delta) / c.tolerance;
}

// ------------------------------------------------------------------ the view in the hash

function readHash() {
  var p = new URLSearchParams(location.hash.replace(/^#/, ""));
  return { status: p.get("status") || "", paper: p.get("paper") || "", table: p.get("table") || "",
           q: p.get("q") || "", sort: p.get("sort") || "", dir: p.get("dir") === "desc" ? "desc" : "asc" };
}
function writeHash() {
  var p = new URLSearchParams();
  ["status", "paper", "table", "q", "sort"].forEach(function (k) { if (state[k]) p.set(k, state[k]); });
  if (state.sort) p.set("dir", state.dir);
  var text = p.toString();
  history.replaceState(null, "", text ? "#" + text : location.pathname + location.search);
}

// ------------------------------------------------------------------ summary at the top

function summaryTable() {
  var statuses = DATA.statuses, verdicts = DATA.verdicts;
  var head = [el("th", { text: "paper" })];
  statuses.forEach(function (s) { head.push(el("th", {}, [badge("s-", s, statusText(s))])); });
  head.push(el("th", { text: "outside: measured / statistical / unexplained", title: "outside cells by cause (docs/RESULTS.md): measured when a run here (our break-even point, a peer, an ablation row the paper's text allows) reaches the published value; statistical when it lies in the cell's 95 % interval; unexplained otherwise. README.md and REPORT.md show the same counts" }));
  head.push(el("th", { text: "outside: beyond / within the noise", title: "outside cells whose 95 % sampling interval excludes / holds the published value (the rest have no interval); REPORT.md shows the same counts" }));
  head.push(el("th", { text: "duplicates", title: "cells repeating another cell's published number: shown, counted once" }));
  verdicts.forEach(function (v) { head.push(el("th", {}, [badge("v-", v, "claims: " + verdictText(v))])); });
  head.push(el("th", { text: "claims by a named test", title: "claims decided by the rule of docs/RESULTS.md (a paired bootstrap, a slope interval, a stated resolution); the rest by their driver's own criterion" }));
  head.push(el("th", { text: "correctness checks (hold / all)" }));
  var body = DATA.papers.map(function (p) {
    var n = p.counts;
    var link = el("a", { href: "#paper=" + encodeURIComponent(p.paper), text: p.paper });
    var tr = el("tr", {}, [el("td", {}, [link, p.title ? el("div", { className: "muted", text: p.title }) : null])]);
    statuses.forEach(function (s) {
      var k = n.cells[s] || 0;
      tr.appendChild(el("td", {}, [k ? el("a", {
        href: "#status=" + encodeURIComponent(s) + "&paper=" + encodeURIComponent(p.paper),
        text: String(k) }) : "0"]));
    });
    var sum = p.summary || {};
    tr.appendChild(el("td", { text: (sum.outside_measured || 0) + " / " + (sum.outside_statistical || 0) + " / " + (sum.outside_unexplained || 0) }));
    tr.appendChild(el("td", { text: (sum.outside_beyond_noise || 0) + " / " + (sum.outside_within_noise || 0) }));
    tr.appendChild(el("td", { text: String(n.duplicates) }));
    verdicts.forEach(function (v) { tr.appendChild(el("td", { text: String(n.claims[v] || 0) })); });
    tr.appendChild(el("td", { text: String(n.claims_tested || 0) }));
    var checks = 0, hold = 0;
    Object.keys(n.checks).forEach(function (v) { checks += n.checks[v]; if (v === "holds") hold += n.checks[v]; });
    tr.appendChild(el("td", { text: checks ? hold + " / " + checks : "\u2014" }));
    return tr;
  });
  return el("table", {}, [el("thead", {}, [el("tr", {}, head)]), el("tbody", {}, body)]);
}

function drawSummary() {
  var box = document.getElementById("summary");
  box.appendChild(el("h2", { text: "Summary" }));
  box.appendChild(el("p", { className: "muted", text:
    "Cells by status, each published number once (a duplicate is shown in its table but counted " +
    "at its first place); claims by verdict; correctness checks (checks of the code, not of the " +
    "paper) apart. A count links to those cells." }));
  box.appendChild(summaryTable());
  var solvers = solversLine();
  if (solvers) box.appendChild(solvers);
}

// ------------------------------------------------------------------ filters

function select(id, label, options) {
  var s = el("select", { id: id });
  options.forEach(function (o) { s.appendChild(el("option", { value: o[0], text: o[1] })); });
  s.addEventListener("change", function () { state[id.replace("f-", "")] = s.value; update(); });
  return el("label", {}, [label + " ", s]);
}

function drawControls() {
  var statusCount = {};
  DATA.cells.forEach(function (c) { statusCount[c.status] = (statusCount[c.status] || 0) + 1; });
  var tables = [];
  DATA.cells.forEach(function (c) { if (tables.indexOf(c.table) < 0) tables.push(c.table); });
  var q = el("input", { id: "f-q", type: "search", placeholder: "row, column or note", size: "24" });
  q.addEventListener("input", function () { state.q = q.value; update(); });
  var reset = el("button", { type: "button", id: "f-reset", text: "show all" });
  reset.addEventListener("click", function () {
    state = { status: "", paper: "", table: "", q: "", sort: "", dir: "asc" };
    update();
  });
  var box = document.getElementById("controls");
  [
    select("f-status", "status", [["", "all"]].concat(DATA.statuses.map(function (s) {
      return [s, statusText(s) + " (" + statusCount[s] + ")"];
    }))),
    select("f-paper", "paper", [["", "all"]].concat(DATA.papers.map(function (p) { return [p.paper, p.paper]; }))),
    select("f-table", "table/figure", [["", "all"]].concat(tables.map(function (t) { return [t, t]; }))),
    el("label", {}, ["search ", q]),
    reset,
    el("span", {}, [el("span", { id: "shown-count", text: "0" }), " of " + DATA.cells.length + " cells shown"])
  ].forEach(function (n) { box.appendChild(n); });
}

function matches(c) {
  if (state.status && c.status !== state.status) return false;
  if (state.paper && c.paper !== state.paper) return false;
  if (state.table && c.table !== state.table) return false;
  if (state.q) {
    var q = state.q.toLowerCase();
    return [c.row, c.column, c.reason, c.experiment, c.table].some(function (t) {
      return t.toLowerCase().indexOf(q) >= 0;
    });
  }
  return true;
}

function sortValue(r) {
  var c = r.cell;
  if (state.sort === "ratio") return ratio(c);
  return c[state.sort];
}

function compareRows(a, b) {
  if (!state.sort) return a.index - b.index;
  var x = sortValue(a), y = sortValue(b);
  var missX = x === null || x === undefined || x === "", missY = y === null || y === undefined || y === "";
  if (missX || missY) return missX === missY ? a.index - b.index : (missX ? 1 : -1);
  var d = typeof x === "number" && typeof y === "number" ? (x < y ? -1 : x > y ? 1 : 0)
                                                         : String(x).localeCompare(String(y));
  if (d === 0) return a.index - b.index;
  return state.dir === "desc" ? -d : d;
}

// Applies the view: controls, hidden rows, empty sections, sort order, the shown count.
function update() {
  writeHash();
  ["status", "paper", "table", "q"].forEach(function (k) {
    var input = document.getElementById("f-" + k);
    if (input.value !== state[k]) input.value = state[k];
  });
  var shown = 0;
  rows.forEach(function (r) {
    var on = matches(r.cell);
    r.tr.hidden = !on;
    if (on) shown++;
  });
  document.getElementById("shown-count").textContent = String(shown);
  document.querySelectorAll("table.cells").forEach(function (t) {
    var body = t.tBodies[0];
    var mine = rows.filter(function (r) { return r.tr.parentNode === body; }).sort(compareRows);
    mine.forEach(function (r) { body.appendChild(r.tr); });
    t.querySelectorAll("th[data-sort]").forEach(function (th) {
      th.classList.toggle("sorted-asc", state.sort === th.dataset.sort && state.dir === "asc");
      th.classList.toggle("sorted-desc", state.sort === th.dataset.sort && state.dir === "desc");
    });
  });
  document.querySelectorAll("section.artifact-section").forEach(function (s) {
    s.hidden = s.querySelectorAll("tr.cell-row:not([hidden])").length === 0;
  });
  // A user's solver is found by search: a view shows when the text searched for is in its
  // solvers' labels, rows, columns, table or experiment.
  var q = state.q.toLowerCase();
  document.querySelectorAll("div.solver-view").forEach(function (v) {
    v.hidden = (!!state.table && v.dataset.table !== state.table) ||
               (!!q && v.dataset.search.indexOf(q) < 0);
  });
  document.querySelectorAll("section.solvers").forEach(function (s) {
    s.hidden = s.querySelectorAll("div.solver-view:not([hidden])").length === 0;
  });
  document.querySelectorAll("section.paper").forEach(function (s) {
    s.hidden = !!state.paper && s.dataset.paper !== state.paper;
    var n = s.querySelectorAll("tr.cell-row:not([hidden])").length;
    s.querySelector(".paper-shown").textContent = n + " of " + s.querySelectorAll("tr.cell-row").length +
      " cells shown with the current filter.";
  });
}

// ------------------------------------------------------------------ per paper

function figureBlock(paths) {
  return el("div", { className: "figs" }, paths.map(function (p) {
    var name = p.split("/").pop();
    return el("a", { href: p, target: "_blank" }, [
      el("img", { src: p, alt: name, loading: "lazy" }), el("div", { className: "caption", text: name })
    ]);
  }));
}

// Notes over three lines are clamped; a click shows the whole text.
function noteBlock(text) {
  if (text.length < 200) return text;
  var div = el("div", { className: "clamp", title: "click to show the whole note", text: text });
  div.addEventListener("click", function () { div.classList.toggle("open"); });
  return div;
}

function cellRow(c) {
  var note = c.reason;
  if (c.duplicate_of) note = "Same published number as " + c.duplicate_of + " (counted there). " + note;
  var r = ratio(c);
  var tr = el("tr", { className: "cell-row", "data-index": c.index, "data-status": c.status,
                      "data-paper": c.paper, "data-table": c.table }, [
    el("td", { text: c.row }),
    el("td", { text: c.column }),
    el("td", { className: "num", text: withUnit(fmt(c.published), c.unit), title: String(c.published) }),
    el("td", { className: "num", text: withUnit(fmt(c.reproduced), c.unit), title: String(c.reproduced) }),
    el("td", { className: "num", text: fmt(c.delta, true), title: String(c.delta) }),
    el("td", { className: "num", text: fmt(c.tolerance) }),
    el("td", { className: "num", text: r === null ? "\u2014" : r === Infinity ? "\u221e" : r.toFixed(2) }),
    el("td", {}, [badge("s-", c.status, statusText(c.status))]),
    el("td", { className: "note" }, [noteBlock(note)]),
    el("td", { text: c.experiment })
  ]);
  return tr;
}

function cellTable(cells) {
  var head = el("tr", {}, COLUMNS.map(function (col) {
    var th = el("th", { "data-sort": col.key, className: col.num ? "num" : "", text: col.label,
                        title: "sort by " + col.label });
    th.addEventListener("click", function () {
      if (state.sort === col.key) state.dir = state.dir === "asc" ? "desc" : "asc";
      else { state.sort = col.key; state.dir = col.num ? "desc" : "asc"; }
      update();
    });
    return th;
  }));
  var body = el("tbody");
  cells.forEach(function (c) {
    var tr = cellRow(c);
    rows.push({ cell: c, tr: tr, index: rows.length });
    body.appendChild(tr);
  });
  return el("table", { className: "cells" }, [el("thead", {}, [head]), body]);
}

function claimsList(claims) {
  if (!claims.length) return el("p", { className: "muted", text: "None listed." });
  return el("ul", { className: "claims" }, claims.map(function (c) {
    return el("li", {}, [
      badge("v-", c.verdict, verdictText(c.verdict)), " ",
      c.id ? el("code", { text: c.id }) : null, c.id ? " " : null,
      c.claim,
      c.where ? el("span", { className: "muted", text: " (" + c.where + ")" }) : null,
      c.evidence ? el("div", { className: "evidence", text: "Evidence: " + c.evidence }) : null,
      el("div", { className: "evidence", text: c.tested ? "Decided by: " + (c.resolution || "its parts' tests")
                                                      : (c.resolution ? "Resolution: " + c.resolution
                                                                      : "Decided by the driver's criterion (no named test yet).") }),
      el("div", { className: "evidence", text: c.experiment ? "Checked by experiment " + c.experiment
                                                           : "No experiment checks it." })
    ]);
  }));
}

function keyValueTable(obj) {
  return el("table", {}, [el("tbody", {}, Object.keys(obj || {}).map(function (k) {
    var v = obj[k];
    return el("tr", {}, [el("th", { text: k }),
      el("td", { text: v !== null && typeof v === "object" ? JSON.stringify(v) : String(v) })]);
  }))]);
}

// A run file's provenance, drawn when first opened (thousands of runs stay out of the DOM until then).
function drawProvenance(box, e) {
  var env = e.environment || {};
  box.appendChild(el("h4", { text: "Environment (the process that last computed a run)" }));
  box.appendChild(keyValueTable(env));
  if (e.mixed_commits) box.appendChild(el("p", { className: "warn",
    text: "Runs computed at several commits: " + e.mixed_commits.join(", ") }));
  box.appendChild(el("h4", { text: "Datasets" }));
  box.appendChild(el("table", {}, [
    el("thead", {}, [el("tr", {}, ["name", "sha256", "source", "status"].map(function (h) { return el("th", { text: h }); }))]),
    el("tbody", {}, e.datasets.map(function (d) {
      return el("tr", {}, [el("td", { text: d.name }), el("td", {}, [el("code", { text: d.sha256 || "\u2014" })]),
        el("td", { text: d.source }), el("td", { text: d.status ? d.status + ": " + d.reason : "" })]);
    }))]));
  box.appendChild(el("h4", { text: "Experiment config (hash " + e.config_hash + ", seed " + e.seed + ")" }));
  box.appendChild(el("pre", { text: JSON.stringify(e.config, null, 1) }));
  box.appendChild(el("h4", { text: e.runs.length + " runs" }));
  var f = {};
  DATA.run_fields.forEach(function (name, i) { f[name] = i; });
  var head = ["key", "solver", "class", "params", "config hash", "seed", "status", "metrics", "commit", "created"];
  box.appendChild(el("table", {}, [
    el("thead", {}, [el("tr", {}, head.map(function (h) { return el("th", { text: h }); }))]),
    el("tbody", {}, e.runs.map(function (r) {
      var commit = e.commits[r[f.commit]];
      var status = r[f.status] + (r[f.reason] ? ": " + r[f.reason] : "");
      return el("tr", { className: "run-row" }, [
        el("td", { text: r[f.key] }), el("td", { text: r[f.solver] || "" }), el("td", { text: r[f["class"]] || "" }),
        el("td", {}, [el("code", { text: r[f.params] ? JSON.stringify(r[f.params]) : "" })]),
        el("td", {}, [el("code", { text: r[f.config_hash] || "" })]),
        el("td", {}, [el("code", { text: r[f.seed] || "" })]),
        el("td", { text: status }),
        el("td", {}, [el("code", { text: JSON.stringify(r[f.metrics]) })]),
        el("td", {}, [el("code", { text: commit ? commit.slice(0, 12) : "\u2014", title: commit || "" })]),
        el("td", { text: r[f.created_at] || "" })
      ]);
    }))]));
}

function experimentItem(e) {
  var env = e.environment || {};
  var commit = env.git_commit ? env.git_commit.slice(0, 12) : "unknown commit";
  var details = el("details", { className: "prov" }, [el("summary", {}, [
    el("a", { href: e.file, text: e.experiment }), ": " + e.description + " (" + e.runs.length + " run" +
    (e.runs.length === 1 ? "" : "s") + "; " + commit + (env.git_dirty ? " (dirty)" : "") + ", " +
    (env.created_at || "no date") + ")"
  ])]);
  var drawn = false;
  details.addEventListener("toggle", function () {
    if (details.open && !drawn) { drawn = true; drawProvenance(details, e); }
  });
  return details;
}

// One ablation: a row per protocol variant, the one the cells use marked, the published row apart.
function ablationBlock(a) {
  var head = el("tr", {}, [el("th", { text: "variant" })].concat(a.columns.map(function (c) {
    return el("th", { className: "num", text: c });
  }), [el("th", { text: "" })]));
  var body = el("tbody", {}, a.rows.map(function (r) {
    var mark = r.chosen ? badge("s-", "within", "used by the cells") :
               r.reference ? badge("s-", "input", "published") : "";
    return el("tr", { className: "ablation-row" + (r.chosen ? " chosen" : "") + (r.reference ? " reference" : "") },
      [el("td", { title: r.description }, [el("code", { text: r.variant }),
                                           el("div", { className: "muted", text: r.description })])]
        .concat(r.values.map(function (v) {
          return el("td", { className: "num", text: v === null ? "not run" : withUnit(fmt(v), a.unit),
                            title: v === null ? "" : String(v) });
        }), [el("td", {}, [mark])]));
  }));
  return el("div", { className: "ablation", id: "ablation-" + a.id, "data-ablation": a.id }, [
    el("h4", { text: a.title + " (" + a.id + ", experiment " + a.experiment + ")" }),
    a.why ? el("p", { className: "evidence", text: a.why }) : null,
    el("table", { className: "ablation-table" }, [el("thead", {}, [head]), body])
  ]);
}

// Produced cells without a published number, collapsed, each with the reason the published file's
// own_cells give for it (or the extra solver's note).
function unmatchedBlock(list) {
  var details = el("details", { className: "prov unmatched" }, [el("summary", {
    text: list.length + " cells of our own: measurements the paper does not print (peers, extra solvers, curves, extra columns)" })]);
  var drawn = false;
  details.addEventListener("toggle", function () {
    if (!details.open || drawn) return;
    drawn = true;
    details.appendChild(el("table", {}, [
      el("thead", {}, [el("tr", {}, ["table", "row", "column", "value", "experiment", "why the paper has none", "note"].map(function (h) {
        return el("th", { text: h }); }))]),
      el("tbody", {}, list.map(function (u) {
        return el("tr", { className: "unmatched-row" }, [el("td", { text: u.table }), el("td", { text: u.row }),
          el("td", { text: u.column }),
          el("td", { className: "num", text: u.value === null ? u.status : withUnit(fmt(u.value), u.unit) }),
          el("td", { text: u.experiment }), el("td", { className: "note", text: u.why }),
          el("td", { className: "note" }, [noteBlock(u.note)])]);
      }))]));
  });
  return details;
}

// ------------------------------------------------------------------ your solvers

// One grid of a table holding a user's solver: every cell of it, the paper's methods with their
// published value beneath, the peers and each solver added with --with-solver marked.
function solverView(p, v) {
  var extraRow = v.rows.map(function (r, i) {
    return v.grid[i].some(function (c) { return c && c.extra; });
  });
  var extraColumn = v.columns.map(function (c) {
    return v.solvers.some(function (s) { return c.indexOf(s) >= 0; });
  });
  var head = el("tr", {}, [el("th", { text: "" })].concat(v.columns.map(function (c, j) {
    return el("th", { className: "num" + (extraColumn[j] ? " extra-col" : ""), text: c });
  })));
  var body = el("tbody", {}, v.rows.map(function (r, i) {
    return el("tr", { className: "solver-row" + (extraRow[i] ? " extra-row" : "") },
      [el("th", { text: r })].concat(v.grid[i].map(function (c) {
        if (!c) return el("td", { className: "num muted", text: "" });
        var text = c.value === undefined ? statusText(c.status || "") : withUnit(fmt(c.value), c.unit);
        var td = el("td", { className: "num" + (c.extra ? " extra-cell" : ""),
                            title: c.extra ? (c.solver || "") + ": not part of the paper" : String(c.value) },
                    [text]);
        if (c.published !== undefined)
          td.appendChild(el("div", { className: "published", text: "paper " + withUnit(fmt(c.published), c.unit) }));
        return td;
      })));
  }));
  var search = [p.paper, v.experiment, v.table].concat(v.solvers, v.rows, v.columns).join("\n").toLowerCase();
  return el("div", { className: "solver-view", "data-paper": p.paper, "data-table": v.table,
                     "data-search": search }, [
    el("h4", { text: v.table + " (experiment " + v.experiment + "): " + v.solvers.join(", ") +
                     " beside the paper's methods and the peers" }),
    el("table", { className: "solver-table" }, [el("thead", {}, [head]), body])
  ]);
}

function solverSection(p) {
  if (!p.solver_views.length) return null;
  return el("section", { className: "solvers", id: "solvers-" + p.paper }, [
    el("h3", { text: "Your solvers beside the paper's methods and the peers" }),
    el("p", { className: "muted", text: "Solvers added with --with-solver (marked; not part of " +
      "the paper), in every table they joined, beside the paper's methods (the published value " +
      "beneath ours) and the peers, as the experiment writes the table." })
  ].concat(p.solver_views.map(function (v) { return solverView(p, v); })));
}

// The labels of every solver added with --with-solver, each a link to the views that hold it.
function solversLine() {
  var labels = [];
  DATA.papers.forEach(function (p) {
    p.solver_views.forEach(function (v) {
      v.solvers.forEach(function (s) { if (labels.indexOf(s) < 0) labels.push(s); });
    });
  });
  if (!labels.length) return null;
  return el("p", { id: "your-solvers" }, ["Your solvers (added with --with-solver): "].concat(
    labels.reduce(function (acc, s, i) {
      var a = el("a", { href: "#q=" + encodeURIComponent(s), text: s });
      return acc.concat(i ? [", ", a] : [a]);
    }, [])));
}

function paperSection(p) {
  var cells = DATA.cells.filter(function (c) { return c.paper === p.paper; });
  var claims = DATA.claims.filter(function (c) { return c.paper === p.paper && c.kind !== "correctness_check"; });
  var checks = DATA.claims.filter(function (c) { return c.paper === p.paper && c.kind === "correctness_check"; });
  var s = el("section", { className: "paper", id: "paper-" + p.paper, "data-paper": p.paper }, [
    el("h2", { text: p.paper + (p.title ? ": " + p.title : "") }),
    p.source ? el("p", { className: "muted", text: "Source: " + p.source }) : null,
    el("p", { className: "paper-shown" })
  ]);
  p.artifacts.forEach(function (a) {
    var mine = cells.filter(function (c) { return c.table === a.id; });
    var tableLinks = a.tables.map(function (t) {
      return el("a", { href: t, text: t.split("/").pop() });
    });
    var left = el("div", {}, [cellTable(mine), tableLinks.length ? el("p", { className: "muted" },
      ["Full reproduced table: "].concat(tableLinks.reduce(function (acc, x, i) {
        return acc.concat(i ? [", ", x] : [x]); }, []))) : null]);
    s.appendChild(el("section", { className: "artifact-section", "data-table": a.id }, [
      el("h3", { text: a.id }),
      el("div", { className: "artifact" + (a.figures.length ? "" : " no-figures") },
         [left, a.figures.length ? figureBlock(a.figures) : null])
    ]));
  });
  var solvers = solverSection(p);
  if (solvers) s.appendChild(solvers);
  s.appendChild(el("h3", { text: "Claims" }));
  s.appendChild(claimsList(claims));
  if (checks.length) {
    s.appendChild(el("h3", { text: "Correctness checks (of the code, not of the paper)" }));
    s.appendChild(claimsList(checks));
  }
  if (p.ablations.length) {
    s.appendChild(el("h3", { text: "Ablations (protocol variants; the cells use the chosen row)" }));
    p.ablations.forEach(function (a) { s.appendChild(ablationBlock(a)); });
  }
  if (p.other.figures.length) {
    s.appendChild(el("h3", { text: "Other figures" }));
    s.appendChild(el("div", { className: "thumbs" }, p.other.figures.map(function (f) {
      var name = f.split("/").pop();
      return el("figure", {}, [el("a", { href: f, target: "_blank" }, [el("img", { src: f, alt: name, loading: "lazy" })]),
                               el("figcaption", { className: "caption muted", text: name })]);
    })));
  }
  if (p.other.tables.length) {
    s.appendChild(el("h3", { text: "Other tables" }));
    s.appendChild(el("ul", {}, p.other.tables.map(function (t) {
      return el("li", {}, [el("a", { href: t, text: t.split("/").pop() })]);
    })));
  }
  s.appendChild(el("h3", { text: "Experiments and their provenance" }));
  if (p.unmatched.length) s.appendChild(unmatchedBlock(p.unmatched));
  if (!p.experiments.length) s.appendChild(el("p", { className: "muted", text: "No experiment has run yet." }));
  p.experiments.forEach(function (e) { s.appendChild(experimentItem(e)); });
  return s;
}

function draw() {
  DATA.cells.forEach(function (c, i) { c.index = i; });  // the place in comparison.json
  drawSummary();
  drawControls();
  var main = document.getElementById("papers");
  DATA.papers.forEach(function (p) { main.appendChild(paperSection(p)); });
  state = readHash();
  update();
}

window.addEventListener("hashchange", function () { state = readHash(); update(); });
draw();
