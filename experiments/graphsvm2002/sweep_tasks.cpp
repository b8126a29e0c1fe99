#include "experiments/graphsvm2002/sweep_tasks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>

#include "core/seed.h"
#include "core/stopwatch.h"
#include "corpora/splits.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/methods.h"
#include "experiments/graphsvm2002/split_spread.h"

namespace linrepro {

namespace {

// One draw of a sweep: what every run's config says of it, and how each point is built.
struct SweepSeries {
  std::string dataset;  // config "dataset"
  Json record;          // the result file's dataset record
  Json config_fields;   // config "sweep" (and "draw")
  std::vector<std::string> tasks;
  std::function<Json(size_t)> point_fields;  // a point's config fields besides its data
  std::function<GraphsvmData(size_t)> make;  // a point's data
  std::function<std::string(size_t)> class_name;
};

TaskSet sweep_task_set(std::shared_ptr<const SweepSeries> s, const ExperimentContext& ctx,
                       const std::string& experiment) {
  struct Slot {
    std::mutex m;
    size_t i = std::numeric_limits<size_t>::max();
    std::shared_ptr<const GraphsvmData> d;
  };
  auto slot = std::make_shared<Slot>();
  const bool progress = ctx.progress;
  auto data = [s, slot, progress, experiment](size_t i) {
    const std::lock_guard lock(slot->m);
    if (slot->i != i) {
      slot->d.reset();
      if (progress)
        fmt::print(stderr, "{}: preparing {}{}\n", experiment, s->class_name(i),
                   s->config_fields.contains("draw")
                       ? fmt::format(" (draw {})", s->config_fields.at("draw").get<int>())
                       : "");
      slot->d = std::make_shared<const GraphsvmData>(s->make(i));
      slot->i = i;
    }
    return slot->d;
  };
  TaskSet t;
  t.dataset = s->dataset;
  t.record = s->record;
  t.config_fields = s->config_fields;
  t.tasks = s->tasks;
  t.task_fields = [s, data](size_t i) {
    Json f = s->point_fields(i);
    f["data"] = data_config(*data(i));
    return f;
  };
  t.untrainable = [](size_t) { return std::optional<RunRecord>(); };
  t.extra_lambdas = [data](size_t i) { return extra_solver_lambdas_on(*data(i)); };
  t.fit = [s, data, threads = ctx.threads](size_t i, const std::string& solver,
                                           const Params& params, uint64_t seed) {
    const std::shared_ptr<const GraphsvmData> d = data(i);
    RunRecord r = is_sweep_method(solver) ? fit_sweep_method(solver, *d, seed, threads)
                                          : fit_extra_solver(*d, solver, params, seed);
    if (is_sweep_method(solver)) r.extra["method"] = sweep_method_config(solver, *d);
    r.class_name = s->class_name(i);
    return r;
  };
  return t;
}

int draw_of(const Json& options) { return options.value("draw", 0); }

// The draw's context (split_spread.h) and its config fields.
ExperimentContext draw_context(const ExperimentContext& ctx, int draw) {
  return draw == 0 ? ctx : split_replicate_context(ctx, draw);
}
Json draw_fields(const std::string& sweep, int draw) {
  if (draw == 0) return {{"sweep", sweep}};
  return {{"sweep", sweep + "-draw"}, {"draw", draw}};
}

std::vector<int32_t> class_counts(int32_t total) {
  std::vector<int32_t> ks;
  for (int32_t k = kClassStep; k < total; k += kClassStep) ks.push_back(k);
  ks.push_back(total);
  return ks;
}

}  // namespace

TaskSource class_sweep_tasks(const std::string& corpus) {
  return [corpus](const ExperimentContext& ctx) -> TaskPreparer {
    const bool ng = corpus == "20ng";
    auto text = std::make_shared<const Corpus>(ng ? load_graphsvm_20ng_corpus()
                                                  : load_graphsvm_reuters_corpus());
    auto base = std::make_shared<const GraphsvmData>(ng ? make_graphsvm_20ng(*text, ctx)
                                                        : make_graphsvm_reuters(*text, ctx));
    Json record = base->identity;
    record["use"] = "the first K classes of a seeded random class order";
    return [=](const Json& options) {
      const int draw = draw_of(options);
      const ExperimentContext c = draw_context(ctx, draw);
      // 20NG draws its 70/30 split anew per draw; Reuters keeps ModApte.
      auto data = draw == 0 || !ng
                      ? base
                      : std::make_shared<const GraphsvmData>(make_graphsvm_20ng(*text, c));
      const uint64_t order_seed = derive_seed(c.seed, "graphsvm2002/class-order/" + corpus);
      const auto total = static_cast<int32_t>(data->class_names.size());
      const std::vector<int32_t> order = seeded_permutation(total, order_seed);
      auto s = std::make_shared<SweepSeries>();
      const std::vector<int32_t> ks = class_counts(total);
      s->dataset = corpus;
      s->record = record;
      s->config_fields = draw_fields("classes", draw);
      for (const int32_t K : ks) s->tasks.push_back(fmt::format("K={:02d}", K));
      s->point_fields = [=](size_t i) {
        return Json{{"num_classes", ks[i]},
                    {"class_order_seed", order_seed},
                    {"threads_note", "results do not depend on the number of threads"}};
      };
      s->make = [=](size_t i) {
        return restrict_to_classes(*data, {order.begin(), order.begin() + ks[i]});
      };
      s->class_name = [=](size_t i) { return fmt::format("{} K={}", corpus, ks[i]); };
      TaskSet t = sweep_task_set(s, ctx, "graphsvm2002/sweep_classes");
      t.timed = draw == 0;  // Figures 7-8's times; the other draws are the accuracy spread
      return t;
    };
  };
}

TaskSource share_sweep_tasks() {
  return [](const ExperimentContext& ctx) -> TaskPreparer {
    auto text = std::make_shared<const Corpus>(load_graphsvm_20ng_corpus());
    Json record = text->identity;
    record["name"] = "20ng";
    record["use"] = "nested seeded subsets, share / 0.7 of the documents, split 70:30";
    record["shares"] = kShares;
    return [=](const Json& options) {
      const int draw = draw_of(options);
      const ExperimentContext c = draw_context(ctx, draw);
      auto s = std::make_shared<SweepSeries>();
      s->dataset = "20ng";
      s->record = record;
      s->config_fields = draw_fields("train_size", draw);
      const auto percent = [](size_t i) {
        return static_cast<int32_t>(std::lround(100 * kShares[i]));
      };
      for (size_t i = 0; i < kShares.size(); ++i)
        s->tasks.push_back(fmt::format("share={:02d}", percent(i)));
      s->point_fields = [=](size_t i) {
        return Json{{"train_percent", percent(i)}, {"data_fraction", kShares[i] / kTrainFraction}};
      };
      s->make = [=](size_t i) {
        return make_graphsvm_20ng(*text, c, kTrainFraction, kShares[i] / kTrainFraction);
      };
      s->class_name = [=](size_t i) { return fmt::format("20ng {}%", percent(i)); };
      TaskSet t = sweep_task_set(s, ctx, "graphsvm2002/sweep_size");
      t.timed = draw == 0;  // Figure 11's times; the other draws are the accuracy spread
      return t;
    };
  };
}

std::vector<SweepPoints> sweep_draws(const std::map<std::string, std::vector<RunRecord>>& runs,
                                     const std::vector<std::string>& methods,
                                     const std::string& x_field, double x_scale) {
  std::vector<SweepPoints> draws;
  for (int s = 0; s < kSplitReplicates; ++s) {
    SweepPoints points;
    for (const std::string& m : methods) {
      const auto it = runs.find(s == 0 ? m : fmt::format("draw{}/{}", s, m));
      if (it == runs.end()) continue;
      for (const RunRecord& r : it->second)
        if (r.status == "ok") points[m][r.config.at(x_field).get<double>() / x_scale] = r;
    }
    if (points.empty()) break;
    draws.push_back(std::move(points));
  }
  return draws;
}

}  // namespace linrepro
