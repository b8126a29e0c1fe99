#pragma once
// A collection of a multi-class table (MLR-CG's Table 3, Zhang & Oles' Table 5) and how it is
// partitioned: what harness/protocol/partition_tasks.h makes a task set of.
#include <string>

namespace linrepro {

// One collection of a table, as the driver describes it.
struct GridCollection {
  std::string name;     // the table's row or column: names the seeds and the dataset record
  std::string dataset;  // the "dataset" tag of its cells in results/published/<paper>.json
  std::string view;     // corpus view (load_corpus_view); "" = not available
  std::string unavailable_note;  // view "": how to get the data
};

// How a collection is partitioned. The seed names and dataset record fields are those the result
// files have always stored (changing them would change every run's config hash):
//   folds:         `count` folds of one seeded assignment, seed "<name>/folds" shared by every
//                  fold; record {"folds": count, "fold_seed": seed};
//   random_splits: `count` independent random splits, split k's seed "<name>/split<k>"; record
//                  {"splits": count, "split_seeds": [...]}.
struct Partitioning {
  enum class Kind { folds, random_splits };
  Kind kind = Kind::folds;
  int count = 1;
};

}  // namespace linrepro
