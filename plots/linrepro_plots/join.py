"""Joining reproduced cells (from result files) with published cells, keyed by (table, row, column).
The statuses follow `linrepro compare` (harness/judge/compare.cpp judge_cell: input, within, outside,
not_run, data_unavailable, with the same slack) so the Markdown tables and results/comparison.json agree."""
import sys

from .io import number_or_none


def cell_key(cell):
    return (cell["table"], cell["row"], cell["column"])


def reproduced_cells(results):
    """{key: cell} over all result files of a paper; each cell remembers its experiment. A key set
    by two files is reported on stderr and the later file (sorted by name) wins."""
    out = {}
    for doc in results:
        for cell in doc["cells"]:
            key = cell_key(cell)
            if key in out and out[key]["_experiment"] != doc["experiment"]:
                print(f"plots: warning: cell {key} is set by both {out[key]['_experiment']} and "
                      f"{doc['experiment']}; using {doc['experiment']}", file=sys.stderr)
            out[key] = dict(cell, _experiment=doc["experiment"])
    return out


def compare_cell(pub, ours):
    """One row of a published-vs-reproduced table: published, ours, delta, tolerance, status.
    `pub` comes from load_published (value and tolerance are numbers); `ours` may be None.
    A published cell of kind "input" (a setting the paper chose) has status "input" whatever
    ours is, as in `linrepro compare`: it is shown, never counted as reproduced."""
    row = _judge(pub, ours)
    if pub.get("kind", "result") == "input":
        row["status"] = "input"
    return row


def _judge(pub, ours):
    p, tol = float(pub["value"]), float(pub["tolerance"])
    row = {
        "table": pub["table"], "row": pub["row"], "column": pub["column"],
        "published": p, "tolerance": tol, "unit": pub.get("unit", ""),
        "ours": None, "delta": None, "status": "not_run",
        "note": pub.get("note", ""), "our_note": "",
    }
    if ours is None:
        return row
    row["our_note"] = ours.get("note", "")
    if ours.get("status", "ok") in ("data_unavailable", "not_run"):
        row["status"] = ours["status"]
        return row
    o = number_or_none(ours.get("value"))
    if o is None:
        row["status"] = "outside"
        row["our_note"] = row["our_note"] or "the reproduced value is not a finite number"
        return row
    row["ours"], row["delta"] = o, o - p
    # The cell's 95 % sampling interval (evidence.interval, its unit), drawn as an error bar.
    interval = (ours.get("evidence") or {}).get("interval")
    if isinstance(interval, list) and len(interval) == 2 and all(
            number_or_none(v) is not None for v in interval):
        row["interval"] = [float(interval[0]), float(interval[1])]
    if ours.get("unit", "") != row["unit"]:
        # compare judges the number as is; say that the units differ so a reader is not misled.
        row["our_note"] = "; ".join(x for x in (row["our_note"], f"our unit is "
                                                f"\"{ours.get('unit', '')}\"") if x)
    # A hair of slack for values printed with fewer digits than they were computed with.
    row["status"] = "within" if abs(o - p) <= tol + 1e-9 * max(1.0, abs(p)) else "outside"
    return row


def compare_tables(results, published):
    """{table: [comparison rows]} for every table of the published file, in its order."""
    ours = reproduced_cells(results)
    out = {}
    if published is None:
        return out
    for pub in published["cells"]:
        out.setdefault(pub["table"], []).append(compare_cell(pub, ours.get(cell_key(pub))))
    return out


def published_index(published):
    return {cell_key(c): c for c in published["cells"]} if published else {}
