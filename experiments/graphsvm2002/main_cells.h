#pragma once
// graphsvm2002/main, steps "emit cells" and "check claims": the reproduced table and figure cells
// of one data set, from its finished runs (main_runs.h). Times are CPU seconds (methods.h); the
// paper's absolute seconds (1.4 GHz P4, SVMlight) are not comparable, so the cells also give
// training time as a ratio to MCSVM's on the same data.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/main_runs.h"
#include "harness/ablation.h"
#include "harness/experiment.h"

namespace linrepro {

// Sets cells on rf, each with `note` (the data set, the protocol) appended; NaN values are skipped.
struct Emitter {
  ResultFile& rf;
  std::string note;
  // The test documents every accuracy is measured on: an accuracy cell carries their Wilson
  // interval as evidence (harness/cell_cause.h); 0: none.
  int64_t test_docs = 0;
  // The ablation that measures a documented difference of the data (20NG: corpus_ablation.h,
  // Reuters: reuters_view.h): an accuracy cell with a column in it names it as evidence, with the
  // difference and the row that reads the data the documented way (harness/cell_cause.h).
  struct DataAblation {
    std::string id;
    std::string (*column)(const std::string& table, const std::string& row);  // "": none
    std::string difference, row;
  };
  std::optional<DataAblation> data_ablation;
  // The common group of every accuracy cell (harness/cell_cause.h): one data set's test
  // documents, whichever method; "" none.
  std::string accuracy_group;
  // `evidence`: what else the cell's driver measured (an accuracy's Wilson interval is added).
  void cell(const std::string& table, const std::string& row, const std::string& col, double v,
            const std::string& unit, const std::string& n = "", CellEvidence evidence = {});
};

// What the data set is, in words, for the cells' notes.
std::string data_note(const GraphsvmData& d);

// figures = false: the fast subset, every method's numbers in plan.table. true: Figures 5-6,
// Table 2 and the memory table.
void emit_overall(Emitter& e, const MainResults& res, const MainPlan& plan, bool figures);
// The runs of solvers added with --with-solver (plan.extras): accuracy, training time and its
// ratio to MCSVM's, in plan.table (fast) or "figure5", rows "<prefix> <label> (extra)", each cell
// marked as not part of the paper.
void emit_extra(Emitter& e, const MainResults& res, const MainPlan& plan, bool figures);
// The collections' sizes (§3.1; table "datasets"), measured on the data the runs use, each cell
// with why it differs.
struct DatasetSizes {
  std::string name;  // GraphsvmData.name
  int32_t classes = 0, train_rows = 0, train_docs = 0, test_rows = 0, dropped_test_docs = 0;
  int32_t documents = 0, vocabulary = 0;  // the whole corpus (20NG): documents, distinct terms
};
DatasetSizes dataset_sizes(const GraphsvmData& d);
void emit_dataset_sizes(Emitter& e, const DatasetSizes& d);

// Reuters' hierarchy (issue 16 item 5): Hier-SVM with the clip rule's groups (the cells') and
// with 10 and 20 groups, and why the clip rule keeps nearly every class alone, from the run's
// merge distances. nullopt until the clip run is stored.
std::optional<Ablation> reuters_hierarchy_ablation(const MainResults& res, const MainPlan& plan);

// 20NG's Hier-NB with shared features (the cells') and with every classifier's own k MI
// features (§2.1); nullopt until both runs are stored. The paper's Table 1 / Figure 3 values are
// read from published_dir when there.
std::optional<Ablation> hier_nb_features_ablation(const MainResults& res,
                                                  const std::filesystem::path& published_dir);

// Table 1 and Figures 3-4 (20NG).
void emit_hierarchy(Emitter& e, const MainResults& res);

// Step "check claims" (main_claims.cpp): the paper's claims on GraphSVM's speed, accuracy and
// memory (sections 3.2-3.3, Table 2) from `all`, the runs by data set ("20ng", "reuters"; one
// without MCNB, MCSVM and GraphSVM at t = 0.05 is left out of the evidence), and Table 1's claim
// on the two-level hierarchy (section 2.1.1) from 20NG's runs.
void add_main_claims(ResultFile& rf, const std::map<std::string, MainResults>& all);
void add_hierarchy_claim(ResultFile& rf, const MainResults& res);

}  // namespace linrepro
