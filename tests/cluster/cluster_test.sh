#!/usr/bin/env bash
# The cluster path on a real Slurm: starts a single-node cluster on this machine
# (tools/slurm-local.sh), runs a real grid through `linrepro cluster run` (sgdreport and
# zhangoles2001/table2 with the table1 it depends on, fast mode, 4 shards), and checks that
#   1. the merged results equal a single-process `linrepro run` (timings and environment aside);
#   2. an array task cancelled with scancel mid-round loses nothing: its runs are done in a later
#      round, the cause is recorded, and the results still equal the single-process ones;
#   3. a run that fails on every attempt is reported as failed with its cause after 2 attempts,
#      while the rest of the grid completes (exit status 1);
#   4. `cluster run --results` on an empty directory reads the project's published files
#      (mlrcg2003/table2_rcv1: RCV1's cells data_unavailable) and, with no cost hints, asks for no
#      more --time than the partition's MaxTime (sgdreport on a partition of 30 minutes).
# Then it stops the daemons it started (also on failure) and removes its files.
# Run by `make cluster-test` (which .ci/run calls); needs root (slurmd) and `make deps`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${LINREPRO:-$root/build/linrepro}
python=/usr/bin/python3
work=$(mktemp -d /tmp/linrepro-cluster-test-XXXXXX)
export LINREPRO_SLURM_DIR=$work/slurm LINREPRO_ROOT=$root
fail() { echo "cluster-test: FAIL: $*" >&2; exit 1; }
cleanup() {
  scancel --full --user=root >/dev/null 2>&1 || true
  "$root/tools/slurm-local.sh" stop || true
  rm -rf "$work"
}
trap cleanup EXIT

"$root/tools/slurm-local.sh" start
export SLURM_CONF=$work/slurm/slurm.conf
targets=(sgdreport zhangoles2001/table2)

fresh_results() { mkdir -p "$1" && cp -r "$root/results/published" "$1/"; }
# Equal result files ($3: which, a glob under the results dir), timings, environment and
# provenance aside.
same_results() {
  "$python" - "$1" "$2" "${3:-*/fast/*.json}" <<'PY'
import json, pathlib, sys
a, b = (pathlib.Path(p) for p in sys.argv[1:3])
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items()
                if k not in ("environment", "created_at", "git_commit")
                and not any(t in k for t in ("second", "time", "memory"))}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
files = sorted(p.relative_to(a) for p in a.glob(sys.argv[3]))
assert files, f"no results under {a}"
for f in files:
    if not (b / f).exists():
        sys.exit(f"{f}: missing in {b}")
    if strip(json.load(open(a / f))) != strip(json.load(open(b / f))):
        sys.exit(f"{f}: differs")
print(f"cluster-test: {len(files)} result files equal")
PY
}

echo "== single process" >&2
fresh_results "$work/single"
for t in "${targets[@]}"; do "$bin" run "$t" --fast -q --results "$work/single" >/dev/null; done

echo "== 1. cluster run, 4 shards" >&2
fresh_results "$work/c1"
for t in "${targets[@]}"; do "$bin" cluster run "$t" --fast --results "$work/c1" --shards 4; done
same_results "$work/single" "$work/c1" || fail "cluster results differ from the single-process ones"
[ -z "$("$bin" plan all --fast --results "$work/c1" 2>/dev/null | grep -E 'sgdreport|zhangoles2001/table[12]"')" ] \
  || fail "runs still pending after the cluster run"
ls "$work/c1/cluster-fast/round-1/job.sbatch" >/dev/null || fail "no batch script on disk"

echo "== 2. scancel one array task mid-round" >&2
# The rounds are submitted held (--hold): the test cancels one task of the first array while it is
# certainly unfinished, then releases every held array, so the kill never races a fast task.
fresh_results "$work/c2"
"$bin" cluster run zhangoles2001/table2 --fast --results "$work/c2" --shards 4 \
  --slurm-opts "--hold" >"$work/c2.log" 2>&1 &
runner=$!
cancelled=""
for _ in $(seq 1 1200); do  # at most 2 minutes
  kill -0 "$runner" 2>/dev/null || break
  held=$(squeue -h -r -t PD -o '%i' 2>/dev/null | sort -t_ -k2 -n || true)
  if [ -n "$held" ]; then
    if [ -z "$cancelled" ]; then
      cancelled=$(echo "$held" | tail -n 1)
      scancel "$cancelled"
    fi
    for job in $(squeue -h -t PD -o '%F' 2>/dev/null | sort -u); do
      scontrol release "$job" >/dev/null 2>&1 || true
    done
  fi
  sleep 0.1
done
[ -n "$cancelled" ] || fail "no array task to cancel appeared"
wait "$runner" || { cat "$work/c2.log" >&2; fail "the cluster run did not complete after scancel"; }
echo "cluster-test: cancelled $cancelled" >&2
grep -q "not finished" "$work/c2.log" || { cat "$work/c2.log" >&2; fail "the cancelled task's runs were not charged"; }
grep -qE "CANCELLED|exited 143|no exit record" "$work/c2/cluster-fast/attempts.json" \
  || fail "no cause recorded for the cancelled task"
same_results "$work/single" "$work/c2" "zhangoles2001/fast/*.json" || fail "results after scancel differ"

echo "== 3. a run that always fails" >&2
fresh_results "$work/c3"
if "$bin" cluster run zhangoles2001/table2 --fast --results "$work/c3" --shards 2 \
  --with-solver liblinear-s5:eps=-1 >"$work/c3.log" 2>&1; then
  fail "a grid with a failing run exited 0"
fi
grep -q "FAILED zhangoles2001/table1 .*extra.*liblinear-s5:eps=-1 after 2 attempts" "$work/c3.log" \
  || { cat "$work/c3.log" >&2; fail "the failing run of Table 1 was not reported after 2 attempts"; }
grep -q "FAILED zhangoles2001/table2 .*/extra/liblinear-s5:eps=-1 after 2 attempts" "$work/c3.log" \
  || { cat "$work/c3.log" >&2; fail "the failing run was not reported after 2 attempts"; }
grep -q "eps" "$work/c3/cluster-fast/attempts.json" || fail "the failure's cause (the bad eps) is not recorded"
"$python" - "$work/c3" <<'PY' || fail "the rest of the grid did not complete"
import json, sys
t1 = json.load(open(f"{sys.argv[1]}/zhangoles2001/fast/table1.json"))
t2 = json.load(open(f"{sys.argv[1]}/zhangoles2001/fast/table2.json"))
def paper(runs): return [r for r in runs if "with_solver" not in r.get("config", {})]
# The extra solver also takes part in Table 1's cross-validation, and fails there too: Table 1's
# own runs are complete and Table 2 (which reads Table 1) ran all of its own.
assert paper(t1["runs"]) and all(r["status"] == "ok" for r in paper(t1["runs"])), "table1 incomplete"
assert any(r["status"] == "failed" for r in t1["runs"] if r not in paper(t1["runs"])), "no extra run in table1"
paper_runs = paper(t2["runs"])
# 2 categories x 9 methods, each a fit and its out-of-fold threshold run (threshold_oof.h).
assert len(paper_runs) == 36 and all(r["status"] == "ok" for r in paper_runs), "table2's own runs incomplete"
PY
echo "== 4. an empty results directory and a partition with MaxTime 30 minutes" >&2
mkdir -p "$work/c4"  # empty: no published/ and no cost hints
# RCV1 is not here: the driver marks its published cells data_unavailable, reading the project's
# published file (the results directory has none). No run is pending, so nothing is submitted.
LINREPRO_OFFLINE=1 "$bin" cluster run mlrcg2003/table2_rcv1 --results "$work/c4" \
  >"$work/c4.log" 2>&1 \
  || { cat "$work/c4.log" >&2; fail "cluster run on an empty results directory failed"; }
"$python" - "$work/c4/mlrcg2003/table2_rcv1.json" <<'PY' || fail "no data_unavailable cells for RCV1"
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
assert cells and all(c["status"] == "data_unavailable" for c in cells), cells[:3]
PY
# Runs without cost hints on a partition of 30 minutes: --time must not ask more.
"$bin" cluster run sgdreport --fast --results "$work/c4" --shards 2 \
  --slurm-opts "--partition=short" >"$work/c4.log" 2>&1 \
  || { cat "$work/c4.log" >&2; fail "cluster run on the short partition failed"; }
asked=$(sed -n 's/^#SBATCH --time=//p' "$work/c4/cluster-fast/round-1/job.sbatch")
job=$(sed -n 's/^cluster: round 1: job \([0-9]*\) ended.*/\1/p' "$work/c4.log")
[ -n "$job" ] || { cat "$work/c4.log" >&2; fail "no job id in the log"; }
limit=$(scontrol -o show job "$job" | grep -o 'TimeLimit=[^ ]*' | head -n 1 | cut -d= -f2)
echo "cluster-test: asked --time $asked, Slurm's TimeLimit $limit (partition short: 00:30:00)" >&2
"$python" - "$asked" "$limit" <<'PY' || fail "the --time asked is beyond the partition's MaxTime"
import sys
def seconds(t):  # [D-]HH:MM:SS as sbatch and scontrol print it
    days, _, rest = t.rpartition("-")
    h, m, s = (int(x) for x in rest.split(":"))
    return int(days or 0) * 86400 + h * 3600 + m * 60 + s
asked, limit = (seconds(t) for t in sys.argv[1:3])
assert 0 < asked <= 1800 and 0 < limit <= 1800, (asked, limit)
PY
grep -q "partition short's MaxTime allows 00:30:00" "$work/c4.log" \
  || { cat "$work/c4.log" >&2; fail "the bound on --time was not reported"; }
same_results "$work/single" "$work/c4" "sgdreport/fast/*.json" \
  || fail "results on the short partition differ from the single-process ones"
echo "cluster-test: 4 passed, 0 failed"
