#pragma once
// graphsvm2002/main's cells are declared (experiments.json "cells"): which run and metric fills
// each table and figure cell, with its note and evidence. Here: what the declaration cannot say
// (the aggregates it names, the data sets' sizes and notes in their records), the ablations and
// the claims. Times are CPU seconds (methods.h); the paper's absolute seconds (1.4 GHz P4,
// SVMlight) are not comparable, so the cells also give training time as a ratio to MCSVM's.
#include <map>
#include <optional>
#include <string>

#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/main_runs.h"
#include "harness/experiment/experiment.h"
#include "harness/protocol/protocol_cells.h"
#include "harness/protocol/task_sets.h"
#include "harness/results/ablation.h"

namespace linrepro {

// What the data set is, in words, for the cells' notes (its task set's record "note").
std::string data_note(const GraphsvmData& d);

// The aggregates the declared cells name (experiments.json "cells" of graphsvm2002/main):
//   time-over-mcsvm  a method's CPU time over MCSVM's on the same data, note field "note" (what
//                    the ratio follows), timing evidence unless the column's options say
//                    {"evidence": false}
//   classes-per-svm  the mean number of classes a GraphSVM run's second-stage SVMs separate
std::map<std::string, TaskAggregate> main_aggregates();

// The collections' sizes (§3.1; table "datasets" of the declared cells), measured on the data
// the runs use, in each data set's record.
struct DatasetSizes {
  std::string name;  // GraphsvmData.name
  int32_t classes = 0, train_rows = 0, train_docs = 0, test_rows = 0, dropped_test_docs = 0;
  int32_t documents = 0, vocabulary = 0;  // the whole corpus (20NG): documents, distinct terms
};
DatasetSizes dataset_sizes(const GraphsvmData& d);

// Reuters' hierarchy (issue 16 item 5): Hier-SVM with the clip rule's groups (the cells') and
// with 10 and 20 groups, and why the clip rule keeps nearly every class alone, from the run's
// merge distances. nullopt until the clip run is stored.
std::optional<Ablation> reuters_hierarchy_ablation(const MainResults& res,
                                                   const std::vector<int32_t>& group_counts);

// The claims (main_claims.cpp): the measures the declared claims read on data set `cls`'s runs
// (by method key; harness/protocol/protocol_claims.h): the runs' own, "svm_memory_ratio",
// "svm_rows", "accuracy_distance_to:<ref>", "l1_accuracy" and "l2_given_l1_accuracy"; and the
// memory claim, whose evidence adds the measured peak of each data set's SVMs.
ClaimMeasures main_claim_measures(const ProtocolResults& results, const std::string& cls);
void add_memory_claim(ResultFile& rf, const ProtocolResults& results);

}  // namespace linrepro
