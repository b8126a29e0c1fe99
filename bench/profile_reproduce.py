#!/usr/bin/python3
"""Where `make reproduce`'s CPU time goes: each experiment of the default set run under perf.

  /usr/bin/python3 bench/profile_reproduce.py --build build [--jobs 2] [--frequency 199]
                                              [--experiments a,b] [--keep DIR]
  /usr/bin/python3 bench/profile_reproduce.py --resummarise DIR

Runs what `make reproduce` computes, every experiment of the default set (`linrepro run --list`
without "not in the default set"), each as its own `linrepro run <exp> --force` in a copy of the
committed results/ (so every run is recomputed, as in a fresh `run all --force`, and the committed
files are not touched), under `perf record` sampling CPU time (cpu-clock, user space: what
kernel.perf_event_paranoid 2 permits) at --frequency Hz. --jobs experiments at once (the timed
ones alone, as `run all` runs them; default 1). More than one finishes sooner but is no
measurement of CPU seconds where the cores share their caches and execution units: each
experiment already fills both cores, and zhangoles2001/table1 took 214 CPU-s alone against 319
two at a time (2026-12-04, 2 cores). The profile records --jobs and the table says it.
For each experiment: its CPU seconds (user + system of the process and its children, from
wait4, so the scikit-learn peers' Python processes count), wall seconds, and the functions with
the largest share of its samples (`perf report --no-children --sort dso,symbol`: self time;
inlined code counts for the function it was inlined into). Over all of them: each function's
CPU seconds (share x the experiment's CPU seconds, summed) and share of the total.

Writes results/bench/profile.json atomically; bench/profile_table.py makes the README's table.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_benchmarks import REPO, machine, write_atomic  # noqa: E402

TOP = 12  # functions kept per experiment
# perf 6 pads the symbol and adds empty columns ("-") after it.
SAMPLE_LINE = re.compile(r"^\s*([0-9.]+)%\s+(\S+)\s+\[[.k]\]\s+(.+?)(?:\s+-)*\s*$")


def default_set(linrepro):
    """(name, timed) of every experiment `run all` runs."""
    out = subprocess.run([linrepro, "run", "--list"], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    return [(line.split()[0], "[timed" in line) for line in out.splitlines()
            if line.strip() and "not in the default set" not in line]


def short_symbol(symbol):
    """A function's name without its parameter list (templates kept, cut at 100 characters); an
    address in a library without symbol names (Debian strips liblinear's and libsvm's) is one row
    for that library."""
    if re.fullmatch(r"0x[0-9a-f]+", symbol):
        return "(stripped: no function names)"
    depth = 0
    for i, c in enumerate(symbol):
        if symbol.startswith("(anonymous namespace)", i):
            continue
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0 and i > 0:
            symbol = symbol[:i]
            break
    return symbol if len(symbol) <= 100 else symbol[:97] + "..."


def parse_report(text):
    """`perf report --stdio -q --sort dso,symbol` lines -> [(share 0..1, dso, function)]."""
    out = []
    for line in text.splitlines():
        m = SAMPLE_LINE.match(line)
        if m:
            out.append((float(m.group(1)) / 100, m.group(2), short_symbol(m.group(3))))
    return out


def merge_functions(rows):
    """Rows of one experiment with the same (dso, function) summed (overloads, clones)."""
    merged = {}
    for share, dso, fn in rows:
        merged[(dso, fn)] = merged.get((dso, fn), 0.0) + share
    return sorted(((s, d, f) for (d, f), s in merged.items()), reverse=True)


def profile_one(linrepro, name, results, work, frequency):
    """Runs one experiment under perf; its figures and its functions by share."""
    data = perf_data(work, name)
    log_path = data + ".log"
    print(f"profile: {name} (log: {log_path})", file=sys.stderr, flush=True)
    start = time.monotonic()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(["perf", "record", "-q", "-e", "cpu-clock", "-F", str(frequency),
                                 "-o", data, "--", linrepro, "run", name, "--force", "--results",
                                 results], stdout=log, stderr=subprocess.STDOUT, cwd=REPO)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"profile: {name} failed ({status}): see {log_path}")
    cpu = usage.ru_utime + usage.ru_stime
    print(f"profile: {name}: {cpu:.0f} CPU-s, {wall:.0f} s wall", file=sys.stderr, flush=True)
    return {"name": name, "cpu_seconds": cpu, "wall_seconds": wall, "functions": functions_of(data)}


def perf_data(work, name):
    return os.path.join(work, name.replace("/", "_") + ".perf.data")


def functions_of(data):
    """The functions with the largest share of one experiment's samples."""
    report = subprocess.run(["perf", "report", "-i", data, "--stdio", "-q", "--no-children",
                             "--sort", "dso,symbol", "--percent-limit", "0.2"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            check=True).stdout
    functions = merge_functions(parse_report(report))
    return [{"function": f, "dso": d, "share": s} for s, d, f in functions[:TOP]]


def resummarise(path, work):
    """The profile at `path` with each experiment's functions read again from the perf data
    --keep left in `work` (after a change to how they are read); its measured seconds kept."""
    with open(path) as f:
        doc = json.load(f)
    for e in doc["experiments"]:
        e["functions"] = functions_of(perf_data(work, e["name"]))
    doc["functions"] = totals(doc["experiments"])
    write_atomic(path, json.dumps(doc, indent=1) + "\n")
    print(f"profile: functions read again from {work}; wrote {path}")


def totals(experiments):
    """Each function's CPU seconds over every experiment, most first."""
    seconds = {}
    for e in experiments:
        for f in e["functions"]:
            key = (f["dso"], f["function"])
            seconds[key] = seconds.get(key, 0.0) + f["share"] * e["cpu_seconds"]
    total = sum(e["cpu_seconds"] for e in experiments)
    return [{"function": f, "dso": d, "cpu_seconds": s, "share": s / total if total else 0.0}
            for (d, f), s in sorted(seconds.items(), key=lambda kv: -kv[1])]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--frequency", type=int, default=199)
    ap.add_argument("--experiments", default="", help="comma-separated subset (default: all)")
    ap.add_argument("--keep", default="", help="leave the perf data and results in this folder")
    ap.add_argument("--out", default=os.path.join(REPO, "results", "bench", "profile.json"))
    ap.add_argument("--resummarise", metavar="DIR",
                    help="read each experiment's functions again from the perf data --keep left in "
                         "DIR; the measured seconds of --out stay")
    args = ap.parse_args()
    if shutil.which("perf") is None:
        sys.exit("profile: perf is not installed (Debian's linux-perf; `make profile` installs it)")
    if args.resummarise:
        return resummarise(args.out, args.resummarise)
    linrepro = os.path.abspath(os.path.join(args.build, "linrepro"))
    chosen = default_set(linrepro)
    if args.experiments:
        wanted = args.experiments.split(",")
        unknown = sorted(set(wanted) - {n for n, _ in chosen})
        if unknown:
            sys.exit(f"profile: not in the default set: {', '.join(unknown)}")
        chosen = [(n, t) for n, t in chosen if n in wanted]
    meta = machine()
    work = args.keep or tempfile.mkdtemp(prefix="linrepro-profile-")
    os.makedirs(work, exist_ok=True)
    results = os.path.join(work, "results")
    shutil.rmtree(results, ignore_errors=True)
    shutil.copytree(os.path.join(REPO, "results"), results)
    try:
        done = {}
        # The timed experiments alone (as `run all` runs them), the others --jobs at once.
        for name, timed in chosen:
            if timed:
                done[name] = profile_one(linrepro, name, results, work, args.frequency)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = {n: pool.submit(profile_one, linrepro, n, results, work, args.frequency)
                       for n, timed in chosen if not timed}
            for n, f in futures.items():
                done[n] = f.result()
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    experiments = [done[n] for n, _ in chosen]
    doc = {"linrepro": meta, "frequency": args.frequency, "jobs": args.jobs,
           "command": "linrepro run <experiment> --force, each experiment of the default set",
           "total_cpu_seconds": sum(e["cpu_seconds"] for e in experiments),
           "experiments": experiments, "functions": totals(experiments)}
    write_atomic(args.out, json.dumps(doc, indent=1) + "\n")
    print(f"profile: {doc['total_cpu_seconds']:.0f} CPU-s in all; wrote {args.out}")


if __name__ == "__main__":
    main()
