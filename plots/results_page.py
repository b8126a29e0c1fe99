#!/usr/bin/python3
"""Writes results/index.html: one static, self-contained page to browse the results.

Inputs (read only): results/comparison.json (written by `linrepro compare`), the run files
results/<paper>/*.json, the published files results/published/<paper>.json (title, source), and the
PNGs in results/<paper>/figures/ and Markdown tables in results/<paper>/tables/.

The page is plain HTML with inline CSS and JS (plots/results_page.css, plots/results_page.js are
inlined here, no library, no CDN). The data goes in as one JSON <script type="application/json">
block and the JS renders it, so every text reaches the DOM through textContent (escaped by
construction). Images are referenced by a path relative to the output file, so the page works from
file:// next to the results. The output depends only on the inputs (no clock), so regenerating from
unchanged results gives the same bytes.

Run: /usr/bin/python3 plots/results_page.py [--results results] [--out results/index.html]
"""
import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Counted statuses in the order the summary shows them; a status not listed here (a schema newer
# than this script) is still shown and filterable, after these.
STATUS_ORDER = ("input", "within", "outside", "not_run", "data_unavailable")
VERDICT_ORDER = ("holds", "does_not_hold", "indistinguishable", "not_checked")
# The compact per-run row: one list per run, in this field order (keeps the page a few MB).
RUN_FIELDS = ("key", "solver", "class", "params", "config_hash", "seed", "status", "reason",
              "metrics", "commit", "created_at")


# How `linrepro compare` marks a cell of a solver added with --with-solver (its `why`; the text is
# kExtraSolverNote of harness/experiment/extra_solvers.h, and the page's test checks they agree).
EXTRA_SOLVER_NOTE = "not part of the paper: a solver added with --with-solver"


class PageError(Exception):
    """Bad or missing input; the message names the file."""


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise PageError(f"{path}: not found (run `linrepro compare` first)") from None
    except json.JSONDecodeError as e:
        raise PageError(f"{path}: not valid JSON: {e}") from None


def expect(cond, path, what):
    if not cond:
        raise PageError(f"{path}: {what}")


# ------------------------------------------------------------------ the comparison


def claim_verdict(claim):
    """The new schema's verdict, or the old one's `holds` (true/false/null) mapped onto it."""
    verdict = claim.get("verdict")
    if verdict:
        return verdict
    holds = claim.get("holds")
    return "not_checked" if holds is None else ("holds" if holds else "does_not_hold")


def normalise_cells(comparison, path):
    cells = comparison.get("cells")
    expect(isinstance(cells, list), path, "no `cells` list")
    out = []
    for i, c in enumerate(cells):
        expect(isinstance(c, dict), path, f"cell {i} is not an object")
        for key in ("paper", "table", "row", "column", "status"):
            expect(isinstance(c.get(key), str), path, f"cell {i}: `{key}` missing or not a string")
        # The cause (harness/judge/cell_cause.h) leads the reason, as in REPORT.md's misses.
        cause = c.get("cause") or {}
        reason = c.get("reason") or ""
        if cause:
            by = f" ({cause['by']})" if cause.get("by") else ""
            reason = f"cause: {cause.get('category')}{by}: {cause.get('evidence')}. Note: {reason}"
        out.append({
            "paper": c["paper"], "table": c["table"], "row": c["row"], "column": c["column"],
            "unit": c.get("unit") or "", "published": c.get("published"),
            "reproduced": c.get("reproduced"), "delta": c.get("delta"),
            "tolerance": c.get("tolerance"), "status": c["status"], "reason": reason,
            "experiment": c.get("experiment") or "", "duplicate_of": c.get("duplicate_of") or "",
            "noise": c.get("noise") or "",
        })
    return out


def normalise_claims(comparison, path):
    out = []
    for i, c in enumerate(comparison.get("claims") or []):
        expect(isinstance(c, dict) and isinstance(c.get("paper"), str), path,
               f"claim {i}: not an object with a `paper`")
        out.append({
            "paper": c["paper"], "id": c.get("id") or "", "claim": c.get("claim") or "",
            "where": c.get("where") or "", "verdict": claim_verdict(c),
            "kind": c.get("kind") or "claim", "resolution": c.get("resolution") or "",
            "evidence": c.get("evidence") or "", "experiment": c.get("experiment") or "",
            "part_of": c.get("part_of") or "", "tested": bool(c.get("tested")),
        })
    return out


def normalise_ablations(comparison, path):
    """The ablation tables (one row per protocol variant; docs/RESULTS.md "ablations")."""
    out = []
    for i, a in enumerate(comparison.get("ablations") or []):
        expect(isinstance(a, dict) and isinstance(a.get("paper"), str), path,
               f"ablation {i}: not an object with a `paper`")
        columns = a.get("columns") or []
        rows = []
        for j, r in enumerate(a.get("rows") or []):
            values = r.get("values") or []
            expect(len(values) == len(columns), path,
                   f"ablation {a.get('id')!r} row {j}: {len(values)} values for {len(columns)} columns")
            rows.append({"variant": r.get("variant") or "", "description": r.get("description") or "",
                         "chosen": bool(r.get("chosen")), "reference": bool(r.get("reference")),
                         "values": values})
        out.append({"paper": a["paper"], "id": a.get("id") or "", "title": a.get("title") or "",
                    "experiment": a.get("experiment") or "", "unit": a.get("unit") or "",
                    "why": a.get("why") or "", "columns": columns, "rows": rows})
    return out


def normalise_unmatched(comparison):
    """Produced cells with no published counterpart: the experiments' own measurements (peers, curves, extra columns)."""
    return [{"paper": u.get("paper") or "", "table": u.get("table") or "", "row": u.get("row") or "",
             "column": u.get("column") or "", "unit": u.get("unit") or "", "value": u.get("value"),
             "status": u.get("status") or "", "note": u.get("note") or "",
             "experiment": u.get("experiment") or "", "why": u.get("why") or ""}
            for u in comparison.get("unmatched") or [] if isinstance(u, dict)]


def ordered(values, order):
    """`values` (a set) in the given order, unknown ones after, sorted."""
    return [v for v in order if v in values] + sorted(v for v in values if v not in order)


def paper_counts(paper, cells, claims):
    """Cells by status, each number once (a `duplicate_of` cell is skipped), and claims by verdict
    (correctness checks apart; a part of a published claim, `part_of`, is counted in that claim):
    the counts of the comparison's summary, which README.md and REPORT.md show too."""
    counts = {}
    duplicates = 0
    for c in cells:
        if c["paper"] != paper:
            continue
        if c["duplicate_of"]:
            duplicates += 1
            continue
        counts[c["status"]] = counts.get(c["status"], 0) + 1
    verdicts, checks, tested = {}, {}, 0
    for c in claims:
        if c["paper"] == paper and not c["part_of"]:
            target = checks if c["kind"] == "correctness_check" else verdicts
            target[c["verdict"]] = target.get(c["verdict"], 0) + 1
            tested += c["kind"] != "correctness_check" and c["tested"]
    return {"cells": counts, "duplicates": duplicates, "claims": verdicts, "checks": checks,
            "claims_tested": tested}


# ------------------------------------------------------------------ figures and tables


def files_in(directory, suffix):
    if not directory.is_dir():
        return []
    return sorted(p.name for p in directory.iterdir() if p.is_file() and p.name.endswith(suffix))


def belongs_to(filename, artifact):
    """As harness/judge/compare.cpp: "figure6.png", "figure6_a.png", "figure6-a.png" belong to
    "figure6"; "figure60.png" does not."""
    stem = filename.rsplit(".", 1)[0]
    return stem == artifact or (stem.startswith(artifact) and len(stem) > len(artifact)
                                and stem[len(artifact)] in "_-.")


def artifact_files(paper, artifacts, results_dir, link):
    """Each table/figure id's PNGs and Markdown tables (by file-name prefix), then the rest."""
    figures = files_in(results_dir / paper / "figures", ".png")
    tables = files_in(results_dir / paper / "tables", ".md")
    used_f, used_t = set(), set()
    per_artifact = {}
    for a in artifacts:
        f = [n for n in figures if belongs_to(n, a)]
        t = [n for n in tables if belongs_to(n, a)]
        used_f.update(f)
        used_t.update(t)
        per_artifact[a] = {"figures": [link(paper, "figures", n) for n in f],
                           "tables": [link(paper, "tables", n) for n in t]}
    return per_artifact, {
        "figures": [link(paper, "figures", n) for n in figures if n not in used_f],
        "tables": [link(paper, "tables", n) for n in tables if n not in used_t]}


# ------------------------------------------------------------------ run files (provenance)


def big_int_as_text(value):
    """Seeds are 64-bit: past 2^53 a JS number would round them, so they travel as text."""
    return None if value is None else str(value)


def dataset_summary(d):
    data = d.get("data") if isinstance(d.get("data"), dict) else {}
    return {"name": d.get("name") or "", "sha256": d.get("sha256") or data.get("content_sha256"),
            "source": data.get("source") or d.get("source") or "",
            "status": d.get("status") or "", "reason": d.get("reason") or ""}


def experiment_summary(path, doc, rel):
    runs = doc.get("runs")
    expect(isinstance(runs, list), path, "no `runs` list (schema: docs/RESULTS.md)")
    commits = []  # each run names its commit by index: 40 hex digits once, not per run
    rows = []
    for i, r in enumerate(runs):
        expect(isinstance(r, dict) and isinstance(r.get("key"), str), path,
               f"run {i}: not an object with a `key`")
        config = r.get("config") if isinstance(r.get("config"), dict) else {}
        commit = r.get("git_commit")
        if commit not in commits:
            commits.append(commit)
        rows.append([r["key"], r.get("solver") or config.get("solver"), r.get("class"),
                     r.get("params"), r.get("config_hash"), big_int_as_text(config.get("seed")),
                     r.get("status"), r.get("reason") or "", r.get("metrics") or {},
                     commits.index(commit), r.get("created_at")])
    return {
        "paper": doc.get("paper"), "experiment": doc.get("experiment") or path.stem,
        "file": rel, "description": doc.get("description") or "",
        "artifacts": doc.get("artifacts") or [], "config": doc.get("config"),
        "config_hash": doc.get("config_hash"), "seed": big_int_as_text(doc.get("seed")),
        "environment": doc.get("environment") or {}, "mixed_commits": doc.get("mixed_commits"),
        "datasets": [dataset_summary(d) for d in doc.get("datasets") or [] if isinstance(d, dict)],
        "commits": commits, "runs": rows, "extra_solvers": extra_solver_labels(doc),
    }


def experiments_of(paper, results_dir, link):
    out = []
    for path in sorted((results_dir / paper).glob("*.json")):
        doc = load_json(path)
        expect(isinstance(doc, dict), path, "not a JSON object")
        out.append(experiment_summary(path, doc, link(paper, "", path.name)))
    return out


# ------------------------------------------------------------------ your solvers beside the paper's


def extra_solver_labels(doc):
    """The labels of the solvers added with --with-solver that have runs in a run file, in order."""
    labels = []
    for r in doc.get("runs") or []:
        label = (r.get("config") or {}).get("with_solver") if isinstance(r, dict) else None
        if isinstance(label, str) and label not in labels:
            labels.append(label)
    return labels


def solver_of(cell, labels):
    """The label an extra solver's cell names in its row or column ("<label> (extra)"), longest
    first so that "svm-2" is not read as "svm"."""
    for label in sorted(labels, key=len, reverse=True):
        if label in cell["row"] or label in cell["column"]:
            return label
    return ""


def solver_views(paper, cells, unmatched, labels_by_experiment):
    """Per experiment and table holding a cell of a user's solver: every cell of that table as a
    grid (rows x columns as the experiment writes them), the paper's methods with their published
    value, the peers and the user's solvers side by side, each of the latter marked with its label."""
    views = {}
    for c in cells:
        if c["paper"] == paper:
            views.setdefault((c["experiment"], c["table"]), []).append(
                {"row": c["row"], "column": c["column"], "value": c["reproduced"], "unit": c["unit"],
                 "published": c["published"], "status": c["status"], "solver": ""})
    extra_tables = set()
    for u in unmatched:
        if u["paper"] != paper:
            continue
        extra = u["why"].startswith(EXTRA_SOLVER_NOTE)
        label = solver_of(u, labels_by_experiment.get(u["experiment"], [])) if extra else ""
        if extra:
            extra_tables.add((u["experiment"], u["table"]))
        views.setdefault((u["experiment"], u["table"]), []).append(
            {"row": u["row"], "column": u["column"], "value": u["value"], "unit": u["unit"],
             "published": None, "status": u["status"], "solver": label, "extra": extra})
    out = []
    for key in sorted(extra_tables):
        entries = views[key]
        rows = list(dict.fromkeys(e["row"] for e in entries))
        columns = list(dict.fromkeys(e["column"] for e in entries))
        grid = [[None] * len(columns) for _ in rows]
        for e in entries:
            grid[rows.index(e["row"])][columns.index(e["column"])] = {
                k: e[k] for k in ("value", "unit", "published", "status", "solver")
                if e.get(k) not in (None, "")} | ({"extra": True} if e.get("extra") else {})
        solvers = list(dict.fromkeys(e["solver"] for e in entries if e.get("extra") and e["solver"]))
        out.append({"experiment": key[0], "table": key[1], "solvers": solvers, "rows": rows,
                    "columns": columns, "grid": grid})
    return out


# ------------------------------------------------------------------ the page data


def all_papers(cells, claims, results_dir):
    seen = {c["paper"] for c in cells} | {c["paper"] for c in claims}
    seen |= {p.name for p in results_dir.iterdir()  # not papers: the published numbers, make bench's
             if p.is_dir() and p.name not in ("published", "bench") and any(p.glob("*.json"))}
    return sorted(seen)  # by id, as the README and REPORT.md list them


def build_data(results_dir, out_dir):
    """Everything the page shows, as one JSON-able dict; image and file paths relative to out_dir."""
    results_dir = Path(results_dir)
    comparison_path = results_dir / "comparison.json"
    comparison = load_json(comparison_path)
    expect(isinstance(comparison, dict), comparison_path, "not a JSON object")
    cells = normalise_cells(comparison, comparison_path)
    claims = normalise_claims(comparison, comparison_path)
    ablations = normalise_ablations(comparison, comparison_path)
    unmatched = normalise_unmatched(comparison)

    def link(paper, sub, name):
        target = results_dir / paper / sub / name if sub else results_dir / paper / name
        return Path(os.path.relpath(target.resolve(), Path(out_dir).resolve())).as_posix()

    papers = []
    for paper in all_papers(cells, claims, results_dir):
        published_path = results_dir / "published" / f"{paper}.json"
        published = load_json(published_path) if published_path.exists() else {}
        artifacts = []
        for c in cells:
            if c["paper"] == paper and c["table"] not in artifacts:
                artifacts.append(c["table"])
        per_artifact, other = artifact_files(paper, artifacts, results_dir, link)
        summary = (comparison.get("summary") or {}).get(paper)
        experiments = experiments_of(paper, results_dir, link)
        labels = {e["experiment"]: e["extra_solvers"] for e in experiments}
        papers.append({
            "paper": paper, "title": published.get("title") or "",
            "source": published.get("source") or "",
            "counts": paper_counts(paper, cells, claims), "summary": summary,
            "artifacts": [dict(id=a, **per_artifact[a]) for a in artifacts], "other": other,
            "unmatched": [u for u in unmatched if u["paper"] == paper],
            "ablations": [a for a in ablations if a["paper"] == paper],
            "experiments": experiments,
            "solver_views": solver_views(paper, cells, unmatched, labels),
        })
    return {
        "schema": comparison.get("schema") or "",
        "statuses": ordered({c["status"] for c in cells}, STATUS_ORDER),
        "verdicts": ordered({c["verdict"] for c in claims}, VERDICT_ORDER),
        "run_fields": list(RUN_FIELDS), "papers": papers, "cells": cells, "claims": claims,
    }


# ------------------------------------------------------------------ the HTML


def script_json(data):
    """JSON safe inside <script>: no "</script>", "<!--" or "&" can appear in it literally
    (escaped as \\u003c etc., which JSON.parse turns back)."""
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except ValueError as e:  # NaN/Infinity: not JSON, JSON.parse would reject the page's data
        raise PageError(f"the inputs hold a number that is not finite: {e}") from None
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render(data):
    css = (HERE / "results_page.css").read_text(encoding="utf-8")
    js = (HERE / "results_page.js").read_text(encoding="utf-8")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>linrepro: published vs reproduced</title>
<style>
{css}</style>
</head>
<body>
<header>
<h1>linrepro: published vs reproduced</h1>
<p>Every published number of the four papers next to the reproduced one, the papers' claims with
their verdicts, the figures, and each run's provenance. Filter and sort the cells below; the view is
kept in the address (e.g. <code>#status=outside</code>).</p>
<div id="page-errors" hidden></div>
<noscript><p class="warn">This page is drawn by JavaScript from the data embedded in it; enable
JavaScript, or read results/REPORT.md.</p></noscript>
</header>
<section id="summary"></section>
<nav id="controls"></nav>
<main id="papers"></main>
<footer>
<p>Written by <code>plots/results_page.py</code> (run by <code>make compare</code> after
<code>linrepro compare</code>) from <code>results/comparison.json</code>, the run files
<code>results/&lt;paper&gt;/*.json</code> and <code>results/published/*.json</code> (schema:
docs/RESULTS.md). Static and self-contained: no server, nothing fetched from the network. Figures,
tables and run files are linked by paths relative to this file, so open it from <code>file://</code>
where it was written, next to the results.</p>
</footer>
<script type="application/json" id="page-data">{script_json(data)}</script>
<script>
{js}</script>
</body>
</html>
"""


def write_atomic(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_page(results_dir, out):
    out = Path(out)
    html = render(build_data(results_dir, out.parent))
    write_atomic(out, html)
    return len(html.encode("utf-8"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default="results", help="the results folder (default: results)")
    ap.add_argument("--out", help="the page to write (default: <results>/index.html)")
    args = ap.parse_args(argv)
    out = Path(args.out) if args.out else Path(args.results) / "index.html"
    try:
        size = write_page(Path(args.results), out)
    except PageError as e:
        print(f"results_page: {e}", file=sys.stderr)
        return 1
    print(f"results_page: wrote {out} ({size / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
