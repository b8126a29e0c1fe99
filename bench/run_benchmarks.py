#!/usr/bin/python3
"""Runs every Google Benchmark program of a build and summarises them (`make bench`).

  /usr/bin/python3 bench/run_benchmarks.py --build build [--only bench_svm] [--filter REGEX]

Each program <build>/bench/bench_<what> runs with --benchmark_format=json; its JSON goes to
results/bench/bench_<what>.json (written atomically) and a small table to stdout:
  bench_sparse  X.w and X^T.v throughput in GB/s and as a fraction of the measured copy/read bandwidth
  bench_svm     SMO vs libsvm-linear vs liblinear-s3: CPU time and the ratio to smo, per data set,
                at each solver's default eps and at equal objective tolerance ("target_gap")
  bench_column_relaxation  CLS/CMLS/CLG vs their LIBLINEAR peer: time to 1e-3 of (12) and the
                ratio per category (issue 4's goal: <= 2x)
  others        name, CPU time and bytes/s
Progress (the programs' stderr) passes through to stderr.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def write_atomic(path, text):
    """Temp file in the same directory, then rename: a crash leaves the old file or the new one."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=os.path.basename(path) + ".tmp.")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def programs(build_dir):
    bench_dir = os.path.join(build_dir, "bench")
    if not os.path.isdir(bench_dir):
        sys.exit(f"run_benchmarks: no {bench_dir}; build first (make build)")
    found = []
    for name in sorted(os.listdir(bench_dir)):
        path = os.path.join(bench_dir, name)
        if name.startswith("bench_") and os.path.isfile(path) and os.access(path, os.X_OK):
            found.append((name, path))
    return found


def cpu_ms(b):
    return b["cpu_time"] * TO_MS[b.get("time_unit", "ns")]


def gbps(b):
    return b.get("bytes_per_second", 0.0) / 1e9


def ok_runs(result):
    return [b for b in result.get("benchmarks", [])
            if b.get("run_type", "iteration") == "iteration" and not b.get("error_occurred")]


def table_sparse(result):
    runs = {b["name"]: b for b in ok_runs(result)}
    copy = next((gbps(b) for n, b in runs.items() if n.startswith("BM_StreamCopy")), None)
    read = next((gbps(b) for n, b in runs.items() if n.startswith("BM_StreamRead")), None)
    print("  memory bandwidth (one core): copy {:.2f} GB/s, read {:.2f} GB/s".format(
        copy or float("nan"), read or float("nan")))
    print("  {:<28} {:>9} {:>10} {:>10}".format("product", "GB/s", "of copy", "of read"))
    for name, b in runs.items():
        if not name.startswith("BM_Sparse"):
            continue
        g = gbps(b)
        print("  {:<28} {:>9.2f} {:>9.0f}% {:>9.0f}%".format(
            name, g, 100 * g / copy if copy else float("nan"), 100 * g / read if read else float("nan")))


def table_svm(result):
    groups = {}
    for b in ok_runs(result):
        m = re.match(r"svm/([^/]+)/([^/]+)/([^/]+)", b["name"])
        if m:
            groups.setdefault((m.group(1), m.group(2)), {})[m.group(3)] = b
    for (data, mode), solvers in groups.items():
        base = solvers.get("smo")
        print(f"  {data}, {mode}:")
        print("    {:<15} {:>10} {:>9} {:>8} {:>10} {:>12}".format(
            "solver", "CPU ms", "vs smo", "eps", "rel gap", "O_svm"))
        for name, b in solvers.items():
            ratio = cpu_ms(b) / cpu_ms(base) if base else float("nan")
            print("    {:<15} {:>10.1f} {:>8.2f}x {:>8.0e} {:>10.2e} {:>12.8f}".format(
                name, cpu_ms(b), ratio, b.get("eps", float("nan")), b.get("rel_gap", float("nan")),
                b.get("O_svm", float("nan"))))


def table_column_relaxation(result):
    """Per category: each of ours next to its LIBLINEAR peer (benchmark names BM_TimeTo1e3/<cat>/<solver>)."""
    runs = {}
    for b in ok_runs(result):
        m = re.match(r"BM_TimeTo1e3/([^/]+)/([^/]+)", b["name"])
        if m:
            runs.setdefault(m.group(1), {})[m.group(2)] = b
    peers = {"cls": "liblinear-s11", "cmls": "liblinear-s2", "clg": "liblinear-s0"}
    for category, solvers in runs.items():
        print(f"  {category}: time to (12) within 1e-3 (wall ms; '>' = not reached, whole run)")
        print("    {:<6} {:>10} {:>6} {:>10}  {:<14} {:>9} {:>7} {:>9} {:>8}".format(
            "solver", "ms", "iter", "rel gap", "peer", "peer ms", "eps", "ratio", "gap@K100"))
        for ours, peer in peers.items():
            o, p = solvers.get(ours), solvers.get(peer)
            if not o or not p:
                continue
            # Manual time (the fit's own clock): the CPU time of a run also holds the calibration.
            o_ms = o["real_time"] * TO_MS[o.get("time_unit", "ns")]
            p_ms = p["real_time"] * TO_MS[p.get("time_unit", "ns")]
            mark = "" if o.get("reached", 0) == 1 and p.get("reached", 0) == 1 else ">"
            print("    {:<6} {:>10} {:>6.0f} {:>10.2e}  {:<14} {:>9.0f} {:>7.0e} {:>9} {:>8.1e}".format(
                ours, ("" if o.get("reached", 0) == 1 else ">") + f"{o_ms:.0f}",
                o.get("iteration", float("nan")), o.get("rel_gap", float("nan")), peer, p_ms,
                p.get("eps", float("nan")), f"{mark}{o_ms / p_ms:.2f}x" if p_ms > 0 else "nan",
                o.get("gap_at_K100", float("nan"))))


def table_generic(result):
    for b in ok_runs(result):
        extra = f"  {gbps(b):.3f} GB/s" if "bytes_per_second" in b else ""
        print("  {:<60} {:>12.3f} ms{}".format(b["name"], cpu_ms(b), extra))


def report_errors(result):
    for b in result.get("benchmarks", []):
        if b.get("error_occurred"):
            print("  {}: skipped ({})".format(b["name"], b.get("error_message", "error")))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="CMake build directory (default: build)")
    ap.add_argument("--only", action="append", help="run only this program (repeatable)")
    ap.add_argument("--filter", help="passed on as --benchmark_filter")
    ap.add_argument("--out", default=os.path.join(REPO, "results", "bench"), help="JSON output directory")
    args = ap.parse_args()

    build = args.build if os.path.isabs(args.build) else os.path.join(REPO, args.build)
    failed = []
    for name, path in programs(build):
        if args.only and name not in args.only:
            continue
        cmd = [path, "--benchmark_format=json"]
        if args.filter:
            cmd.append("--benchmark_filter=" + args.filter)
        print(f"== {name}", flush=True)
        print(f"run_benchmarks: {' '.join(cmd)}", file=sys.stderr, flush=True)
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            print(f"  FAILED with exit code {proc.returncode}")
            failed.append(name)
            continue
        try:
            result = json.loads(proc.stdout)
        except json.JSONDecodeError as e:
            print(f"  FAILED: output is not JSON ({e})")
            failed.append(name)
            continue
        out = os.path.join(args.out, name + ".json")
        write_atomic(out, json.dumps(result, indent=1) + "\n")
        {"bench_sparse": table_sparse, "bench_svm": table_svm,
         "bench_column_relaxation": table_column_relaxation}.get(name, table_generic)(result)
        report_errors(result)
        print(f"  -> {os.path.relpath(out, REPO)}")
    if failed:
        sys.exit("run_benchmarks: failed: " + ", ".join(failed))


if __name__ == "__main__":
    main()
