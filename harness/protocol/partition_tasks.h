#pragma once
// A collection's partitions (collection_grid.h: cross-validation folds or random splits) as a
// task set of declared protocols (task_sets.h): task k is partition k ("fold<k>", "split<k>"),
// prepared by the first run that needs it and kept while the set lives (a few folds of a small
// collection; each distinct options is its own set, released after its last run). The paper
// supplies how a partition is prepared (its Data) and how a method is fitted on it and scored.
//
//   options {"draw": s}: optional (0); s > 0 is another seeded fold assignment, seed
//   "<name>/folds/draw<s>" (random splits have no draws); and the paper's own (`options` below),
//   passed to its prepare, or (`fit_options`) to its fit: sets that differ only in those share
//   their prepared partitions while one of them lives (one tokenisation for methods that read
//   different matrices of it). Any other option is refused.
// Every run's config: "dataset" (the record's name), "collection", "corpus" (corpus_description),
// "folds" and per task "fold", "fold_seed" (random splits: "split", "split_seed"), "draw" when
// s > 0, the paper's own `config_fields` and options. The dataset record is that of
// the collection (draw 0's seeds). A collection without a view throws DataUnavailable with
// its note, under its published "dataset" tag (declare the task set under that name so its cells
// are marked).
#include <fmt/format.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/corpus_view.h"
#include "corpora/data_errors.h"
#include "features/text_dataset.h"
#include "harness/protocol/collection_grid.h"
#include "harness/protocol/task_sets.h"

namespace linrepro {

template <class Data>
struct PartitionTaskHooks {
  Json config_fields = Json::object();   // added to every run's config (the features, say)
  std::vector<std::string> options;      // the set options prepare reads, besides "draw"
  std::vector<std::string> fit_options;  // the set options fit reads
  // Optional: the config fields that say what the prepare options are (default: the options).
  std::function<Json(const Json& options)> describe_options;
  // Partition k of the corpus under `seed` (the fold assignment's, or split k's), as the set's
  // options (without "draw" and the fit options) ask.
  std::function<Data(const Corpus&, int k, uint64_t seed, const Json& options)> prepare;
  // `options`: the set's fit options (an object).
  std::function<RunRecord(const Data&, const std::string& solver, const Params& params,
                          uint64_t seed, const Json& options)>
      fit;
};

// One partition's prepared data, made by the first run that needs it.
template <class Data>
struct PartitionSlot {
  std::once_flag once;
  std::optional<Data> data;
};

// The collection's record and the seeds of draw `draw` (collection_grid.cpp's names for draw 0).
Json partition_record(const ExperimentContext& ctx, const GridCollection& c, const Corpus& corpus,
                      const Partitioning& partitioning);
std::vector<uint64_t> partition_seeds(const ExperimentContext& ctx, const GridCollection& c,
                                      const Partitioning& partitioning, int draw);
// The draw of a set's options (above); throws ConfigError naming the collection when an option is
// neither "draw" nor one of `known`.
int partition_draw(const Json& options, const GridCollection& c, const Partitioning& partitioning,
                   const std::vector<std::string>& known);
// Task k's config fields.
Json partition_task_fields(const Partitioning& partitioning, int k, uint64_t seed, int draw);
// `options` without "draw", split into what prepare reads and what fit reads (`fit_options`).
std::pair<Json, Json> partition_option_parts(const Json& options,
                                             const std::vector<std::string>& fit_options);

template <class Data>
TaskSource partition_tasks(GridCollection c, Partitioning partitioning,
                           PartitionTaskHooks<Data> hooks) {
  return [c, partitioning, hooks](const ExperimentContext& ctx) -> TaskPreparer {
    if (c.view.empty()) throw DataUnavailable(c.dataset, c.unavailable_note);
    auto corpus = std::make_shared<const Corpus>(load_corpus_view(c.view));
    const Json record = partition_record(ctx, c, *corpus, partitioning);
    using Slots = std::vector<PartitionSlot<Data>>;
    struct Shared {  // the prepared partitions of each (draw, prepare options), while a set lives
      std::mutex mutex;
      std::map<std::string, std::weak_ptr<Slots>> slots;
    };
    auto shared = std::make_shared<Shared>();
    return [c, partitioning, hooks, corpus, record, ctx, shared](const Json& options) {
      std::vector<std::string> known = hooks.options;
      known.insert(known.end(), hooks.fit_options.begin(), hooks.fit_options.end());
      const int draw = partition_draw(options, c, partitioning, known);
      const auto [own, fit_own] = partition_option_parts(options, hooks.fit_options);
      const std::vector<uint64_t> seeds = partition_seeds(ctx, c, partitioning, draw);
      std::shared_ptr<Slots> slots;
      {
        std::lock_guard lock(shared->mutex);
        std::weak_ptr<Slots>& kept = shared->slots[fmt::format("{}/{}", draw, own.dump())];
        slots = kept.lock();
        if (!slots) kept = slots = std::make_shared<Slots>(seeds.size());
      }
      TaskSet s;
      s.dataset = record.at("name");
      s.record = record;
      s.config_fields = hooks.config_fields;
      // What the paper's options change is part of the runs.
      s.config_fields.update(hooks.describe_options ? hooks.describe_options(own) : own);
      s.config_fields.update(fit_own);
      s.config_fields.update(
          {{"collection", c.name}, {"corpus", corpus_description(*corpus, c.view)}});
      if (partitioning.kind == Partitioning::Kind::folds)
        s.config_fields["folds"] = partitioning.count;
      const char* kind = partitioning.kind == Partitioning::Kind::folds ? "fold" : "split";
      for (int k = 0; k < partitioning.count; ++k) s.tasks.push_back(fmt::format("{}{}", kind, k));
      s.task_fields = [partitioning, seeds, draw](size_t k) {
        return partition_task_fields(partitioning, static_cast<int>(k), seeds[k], draw);
      };
      s.untrainable = [](size_t) -> std::optional<RunRecord> { return std::nullopt; };
      s.fit = [hooks, corpus, seeds, slots, own, fit_own](size_t k, const std::string& solver,
                                                          const Params& params, uint64_t seed) {
        PartitionSlot<Data>& slot = (*slots)[k];
        std::call_once(slot.once, [&] {
          slot.data.emplace(hooks.prepare(*corpus, static_cast<int>(k), seeds[k], own));
        });
        return hooks.fit(*slot.data, solver, params, seed, fit_own);
      };
      return s;
    };
  };
}

}  // namespace linrepro
