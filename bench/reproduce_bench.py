#!/usr/bin/python3
"""`make reproduce`'s experiments one at a time against several at once (`linrepro run --jobs`).

  /usr/bin/python3 bench/reproduce_bench.py --build build [--jobs N] [--keep DIR]

Runs what `make reproduce` runs, `linrepro run all --force`, twice in the same invocation of this
script: with --jobs 1 (one experiment after another) and with --jobs N (default: the number of
cores), each in a copy of the committed results/ (so each starts as a fresh clone does, with the
stored runs giving the order its costs, and recomputes every run). Wall time of each, and whether
the two wrote the same result files: every run's record equal, measured seconds, memory and
provenance aside, and the cells, claims and ablations of every experiment whose timings are not
published (a timed one, `run --list` marks it, runs alone in both and its time ratios differ as
any two runs' do). Writes results/bench/bench_reproduce.json (Google Benchmark's layout plus
"linrepro" with the machine and commit) atomically; bench/perf_table.py makes its row. --keep DIR
leaves the two result folders in DIR (jobs-N, jobs-1) for a look, e.g. against the committed ones.
"""
import argparse
import contextlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_benchmarks import REPO, machine, write_atomic  # noqa: E402

VOLATILE = ("environment", "created_at", "git_commit", "mixed_commits")


def strip(x):
    """A result document without what differs between two runs of the same code."""
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items()
                if k not in VOLATILE and not any(t in k for t in ("second", "time", "memory"))}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x


def timed_experiments(linrepro):
    out = subprocess.run([linrepro, "run", "--list"], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    return {line.split()[0] for line in out.splitlines() if "[timed" in line}


def run_all(linrepro, results, jobs):
    """`run all --force --jobs <jobs>` into `results`; its wall seconds."""
    print(f"reproduce_bench: run all --force --jobs {jobs} (log: {results}.log)", file=sys.stderr)
    start = time.monotonic()
    with open(f"{results}.log", "w") as log:
        rc = subprocess.run([linrepro, "run", "all", "--force", "--jobs", str(jobs), "--results",
                             str(results)], stdout=log, stderr=subprocess.STDOUT, cwd=REPO).returncode
    wall = time.monotonic() - start
    if rc != 0:
        sys.exit(f"reproduce_bench: --jobs {jobs} exited {rc}: see {results}.log")
    print(f"reproduce_bench: --jobs {jobs}: {wall:.0f} s", file=sys.stderr)
    return wall


def differences(serial, parallel, timed):
    """What differs between the two runs' result files (empty: the same files)."""
    found = []
    for a in sorted(serial.glob("*/*.json")):
        rel = a.relative_to(serial)
        if rel.parts[0] in ("published", "bench"):
            continue
        b = parallel / rel
        if not b.exists():
            found.append(f"{rel}: missing with --jobs")
            continue
        x, y = json.loads(a.read_text()), json.loads(b.read_text())
        if not isinstance(x, dict) or "runs" not in x:
            continue
        if strip(x["runs"]) != strip(y["runs"]):
            found.append(f"{rel}: runs differ")
        name = f"{rel.parts[0]}/{rel.stem}"
        for part in ("cells", "claims", "ablations"):
            if name not in timed and strip(x.get(part)) != strip(y.get(part)):
                found.append(f"{rel}: {part} differ")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--out", default=os.path.join(REPO, "results", "bench", "bench_reproduce.json"))
    ap.add_argument("--keep", help="a new folder to leave the two result folders in")
    args = ap.parse_args()
    linrepro = os.path.abspath(os.path.join(REPO, args.build, "linrepro"))
    timed = timed_experiments(linrepro)
    if args.keep:
        os.makedirs(args.keep)  # a new one: never mixed with an earlier run's files
    with (contextlib.nullcontext(args.keep) if args.keep
          else tempfile.TemporaryDirectory(prefix="linrepro-reproduce-bench-")) as tmp:
        walls = {}
        for jobs in (args.jobs, 1):  # the parallel one first: its figure is the news
            results = pathlib.Path(tmp) / f"jobs-{jobs}"
            shutil.copytree(os.path.join(REPO, "results"), results,
                            ignore=shutil.ignore_patterns("bench", "fast", "shards"))
            walls[jobs] = run_all(linrepro, results, jobs)
        found = differences(pathlib.Path(tmp) / "jobs-1", pathlib.Path(tmp) / f"jobs-{args.jobs}",
                            timed)
    for f in found:
        print(f"reproduce_bench: {f}", file=sys.stderr)
    doc = {"linrepro": machine(),
           "benchmarks": [{"name": f"reproduce/run-all-force/jobs-{jobs}", "run_type": "iteration",
                           "real_time": wall, "time_unit": "s", "jobs": jobs}
                          for jobs, wall in walls.items()],
           "same_results": not found, "differences": found, "timed": sorted(timed)}
    write_atomic(args.out, json.dumps(doc, indent=2) + "\n")
    print(f"reproduce_bench: --jobs {args.jobs} / --jobs 1 = {walls[args.jobs] / walls[1]:.2f}x; "
          f"result files {'the same' if not found else 'DIFFER'} -> {args.out}", file=sys.stderr)
    return 0 if not found else 1


if __name__ == "__main__":
    sys.exit(main())
