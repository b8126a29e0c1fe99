#!/usr/bin/python3
"""The README's performance table, generated from the committed benchmark results (issue 19).

  /usr/bin/python3 bench/perf_table.py [--results results/bench] [--readme README.md] [--check]

Reads results/bench/bench_*.json (written by `make bench`, bench/run_benchmarks.py) and writes the
table between <!-- perf-table:begin --> and <!-- perf-table:end --> in the README; --check only
compares and exits 1 when the README's block differs (tests/bench/perf_table_test.py runs it).

Every figure is a ratio of two things measured in the same run of the same program on the machine
the block names (ours against a peer, or against the memory bandwidth or a matrix pass measured
beside it), never an absolute time carried over from another machine. Only the tokenise/stem rows
have no peer: they give the time on the machine named above the table, against the issue's budget.
A program whose JSON is missing gives "not measured" rows, not old numbers.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from readme_block import replace_block  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN, END = "<!-- perf-table:begin -->", "<!-- perf-table:end -->"
TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
LOSSES = [("cls", "least squares"), ("cmls", "squared hinge"), ("mod-svm", "hinge"),
          ("clg", "logistic")]


def load(results, name):
    path = os.path.join(results, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def runs(result):
    if not result:
        return {}
    return {b["name"]: b for b in result.get("benchmarks", [])
            if b.get("run_type", "iteration") == "iteration" and not b.get("error_occurred")}


def ms(b, key="real_time"):
    return b[key] * TO_MS[b.get("time_unit", "ns")]


def x(v):
    return "—" if v is None else f"{v:.2f}x"


def column_relaxation_rows(result):
    """Per loss: the paper-faithful solver's ratio to LIBLINEAR and the fastest accelerated one's."""
    groups = {}
    for name, b in runs(result).items():
        m = re.match(r"BM_TimeTo1e3/([^/]+)/([^/]+)/([^/]+)/", name + "/")
        if m:
            groups.setdefault(m.group(2), {}).setdefault(m.group(1), {})[m.group(3)] = b
    rows = []
    passes = []  # memory speed of the paper-faithful solvers' iterations
    for paper, loss in LOSSES:
        parts = [f"{data} {solvers[paper]['iteration_in_passes']:.1f}"
                 for data, solvers in groups.get(paper, {}).items()
                 if "iteration_in_passes" in solvers.get(paper, {})]
        if parts:
            passes.append(f"`{paper}`: " + ", ".join(parts))
    for paper, loss in LOSSES:
        per_data = groups.get(paper)
        if not per_data:
            rows.append((f"Z&O (12), {loss}: time to 1e-3 of the optimum", "LIBLINEAR",
                         "not measured", "≤ 1.0x"))
            continue
        peer = next((s for s in next(iter(per_data.values())) if s.startswith("liblinear-")), "?")
        faithful, fastest, met = [], [], True
        for data, solvers in per_data.items():
            p = solvers.get(peer)
            if not p:
                continue
            best = None
            for label, b in solvers.items():
                if label == peer:
                    continue
                ratio = ms(b) / ms(p)
                reached = b.get("reached", 0) == 1
                if b.get("paper_faithful", 0) == 1:
                    faithful.append(f"{data} {'>' if not reached else ''}{ratio:.1f}x")
                elif reached and (best is None or ratio < best[1]):
                    best = (label, ratio)
            if best:
                fastest.append(f"{data} {best[1]:.2f}x ({best[0]})")
                met = met and best[1] <= 1.0
            else:
                fastest.append(f"{data}: none reached 1e-3")
                met = False
        peer_text = f"`{peer}`"
        rows.append((f"Z&O (12), {loss}: time to 1e-3 of the optimum, paper's `{paper}`",
                     peer_text, ", ".join(faithful) + " ('>': not within 1e-3 after 300 sweeps)",
                     "—"))
        rows.append((f"Z&O (12), {loss}: the same, fastest accelerated solver", peer_text,
                     ", ".join(fastest), "≤ 1.0x: " + ("met" if met else "not met")))
    rows.append(("Z&O's paper-faithful solvers: one iteration (a sweep over every column or row) "
                 "in X·w + Xᵀ·v passes", "one pass over the same matrix, timed in the same program",
                 "; ".join(passes) or "not measured", "memory speed: ≈ 2 (a sweep reads each "
                 "nonzero twice)"))
    return rows


def svm_rows(result):
    r = runs(result)
    parts_libsvm, parts_liblinear = [], []
    for name, b in r.items():
        m = re.match(r"svm/([^/]+)/target_gap/smo", name)
        if not m:
            continue
        data = m.group(1)
        libsvm = r.get(f"svm/{data}/target_gap/libsvm-linear")
        liblinear = r.get(f"svm/{data}/target_gap/liblinear-s3")
        if libsvm:
            parts_libsvm.append(f"{data} {ms(b, 'cpu_time') / ms(libsvm, 'cpu_time'):.2f}x")
        if liblinear:
            parts_liblinear.append(f"{data} {ms(b, 'cpu_time') / ms(liblinear, 'cpu_time'):.2f}x")
    if not parts_libsvm:
        return [("SMO, time to 1e-3 of its optimum", "LIBSVM", "not measured", "—")]
    return [("SMO, CPU time to 1e-3 of its optimum (synthetic text-like data)",
             "LIBSVM linear kernel, same problem", ", ".join(parts_libsvm), "—"),
            ("SMO, the same", "LIBLINEAR `-s 3` (regularised bias: its own optimum)",
             ", ".join(parts_liblinear), "—")]


def mlr_cg_rows(result):
    r = runs(result)
    to_smo, to_liblinear, passes = [], [], []
    for name, b in r.items():
        m = re.match(r"BM_TimeTo1e3/([^/]+)/mlr-cg", name)
        if m:
            data = m.group(1)
            smo = r.get(next((n for n in r if n.startswith(f"BM_TimeTo1e3/{data}/smo")), ""))
            lib = r.get(next((n for n in r if n.startswith(f"BM_TimeTo1e3/{data}/liblinear-s3")),
                             ""))
            if smo:
                to_smo.append(f"{data} {ms(b) / ms(smo):.2f}x")
            if lib:
                to_liblinear.append(f"{data} {ms(b) / ms(lib):.2f}x")
        m = re.match(r"BM_MlrCgStep/([^/]+)", name)
        if m and "per_step_vs_XwXtv" in b:
            passes.append(f"{m.group(1)} {b['per_step_vs_XwXtv']:.2f}")
    if not (to_smo or passes):
        return [("MLR-CG", "SMO, LIBLINEAR", "not measured", "—")]
    return [("MLR-CG (200 steps), time to O_svm within 1e-3", "our SMO", ", ".join(to_smo), "—"),
            ("MLR-CG, the same", "LIBLINEAR `-s 3` (its own optimum)", ", ".join(to_liblinear),
             "—"),
            ("MLR-CG, one CG step in X·w + Xᵀ·v passes", "one pass, timed in the same program",
             ", ".join(passes), "≤ 2")]


def naive_bayes_rows(result):
    r = runs(result)
    train, predict = [], []
    for mode in ("nb-1", "nb-2"):
        t = r.get(next((n for n in r if n.startswith(f"nb/{mode}/train/ours")), ""))
        p = r.get(next((n for n in r if n.startswith(f"nb/{mode}/predict/ours")), ""))
        if t and "cpu_time_vs_sklearn" in t:
            train.append(f"{mode.upper()} {t['cpu_time_vs_sklearn']:.2f}x")
        if p and "cpu_time_vs_sklearn" in p:
            predict.append(f"{mode.upper()} {p['cpu_time_vs_sklearn']:.2f}x")
    if not train:
        return [("naive Bayes", "scikit-learn MultinomialNB", "not measured", "—")]
    return [("naive Bayes training, CPU time (20 classes, 60k features)",
             "scikit-learn MultinomialNB", ", ".join(train), "≤ 0.5x"),
            ("naive Bayes prediction, CPU time", "scikit-learn MultinomialNB", ", ".join(predict),
             "—")]


def sgd_rows(result):
    r = runs(result)
    a9a, lazy = [], []
    for name, b in r.items():
        m = re.match(r"sgd_a9a/ours/([^/]+)", name)
        if m:  # the L1 variants against sklearn's L1 logistic SGD, ridge against its ridge SGD
            peer_name = "sgd-ridge-constant" if m.group(1) == "ridge" else "sgd-l1-logistic"
            peer = r.get(next((n for n in r if n.startswith(f"sgd_a9a/sklearn/{peer_name}")), ""))
            if peer:  # time per update, ours / sklearn's
                a9a.append(f"{m.group(1)} "
                           f"{peer['updates_per_cpu_second'] / b['updates_per_cpu_second']:.2f}x")
        m = re.match(r"sgd_lazy_vs_dense/([^/]+)/lazy", name)
        if m:
            dense = r.get(next((n for n in r
                                if n.startswith(f"sgd_lazy_vs_dense/{m.group(1)}/dense")), ""))
            if dense:
                lazy.append(f"{m.group(1)} "
                            f"{dense['updates_per_cpu_second'] / b['updates_per_cpu_second']:.3f}x")
    text = []
    ours = r.get(next((n for n in r if n.startswith("sgd_20ng/ours/l1-cumulative")), ""))
    peer = r.get(next((n for n in r if n.startswith("sgd_20ng/sklearn/sgd-l1-logistic")), ""))
    if ours and peer:
        text.append(f"l1-cumulative "
                    f"{peer['updates_per_cpu_second'] / ours['updates_per_cpu_second']:.2f}x")
    if not a9a and not lazy:
        return [("SGD", "scikit-learn SGDClassifier", "not measured", "—")]
    return [("SGD on a9a (200 epochs), CPU time per update", "scikit-learn SGDClassifier",
             ", ".join(a9a), "≤ 0.5x"),
            ("SGD on 20NG text, one class against the rest (20 epochs, 80k features, 125 nnz/row),"
             " CPU time per update", "scikit-learn SGDClassifier",
             ", ".join(text) or "not measured", "≤ 0.5x"),
            ("SGD lazy L1/L2 updates, time per update (50k features, 40 nnz/row)",
             "the dense update of the same step", ", ".join(lazy), "—")]


def sparse_rows(result):
    r = runs(result)
    copy = next((b for n, b in r.items() if n.startswith("BM_StreamCopy")), None)
    if not copy:
        return [("sparse X·w / Xᵀ·v", "memory copy bandwidth", "not measured", "≥ 50 %")]
    parts = []
    for n, b in r.items():
        if n.startswith("BM_Sparse"):
            product, cols = (n.split("/") + [""])[:2]
            size = f" ({int(cols):,} columns)" if cols.isdigit() else ""
            share = 100 * b.get("bytes_per_second", 0) / copy["bytes_per_second"]
            parts.append(f"{product[len('BM_Sparse'):]}{size} {share:.0f} %")
    return [("sparse X·w / Xᵀ·v, bytes per second", "memory copy measured in the same program",
             ", ".join(parts), "≥ 50 %")]


def graphsvm_rows(result):
    r = runs(result)
    parts = []
    for method in ("MCSVM", "GraphSVM"):
        one = r.get(next((n for n in r if n.startswith(f"graphsvm/{method}/threads:1")), ""))
        two = r.get(next((n for n in r if n.startswith(f"graphsvm/{method}/threads:2")), ""))
        if one and two:
            parts.append(f"{method} {ms(two) / ms(one):.2f}x")
    if not parts:
        return [("GraphSVM / MCSVM second stage, 2 threads", "1 thread", "not measured", "—")]
    return [("GraphSVM / MCSVM second stage on 2 threads, wall time", "the same on 1 thread",
             ", ".join(parts), "—")]


def features_rows(result):
    r = runs(result)
    rows = []
    for prefix, what, budget_s in (("BM_TokenizeStemReuters/1", "Reuters-21578", 3.0),
                                   ("BM_TokenizeStem20NG/1", "20NG-18828", 6.0)):
        b = next((b for n, b in r.items() if n.startswith(prefix)), None)
        rows.append((f"{what}: tokenise + Porter stem, one core (raw bytes, markup included)",
                     "the budget", "not measured" if not b else
                     f"{ms(b) / 1e3:.2f} s on the machine above = {ms(b) / 1e3 / budget_s:.2f}x "
                     f"of the budget", f"< {budget_s:.0f} s"))
    return rows


def process_rows(result):
    """Whole programs on one large file (bench/process_bench.py): peak memory and reading speed."""
    r = runs(result)

    def memory(kind):
        """Each solver's peak RSS over its peer's, for the rows process/<kind>/<solver>."""
        out = []
        for name, b in r.items():
            parts = name.split("/")
            if len(parts) == 3 and parts[1] == kind:
                peer = next((p for n, p in r.items() if n.startswith(name + "/")), None)
                if peer:
                    out.append(f"{parts[2]} {b['peak_rss_bytes'] / peer['peak_rss_bytes']:.2f}x "
                               f"({b['peak_rss_bytes'] / 2**20:.1f} / "
                               f"{peer['peak_rss_bytes'] / 2**20:.1f} MiB, -s {n_s(peer)})")
        return ", ".join(out) or "not measured"

    ours, peer = r.get("process/read/ours"), r.get("process/read/liblinear-s7")
    size = f"{ours['file_bytes'] / 1e6:.0f} MB, {ours['nonzeros'] / 1e6:.1f} M nonzeros" if ours else ""
    ovr = next((b for n, b in r.items() if n.startswith("process/ovr-memory/")), None)
    ovr_size = (f"{ovr['rows']:,} rows, {ovr['classes']} classes, {ovr['nonzeros'] / 1e6:.1f} M "
                f"nonzeros" if ovr else "not measured")
    return [(f"peak memory of a whole training run on one file ({size or 'not measured'})",
             "liblinear-train, the dual solver of the same loss", memory("memory"), "≤ 1.0x"),
            (f"peak memory of one-vs-rest training (`train --multiclass`) on 20NG-bydate "
             f"({ovr_size})", "liblinear-train, the dual solver of the same loss, one-vs-rest",
             memory("ovr-memory"), "≤ 1.0x"),
            ("reading a LIBSVM file: read + one dual pass + model, MB of text per wall second",
             "liblinear-train -s 7 -e 1e30 (stops after one pass)",
             f"{ours['mb_per_second']:.0f} vs {peer['mb_per_second']:.0f} MB/s = "
             f"{ours['mb_per_second'] / peer['mb_per_second']:.2f}x" if ours and peer
             else "not measured", "≥ 2x")]


def python_rows(result):
    """The Python package against the program and scikit-learn (bench/python_bench.py)."""
    r = runs(result)
    ours = {n.split("/")[2]: b for n, b in r.items() if n.count("/") == 2}
    cli = [f"{s} {b['cpu_time'] / r[f'python/fit/{s}/cli']['cpu_time']:.2f}x "
           f"({b['cpu_time']:.3f} / {r[f'python/fit/{s}/cli']['cpu_time']:.3f} s)"
           for s, b in ours.items() if f"python/fit/{s}/cli" in r]
    peers = []
    for s, b in ours.items():
        peer = next((p for n, p in r.items() if n.startswith(f"python/fit/{s}/sklearn-")), None)
        if peer:
            peers.append(f"{s} vs {peer['estimator']} {b['cpu_time'] / peer['cpu_time']:.2f}x "
                         f"({b['cpu_time']:.3f} / {peer['cpu_time']:.3f} s; objective "
                         f"{b['objective']:.7g} vs {peer['objective']:.7g})")
    size = next((f"{b['rows']:,} rows, {b['nonzeros'] / 1e6:.1f} M nonzeros" for b in ours.values()),
                "not measured")
    return [(f"the Python package's fit, `linrepro.estimator(s).fit(X, y)` on 20NG-bydate "
             f"comp.graphics ({size}), CPU", "`linrepro train`'s fit time, same solver and file",
             ", ".join(cli) or "not measured", "≈ 1.0x"),
            ("linrepro estimators against scikit-learn's on the same data and objective (C = 1, "
             "regularised constant feature), CPU", "scikit-learn 1.2 (Debian), its defaults",
             "; ".join(peers) or "not measured", "≤ 1.0x at an objective no higher")]


def reproduce_rows(result):
    """`make reproduce`'s experiments on every core against one at a time (bench/reproduce_bench.py)."""
    r = runs(result)
    serial = r.get("reproduce/run-all-force/jobs-1")
    parallel = next((b for n, b in sorted(r.items())
                     if n.startswith("reproduce/run-all-force/jobs-") and b is not serial), None)
    if not (serial and parallel):
        measured = "not measured"
    else:
        same = ("result files the same (timings aside)" if result.get("same_results")
                else "result files DIFFER: " + "; ".join(result.get("differences", [])[:3]))
        measured = (f"{parallel['real_time'] / serial['real_time']:.2f}x "
                    f"({parallel['real_time']:.0f} / {serial['real_time']:.0f} s, --jobs "
                    f"{parallel['jobs']}; the timed experiments alone); {same}")
    return [("`make reproduce`'s experiments (`run all --force`), wall time on every core",
             "the same one experiment at a time (`--jobs 1`)", measured, "faster; ≤ 600 s fresh")]


def n_s(peer_run):
    return peer_run["name"].rsplit("-s", 1)[-1]


def machine_line(results):
    """Which machine and commit: from the programs' own records (run_benchmarks.py)."""
    seen = set()
    for name in sorted(os.listdir(results)) if os.path.isdir(results) else []:
        if name.startswith("bench_") and name.endswith(".json"):
            with open(os.path.join(results, name)) as f:
                meta = json.load(f).get("linrepro", {})
            if meta:
                seen.add((meta.get("cpu_model", "?"), meta.get("cores", "?"),
                          meta.get("commit", "?")[:12], meta.get("date", "?")[:10]))
    if not seen:
        return "nothing yet (no results/bench/*.json: run `make bench`)"
    return "; ".join(f"{cpu}, {cores} cores, commit {commit}, {date}"
                     for cpu, cores, commit, date in sorted(seen))


def table(results):
    rows = []
    rows += column_relaxation_rows(load(results, "bench_column_relaxation"))
    rows += svm_rows(load(results, "bench_svm"))
    rows += mlr_cg_rows(load(results, "bench_mlr_cg"))
    rows += naive_bayes_rows(load(results, "bench_naive_bayes"))
    rows += sgd_rows(load(results, "bench_sgd"))
    rows += sparse_rows(load(results, "bench_sparse"))
    rows += graphsvm_rows(load(results, "bench_graphsvm"))
    rows += features_rows(load(results, "bench_features"))
    rows += process_rows(load(results, "bench_process"))
    rows += python_rows(load(results, "bench_python"))
    rows += reproduce_rows(load(results, "bench_reproduce"))
    out = [BEGIN,
           f"Generated by `make bench` (bench/perf_table.py) from results/bench/*.json, measured on: "
           f"{machine_line(results)}. Each figure is ours / the peer, both measured in the same run "
           f"(below 1 is faster).",
           "",
           "| what | against (same run) | measured | goal |",
           "| --- | --- | --- | --- |"]
    out += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    out.append(END)
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results", default=os.path.join(REPO, "results", "bench"))
    ap.add_argument("--readme", default=os.path.join(REPO, "README.md"))
    ap.add_argument("--check", action="store_true", help="compare only; exit 1 when stale")
    args = ap.parse_args()
    replace_block(args.readme, BEGIN, END, table(args.results), args.check,
                  f"perf_table: the performance table in {args.readme} is not the one "
                  f"{args.results} gives; run `/usr/bin/python3 bench/perf_table.py`")
    if args.check:
        print(f"perf_table: {args.readme} agrees with {args.results}")
        return
    print(f"perf_table: wrote the performance table of {args.readme}")


if __name__ == "__main__":
    main()
