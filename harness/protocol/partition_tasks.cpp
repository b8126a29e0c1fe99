#include "harness/protocol/partition_tasks.h"

#include <fmt/ranges.h>

#include <algorithm>

#include "features/text_dataset.h"

namespace linrepro {

std::vector<uint64_t> partition_seeds(const ExperimentContext& ctx, const GridCollection& c,
                                      const Partitioning& partitioning, int draw) {
  const auto n = static_cast<size_t>(partitioning.count);
  if (partitioning.kind == Partitioning::Kind::folds)  // one fold assignment, shared by its folds
    return std::vector<uint64_t>(
        n, derive_seed(ctx.seed, draw == 0 ? c.name + "/folds"
                                           : fmt::format("{}/folds/draw{}", c.name, draw)));
  std::vector<uint64_t> seeds;
  for (int k = 0; k < partitioning.count; ++k)
    seeds.push_back(derive_seed(ctx.seed, fmt::format("{}/split{}", c.name, k)));
  return seeds;
}

Json partition_record(const ExperimentContext& ctx, const GridCollection& c, const Corpus& corpus,
                      const Partitioning& partitioning) {
  Json dataset = corpus.identity;
  dataset["name"] = c.name + " (" + c.view + ")";
  const std::vector<uint64_t> seeds = partition_seeds(ctx, c, partitioning, 0);
  if (partitioning.kind == Partitioning::Kind::folds) {
    dataset["folds"] = partitioning.count;
    dataset["fold_seed"] = seeds.front();
  } else {
    dataset["splits"] = partitioning.count;
    dataset["split_seeds"] = seeds;
  }
  return dataset;
}

int partition_draw(const Json& options, const GridCollection& c, const Partitioning& partitioning,
                   const std::vector<std::string>& known) {
  const bool folds = partitioning.kind == Partitioning::Kind::folds;
  const Json draw = options.is_object() ? options.value("draw", Json(0)) : Json();
  bool ok = options.is_object() && draw.is_number_integer() && draw.get<int>() >= 0 &&
            (folds || draw.get<int>() == 0);
  if (ok)
    for (const auto& [key, value] : options.items())
      ok = ok && (key == "draw" || std::ranges::find(known, key) != known.end());
  if (!ok)
    throw ConfigError(fmt::format(
        "the partitions of {}: \"data\" {} may give \"draw\" (a count >= 0; folds only){}", c.name,
        options.dump(), known.empty() ? "" : fmt::format(" and {}", fmt::join(known, ", "))));
  return draw.get<int>();
}

Json partition_task_fields(const Partitioning& partitioning, int k, uint64_t seed, int draw) {
  Json fields = partitioning.kind == Partitioning::Kind::folds
                    ? Json{{"fold", k}, {"fold_seed", seed}}
                    : Json{{"split", k}, {"split_seed", seed}};
  if (draw > 0) fields["draw"] = draw;
  return fields;
}

std::pair<Json, Json> partition_option_parts(const Json& options,
                                             const std::vector<std::string>& fit_options) {
  Json prepare = Json::object(), fit = Json::object();
  if (options.is_object())
    for (const auto& [key, value] : options.items())
      if (key != "draw")
        (std::ranges::find(fit_options, key) != fit_options.end() ? fit : prepare)[key] = value;
  return {prepare, fit};
}

}  // namespace linrepro
