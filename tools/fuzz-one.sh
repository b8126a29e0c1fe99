#!/usr/bin/env bash
# One libFuzzer target for a fixed time from its seed corpus (make fuzz-ci runs them side by side,
# one per core): tools/fuzz-one.sh BUILD_DIR TARGET SECONDS.
# Its output goes to BUILD_DIR/fuzz-TARGET.log; on success one line, on a crash (or any other
# failure) the log's end and a non-zero exit.
set -uo pipefail
build=$1 target=$2 seconds=$3
mkdir -p "$build/work-$target"
log="$build/fuzz-$target.log"
"$build/fuzz_$target" -max_total_time="$seconds" -max_len=4096 -artifact_prefix="$build/" \
  "$build/work-$target" "fuzz/corpus/$target" >"$log" 2>&1
rc=$?
if [ "$rc" -ne 0 ]; then
  tail -n 60 "$log"
  echo "fuzz $target: FAILED (exit $rc); the whole output is $log" >&2
  exit 1
fi
echo "fuzz $target: $(grep -E '^Done [0-9]+ runs' "$log" | tail -n 1)"
