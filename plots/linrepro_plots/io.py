"""Reading result/published files (with errors that name the file) and atomic writes.

Result files are results/<paper>/<experiment>.json, schema "linrepro-result/1"
(harness/experiment/experiment.h, docs/RESULTS.md). Published values are results/published/<paper>.json.
Only the fields the plots use are validated; everything else is passed through untouched."""
import json
import math
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

RESULT_SCHEMA = "linrepro-result/1"
_UMASK = os.umask(0)
os.umask(_UMASK)


class PlotInputError(Exception):
    """A malformed input file: the message always starts with the file's path."""

    def __init__(self, path, what):
        super().__init__(f"{path}: {what}")
        self.path = str(path)


def _load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except json.JSONDecodeError as e:
        raise PlotInputError(path,
                             f"line {e.lineno} column {e.colno}: invalid JSON: {e.msg}") from None
    except UnicodeDecodeError as e:
        raise PlotInputError(path, f"not UTF-8 text ({e.reason})") from None
    except OSError as e:
        raise PlotInputError(path, f"cannot read: {e.strerror}") from None


def _expect(path, obj, field, types, where, required=True, default=None):
    """obj[field] checked against `types`; `where` names the enclosing element for the message."""
    if field not in obj:
        if required:
            raise PlotInputError(path, f"{where}: missing field \"{field}\"")
        return default
    value = obj[field]
    # bool is an int in Python; never accept it where a number is meant.
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in _as_tuple(types)):
        names = "/".join(t.__name__ for t in _as_tuple(types))
        raise PlotInputError(path, f"{where}.{field}: expected {names}, got {type(value).__name__}")
    return value


def _as_tuple(types):
    return types if isinstance(types, tuple) else (types,)


def number_or_none(value):
    """A finite float, or None for null/NaN/inf (nlohmann writes NaN as null)."""
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) else None


NUMBER = (int, float, type(None))


def load_result(path):
    """One result file, validated. Adds "_path" (str) for messages; fills optional lists."""
    path = Path(path)
    doc = _load_json(path)
    if not isinstance(doc, dict):
        raise PlotInputError(path, "top level: expected a JSON object")
    schema = _expect(path, doc, "schema", str, "top level")
    if schema != RESULT_SCHEMA:
        raise PlotInputError(path, f"schema is \"{schema}\", expected \"{RESULT_SCHEMA}\"")
    _expect(path, doc, "experiment", str, "top level")
    _expect(path, doc, "paper", str, "top level")
    runs = _expect(path, doc, "runs", list, "top level", required=False, default=[])
    cells = _expect(path, doc, "cells", list, "top level", required=False, default=[])
    claims = _expect(path, doc, "claims", list, "top level", required=False, default=[])
    figures = _expect(path, doc, "figures", list, "top level", required=False, default=[])
    keys = set()
    for i, run in enumerate(runs):
        where = f"runs[{i}]"
        if not isinstance(run, dict):
            raise PlotInputError(path, f"{where}: expected an object")
        key = _expect(path, run, "key", str, where)
        if key in keys:
            raise PlotInputError(path, f"{where}: duplicate run key \"{key}\"")
        keys.add(key)
        _expect(path, run, "solver", str, where)
        run.setdefault("class", "")
        _expect(path, run, "class", str, where)
        run.setdefault("status", "ok")
        _expect(path, run, "status", str, where)
        for field in ("metrics", "params", "config", "extra"):
            run.setdefault(field, {})
            _expect(path, run, field, dict, where)
        for name, value in run["metrics"].items():
            if not isinstance(value, NUMBER) or isinstance(value, bool):
                raise PlotInputError(path, f"{where}.metrics.{name}: expected a number")
        for field in ("train_seconds", "test_seconds", "objective", "iterations",
                      "peak_memory_bytes"):
            _expect(path, run, field, NUMBER, where, required=False)
        trace = _expect(path, run, "trace", list, where, required=False, default=[])
        for j, point in enumerate(trace):
            pwhere = f"{where}.trace[{j}]"
            if not isinstance(point, dict):
                raise PlotInputError(path, f"{pwhere}: expected an object")
            _expect(path, point, "iteration", NUMBER, pwhere, required=False)
            _expect(path, point, "seconds", NUMBER, pwhere, required=False)
            values = _expect(path, point, "values", dict, pwhere, required=False, default={})
            for name, value in values.items():
                if not isinstance(value, NUMBER) or isinstance(value, bool):
                    raise PlotInputError(path, f"{pwhere}.values.{name}: expected a number")
    for i, cell in enumerate(cells):
        _validate_cell(path, cell, f"cells[{i}]", need_status=True)
    for i, claim in enumerate(claims):
        if not isinstance(claim, dict):
            raise PlotInputError(path, f"claims[{i}]: expected an object")
    for i, fig in enumerate(figures):
        where = f"figures[{i}]"
        if not isinstance(fig, dict):
            raise PlotInputError(path, f"{where}: expected an object")
        _expect(path, fig, "id", str, where)
        _expect(path, fig, "kind", str, where)
    doc["runs"], doc["cells"], doc["claims"], doc["figures"] = runs, cells, claims, figures
    doc["_path"] = str(path)
    return doc


def _validate_cell(path, cell, where, need_status):
    if not isinstance(cell, dict):
        raise PlotInputError(path, f"{where}: expected an object")
    for field in ("table", "row", "column"):
        _expect(path, cell, field, str, where)
    _expect(path, cell, "value", NUMBER, where, required=False)
    cell.setdefault("unit", "")
    _expect(path, cell, "unit", str, where)
    cell.setdefault("note", "")
    _expect(path, cell, "note", str, where)
    if need_status:
        cell.setdefault("status", "ok")
        _expect(path, cell, "status", str, where)
    else:
        _expect(path, cell, "tolerance", NUMBER, where, required=False)


def default_tolerance(defaults, unit):
    """The published file's "default_tolerance" for `unit`: one number for every unit, or
    {"%": 0.5, "s": 2, "*": 0.01} per unit with "*" for the others (as harness/experiment/published.cpp)."""
    if isinstance(defaults, dict):
        return number_or_none(defaults.get(unit, defaults.get("*")))
    return number_or_none(defaults)


def load_published(path):
    """results/published/<paper>.json, validated. Each cell gets an explicit "tolerance": its own,
    else the file's default for its unit; a cell with neither is an error (as in
    `linrepro compare`)."""
    path = Path(path)
    doc = _load_json(path)
    if not isinstance(doc, dict):
        raise PlotInputError(path, "top level: expected a JSON object")
    _expect(path, doc, "paper", str, "top level")
    defaults = _expect(path, doc, "default_tolerance", (int, float, dict, type(None)), "top level",
                       required=False)
    cells = _expect(path, doc, "cells", list, "top level")
    for i, cell in enumerate(cells):
        where = f"cells[{i}]"
        _validate_cell(path, cell, where, need_status=False)
        if number_or_none(cell.get("value")) is None:
            raise PlotInputError(path, f"{where}.value: expected a finite number")
        if number_or_none(cell.get("tolerance")) is None:
            cell["tolerance"] = default_tolerance(defaults, cell["unit"])
            if cell["tolerance"] is None:
                raise PlotInputError(path, f"{where} ({cell['table']} / {cell['row']} / "
                                           f"{cell['column']}): no \"tolerance\" and no "
                                           f"default_tolerance for unit \"{cell['unit']}\"")
    doc["_path"] = str(path)
    return doc


def result_files(paper_dir):
    """The result files of one paper directory: its top-level *.json, sorted (fast/ and other
    sub-folders are separate runs and are plotted by pointing the driver at them)."""
    return sorted(p for p in Path(paper_dir).glob("*.json") if not p.name.startswith("."))


def find_published(paper_dir, paper):
    """results/published/<paper>.json next to results/<paper>/ (also from results/<paper>/fast/)."""
    paper_dir = Path(paper_dir).resolve()
    for base in (paper_dir.parent, paper_dir.parent.parent):
        candidate = base / "published" / f"{paper}.json"
        if candidate.is_file():
            return candidate
    return None


@contextmanager
def atomic_path(target):
    """Yields a temporary path next to `target`; on success it replaces `target` in one rename, so a
    reader never sees a half-written table or PNG. On failure the temporary file is removed."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes 0600; outputs are ordinary files
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text_atomic(target, text):
    with atomic_path(target) as tmp:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
