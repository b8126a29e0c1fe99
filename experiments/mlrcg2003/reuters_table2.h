#pragma once
// Table 2 and Figure 2 of Zhang, Jin, Yang & Hauptmann (ICML 2003) for one collection (the
// Reuters-21578 and the RCV1 experiment run the same code): per category, MLR-CG (200 CG steps,
// Hestenes-Stiefel) against the SVM (our SMO, standing in for SVMlight 5.00, which is not
// redistributable) and the peers LIBLINEAR -s 3 and LIBSVM's linear C-SVC, all with lambda = 0.001
// (C = 1/(2 lambda n) inside the adapters), test error at threshold 0, training time and O_svm.
// Optionally the Fletcher-Reeves and Polak-Ribiere directions of MLR-CG as well (§3.3: "we found
// that HS direction is more efficient than the other two").
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/labels.h"
#include "core/sparse_matrix.h"
#include "experiments/mlrcg2003/experiments.h"
#include "features/pipeline.h"
#include "harness/experiment.h"
#include "harness/extra_solvers.h"
#include "solvers/params.h"

namespace linrepro {

struct Table2Solver {
  std::string name;    // registry name
  std::string column;  // Table 2 column prefix ("SVM", "MLR-CG"); "" for a peer
  Params params;
  int repeats = 3;     // timed fits (median reported)
  bool trace = false;  // Figure 2's O_svm trace
  bool in_fast = false;
};

// smo, mlr-cg, liblinear-s3 (bias 1) and, with `libsvm`, libsvm-linear (1 timed fit: it is slow).
std::vector<Table2Solver> table2_solvers(int repeats, bool libsvm);

struct Table2Input {
  std::string collection;  // for notes: "Reuters-21578 ModApte", "RCV1 (LYRL2004, swapped)"
  Json dataset;            // the data description every run's config carries
  const CsrMatrix& X_train;
  const CsrMatrix& X_test;
  const MultilabelLabels& train_labels;
  const MultilabelLabels& test_labels;
  std::vector<std::string> categories;  // Table 2 rows
  // Per-category features (Reuters-21578: each binary task's own 500 terms, reuters.cpp): the
  // matrices of each Table 2 category, used instead of X_train / X_test. Null: one matrix for all.
  const std::map<std::string, FeatureMatrices>* category_matrices = nullptr;
  std::vector<Table2Solver> solvers;
  std::vector<std::string> extra_directions;  // e.g. {"pr", "fr"}: more MLR-CG runs
  // Solvers added with --with-solver: run like the peers (timed like them, no trace), tagged as
  // not part of the paper, with an error cell each and no say in the claims.
  std::vector<ExtraSolver> extras;
  uint64_t seed = 0;
  bool fast = false;
  bool progress = true;
  std::string data_note;  // appended to every cell note (corpus differences etc.)
};

struct Table2Results {
  // (category, solver name, "mlr-cg-<dir>" or "extra/<label>") -> run; pending runs included
  std::map<std::pair<std::string, std::string>, RunRecord> runs;
  const RunRecord* find(const std::string& category, const std::string& solver) const;
};

// Asks for every (category, solver) run, keys "table2/<category>/<solver>",
// "directions/<category>/mlr-cg-<dir>" and "table2/<category>/extra/<label>" (the label as given
// to --with-solver), sequentially (clean timings: one fit at a time). Runs
// not stored yet may come back pending (harness/result_file.h): summarise once rf.complete().
Table2Results run_table2(ResultFile& rf, const Table2Input& in);

// Table 2 cells: SVM error, MLR-CG error, MLR-CG error % of SVM, and (not in fast mode: times
// are not reproducible numbers) MLR-CG time % of SVM plus the unpublished absolute "SVM time" /
// "MLR-CG time" cells.
void emit_table2_cells(ResultFile& rf, const Table2Input& in, const Table2Results& res);
// One cell per category and extra solver: "<label> error (extra)", note kExtraSolverNote (no
// published value: REPORT.md lists it among the produced cells).
void emit_extra_cells(ResultFile& rf, const Table2Input& in, const Table2Results& res);

// Figure declarations (plots/README.md): Figure 2 per category (O_svm of MLR-CG vs time with the
// SMO optimum as a line); with a `directions_category`, HS vs PR vs FR there; and bars of test
// error and training time of every solver per category (ours, the peers and the extra solvers,
// labelled "<solver> extra").
Json table2_figures(const std::vector<std::string>& categories,
                    const std::vector<Table2Solver>& solvers, const std::string& collection,
                    const std::string& directions_category,
                    const std::vector<ExtraSolver>& extras = {});

// The claims both collections check: error as the SVM's, O_svm within ln2/gamma (Proposition 1 and
// Figure 2), and the time ratio against `expect_slower` (Reuters: MLR-CG slower; RCV1: faster).
// `suffix` is appended to claim ids that the other collection also produces.
void add_table2_claims(ResultFile& rf, const Table2Input& in, const Table2Results& res,
                       bool expect_slower, const std::string& suffix);

// The HS vs PR vs FR claim from the direction runs.
void add_direction_claim(ResultFile& rf, const Table2Input& in, const Table2Results& res);

}  // namespace linrepro
