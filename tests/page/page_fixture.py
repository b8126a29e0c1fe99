"""A tiny results tree for the results page's tests: one paper, cells of every status (an input, a
duplicate, notes full of < > & and a script tag), claims old-style (`holds` only) and new-style
(`verdict`, `kind`, `resolution`), a run file with a 64-bit seed and two commits, and figures whose
names test the pairing by prefix ("table1_x.png" belongs to table1, "table10.png" does not)."""
import base64
import json
from pathlib import Path

# A 1x1 PNG, so the browser has a real image to draw.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==")
HOSTILE = '</script><script>document.title="PWNED"</script><img src=x onerror="document.title=1"> & co'
BIG_SEED = 18288778025397881601  # > 2^53: a JS number would round it


def cell(table, row, column, status, published=1.0, reproduced=1.1, reason="", **extra):
    c = {"paper": "pa", "table": table, "row": row, "column": column, "unit": "%",
         "published": published, "reproduced": reproduced,
         "delta": None if reproduced is None else reproduced - published, "tolerance": 0.5,
         "status": status, "reason": reason, "experiment": "exp"}
    c.update(extra)
    return c


def comparison(new_schema=True):
    cells = [
        cell("table1", "r<1>", "c&d", "within", reason=HOSTILE),
        cell("table1", "r2", "err", "outside", reproduced=3.0, reason="cause not yet explained"),
        cell("table10", "r3", "err", "data_unavailable", reproduced=None, reason="get the data"),
    ]
    claims = [
        {"paper": "pa", "id": "old-true", "claim": "A beats B", "where": "s1", "holds": True,
         "evidence": "x < y", "experiment": "exp"},
        {"paper": "pa", "id": "old-false", "claim": "C beats D", "where": "s2", "holds": False,
         "evidence": "", "experiment": "exp"},
        {"paper": "pa", "id": "unchecked", "claim": "E", "where": "", "holds": None, "evidence": "",
         "experiment": None},
    ]
    summary = {"pa": {"within": 1, "outside": 1, "not_run": 0, "data_unavailable": 1}}
    if new_schema:
        cells.append(cell("table1", "r4", "epochs", "input", reason="matches the configuration"))
        cells.append(cell("table10", "r2", "err", "outside", reproduced=3.0,
                          duplicate_of="table1/r2/err"))
        claims.append({"paper": "pa", "id": "hs", "claim": "HS is best", "where": "s3",
                       "holds": False, "verdict": "indistinguishable", "kind": "claim",
                       "resolution": "relative difference < 1e-6", "evidence": "e",
                       "experiment": "exp"})
        claims.append({"paper": "pa", "id": "bound", "claim": "bound holds", "where": "",
                       "holds": True, "verdict": "holds", "kind": "correctness_check",
                       "evidence": "", "experiment": "exp"})
        summary["pa"].update({"input": 1, "duplicates": 1, "claims_hold": 1,
                              "claims_do_not_hold": 1, "claims_indistinguishable": 1,
                              "claims_not_checked": 1, "correctness_checks": 1})
    out = {"schema": "linrepro-comparison/1", "summary": summary, "cells": cells,
           "claims": claims, "unmatched": []}
    if new_schema:
        out["ablations"] = [{
            "paper": "pa", "id": "rule", "title": "F1 by <rule>", "experiment": "exp", "unit": "%",
            "why": "chosen from the text", "columns": ["A", "B"],
            "rows": [{"variant": "old", "description": "before", "chosen": False,
                      "reference": False, "values": [1.0, None]},
                     {"variant": "new", "description": "from the text", "chosen": True,
                      "reference": False, "values": [2.0, 3.0]},
                     {"variant": "published", "description": "the paper", "chosen": False,
                      "reference": True, "values": [2.5, 3.5]}]}]
        out["unmatched"] = [{"paper": "pa", "table": "extra", "row": "peer", "column": "acc",
                             "unit": "%", "value": 97.5, "status": "ok", "note": "a peer",
                             "experiment": "exp"}]
    return out


def run(key, commit, seed, with_solver=None):
    config = {"solver": "s", "seed": seed}
    if with_solver:
        config["with_solver"] = with_solver
    return {"key": key, "config": config, "config_hash": "00ff00ff00ff00ff",
            "solver": "s", "params": {"lambda": 0.1}, "class": "earn", "metrics": {"error": 0.25},
            "status": "ok", "reason": "", "created_at": "2026-01-01T00:00:00Z", "git_commit": commit}


# Two solvers a user added with --with-solver (one named by label=, one by its whole spec), as
# `linrepro compare` lists their cells: a column each beside the paper's in table1, marked by the
# note of harness/experiment/extra_solvers.h.
EXTRA_SOLVERS = ["mine", "py:sklearn.svm.LinearSVC(C=2):loss=squared_hinge"]
EXTRA_NOTE = ("not part of the paper: a solver added with --with-solver, run through the paper's "
              "protocol")


def extra_solver_cells():
    return [{"paper": "pa", "table": "table1", "row": row, "column": f"{label} (extra) err",
             "unit": "%", "value": value, "status": "ok", "note": EXTRA_NOTE,
             "experiment": "exp", "why": EXTRA_NOTE}
            for label, values in zip(EXTRA_SOLVERS, ([1.25, 2.5], [1.75, 3.25]))
            for row, value in zip(("r<1>", "r2"), values)]


def write(root, new_schema=True, extra_solvers=False):
    """Writes <root>/results/... and returns the results folder (extra_solvers: with the cells
    and runs of EXTRA_SOLVERS)."""
    results = Path(root) / "results"
    (results / "pa" / "figures").mkdir(parents=True)
    (results / "pa" / "tables").mkdir()
    (results / "pa" / "fast").mkdir()
    (results / "published").mkdir()
    doc = comparison(new_schema)
    runs = [run("k1", "a" * 40, BIG_SEED), run("k2", "b" * 40, 7), run("k3", "a" * 40, None)]
    if extra_solvers:
        doc["unmatched"] = doc.get("unmatched", []) + extra_solver_cells()
        runs += [run(f"r2/extra/{label}", "a" * 40, 7, label) for label in EXTRA_SOLVERS]
    (results / "comparison.json").write_text(json.dumps(doc))
    (results / "published" / "pa.json").write_text(json.dumps(
        {"paper": "pa", "title": "Paper <A> & B", "source": "somewhere", "cells": []}))
    (results / "pa" / "exp.json").write_text(json.dumps({
        "schema": "linrepro-result/1", "experiment": "exp", "paper": "pa", "description": "d",
        "seed": BIG_SEED, "config": {"k": 1}, "config_hash": "abcdabcdabcdabcd",
        "environment": {"git_commit": "a" * 40, "created_at": "2026-01-01T00:00:00Z"},
        "datasets": [{"name": "ds1", "sha256": "1" * 64},
                     {"name": "ds2", "data": {"content_sha256": "2" * 64, "source": "cache"}}],
        "runs": runs, "cells": [], "claims": []}))
    (results / "pa" / "fast" / "exp.json").write_text("{}")  # not a run file: must be ignored
    for name in ("table1.png", "table1_x.png", "table10.png", "other.png"):
        (results / "pa" / "figures" / name).write_bytes(PNG)
    (results / "pa" / "tables" / "table1.md").write_text("| a |\n|---|\n| 1 |\n")
    return results
