#pragma once
// A collection's partitions (collection_grid.h: cross-validation folds or random splits) as a
// task set of declared protocols (task_sets.h): task k is partition k ("fold<k>", "split<k>"),
// prepared by the first run that needs it and kept while the set lives (a few folds of a small
// collection; each distinct options is its own set, released after its last run). The paper
// supplies how a partition is prepared (its Data) and how a method is fitted on it and scored.
//
//   options {"draw": s}: optional (0); s > 0 is another seeded fold assignment, seed
//   "<name>/folds/draw<s>" (random splits have no draws); and the paper's own (`options` below),
//   passed to its prepare. Any other option is refused.
// Every run's config: "dataset" (the record's name), "collection", "corpus" (corpus_description),
// "folds" and per task "fold", "fold_seed" (random splits: "split", "split_seed"), "draw" when
// s > 0, the paper's own `config_fields` and options. The dataset record is that of
// load_collection_corpus (draw 0's seeds). A collection without a view throws DataUnavailable with
// its note, under its published "dataset" tag (declare the task set under that name so its cells
// are marked).
#include <fmt/format.h>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/corpus_view.h"
#include "corpora/data_errors.h"
#include "features/text_dataset.h"
#include "harness/collection_grid.h"
#include "harness/task_sets.h"

namespace linrepro {

template <class Data>
struct PartitionTaskHooks {
  Json config_fields = Json::object();  // added to every run's config (the features, say)
  std::vector<std::string> options;     // the set options prepare reads, besides "draw"
  // Partition k of the corpus under `seed` (the fold assignment's, or split k's), as the set's
  // options (without "draw") ask.
  std::function<Data(const Corpus&, int k, uint64_t seed, const Json& options)> prepare;
  std::function<RunRecord(const Data&, const std::string& solver, const Params& params,
                          uint64_t seed)>
      fit;
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

template <class Data>
TaskSource partition_tasks(GridCollection c, Partitioning partitioning,
                           PartitionTaskHooks<Data> hooks) {
  return [c, partitioning, hooks](const ExperimentContext& ctx) -> TaskPreparer {
    if (c.view.empty()) throw DataUnavailable(c.dataset, c.unavailable_note);
    auto corpus = std::make_shared<const Corpus>(load_corpus_view(c.view));
    const Json record = partition_record(ctx, c, *corpus, partitioning);
    return [c, partitioning, hooks, corpus, record, ctx](const Json& options) {
      const int draw = partition_draw(options, c, partitioning, hooks.options);
      Json own = options.is_object() ? options : Json::object();
      own.erase("draw");
      const std::vector<uint64_t> seeds = partition_seeds(ctx, c, partitioning, draw);
      struct Slot {
        std::once_flag once;
        std::optional<Data> data;
      };
      auto slots = std::make_shared<std::vector<Slot>>(seeds.size());
      TaskSet s;
      s.dataset = record.at("name");
      s.record = record;
      s.config_fields = hooks.config_fields;
      s.config_fields.update(own);  // what the paper's options change is part of the runs
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
      s.fit = [hooks, corpus, seeds, slots, own](size_t k, const std::string& solver,
                                                 const Params& params, uint64_t seed) {
        Slot& slot = (*slots)[k];
        std::call_once(slot.once, [&] {
          slot.data.emplace(hooks.prepare(*corpus, static_cast<int>(k), seeds[k], own));
        });
        return hooks.fit(*slot.data, solver, params, seed);
      };
      return s;
    };
  };
}

}  // namespace linrepro
