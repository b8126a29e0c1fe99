#include "harness/collection_grid.h"

#include <fmt/format.h>

#include "features/text_dataset.h"
#include "harness/partition_tasks.h"
#include "harness/with_data.h"

namespace linrepro {

CollectionCorpus load_collection_corpus(const ExperimentContext& ctx, ResultFile& rf,
                                        const GridCollection& c, const Partitioning& partitioning) {
  CollectionCorpus out;
  out.info = c;
  if (c.view.empty()) {
    out.unavailable_note = c.unavailable_note;
    return out;
  }
  out.unavailable_note = with_data(ctx, rf, c.name + " (" + c.view + ")",
                                   [&] { out.corpus = load_corpus_view(c.view); });
  if (!out.corpus) return out;
  out.description = corpus_description(*out.corpus, c.view);
  out.seeds = partition_seeds(ctx, c, partitioning, 0);
  const Json dataset = partition_record(ctx, c, *out.corpus, partitioning);
  rf.add_dataset(dataset);
  return out;
}

}  // namespace linrepro
