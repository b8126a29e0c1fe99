#include "experiments/sgdreport/epochs_ablation.h"

#include <fmt/format.h>

#include <cmath>

#include "core/error.h"
#include "experiments/sgdreport/experiments.h"
#include "harness/language/declared_texts.h"

namespace linrepro {

namespace {

// Epochs shown: the first, a few between, and the run's own end (the chosen row).
constexpr int64_t kEpochPoints[] = {1, 5, 10, 25, 50, 100};

const char* const kColumns[] = {"Sparsity", "Training error rate", "Test error rate"};

// The trace point nearest `updates` (the trace is taken every ~1.3 epochs).
const Json* point_at(const Json& trace, double updates) {
  const Json* nearest = nullptr;
  for (const Json& p : trace)
    if (!nearest || std::fabs(p.at("iteration").get<double>() - updates) <
                        std::fabs(nearest->at("iteration").get<double>() - updates))
      nearest = &p;
  return nearest;
}

}  // namespace

Ablation epochs_ablation(const Json& trace, int64_t epochs_run, const PublishedPaper& published) {
  if (!trace.is_array() || trace.empty() || epochs_run < 1)
    throw ConfigError(fmt::format("{}: the cumulative run has no trace to read", kEpochsAblation));
  // Updates per epoch (the training rows): the last point is the end of the last epoch.
  const double rows = trace.back().at("iteration").get<double>() / static_cast<double>(epochs_run);
  Ablation a = declared_ablation(kSgdPaper, kEpochsAblation);
  a.columns = {std::begin(kColumns), std::end(kColumns)};
  std::vector<int64_t> epochs(std::begin(kEpochPoints), std::end(kEpochPoints));
  epochs.push_back(epochs_run);
  for (int64_t e : epochs) {
    if (e > epochs_run) continue;
    const Json* p = point_at(trace, static_cast<double>(e) * rows);
    if (!p) continue;
    const Json& v = p->at("values");
    const double at_epoch = p->at("iteration").get<double>() / rows;
    AblationRow row{fmt::format("epochs-{}", e),
                    fmt::format("the trace point at {:.1f} epochs", at_epoch),
                    e == epochs_run,
                    false,
                    false,
                    {}};
    // Table 1 gives 200 epochs and the report no earlier stop: an earlier point is ruled out.
    row.allowed = e == epochs_run;
    row.values = {v.at("zeros").get<double>(), 100 * v.at("train_error").get<double>(),
                  100 * v.at("test_error").get<double>()};
    a.rows.push_back(std::move(row));
  }
  AblationRow ref{"published", "Table 3, Cumulative", false, true, false, {}};
  for (const char* column : kColumns) {
    const PublishedCell* c = find_published_cell(published, "table3", "Cumulative", column);
    ref.values.push_back(c ? std::optional<double>(c->value) : std::nullopt);
  }
  a.rows.push_back(std::move(ref));
  return a;
}

}  // namespace linrepro
