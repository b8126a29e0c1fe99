// The SGD report's experiments (/work/shared/papers/sgd-l1-ridge-report.md): Tables 1-6,
// Figures 1-4 and its claims, experiment id "tables".
//
// Dataset 1 = LIBSVM a9a / a9a.t (32,561 / 16,281 rows, 123 binary features; in the mirror).
// Dataset 2 = covtype.binary, 290,507 / 290,505 rows, min-max scaled on the training rows
// (corpora/libsvm_sets.h); not in the mirror, so its cells are data_unavailable unless a copy is
// found (then our SGD methods run on it; the scikit-learn peers run on a9a only, as declared).
//
// Everything is declared ("protocol" in experiments.json) and run by
// harness/protocol/protocol_runner.h: SGD L1 logistic regression (Eq. 10; naive, clipping,
// cumulative penalty), SGD ridge (Eq. 14), LIBLINEAR -s 6 as the exact minimiser of Eq. 10,
// scikit-learn's peers (registered solvers, baselines/sklearn_sgd_peers.h), the solvers added with
// --with-solver, the cells, claims and the epochs ablation (the cumulative run's trace read at
// fewer epochs). Every SGD run is traced ~150 times (Figures 1-4). The report's "sparsity" is the
// number of exact zeros of beta = (b; w).
#include "experiments/sgdreport/experiments.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

void add_sgdreport_tables(std::vector<ExperimentInfo>& registry) {
  register_protocol(registry, kSgdPaper, "tables", ProtocolHooks{});
}

}  // namespace linrepro
