#!/usr/bin/python3
"""Runs every Google Benchmark program of a build and summarises them (`make bench`).

  /usr/bin/python3 bench/run_benchmarks.py --build build [--only bench_svm] [--filter REGEX]

Each program <build>/bench/bench_<what> runs with --benchmark_format=json; its JSON, with the
machine and commit under "linrepro", goes to results/bench/bench_<what>.json (written atomically;
with --filter to results/bench/partial/, so a partial run never replaces the committed results the
README's performance table is generated from) and a small table to stdout:
  bench_sparse  X.w and X^T.v throughput in GB/s and as a fraction of the measured copy/read bandwidth
  bench_svm     SMO vs libsvm-linear vs liblinear-s3: CPU time and the ratio to smo, per data set,
                at each solver's default eps and at equal objective tolerance ("target_gap")
  bench_column_relaxation  Z&O's four losses, the paper-faithful solver and the accelerated
                variants vs the LIBLINEAR peer: time to 1e-3 of (12) and the ratio, per data set
                (earn, corn, a9a) and loss (issue 19's goal: <= 1.0x)
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
import time

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


def machine():
    """What the figures were measured on, stored in every JSON (bench/perf_table.py prints it)."""
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")
    except OSError:
        pass
    commit = subprocess.run(["git", "-C", REPO, "rev-parse", "HEAD"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True).stdout.strip() or "?"
    dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    return {"cpu_model": cpu, "cores": os.cpu_count(), "commit": commit,
            "git_dirty": bool(dirty.strip()),
            "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "load_avg_before": os.getloadavg()[0], "kernel": os.uname().release}


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


LOSS_OF = {"cls": "least squares", "cmls": "squared hinge", "mod-svm": "hinge", "clg": "logistic"}


def manual_ms(b):
    """The fit's own clock (manual time): the CPU time of a run also holds the calibration."""
    return b["real_time"] * TO_MS[b.get("time_unit", "ns")]


def column_relaxation_rows(result):
    """{(data, paper solver): {"peer": run, "runs": [(label, run), ...]}} from BM_TimeTo1e3/<data>/<paper>/<solver>."""
    groups = {}
    for b in ok_runs(result):
        m = re.match(r"BM_TimeTo1e3/([^/]+)/([^/]+)/([^/]+)", b["name"])
        if not m:
            continue
        g = groups.setdefault((m.group(1), m.group(2)), {"peer": None, "runs": []})
        if m.group(3).startswith("liblinear-"):
            g["peer"] = (m.group(3), b)
        else:
            g["runs"].append((m.group(3), b))
    return groups


def table_column_relaxation(result):
    """Per data set and loss: the peer, the paper-faithful solver and each accelerated variant,
    time to (12) within 1e-3 and the ratio to the peer; then whether some variant is <= 1.0x."""
    groups = column_relaxation_rows(result)
    print("  time to (12) within 1e-3 of the optimum (wall ms of the fit's clock; '>' = not reached"
          " after 300 iterations: the whole run, so the ratio is a lower bound)")
    print("    {:<6} {:<14} {:<34} {:>9} {:>6} {:>9} {:>9}".format(
        "data", "loss", "solver", "ms", "iter", "ratio", "gap@K100"))
    verdicts = []
    for (data, paper), g in groups.items():
        if not g["peer"]:
            continue
        peer_name, p = g["peer"]
        p_ms = manual_ms(p)
        loss = LOSS_OF.get(paper, paper)
        print("    {:<6} {:<14} {:<24} {:>9.1f} {:>6} {:>9} {:>9}".format(
            data, loss, f"{peer_name} (eps {p.get('eps', float('nan')):.0e})", p_ms, "", "1.00x", ""))
        best = None
        for label, o in g["runs"]:
            o_ms = manual_ms(o)
            reached = o.get("reached", 0) == 1
            ratio = o_ms / p_ms if p_ms > 0 else float("nan")
            tag = " (paper)" if o.get("paper_faithful", 0) == 1 else ""
            print("    {:<6} {:<14} {:<34} {:>9} {:>6.0f} {:>9} {:>9.1e}".format(
                "", "", label + tag, ("" if reached else ">") + f"{o_ms:.1f}",
                o.get("iteration", float("nan")), ("" if reached else ">") + f"{ratio:.2f}x",
                o.get("gap_at_K100", float("nan"))))
            if reached and o.get("paper_faithful", 0) != 1 and (best is None or ratio < best[1]):
                best = (label, ratio)
        verdicts.append((data, loss, best))
    print("  fastest accelerated variant per data set and loss (issue 19's goal: <= 1.0x):")
    for data, loss, best in verdicts:
        if best:
            print("    {:<6} {:<14} {:<34} {:>6.2f}x  {}".format(
                data, loss, best[0], best[1], "<= 1.0x" if best[1] <= 1.0 else "above 1.0x"))
        else:
            print(f"    {data:<6} {loss:<14} none reached 1e-3")


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
    # Once, before any result is written: the files this run writes would make the tree dirty.
    measured_on = machine()
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
        result["linrepro"] = measured_on
        # Results travel: the program as the checkout names it, not this machine's path to it.
        result.setdefault("context", {})["executable"] = os.path.relpath(path, REPO)
        # A filtered run is partial: it never replaces the committed full results that the
        # README's performance table is generated from (bench/perf_table.py).
        out_dir = os.path.join(args.out, "partial") if args.filter else args.out
        out = os.path.join(out_dir, name + ".json")
        write_atomic(out, json.dumps(result, indent=1) + "\n")
        {"bench_sparse": table_sparse, "bench_svm": table_svm,
         "bench_column_relaxation": table_column_relaxation}.get(name, table_generic)(result)
        report_errors(result)
        print(f"  -> {os.path.relpath(out, REPO)}")
    if failed:
        sys.exit("run_benchmarks: failed: " + ", ".join(failed))


if __name__ == "__main__":
    main()
