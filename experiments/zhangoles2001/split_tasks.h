#pragma once
// Table 5's random splits as a task set of declared protocols (harness/task_sets.h),
// "zo-random-splits": one multi-class task per split, "split0" ... "split4", each a seeded random
// 80/20 split of a corpus view (table5_protocol.h: split k's seed derive_seed(ctx.seed,
// "<collection>/split<k>"), so the splits are Table 5's), tokenised and vectorised by the
// declared features, the method fitted on its training part and scored by accuracy on the rest.
//   options {"view": "webkb-all7",       the corpus view (corpora/corpus_view.h)
//            "collection": "WebKB",      Table 5's column whose splits these are
//            "features": {...}}          changes to Naive Bayes-1's features (every term, binary:
//                                        table5_protocol.h all_term_features), by FeatureConfig
//                                        field
// Each run's config carries the view's corpus description, the features and the split (seed,
// train fraction); its metrics "accuracy", its extra "features" and "test_rows".
#include "harness/task_sets.h"

namespace linrepro {

TaskSource zo_random_split_tasks();

}  // namespace linrepro
