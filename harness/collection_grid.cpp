#include "harness/collection_grid.h"

#include <fmt/format.h>

#include "core/seed.h"
#include "features/text_dataset.h"
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
  Json dataset = out.corpus->identity;
  dataset["name"] = c.name + " (" + c.view + ")";
  if (partitioning.kind == Partitioning::Kind::folds) {
    // One fold assignment: every fold of it shares the seed.
    const uint64_t seed = derive_seed(ctx.seed, c.name + "/folds");
    out.seeds.assign(static_cast<size_t>(partitioning.count), seed);
    dataset["folds"] = partitioning.count;
    dataset["fold_seed"] = seed;
  } else {
    for (int k = 0; k < partitioning.count; ++k)
      out.seeds.push_back(derive_seed(ctx.seed, fmt::format("{}/split{}", c.name, k)));
    dataset["splits"] = partitioning.count;
    dataset["split_seeds"] = out.seeds;
  }
  rf.add_dataset(dataset);
  return out;
}

}  // namespace linrepro
