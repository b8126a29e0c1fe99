"""The generic driver every per-paper script calls: results/<paper>/*.json -> tables/*.md and
figures/*.png. What it writes, per paper directory:

  tables/<experiment>.md                        cells tables, claims, runs (all result files)
  tables/<table>_published_vs_reproduced.md     every table of results/published/<paper>.json
  figures/<id>.png                              every figure a result file declares ("figures")
  figures/<table>_published_vs_reproduced.png   tables with at least one published+reproduced pair
  figures/<experiment>_solvers_vs_peers.png     experiments whose runs have error/accuracy metrics
  figures/<experiment>_convergence_<class>.png  traced runs, when the file declares no convergence
"""
import argparse
import json
import re
import sys
from pathlib import Path

from . import figures, spec, tables
from .io import PlotInputError, find_published, load_published, load_result, result_files, \
    write_text_atomic
from .join import compare_tables
from .select import get_path
from .spec import SpecError

QUALITY = re.compile(r"error|accuracy|f1|bep", re.IGNORECASE)
PREFERRED_TRACE_VALUES = ("O_svm", "objective", "primal_objective")
MAX_AUTO_CONVERGENCE = 8  # automatic convergence figures per experiment (declare more if needed)


def log(message):
    print(f"plots: {message}", file=sys.stderr, flush=True)


def safe_name(text):
    """A file-name stem from an id, class or table name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "unnamed"


class Output:
    """Where a paper's tables and figures go; remembers what was written (for the caller/tests)."""

    def __init__(self, paper_dir):
        self.tables = Path(paper_dir) / "tables"
        self.figures = Path(paper_dir) / "figures"
        self.written = []

    def table(self, stem, text):
        path = self.tables / f"{safe_name(stem)}.md"
        write_text_atomic(path, text)
        self._done(path)

    def figure(self, stem, fig):
        """Saves `fig` (None: nothing to draw, reported). Returns whether a file was written."""
        path = self.figures / f"{safe_name(stem)}.png"
        if fig is None:
            log(f"skipped {path}: no data to draw")
            return False
        figures.save(fig, path)
        self._done(path)
        return True

    def _done(self, path):
        self.written.append(path)
        log(f"wrote {path}")


def load_paper(paper_dir, paper=None, published_path=None):
    """(paper id, [result docs], published doc or None); PlotInputError names any bad file."""
    paper_dir = Path(paper_dir)
    if not paper_dir.is_dir():
        raise PlotInputError(paper_dir, "not a directory (expected results/<paper>/)")
    docs = [load_result(p) for p in result_files(paper_dir)]
    if paper is None:
        papers = sorted({d["paper"] for d in docs})
        paper = papers[0] if len(papers) == 1 else paper_dir.name
    for d in docs:
        if d["paper"] != paper:
            raise PlotInputError(d["_path"], f"paper is \"{d['paper']}\" but this directory is "
                                             f"plotted as \"{paper}\"")
    seen = {}
    for d in docs:
        if d["experiment"] in seen:
            raise PlotInputError(d["_path"], f"experiment \"{d['experiment']}\" is also in "
                                             f"{seen[d['experiment']]}")
        seen[d["experiment"]] = d["_path"]
    published_path = published_path or find_published(paper_dir, paper)
    published = load_published(published_path) if published_path else None
    if published is not None and published["paper"] != paper:
        raise PlotInputError(published_path,
                             f"paper is \"{published['paper']}\", expected \"{paper}\"")
    return paper, docs, published


def write_tables(out, docs, published):
    for doc in docs:
        out.table(doc["experiment"], tables.experiment_document(doc, published))
    comparisons = compare_tables(docs, published)
    for table, rows in comparisons.items():
        out.table(f"{table}_published_vs_reproduced",
                  tables.comparison_document(table, rows, published))
    return comparisons


def write_declared_figures(out, doc, published, taken):
    for i, fig_spec in enumerate(doc["figures"]):
        fid = fig_spec["id"]
        if fid in taken:
            raise PlotInputError(doc["_path"], f"figures[{i}]: id \"{fid}\" is also declared by "
                                               f"{taken[fid]}")
        taken[fid] = doc["_path"]
        try:
            fig = spec.render(fig_spec, doc, published)
        except SpecError as e:
            raise PlotInputError(doc["_path"], f"figures[{i}] (\"{fid}\"): {e}") from None
        out.figure(fid, fig)


def _params_key(run):
    return json.dumps(run.get("params", {}), sort_keys=True)


def solvers_vs_peers_figure(doc):
    """The automatic bar chart of an experiment: error/accuracy/F1/BEP metrics (and training time)
    by class and solver. None when there is no such metric, or when one (class, solver) holds runs
    with different parameters (a sweep: averaging those would mislead; declare a figure instead).
    Runs of another random draw (config.draw > 0: a spread ablation's, not the cells') are left
    out."""
    runs = [r for r in doc["runs"] if r["status"] == "ok" and not get_path(r, "config.draw")]
    metrics = list(dict.fromkeys(m for r in runs for m in r["metrics"] if QUALITY.search(m)))[:4]
    if not metrics:
        return None, "no error/accuracy/F1/BEP metrics"
    params = {}
    for r in runs:
        params.setdefault((r["class"], r["solver"]), set()).add(_params_key(r))
    if any(len(p) > 1 for p in params.values()):
        return None, "several parameter settings per (class, solver)"
    paths = ["metrics." + m for m in metrics]
    if any((get_path(r, "train_seconds") or 0) > 0 for r in runs):
        paths.append("train_seconds")
    groups, names, panels = spec.bars_data(runs, paths, logy_paths=("train_seconds",))
    fig = figures.grouped_bars(groups, names, panels, f"{doc['experiment']}: our solvers vs peers")
    return fig, ""


def convergence_figures(doc):
    """[(stem, Figure)]: per class, every traced run's preferred trace value vs solver time."""
    traced = [r for r in doc["runs"] if r["status"] == "ok" and r.get("trace")]
    out = []
    classes = list(dict.fromkeys(r["class"] for r in traced))
    if len(classes) > MAX_AUTO_CONVERGENCE:
        log(f"{doc['experiment']}: automatic convergence figures for the first "
            f"{MAX_AUTO_CONVERGENCE} of {len(classes)} classes (declare figures for the others)")
        classes = classes[:MAX_AUTO_CONVERGENCE]
    for cls in classes:
        runs = [r for r in traced if r["class"] == cls]
        common = set.intersection(*(set(k for p in r["trace"] for k in p.get("values", {}))
                                    for r in runs))
        value = next((v for v in PREFERRED_TRACE_VALUES if v in common), None) or \
            next(iter(sorted(common)), None)
        if value is None:
            continue
        times = [p.get("seconds") for r in runs for p in r["trace"] if p.get("seconds")]
        logx = bool(times) and min(times) > 0 and max(times) / min(times) > 100
        auto = {"id": "auto", "kind": "convergence", "value": value, "logx": logx,
                "runs": [r["key"] for r in runs],
                "title": f"{doc['experiment']}: {value} vs time" + (f" ({cls})" if cls else "")}
        stem = f"{doc['experiment']}_convergence" + (f"_{cls}" if cls else "")
        out.append((stem, spec.render(auto, doc, None)))
    return out


def run(paper_dir, paper=None, published_path=None):
    """Writes all tables and figures of one paper directory; returns the Output (written files)."""
    paper, docs, published = load_paper(paper_dir, paper, published_path)
    out = Output(paper_dir)
    log(f"{paper}: {len(docs)} result file(s) in {paper_dir}; published values: "
        f"{published['_path'] if published else 'none found'}")
    comparisons = write_tables(out, docs, published)
    taken = {}
    for doc in docs:
        write_declared_figures(out, doc, published, taken)
    for table, rows in comparisons.items():
        stem = f"{table}_published_vs_reproduced"
        if stem in taken:
            continue
        if any(r["published"] is not None and r["ours"] is not None for r in rows):
            out.figure(stem, figures.published_vs_reproduced(
                rows, f"{paper} {table}: published vs reproduced"))
    for doc in docs:
        stem = f"{doc['experiment']}_solvers_vs_peers"
        if stem not in taken:
            fig, why = solvers_vs_peers_figure(doc)
            if fig is not None:
                out.figure(stem, fig)
            elif doc["runs"]:
                log(f"{doc['experiment']}: no solvers-vs-peers figure ({why})")
        if not any(f["kind"] in ("convergence", "convergence_panels") for f in doc["figures"]):
            for stem, fig in convergence_figures(doc):
                if stem not in taken:
                    out.figure(stem, fig)
    return out


def main(argv=None, paper=None, extras=()):
    """Command line of make_figures.py and of every per-paper script. `extras`: functions f(out)
    drawing a paper's figures that are not data-driven, saved with out.figure(stem, fig)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paper_dir", help="results/<paper> (the directory of its result files)")
    if paper is None:
        parser.add_argument("--paper", help="paper id (default: from the result files)")
    parser.add_argument("--published", help="published values file "
                                            "(default: results/published/<paper>.json)")
    args = parser.parse_args(argv)
    try:
        out = run(args.paper_dir, paper or args.paper, args.published)
        for extra in extras:
            extra(out)
    except PlotInputError as e:
        log(f"error: {e}")
        return 1
    log(f"done: {len(out.written)} file(s)")
    return 0
