#!/usr/bin/env bash
# An external solver for `--with-solver cmd:...` (the protocol: baselines/external_solver.h), made
# of Debian's liblinear-train: L2-regularised squared-hinge SVM, -s 2, with LIBLINEAR's bias
# feature (-B 1), at the protocol's C. Use it as
#   linrepro run sgdreport/tables --with-solver cmd:tests/baselines/liblinear_train_solver.sh:loss=squared_hinge,intercept=regularized_feature
# Arguments: TRAIN (LIBSVM, labels -1/+1) PARAMS (JSON) OUT (w_1 .. w_features b).
set -euo pipefail
train=$1 params=$2 out=$3
read -r C features < <(/usr/bin/python3 -c \
  'import json, sys; p = json.load(open(sys.argv[1])); print(repr(p["C"]), p["features"])' "$params")
model=$(mktemp)
trap 'rm -f "$model"' EXIT
liblinear-train -q -s 2 -c "$C" -B 1 "$train" "$model"
# The model file: a header, then "w" and one weight per line (the last is the bias feature's).
# LIBLINEAR's weights are for its first label; negate them when that label is -1. Features past
# the largest index in TRAIN (nr_feature) never occur there: their weights are 0.
awk -v features="$features" '
  $1 == "label" { sign = ($2 == "1" || $2 == "+1") ? 1 : -1 }
  $1 == "nr_feature" { n = $2 }
  $1 == "w" { reading = 1; next }
  reading { w[k++] = sign * $1 }
  END {
    for (i = 0; i < features; i++) printf "%.17g ", (i < n ? w[i] : 0)
    printf "%.17g\n", w[n]
  }' "$model" > "$out"
