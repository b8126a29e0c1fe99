"""Figure specs: how an experiment declares its figures inside its result file ("figures": [...]),
and how a spec becomes data for figures.py. The format is documented in plots/README.md.

A spec is {"id", "kind", ...}. Run-based kinds pick runs with "runs" (keys) or "filter"
({path: value or [values]}; status "ok" unless the filter says otherwise) and address run fields
with dotted paths (select.py)."""
import re
import sys
import textwrap

import numpy as np

from . import figures
from .io import number_or_none
from .join import compare_tables
from .select import get_path, run_label, select_runs


class SpecError(Exception):
    """A figure spec that cannot be drawn as written (unknown kind or key, missing field...)."""


COMMON = {"id", "kind", "title", "xlabel", "ylabel", "runs", "filter", "label_by", "note",
          "dataset"}
PANEL_KEYS = {"value", "ylabel", "logy", "reference", "reference_label", "gap"}
KINDS = {
    "convergence": {"value", "x", "logx", "logy", "reference", "reference_label", "gap",
                    "endpoint"},
    "convergence_panels": {"panels", "x", "logx"},
    "series": {"source", "x", "y", "group_by", "logx", "logy", "fit_slope", "table", "x_from",
               "x_map", "columns", "published", "ylim"},
    "solvers_vs_peers": {"metric", "metrics", "group_by", "series", "logy"},
    "heatmap": {"matrix", "labels", "normalize", "annotate", "max_panels", "cmap",
                "colorbar_label"},
    "histogram": {"values", "bins", "density", "logy"},
    "published_vs_reproduced": {"table", "mode"},
}
# Shared keys a kind does not read, with why: refused, never silently dropped.
_CELLS = "it draws a table's cells, not runs"
UNREAD = {
    "convergence_panels": {"ylabel": "each panel's own \"ylabel\" labels its axis"},
    "solvers_vs_peers": {"xlabel": "its x axis holds the groups (\"group_by\")"},
    "histogram": {"ylabel": "its y axis is the count (or the density)"},
    "published_vs_reproduced": {
        "xlabel": "its axes are the published and the reproduced value",
        "ylabel": "its axes are the published and the reproduced value",
        "runs": _CELLS, "filter": _CELLS, "label_by": _CELLS},
}
REQUIRED = {
    "convergence": ["value"],
    "convergence_panels": ["panels"],
    "histogram": ["values"],
    "published_vs_reproduced": ["table"],
}


def check(spec):
    """Unknown kinds and keys are errors: a typo in a spec should fail loudly, not draw nothing."""
    kind = spec.get("kind")
    if kind not in KINDS:
        raise SpecError(f"unknown kind \"{kind}\" (known: {', '.join(sorted(KINDS))})")
    for key, why in UNREAD.get(kind, {}).items():
        if key in spec:
            raise SpecError(f"kind {kind} reads no \"{key}\": {why}")
    unknown = sorted(set(spec) - COMMON - KINDS[kind])
    if unknown:
        raise SpecError(f"unknown key(s) for kind {kind}: {', '.join(unknown)}")
    for key in REQUIRED.get(kind, []):
        if key not in spec:
            raise SpecError(f"kind {kind} needs \"{key}\"")
    if kind == "series":
        source = spec.get("source", "runs")
        if source == "runs" and not ("x" in spec and "y" in spec):
            raise SpecError("series over runs needs \"x\" and \"y\" (run paths)")
        if source == "cells" and "table" not in spec:
            raise SpecError("series over cells needs \"table\"")
        if source == "runs":
            for key in ("table", "x_from", "x_map", "columns", "published"):
                if key in spec:
                    raise SpecError(f"a series over runs reads no \"{key}\": it chooses a "
                                    "table's cells (\"source\": \"cells\")")
        if source == "cells":
            for key in ("runs", "filter", "label_by", "x", "y", "group_by"):
                if key in spec:
                    raise SpecError(f"a series over cells reads no \"{key}\": {_CELLS}")
        if source not in ("runs", "cells"):
            raise SpecError(f"series source must be \"runs\" or \"cells\", not \"{source}\"")
        if "group_by" in spec and "label_by" in spec:  # the lines are the groups: never read
            raise SpecError("a series drawn by \"group_by\" reads no \"label_by\"")
        if "ylim" in spec:
            _ylim(spec)
    if "runs" in spec and not (isinstance(spec["runs"], list)
                               and all(isinstance(k, str) for k in spec["runs"])):
        raise SpecError("\"runs\" must be a list of run keys")
    if "filter" in spec and not isinstance(spec["filter"], dict):
        raise SpecError("\"filter\" must be an object {path: value or [values]}")
    if kind == "convergence_panels":
        panels = spec["panels"]
        if not (isinstance(panels, list) and panels and all(isinstance(p, dict) for p in panels)):
            raise SpecError("\"panels\" must be a non-empty list of objects")
        for i, p in enumerate(panels):
            unknown = sorted(set(p) - PANEL_KEYS)
            if unknown:
                raise SpecError(f"panels[{i}]: unknown key(s): {', '.join(unknown)}")
            if "value" not in p:
                raise SpecError(f"panels[{i}] needs \"value\"")


def _ylim(spec):
    """A fixed y range [low, high] (an honest axis: not zoomed to the data's spread), or None."""
    lim = spec.get("ylim")
    if lim is None:
        return None
    if not (isinstance(lim, list) and len(lim) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in lim)
            and lim[0] < lim[1]):
        raise SpecError(f"\"ylim\" must be [low, high] with low < high, not {lim!r}")
    return (float(lim[0]), float(lim[1]))


def render(spec, doc, published=None):
    """The Figure for one spec of result file `doc` (None when the selected data is empty). A spec
    naming a "dataset" that the result file records as data_unavailable becomes a placeholder
    saying so and how to get the data, so the figure's place is not empty (its runs were never
    computed: run keys it names are expected to be missing)."""
    check(spec)
    reason = unavailable_reason(doc, spec["dataset"]) if spec.get("dataset") else None
    if reason is not None:
        return figures.placeholder(_title(spec, spec["id"]),
                                   placeholder_text(spec["dataset"], reason))
    return _RENDER[spec["kind"]](spec, doc, published)


def unavailable_reason(doc, dataset):
    """The "reason" of the result file's datasets entry `dataset` when its status is
    data_unavailable, else None."""
    for d in doc.get("datasets", []):
        if isinstance(d, dict) and d.get("name") == dataset and \
                d.get("status") == "data_unavailable":
            return str(d.get("reason", ""))
    return None


def placeholder_text(dataset, reason):
    """The placeholder's message: the reason's first line (what is missing and how to get it),
    wrapped; the search list after it is for the log, not the figure."""
    first = reason.strip().splitlines()[0] if reason.strip() else "no reason recorded"
    first = first.removeprefix("data unavailable: ").removeprefix(f"{dataset}: ")
    return "\n".join([f"Data not available here: {dataset}", ""] +
                     textwrap.wrap(first, 64, break_long_words=False, break_on_hyphens=False) +
                     ["", "With the data in place, `linrepro run` computes these runs and",
                      "this script draws the figure."])


def _runs(spec, doc):
    try:
        return select_runs(doc["runs"], spec)
    except KeyError as e:
        raise SpecError(e.args[0]) from None


def _title(spec, default):
    return spec.get("title", default)


def _label_path(spec, default="solver"):
    return spec.get("label_by", default)


# ---------------------------------------------------------------- convergence

def trace_curve(run, value, x="seconds"):
    """(x, y) arrays of one run's trace value `value` (points lacking it are skipped)."""
    xs, ys = [], []
    for point in run.get("trace", []):
        v = number_or_none(point.get("values", {}).get(value))
        t = number_or_none(point.get(x))
        if v is not None and t is not None:
            xs.append(t)
            ys.append(v)
    return np.asarray(xs), np.asarray(ys)


def _reference(spec, doc):
    ref = spec.get("reference")
    if ref is None:
        return None, None
    if isinstance(ref, dict):
        key, path = ref.get("run"), ref.get("path", "objective")
        run = next((r for r in doc["runs"] if r["key"] == key), None)
        if run is None:
            raise SpecError(f"reference run \"{key}\" not found")
        value = number_or_none(get_path(run, path))
        if value is None:
            raise SpecError(f"reference run \"{key}\" has no number at \"{path}\"")
        return value, spec.get("reference_label", f"{run_label(run)} {path}")
    value = number_or_none(ref)
    if value is None:
        raise SpecError("\"reference\" must be a number or {\"run\": key, \"path\": field}")
    return value, spec.get("reference_label", "reference")


def _convergence(spec, doc, published):
    data = _convergence_data(spec, doc)
    return figures.convergence(**data) if data else None


def _convergence_data(spec, doc):
    """The keyword arguments of figures.convergence for one convergence spec (or one panel of
    convergence_panels, with the shared keys merged in)."""
    value, xfield = spec["value"], spec.get("x", "seconds")
    if xfield not in ("seconds", "iteration"):
        raise SpecError("convergence \"x\" must be \"seconds\" or \"iteration\"")
    ref, ref_label = _reference(spec, doc)
    gap = bool(spec.get("gap", False))
    if gap and ref is None:
        raise SpecError("\"gap\": true needs a \"reference\"")
    label_by = _label_path(spec)
    curves, points = [], []
    for run in _runs(spec, doc):
        x, y = trace_curve(run, value, xfield)
        if gap:
            y = (y - ref) / max(abs(ref), 1e-300)
        if len(x):
            curves.append({"label": run_label(run, label_by), "x": x, "y": y})
        elif spec.get("endpoint") and xfield == "seconds":
            # A run without a trace (a peer library) is still shown where it finished.
            t = number_or_none(run.get("train_seconds"))
            v = number_or_none(get_path(run, spec["endpoint"]))
            if t is not None and v is not None:
                points.append({"label": run_label(run, label_by),
                               "x": t, "y": (v - ref) / max(abs(ref), 1e-300) if gap else v})
    xlabel = spec.get("xlabel", "training time (s)" if xfield == "seconds" else "iteration")
    ylabel = spec.get("ylabel", f"({value} − ref) / |ref|" if gap else value)
    return {"curves": curves, "xlabel": xlabel, "ylabel": ylabel,
            "title": _title(spec, f"{value} vs {xlabel}"),
            "logx": bool(spec.get("logx", False)), "logy": bool(spec.get("logy", gap)),
            "reference": None if gap or ref is None else (ref, ref_label), "points": points}


def _convergence_panels(spec, doc, published):
    """Several trace values of the same runs, one panel each (a paper figure that plots training
    error, test error, objective and sparsity of one method side by side)."""
    shared = {k: v for k, v in spec.items() if k not in ("panels", "kind", "title", "ylabel")}
    panels = []
    for p in spec["panels"]:
        data = _convergence_data({**shared, **p, "title": p.get("ylabel", p["value"])}, doc)
        if data["curves"] or data["points"]:
            panels.append(data)
    return figures.convergence_panels(panels, _title(spec, spec["id"])) if panels else None


# ---------------------------------------------------------------- series

def aggregate(items):
    """{key: [numbers]} -> {key: (mean, std or None)}: several runs of one point (splits, seeds)
    become mean ± std."""
    out = {}
    for key, values in items.items():
        values = [v for v in values if v is not None]
        if values:
            out[key] = (float(np.mean(values)), float(np.std(values)) if len(values) > 1 else None)
    return out


def _series(spec, doc, published):
    if spec.get("source", "runs") == "cells":
        return _series_cells(spec, doc, published)
    label_by = spec.get("group_by", _label_path(spec))
    raw = {}
    for run in _runs(spec, doc):
        x = number_or_none(get_path(run, spec["x"]))
        y = number_or_none(get_path(run, spec["y"]))
        if x is not None and y is not None:
            raw.setdefault((run_label(run, label_by), x), []).append(y)
    points = aggregate(raw)
    lines = []
    for label in dict.fromkeys(k[0] for k in points):
        xs = sorted(k[1] for k in points if k[0] == label)
        lines.append({"label": label, "x": xs, "y": [points[(label, x)][0] for x in xs],
                      "yerr": [points[(label, x)][1] or 0 for x in xs]})
    xlabel, ylabel = spec.get("xlabel", spec["x"]), spec.get("ylabel", spec["y"])
    return figures.series(lines, xlabel, ylabel, _title(spec, f"{ylabel} vs {xlabel}"),
                          logx=bool(spec.get("logx")), logy=bool(spec.get("logy")),
                          fit_slope=bool(spec.get("fit_slope")), ylim=_ylim(spec))


_NUMBER_IN_TEXT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _x_of(text, x_map):
    if text in x_map:
        return number_or_none(x_map[text])
    m = _NUMBER_IN_TEXT.search(text)
    return float(m.group(0)) if m else None


def _series_cells(spec, doc, published):
    """Lines from the cells of one table: x from each row's (or column's) name, one line per column
    (or row); the published cells of the same table are drawn beside ours."""
    table, by_row = spec["table"], spec.get("x_from", "row") == "row"
    x_map = spec.get("x_map", {})
    wanted = spec.get("columns")

    def lines_from(cells, suffix, is_published):
        pts = {}
        for c in cells:
            if c["table"] != table or c.get("status", "ok") != "ok":
                continue
            xname, line = (c["row"], c["column"]) if by_row else (c["column"], c["row"])
            if wanted and line not in wanted:
                continue
            x, y = _x_of(xname, x_map), number_or_none(c.get("value"))
            if x is None:
                print(f"plots: warning: figure {spec['id']}: no number in \"{xname}\" "
                      f"(add it to x_map); skipped", file=sys.stderr)
            elif y is not None:
                pts.setdefault(line, {})[x] = y
        return [{"label": line + suffix, "x": sorted(p), "y": [p[x] for x in sorted(p)],
                 "published": is_published, "style_of": line} for line, p in pts.items()]

    lines = lines_from(doc["cells"], "", False)
    if published is not None and spec.get("published", True):
        lines += lines_from(published["cells"], " (paper)", True)
    return figures.series(lines, spec.get("xlabel", "row" if by_row else "column"),
                          spec.get("ylabel", table), _title(spec, table),
                          logx=bool(spec.get("logx")), logy=bool(spec.get("logy")),
                          fit_slope=bool(spec.get("fit_slope")), ylim=_ylim(spec))


# ---------------------------------------------------------------- solvers vs peers

def ours_then_peers(names):
    from .style import is_peer

    names = list(dict.fromkeys(names))
    return [n for n in names if not is_peer(n)] + [n for n in names if is_peer(n)]


def bars_data(runs, metric_paths, group_by="class", series_by="solver", logy_paths=()):
    """(groups, series, panels) for figures.grouped_bars; runs sharing (group, series) are
    averaged."""
    groups = list(dict.fromkeys(str(get_path(r, group_by, "")) for r in runs))
    names = ours_then_peers(run_label(r, series_by) for r in runs)
    panels = []
    for path in metric_paths:
        raw = {}
        for r in runs:
            v = number_or_none(get_path(r, path))
            raw.setdefault((str(get_path(r, group_by, "")), run_label(r, series_by)), []).append(v)
        values = aggregate(raw)
        if values:
            ylabel = path[len("metrics."):] if path.startswith("metrics.") else path
            if path == "train_seconds":
                ylabel = "training time (s)"
            panels.append((ylabel, values, path in logy_paths))
    return groups, names, panels


def _solvers_vs_peers(spec, doc, published):
    metrics = spec.get("metrics") or [spec.get("metric", "metrics.error")]
    groups, names, panels = bars_data(_runs(spec, doc), metrics, spec.get("group_by", "class"),
                                      spec.get("series", _label_path(spec)),
                                      metrics if spec.get("logy") else ())
    if "ylabel" in spec:  # the declared label of the one panel, not the metric's path
        if len(metrics) != 1:
            raise SpecError("\"ylabel\" labels the one panel of a single \"metric\"; "
                            "panels of \"metrics\" are labelled by their paths")
        panels = [(spec["ylabel"], values, logy) for _, values, logy in panels]
    return figures.grouped_bars(groups, names, panels, _title(spec, "solvers vs peers"))


# ---------------------------------------------------------------- heatmap, histogram

def _data(spec, key, default, run):
    """An inline list in the spec, or a path into the run."""
    v = spec.get(key, default)
    if isinstance(v, list):
        return v
    return get_path(run, v) if run is not None else None


def _heatmap(spec, doc, published):
    inline = isinstance(spec.get("matrix"), list)
    runs = [None] if inline else _runs(spec, doc)[: int(spec.get("max_panels", 4))]
    panels = []
    for run in runs:
        m = _data(spec, "matrix", "extra.confusion", run)
        if m is None:
            continue
        try:
            m = np.asarray(m, float)
        except (TypeError, ValueError):
            raise SpecError("matrix is not a rectangular array of numbers") from None
        if m.ndim != 2:
            raise SpecError("matrix must be two-dimensional")
        if spec.get("normalize") == "row":
            sums = m.sum(axis=1, keepdims=True)
            m = np.divide(m, sums, out=np.zeros_like(m), where=sums != 0)
        labels = _data(spec, "labels", "extra.labels", run)
        if not (isinstance(labels, list) and len(labels) == m.shape[0]):
            labels = None
        panel_title = None if run is None or len(runs) == 1 else \
            run_label(run, _label_path(spec, "key"))
        panels.append({"title": panel_title, "matrix": m,
                       "xlabels": labels and [str(x) for x in labels],
                       "ylabels": labels and [str(x) for x in labels],
                       "xlabel": spec.get("xlabel", "predicted"),
                       "ylabel": spec.get("ylabel", "true")})
    default_cb = "fraction of row" if spec.get("normalize") else "count"
    return figures.heatmap(panels, _title(spec, spec["id"]), annotate=spec.get("annotate"),
                           cmap=spec.get("cmap", "Blues"),
                           colorbar_label=spec.get("colorbar_label", default_cb))


def _histogram(spec, doc, published):
    groups = []
    for run in _runs(spec, doc):
        v = get_path(run, spec["values"])
        if isinstance(v, list):
            vals = [x for x in (number_or_none(x) for x in v) if x is not None]
            groups.append({"label": run_label(run, _label_path(spec)), "values": vals})
    return figures.histogram(groups, spec.get("xlabel", spec["values"]), _title(spec, spec["id"]),
                             bins=int(spec.get("bins", 50)), density=bool(spec.get("density")),
                             logy=bool(spec.get("logy")))


def _published_vs_reproduced(spec, doc, published):
    if published is None:
        return None
    rows = compare_tables([doc], published).get(spec["table"], [])
    title = _title(spec, f"{spec['table']}: published vs reproduced")
    return figures.published_vs_reproduced(rows, title, mode=spec.get("mode", "scatter"))


_RENDER = {
    "convergence": _convergence,
    "convergence_panels": _convergence_panels,
    "series": _series,
    "solvers_vs_peers": _solvers_vs_peers,
    "heatmap": _heatmap,
    "histogram": _histogram,
    "published_vs_reproduced": _published_vs_reproduced,
}
assert set(_RENDER) == set(KINDS)
