"""Markdown tables: the cells of each table id (reproduced, with the published value beside it), the
published-vs-reproduced comparison of one table, and the runs of an experiment (solver x class)."""
import json

from .io import number_or_none
from .join import cell_key, compare_tables, published_index

DASH = "—"


# ---------------------------------------------------------------- number formatting

def _decimals(value):
    """Digits after the point in the shortest repr of `value`; None for exponent notation."""
    text = repr(float(value))
    if "e" in text or "inf" in text or "nan" in text:
        return None
    whole, _, frac = text.partition(".")
    return 0 if frac in ("", "0") else len(frac)


def fmt(value, like=None):
    """A number for a table. With `like` (the published value), use its precision (at least one
    decimal, at most four) so ours and the paper's line up; otherwise four significant digits."""
    v = number_or_none(value)
    if v is None:
        return DASH
    if v == int(v) and abs(v) < 1e15 and (like is None or _decimals(like) == 0):
        return str(int(v))
    if like is not None and number_or_none(like) is not None:
        d = _decimals(like)
        if d is not None:
            return f"{v:.{min(max(d, 1), 4)}f}"
    a = abs(v)
    if a >= 1000:
        return f"{v:.0f}"
    if a >= 1e-3:
        return f"{v:.4g}"
    return f"{v:.3g}"


def fmt_delta(delta, like=None):
    if delta is None:
        return DASH
    text = fmt(abs(delta), like)
    return ("+" if delta >= 0 else "−") + text


# ---------------------------------------------------------------- Markdown

def _escape(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def md_table(headers, rows, align=None):
    """A GitHub Markdown table. align: one of "l", "r", "c" per column (default: left)."""
    align = align or ["l"] * len(headers)
    marks = {"l": ":---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(_escape(h) for h in headers) + " |",
             "| " + " | ".join(marks[a] for a in align) + " |"]
    for row in rows:
        lines.append("| " + " | ".join(_escape(c) for c in row) + " |")
    return "\n".join(lines) + "\n"


def _ordered(items):
    seen = {}
    for item in items:
        seen.setdefault(item, None)
    return list(seen)


# ---------------------------------------------------------------- cells tables

def cells_table(cells, published=None, note_prefix="n"):
    """rows x columns grid of one table id. A cell reads "ours (paper)" when a published value
    exists; n/a with a footnote when it was not produced (data unavailable, not run)."""
    pub = published_index(published)
    rows = _ordered(c["row"] for c in cells)
    columns = _ordered(c["column"] for c in cells)
    by_key = {(c["row"], c["column"]): c for c in cells}
    headers = ["row"]
    for col in columns:
        units = {c["unit"] for c in cells if c["column"] == col and c["unit"]}
        headers.append(f"{col} ({units.pop()})" if len(units) == 1 else col)
    body, notes = [], []
    for row in rows:
        line = [row]
        for col in columns:
            c = by_key.get((row, col))
            if c is None:
                line.append("")
                continue
            p = pub.get(cell_key(c))
            pv = number_or_none(p["value"]) if p else None
            if c["status"] != "ok" or number_or_none(c.get("value")) is None:
                why = f" — {c['note']}" if c["note"] else ""
                notes.append(f"{row} / {col}: {c['status']}{why}")
                text = f"n/a[^{note_prefix}-{len(notes)}]"
            else:
                text = fmt(c["value"], pv)
                if c["note"]:
                    notes.append(f"{row} / {col}: {c['note']}")
                    text += f"[^{note_prefix}-{len(notes)}]"
            if pv is not None:
                text += f" ({fmt(pv)})"
            line.append(text)
        body.append(line)
    out = md_table(headers, body, ["l"] + ["r"] * len(columns))
    if notes:
        out += "\n" + "\n".join(f"[^{note_prefix}-{i}]: {n}" for i, n in enumerate(notes, 1)) + "\n"
    return out


def comparison_table(rows):
    """Published | ours | Δ | tolerance | status for each published cell of one table."""
    body = []
    for r in rows:
        note = "; ".join(f"{who}: {n}" for who, n in (("paper", r["note"]), ("ours", r["our_note"]))
                         if n)
        body.append([r["row"], r["column"], fmt(r["published"]), fmt(r["ours"], r["published"]),
                     fmt_delta(r["delta"], r["published"]),
                     DASH if r["tolerance"] is None else "±" + fmt(r["tolerance"]), r["unit"],
                     r["status"], note])
    return md_table(["row", "column", "published", "ours", "Δ (ours − published)", "tolerance",
                     "unit", "status", "note"], body, ["l", "l", "r", "r", "r", "r", "l", "l", "l"])


def status_summary(rows):
    counts = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return ", ".join(f"{n} {s}" for s, n in sorted(counts.items(), key=lambda kv: -kv[1]))


def comparison_document(table, rows, published):
    title = published.get("title", published["paper"])
    return (f"# {table}: published vs reproduced ({published['paper']})\n\n"
            f"Paper: {title}" + (f" — {published['source']}" if published.get("source") else "")
            + "\n\n"
            f"Cells: {status_summary(rows)}. "
            "Δ = ours − published; *within* means |Δ| ≤ tolerance.\n\n"
            + comparison_table(rows))


# ---------------------------------------------------------------- runs tables

def _num(run, field):
    return number_or_none(run.get(field))


def runs_table(runs):
    """One line per run: solver, class, params, every metric, times, iterations, objective, stop."""
    metrics = _ordered(m for r in runs for m in r["metrics"])
    headers = (["key", "solver", "class", "params"] + metrics
               + ["train s", "test s", "iterations", "objective", "stop", "peak MiB", "status"])
    body = []
    for r in runs:
        mem = _num(r, "peak_memory_bytes")
        status = r["status"] + (f": {r['reason']}" if r.get("reason") else "")
        body.append([r["key"], r["solver"], r["class"] or DASH,
                     json.dumps(r["params"], sort_keys=True, separators=(", ", ": ")) if r["params"]
                     else DASH]
                    + [fmt(r["metrics"].get(m)) for m in metrics]
                    + [fmt(_num(r, "train_seconds")), fmt(_num(r, "test_seconds")),
                       fmt(_num(r, "iterations")), fmt(_num(r, "objective")), r.get("stop") or DASH,
                       DASH if mem is None else fmt(mem / 2**20), status])
    align = ["l", "l", "l", "l"] + ["r"] * (len(metrics) + 6) + ["l"]
    align[-3] = "l"  # stop
    return md_table(headers, body, align)


def pivot_tables(runs):
    """For each metric (and training time): class x solver, when (class, solver) names one run
    each; a parameter sweep (several runs per pair) is left to the runs table."""
    ok = [r for r in runs if r["status"] == "ok"]
    pairs = [(r["class"], r["solver"]) for r in ok]
    if not ok or len(set(pairs)) != len(pairs):
        return []
    classes = _ordered(p[0] for p in pairs)
    solvers = _ordered(p[1] for p in pairs)
    if len(solvers) < 2 and len(classes) < 2:
        return []
    by_pair = {(r["class"], r["solver"]): r for r in ok}
    out = []
    fields = [("metrics." + m, m) for m in _ordered(m for r in ok for m in r["metrics"])]
    fields.append(("train_seconds", "training time (s)"))
    for path, title in fields:
        body = []
        for cls in classes:
            line = [cls or DASH]
            for s in solvers:
                r = by_pair.get((cls, s))
                v = None
                if r is not None:
                    v = r["metrics"].get(path[8:]) if path.startswith("metrics.") else _num(r, path)
                line.append(fmt(v))
            body.append(line)
        if any(c != DASH for line in body for c in line[1:]):
            out.append((title, md_table(["class"] + solvers, body, ["l"] + ["r"] * len(solvers))))
    return out


# ---------------------------------------------------------------- one experiment's document

def environment_line(env):
    """One line of provenance from the harness's environment block (harness/results/environment.cpp)."""
    parts = []
    if env.get("git_commit"):
        parts.append(f"commit {str(env['git_commit'])[:12]}" + (" (dirty)" if env.get("git_dirty")
                                                                else ""))
    if env.get("cpu_model"):
        cores = f", {env['cores']} cores" if env.get("cores") else ""
        parts.append(f"{env['cpu_model']}{cores}")
    ram = number_or_none(env.get("ram_bytes"))
    if ram:
        parts.append(f"{ram / 2**30:.0f} GiB RAM")
    for key in ("os", "compiler", "build_type", "created_at"):
        if env.get(key):
            parts.append(str(env[key]))
    return "Environment: " + ("; ".join(parts) if parts else "not recorded") + "."


def _footnote_id(table):
    """Footnote labels must be unique in a document and may not contain spaces."""
    return "".join(ch if ch.isalnum() else "-" for ch in table)


def _first(d, paths):
    """The first of the dotted `paths` present in dict `d` (None if none is)."""
    for path in paths:
        v = d
        for part in path.split("."):
            v = v.get(part) if isinstance(v, dict) else None
        if v is not None:
            return v
    return None


def dataset_row(d):
    """name | train rows | test rows | features | sha256 of one "datasets" entry. Text corpora
    record rows_train/rows_test/features/sha256 at the top; LIBSVM sets (a9a, covtype) record their
    identity as counts.{train_rows,test_rows,cols} and data.content_sha256 (corpora/libsvm_sets.h):
    both are read. A dataset that could not be had says so instead of a row of dashes."""
    if d.get("status") == "data_unavailable":
        return [d.get("name", DASH), "data unavailable", "", "", ""]
    sha = _first(d, ["sha256", "data.content_sha256"])
    return [d.get("name", DASH),
            fmt(_first(d, ["rows_train", "counts.train_rows"])),
            fmt(_first(d, ["rows_test", "counts.test_rows"])),
            fmt(_first(d, ["features", "counts.cols"])),
            str(sha)[:16] if sha is not None else DASH]


def experiment_document(doc, published=None):
    lines = [f"# {doc['experiment']} ({doc['paper']})", ""]
    if doc.get("description"):
        lines += [doc["description"], ""]
    facts = [f"source `{doc['_path'].split('/')[-1]}`"]
    if "seed" in doc:
        facts.append(f"seed {doc['seed']}")
    if doc.get("config_hash"):
        facts.append(f"config {doc['config_hash']}")
    if doc.get("artifacts"):
        facts.append("artifacts: " + ", ".join(map(str, doc["artifacts"])))
    lines += ["; ".join(facts) + ".", ""]
    env = doc.get("environment")
    if isinstance(env, dict) and env:
        lines += [environment_line(env), ""]
    datasets = [d for d in doc.get("datasets", []) if isinstance(d, dict)]
    if datasets:
        lines += ["## Datasets", "",
                  md_table(["name", "train rows", "test rows", "features", "sha256"],
                           [dataset_row(d) for d in datasets], ["l", "r", "r", "r", "l"])]
    tables = _ordered(c["table"] for c in doc["cells"])
    for table in tables:
        cells = [c for c in doc["cells"] if c["table"] == table]
        lines += [f"## {table}", "",
                  "Each cell: reproduced value, then the published value in parentheses when the "
                  f"paper gives one (see `{table}_published_vs_reproduced.md` for Δ and status).",
                  "",
                  cells_table(cells, published, _footnote_id(table))]
    if doc["claims"]:
        lines += ["## Claims", ""]
        for c in doc["claims"]:
            holds = c.get("holds")
            mark = "holds" if holds is True else "does not hold" if holds is False else "undecided"
            ev = f" — {c['evidence']}" if c.get("evidence") else ""
            lines.append(f"- **{mark}**: {c.get('claim', '')}{ev}")
        lines.append("")
    if doc["runs"]:
        lines += ["## Runs", "", runs_table(doc["runs"])]
        for title, table in pivot_tables(doc["runs"]):
            lines += [f"### {title} by class and solver", "", table]
    return "\n".join(lines).rstrip() + "\n"


__all__ = ["fmt", "md_table", "cells_table", "comparison_document", "dataset_row",
           "experiment_document",
           "runs_table", "pivot_tables", "compare_tables"]
