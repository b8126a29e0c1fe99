"""Addressing data inside a run with dotted paths, and choosing runs for a figure.

A path names a run field: "solver", "class", "train_seconds", "metrics.error", "params.lambda",
"config.n", "extra.confusion". Figure specs use paths so experiments decide what is plotted."""
import json

_MISSING = object()


def get_path(obj, path, default=None):
    """obj["a"]["b"] for path "a.b"; list elements by number ("extra.sizes.0"); else `default`."""
    cur = obj
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return default
    return cur


def has_path(obj, path):
    return get_path(obj, path, _MISSING) is not _MISSING


def select_runs(runs, spec):
    """The runs a figure spec asks for, in file order.
    spec["runs"]: explicit keys (order kept; unknown keys are an error reported by the caller).
    spec["filter"]: {path: value or [values]}, all must match; a value None (JSON null) matches
    a run without that field.
    Runs must have status "ok" unless the filter names "status"."""
    if "runs" in spec:
        by_key = {r["key"]: r for r in runs}
        missing = [k for k in spec["runs"] if k not in by_key]
        if missing:
            raise KeyError(f"unknown run key(s): {', '.join(missing)}")
        chosen = [by_key[k] for k in spec["runs"]]
    else:
        chosen = list(runs)
    flt = dict(spec.get("filter", {}))
    flt.setdefault("status", "ok")
    out = []
    for run in chosen:
        ok = True
        for path, want in flt.items():
            have = get_path(run, path, _MISSING)
            wants = want if isinstance(want, list) else [want]
            if (None if have is _MISSING else have) not in wants:
                ok = False
                break
        if ok:
            out.append(run)
    return out


def run_label(run, label_by="solver"):
    """The legend label of a run: one path or a list of paths joined by spaces. A solver added
    with --with-solver goes by its label (extra.with_solver: `label=NAME`, or the text as given)
    where the path is "solver", which holds its whole spec (a program's absolute path, an
    estimator with its arguments), and its part as "(extra)"."""
    paths = label_by if isinstance(label_by, list) else [label_by]
    parts = []
    for p in paths:
        v = get_path(run, p)
        if p == "solver" and get_path(run, "extra.with_solver"):
            v = get_path(run, "extra.with_solver")
        if p == "extra.part" and v == "extra":
            v = "(extra)"  # as the tables and the page name a user's solver: "<label> (extra)"
        if v is not None and v != "":
            parts.append(v if isinstance(v, str) else format_scalar(v))
    return " ".join(parts) if parts else run["key"]


def format_scalar(v):
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, (dict, list)):
        return json.dumps(v, sort_keys=True, separators=(",", ":"))
    return str(v)
