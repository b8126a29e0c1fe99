"""The comparison of reproduced against published numbers as pandas DataFrames.

``linrepro compare`` writes ``results/comparison.json``; this reads it. ``results()`` is one row
per matched cell (paper, experiment, table, row, column, published, reproduced, delta,
tolerance, status, the sampling interval and whether the delta is beyond it, and the cause of a
miss); ``claims()`` one row per claim comparison; ``ablations()`` one row per ablation value.
"""
import json
import os

import pandas as pd

from .paths import project_root


def comparison(path=None):
    """The comparison document itself (results/comparison.json of the project, or ``path``)."""
    path = path or os.path.join(project_root(), "results", "comparison.json")
    try:
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
    except FileNotFoundError:
        raise FileNotFoundError(f"{path}: no comparison; `linrepro compare` writes it") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not JSON ({e})") from None
    if doc.get("schema") != "linrepro-comparison/1":
        raise ValueError(f"{path}: schema {doc.get('schema')!r}, expected linrepro-comparison/1")
    return doc


_CELL_COLUMNS = ["paper", "experiment", "table", "row", "column", "unit", "published",
                 "reproduced", "delta", "tolerance", "status", "noise", "interval",
                 "interval_method", "reason"]


def results(path=None):
    """One row per reproduced cell matched with its published value."""
    cells = comparison(path)["cells"]
    return pd.DataFrame([{c: cell.get(c) for c in _CELL_COLUMNS} for cell in cells],
                        columns=_CELL_COLUMNS)


def claims(path=None):
    """One row per comparison a claim is decided by (a claim has one or more)."""
    rows = []
    for claim in comparison(path)["claims"]:
        for comp in claim.get("comparisons", []):
            rows.append({"paper": claim.get("paper"), "experiment": claim.get("experiment"),
                         "id": claim.get("id"), "claim": claim.get("claim"), "claim_verdict": claim.get("verdict"),
                         **comp})
    return pd.DataFrame(rows)


def ablations(path=None):
    """One row per (ablation, variant, column) value."""
    rows = []
    for table in comparison(path)["ablations"]:
        for row in table["rows"]:
            for column, value in zip(table["columns"], row["values"]):
                rows.append({"paper": table["paper"], "experiment": table["experiment"],
                             "ablation": table["id"], "variant": row["variant"],
                             "column": column, "value": value, "chosen": row.get("chosen"),
                             "reference": row.get("reference")})
    return pd.DataFrame(rows)
