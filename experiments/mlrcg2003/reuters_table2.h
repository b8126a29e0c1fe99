#pragma once
// Table 2 and Figure 2 of Zhang, Jin, Yang & Hauptmann (ICML 2003) for one collection (the
// Reuters-21578 and the RCV1 experiment summarise the same way): per category, MLR-CG (200 CG
// steps, Hestenes-Stiefel) against the SVM (our SMO, standing in for SVMlight 5.00, which is not
// redistributable) and the peers LIBLINEAR -s 3 and LIBSVM's linear C-SVC, all with lambda = 0.001
// (C = 1/(2 lambda n) inside the adapters), test error at threshold 0, training time and O_svm.
// Optionally the Fletcher-Reeves and Polak-Ribiere directions of MLR-CG as well (§3.3: "we found
// that HS direction is more efficient than the other two"). The runs are declared in
// experiments.json on timed task sets (harness/protocol/binary_categories.h); this file turns them
// into cells, claims and figures.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "experiments/mlrcg2003/experiments.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/extra_solvers.h"

namespace linrepro {

// A solver of Table 2 by name: the paper's (its column prefix, "SVM", "MLR-CG") or a peer ("").
struct Table2Solver {
  std::string name;
  std::string column;
};

// smo, mlr-cg, liblinear-s3 and, with `libsvm`, libsvm-linear: the methods the protocol declares.
std::vector<Table2Solver> table2_solvers(bool libsvm);

struct Table2Input {
  std::string collection;               // for notes: "Reuters-21578 ModApte", "RCV1"
  std::vector<std::string> categories;  // Table 2 rows
  std::vector<Table2Solver> solvers;    // (solvers added with --with-solver: declared cells only)
  uint64_t seed = 0;
  bool fast = false;
};

struct Table2Results {
  // (category, method name: a solver, "mlr-cg-<dir>" or "extra/<label>") -> run
  std::map<std::pair<std::string, std::string>, RunRecord> runs;
  const RunRecord* find(const std::string& category, const std::string& solver) const;
};

// A declared protocol's runs of one task set by method name (harness/protocol/task_sets.h), by
// category.
Table2Results table2_results(const std::map<std::string, std::vector<RunRecord>>& by_method);

// Table 2 cells besides the declared SVM and MLR-CG errors: MLR-CG error % of SVM, and (not in
// fast mode: times are not reproducible numbers) MLR-CG time % of SVM plus the unpublished
// absolute "SVM time" / "MLR-CG time" cells. (An extra solver's cell per category, "<label>
// (extra) error", is declared too: not part of the paper, REPORT.md lists it among the produced
// cells.)
void emit_table2_cells(ResultFile& rf, const Table2Input& in, const Table2Results& res);

// Figure declarations (plots/README.md): Figure 2 per category (O_svm of MLR-CG vs time with the
// SMO optimum as a line); with a `directions_category`, HS vs PR vs FR there; and bars of test
// error and training time of every solver per category (ours, the peers and the extra solvers,
// labelled "<solver> extra"). `dataset`: the figures' data set record, whose status
// data_unavailable makes each figure a placeholder that says how to get it (plots/README.md);
// `id_prefix` keeps the ids apart from the other collection's (one figures folder per paper).
Json table2_figures(const std::vector<std::string>& categories,
                    const std::vector<std::string>& solvers, const std::string& collection,
                    const std::string& directions_category, const std::vector<ExtraSolver>& extras,
                    const std::string& dataset, const std::string& id_prefix);

// The claims both collections check besides the declared one (error as the SVM's, experiments.json
// "claims" of each): O_svm within ln2/gamma (Proposition 1 and Figure 2), and the time ratio
// against `expect_slower` (Reuters: MLR-CG slower; RCV1: faster).
// `suffix` is appended to claim ids that the other collection also produces.
void add_table2_claims(ResultFile& rf, const Table2Input& in, const Table2Results& res,
                       bool expect_slower, const std::string& suffix);

// The HS vs PR vs FR claim from the direction runs.
void add_direction_claim(ResultFile& rf, const Table2Input& in, const Table2Results& res);

}  // namespace linrepro
