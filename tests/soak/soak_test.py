#!/usr/bin/python3
"""Soak test of the result files (issue 30): a fast experiment under repeated SIGKILL.

One writer, `linrepro run <experiment> --fast` (half the time with --force), is started again and
again and killed with SIGKILL at a random moment each time (a seeded generator, so the kill times
and the choices repeat), while a second writer of the same file runs beside it the whole time
(`run --force`, restarted whenever it ends, never killed: it rewrites every run). After at least
--kills kills, one last run of each is let finish. The result file must then equal the one an
uninterrupted run writes, timings, memory and provenance (environment, created_at, git_commit)
aside; after every kill the file and each entry of its run journal (harness/results/run_journal.h) must be
whole JSON whose runs are among the uninterrupted run's; and no temp file, lock or journal may be
left over.

The default experiment, sgdreport/tables, takes about a second in fast mode (a9a, two SGD runs);
--experiment names another (with --given for the results it depends on). Run by `make soak-test`
(CI runs it): under a minute on 2 cores.
"""
import argparse
import json
import os
import pathlib
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def strip(x):
    """The result document without what differs between two runs of the same code."""
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items()
                if k not in ("environment", "created_at", "git_commit", "mixed_commits")
                and not any(t in k for t in ("second", "time", "memory"))}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x


def fail(message):
    print(f"soak-test: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


class Writer:
    """One `linrepro run` of the experiment; its stderr goes to a file (a pipe nobody reads while
    the process runs could fill up and stop it)."""
    count = 0
    started = []  # every writer, so that a failing test stops those still running

    def __init__(self, args, results, *extra):
        Writer.count += 1
        Writer.started.append(self)
        self.log = pathlib.Path(args.logs) / f"writer-{Writer.count}.log"
        with open(self.log, "w") as err:
            self.proc = subprocess.Popen([args.bin, "run", args.experiment, "--fast", "-q",
                                          "--results", str(results), *extra],
                                         stdout=subprocess.DEVNULL, stderr=err)

    def running(self):
        return self.proc.poll() is None

    def finish(self, what):
        """Waits for it; fails unless it exited 0."""
        if self.proc.wait() != 0:
            fail(f"{what} exited {self.proc.returncode}: {self.log.read_text()}")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.environ.get("LINREPRO", str(ROOT / "build/linrepro")))
    ap.add_argument("--experiment", default="sgdreport/tables")
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--given", action="append", default=[], metavar="FILE",
                    help="a result file under results/ copied into both results folders first, "
                         "e.g. zhangoles2001/fast/table1.json for zhangoles2001/table2")
    ap.add_argument("--max-seconds", type=float, default=300,
                    help="give up (fail) when the kills take longer than this")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    paper, exp = args.experiment.split("/")
    work = pathlib.Path(tempfile.mkdtemp(prefix="linrepro-soak-"))
    args.logs = work / "logs"
    args.logs.mkdir()
    try:
        reference, soaked = work / "reference", work / "soaked"
        for given in args.given:  # results the experiment reads (its depends_on)
            for folder in (reference, soaked):
                (folder / given).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(ROOT / "results" / given, folder / given)
        # The uninterrupted run, timed: kills fall anywhere in up to 1.2 times its length.
        t0 = time.monotonic()
        Writer(args, reference).finish("the uninterrupted run")
        span = time.monotonic() - t0
        want = strip(json.loads((reference / paper / "fast" / f"{exp}.json").read_text()))
        ref_keys = {r["key"] for r in want["runs"]}
        result = soaked / paper / "fast" / f"{exp}.json"
        print(f"soak-test: {args.experiment} --fast: {len(ref_keys)} runs, {span:.2f} s "
              f"uninterrupted; killing one writer {args.kills} times beside a second "
              f"(seed {args.seed})", file=sys.stderr)

        start_time = time.monotonic()
        second = Writer(args, soaked, "--force")
        second_runs = kills = finished = 0
        while kills < args.kills:
            if time.monotonic() - start_time > args.max_seconds:
                fail(f"only {kills} kills in {args.max_seconds:.0f} s")
            # Half the writers redo every run (--force): they are computing and writing when
            # killed, not only loading data and reusing what is stored.
            writer = Writer(args, soaked, *(["--force"] if rng.random() < 0.5 else []))
            deadline = time.monotonic() + rng.uniform(0.0, 1.2 * span)
            while writer.running() and time.monotonic() < deadline:
                time.sleep(0.005)
                if not second.running():  # the second writer runs the whole time
                    second.finish("the second writer")
                    second_runs += 1
                    second = Writer(args, soaked, "--force")
            if writer.running():
                writer.kill()
                kills += 1
            else:
                writer.finish("a writer")
                finished += 1
            if result.exists():  # whole after every kill: atomic writes, runs of this experiment
                try:
                    doc = json.loads(result.read_text())
                except json.JSONDecodeError as e:
                    fail(f"{result} is not whole after a kill: {e}")
                stray = {r["key"] for r in doc["runs"]} - ref_keys
                if stray:
                    fail(f"runs the uninterrupted run does not have: {sorted(stray)[:5]}")
            journal = result.with_name(result.name + ".journal")
            for entry in (journal.glob("*.json") if journal.is_dir() else []):
                try:  # each run a killed writer finished: whole, and one of this experiment's
                    key = json.loads(entry.read_text())["run"]["key"]
                except FileNotFoundError:
                    continue  # folded in by the second writer meanwhile
                except (json.JSONDecodeError, KeyError) as e:
                    fail(f"{entry} is not a whole journal entry after a kill: {e}")
                if key not in ref_keys:
                    fail(f"{entry}: a run the uninterrupted run does not have: {key}")
        soak_seconds = time.monotonic() - start_time

        # The last runs of both writers end by themselves.
        Writer(args, soaked).finish("the last writer")
        second.finish("the second writer")
        got = strip(json.loads(result.read_text()))
        if got != want:
            got_keys = {r["key"] for r in got["runs"]}
            fail(f"{result} differs from the uninterrupted run's: missing runs "
                 f"{sorted(ref_keys - got_keys)[:5]}, {len(got['cells'])} vs "
                 f"{len(want['cells'])} cells")
        leftovers = [p.name for p in soaked.rglob("*") if ".tmp." in p.name or
                     p.name.endswith(".lock") or p.name.endswith(".journal")]
        if leftovers:
            fail(f"left behind: {leftovers}")
        print(f"soak-test: {kills} kills ({finished} writers ended before their kill time, "
              f"{second_runs + 1} runs of the second writer) in {soak_seconds:.1f} s; the result "
              f"file equals the uninterrupted run's ({len(ref_keys)} runs, {len(want['cells'])} "
              f"cells)", file=sys.stderr)
    finally:
        for w in Writer.started:  # after a failure, writers still running would refill `work`
            if w.running():
                w.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
