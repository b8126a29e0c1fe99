#!/usr/bin/python3
"""Whole programs against liblinear-train on one large file: peak memory and reading speed.

  /usr/bin/python3 bench/process_bench.py --build build [--copies 16] [--repeats 5]

The file: 20 Newsgroups (bydate) training set exported by `linrepro export` (one class,
comp.graphics, against the rest; binary word features), concatenated `--copies` times: 16 copies
are 181,024 rows, 23 M nonzeros, 181 MB of text. Both programs run as a user would run them,
one after the other (alternating, `--repeats` times each, the median kept), each measured by the
kernel for its child process (wait4: peak resident memory, user + system CPU time, wall time):
  - peak memory of a full training run, ours against LIBLINEAR's dual solver of the same loss at
    C = 1 with the bias feature 1 (-B 1): dcd-logistic vs -s 7, cmls-dual vs -s 1, mod-svm vs -s 3
    (mod-svm at the paper's K = 100 sweeps: its memory does not depend on how long it runs);
  - peak memory of one-vs-rest training on 20 Newsgroups (bydate) training set with its 20 class
    ids (11,314 rows, word features), the same pairs: every class's weights are kept, so the
    model is as large as the data;
  - reading: each program asked for the least work it can do with the file: read it, one pass of
    the dual solver, write the model (liblinear-train -s 7 -e 1e30 stops after its first pass;
    ours: dcd-logistic with max_sweeps=1, which also evaluates the training set once). Megabytes
    of text per wall second, and the ratio.
Writes results/bench/bench_process.json (Google Benchmark's layout: a "benchmarks" list, plus
"linrepro" with the machine and commit) atomically; bench/perf_table.py makes its rows.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_benchmarks import REPO, machine, write_atomic  # noqa: E402

PAIRS = [("dcd-logistic", "7"), ("cmls-dual", "1"), ("mod-svm", "3")]


def measure(argv):
    """Runs argv to its end; the kernel's figures for that child alone."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"process_bench: {' '.join(argv)} failed ({status}): {err[-2000:]}")
    return {"peak_rss_bytes": usage.ru_maxrss * 1024, "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "wall_seconds": wall}


def make_file(linrepro, work, copies):
    export = os.path.join(work, "export")
    print(f"process_bench: exporting 20news-bydate (comp.graphics vs rest) to {export}",
          file=sys.stderr)
    subprocess.run([linrepro, "export", "20news-bydate", export, "--category", "comp.graphics"],
                   check=True, stdout=subprocess.DEVNULL)
    path = os.path.join(work, f"20ng-bydate-x{copies}.libsvm")
    with open(os.path.join(export, "train.libsvm"), "rb") as f:
        one = f.read()
    with open(path, "wb") as out:
        for _ in range(copies):
            out.write(one)
    rows = one.count(b"\n") * copies
    nnz = one.count(b":") * copies
    return path, rows, nnz


def make_multiclass_file(linrepro, work):
    """20NG-bydate's training set with its 20 class ids (the one-vs-rest memory rows)."""
    export = os.path.join(work, "export-multiclass")
    print(f"process_bench: exporting 20news-bydate (20 classes) to {export}", file=sys.stderr)
    subprocess.run([linrepro, "export", "20news-bydate", export], check=True,
                   stdout=subprocess.DEVNULL)
    path = os.path.join(export, "train.libsvm")
    with open(path, "rb") as f:
        text = f.read()
    labels = {line.split(b" ", 1)[0] for line in text.splitlines() if line}
    return path, {"rows": text.count(b"\n"), "nonzeros": text.count(b":"), "classes": len(labels),
                  "file_bytes": len(text)}


def median_of(runs):
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def run_pair(ours, peer, repeats, label):
    a, b = [], []
    for i in range(repeats):
        print(f"process_bench: {label} {i + 1}/{repeats}", file=sys.stderr)
        a.append(measure(ours))
        b.append(measure(peer))
    return median_of(a), median_of(b)


def entry(name, figures, **extra):
    return {"name": name, "run_type": "iteration", "real_time": figures["wall_seconds"],
            "cpu_time": figures["cpu_seconds"], "time_unit": "s", **figures, **extra}


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--copies", type=int, default=16)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(REPO, "results", "bench", "bench_process.json"))
    args = ap.parse_args()
    linrepro = os.path.join(args.build, "linrepro")
    meta = machine()
    benchmarks = []
    with tempfile.TemporaryDirectory(prefix="linrepro-process-bench-") as work:
        data, rows, nnz = make_file(linrepro, work, args.copies)
        size = os.path.getsize(data)
        model = os.path.join(work, "model")
        facts = {"rows": rows, "nonzeros": nnz, "file_bytes": size}
        for ours_name, s in PAIRS:
            ours, peer = run_pair(
                [linrepro, "train", "-q", "-s", ours_name, "-p", "C=1", data, model + ".json"],
                ["liblinear-train", "-q", "-s", s, "-c", "1", "-B", "1", data, model], args.repeats,
                f"memory {ours_name} vs liblinear-train -s {s}")
            benchmarks.append(entry(f"process/memory/{ours_name}", ours, **facts))
            benchmarks.append(entry(f"process/memory/{ours_name}/liblinear-s{s}", peer, **facts))
        # One-vs-rest on a real multiclass corpus: every class's weights are kept (as LIBLINEAR
        # keeps its w for every class), so the model is as large as the data here.
        multi, multi_facts = make_multiclass_file(linrepro, work)
        for ours_name, s in PAIRS:
            ours, peer = run_pair(
                [linrepro, "train", "-q", "-s", ours_name, "-p", "C=1", "--multiclass", multi,
                 model + ".json"],
                ["liblinear-train", "-q", "-s", s, "-c", "1", "-B", "1", multi, model], args.repeats,
                f"one-vs-rest memory {ours_name} vs liblinear-train -s {s}")
            benchmarks.append(entry(f"process/ovr-memory/{ours_name}", ours, **multi_facts))
            benchmarks.append(entry(f"process/ovr-memory/{ours_name}/liblinear-s{s}", peer,
                                    **multi_facts))
        ours, peer = run_pair(
            [linrepro, "train", "-q", "-s", "dcd-logistic", "-p", "C=1", "-p", "max_sweeps=1", data,
             model + ".json"],
            ["liblinear-train", "-q", "-s", "7", "-c", "1", "-B", "1", "-e", "1e30", data, model],
            args.repeats, "reading (one pass)")
        for name, figures in (("process/read/ours", ours), ("process/read/liblinear-s7", peer)):
            benchmarks.append(entry(name, figures, mb_per_second=size / 1e6 / figures["wall_seconds"],
                                    **facts))
    write_atomic(args.out, json.dumps({"linrepro": meta, "benchmarks": benchmarks}, indent=1) + "\n")
    for b in benchmarks:
        print(f"  {b['name']:<40} peak {b['peak_rss_bytes'] / 2**20:8.1f} MiB  wall "
              f"{b['wall_seconds']:7.2f} s  CPU {b['cpu_seconds']:7.2f} s")
    print(f"process_bench: wrote {args.out}")


if __name__ == "__main__":
    main()
