#pragma once
// The collection x partition x method grid of the multi-class tables: MLR-CG's Table 3 (five
// cross-validation folds) and Zhang & Oles' Table 5 (five random splits) both fit every method on
// every partition of every collection. What they share lives here:
//   - load_collections: each collection's corpus view loaded once, or why it is unavailable (its
//     cells are then marked from the published file), its partitions' seeds, its dataset record;
//   - PartitionSlot: a partition's data, prepared by the first job that needs it (every run of a
//     partition may already be stored, then nothing is prepared) and released after its last job
//     (20NG's five splits would otherwise all stay in memory);
//   - grid_jobs / run_grid: the (collection, partition, method) jobs, executed in parallel.
// The drivers keep what is theirs: how a partition is prepared (the Data of a slot), how a job is
// fitted and keyed, the cells. Templates only over that Data and the driver's method type.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/parallel_for.h"
#include "corpora/document.h"
#include "harness/experiment.h"

namespace linrepro {

// One collection of a table, as the driver describes it.
struct GridCollection {
  std::string name;     // the table's row or column: names the seeds and the dataset record
  std::string dataset;  // the "dataset" tag of its cells in results/published/<paper>.json
  std::string view;     // corpus view (load_corpus_view); "" = not available
  std::string unavailable_note;  // view "": how to get the data
  std::string caveat;            // how our copy differs from the paper's, for the cells' notes
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

// A partition's data, built on first use and released after its last job.
template <class Data>
struct PartitionSlot {
  std::once_flag once;
  std::optional<Data> data;
  std::mutex mutex;   // guards jobs_left and the release
  int jobs_left = 0;  // counted by grid_jobs
  bool keep = false;  // stays after its last grid job (Table 5's split 0, for the lambda walk)
};

// The slot's data, made by `prepare()` (returning a Data) the first time any job asks; concurrent
// callers wait for it.
template <class Data, class Prepare>
Data& partition_data(PartitionSlot<Data>& slot, Prepare&& prepare) {
  std::call_once(slot.once, [&] { slot.data.emplace(prepare()); });
  return *slot.data;
}

// A collection's corpus and partition seeds, or why it is unavailable.
struct CollectionCorpus {
  GridCollection info;
  std::optional<Corpus> corpus;  // empty: unavailable
  std::string unavailable_note;
  Json description;             // corpus_description: part of every run's config
  std::vector<uint64_t> seeds;  // partition k's seed
};

// Loads `c`'s corpus view and adds its dataset record to `rf`; a collection without a view, or
// whose data cannot be found (DataUnavailable), gets its note instead.
CollectionCorpus load_collection_corpus(const ExperimentContext& ctx, ResultFile& rf,
                                        const GridCollection& c, const Partitioning& partitioning);

template <class Data>
struct LoadedCollection : CollectionCorpus {
  // One per partition of an available collection (none otherwise); unique_ptr: slots hold a
  // mutex and jobs point at them.
  std::vector<std::unique_ptr<PartitionSlot<Data>>> partitions;
};

template <class Data>
using LoadedCollections = std::vector<std::unique_ptr<LoadedCollection<Data>>>;

// Every collection, in order: loaded with its partition slots, or unavailable.
template <class Data>
LoadedCollections<Data> load_collections(const ExperimentContext& ctx, ResultFile& rf,
                                         const std::vector<GridCollection>& collections,
                                         const Partitioning& partitioning) {
  LoadedCollections<Data> loaded;
  for (const auto& c : collections) {
    auto lc = std::make_unique<LoadedCollection<Data>>();
    static_cast<CollectionCorpus&>(*lc) = load_collection_corpus(ctx, rf, c, partitioning);
    if (lc->corpus)
      for (int k = 0; k < partitioning.count; ++k)
        lc->partitions.push_back(std::make_unique<PartitionSlot<Data>>());
    loaded.push_back(std::move(lc));
  }
  return loaded;
}

// One (collection, partition, method) of the grid.
template <class Data, class Method>
struct GridJob {
  LoadedCollection<Data>* collection;
  int partition;
  const Method* method;

  PartitionSlot<Data>& slot() const {
    return *collection->partitions[static_cast<size_t>(partition)];
  }
};

// `include(method)`, or `include(collection, method)` where a collection runs its own methods.
template <class Include, class Data, class Method>
bool includes(const Include& include, const LoadedCollection<Data>& lc, const Method& m) {
  if constexpr (std::is_invocable_v<const Include&, const LoadedCollection<Data>&, const Method&>)
    return include(lc, m);
  else
    return include(m);
}

// The jobs of every available collection, partitions 0..partitions-1, the methods `include`
// accepts: partition-major within a collection, so that the workers share a partition's
// preparation. Counts each slot's jobs (run_grid releases a slot after its last).
template <class Data, class Method, class Include>
std::vector<GridJob<Data, Method>> grid_jobs(const LoadedCollections<Data>& loaded, int partitions,
                                             const std::vector<Method>& methods,
                                             const Include& include) {
  std::vector<GridJob<Data, Method>> jobs;
  for (const auto& lc : loaded) {
    if (!lc->corpus) continue;
    for (int k = 0; k < partitions; ++k)
      for (const auto& m : methods)
        if (includes(include, *lc, m)) {
          jobs.push_back({lc.get(), k, &m});
          ++jobs.back().slot().jobs_left;
        }
  }
  return jobs;
}

// Drops a slot's data now (the lambda walk, done with its kept split).
template <class Data>
void release_partition(PartitionSlot<Data>& slot) {
  std::lock_guard lock(slot.mutex);
  slot.data.reset();
}

// Runs `run(job)` for every job on `threads` workers (core/parallel_for.h); a slot's data is
// released once its last job has run, unless the slot is kept.
template <class Data, class Method, class Run>
void run_grid(const std::vector<GridJob<Data, Method>>& jobs, int threads, const Run& run) {
  parallel_for(jobs.size(), threads, [&](size_t i) {
    run(jobs[i]);
    PartitionSlot<Data>& slot = jobs[i].slot();
    std::lock_guard lock(slot.mutex);
    if (--slot.jobs_left == 0 && !slot.keep) slot.data.reset();
  });
}

}  // namespace linrepro
