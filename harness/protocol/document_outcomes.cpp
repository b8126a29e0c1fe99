#include "harness/protocol/document_outcomes.h"

#include <fmt/format.h>

#include "core/error.h"
#include "metrics/paired_bootstrap.h"

namespace linrepro {

std::string outcomes_to_hex(const std::vector<uint8_t>& correct) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::vector<int> nibbles((correct.size() + 3) / 4, 0);
  for (size_t i = 0; i < correct.size(); ++i)
    if (correct[i]) nibbles[i / 4] |= 1 << (i % 4);
  std::string hex;
  hex.reserve(nibbles.size());
  for (int v : nibbles) hex.push_back(kDigits[v]);
  return hex;
}

std::vector<uint8_t> outcomes_from_hex(const std::string& hex, size_t n) {
  if (hex.size() != (n + 3) / 4)
    throw ConfigError(fmt::format("document outcomes: {} hex digits for {} documents (want {})",
                                  hex.size(), n, (n + 3) / 4));
  std::vector<uint8_t> correct(n);
  for (size_t k = 0; k < hex.size(); ++k) {
    const char c = hex[k];
    int v = -1;
    if (c >= '0' && c <= '9') v = c - '0';
    if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    if (v < 0) throw ConfigError(fmt::format("document outcomes: '{}' is not a hex digit", c));
    for (size_t j = 0; j < 4; ++j) {
      const size_t i = 4 * k + j;
      const bool bit = (v >> j) & 1;
      if (i >= n && bit) throw ConfigError("document outcomes: a bit set past the last document");
      if (i < n) correct[i] = bit;
    }
  }
  return correct;
}

std::vector<uint8_t> correct_outcomes(const std::vector<int32_t>& truth,
                                      const std::vector<int32_t>& predicted) {
  if (truth.size() != predicted.size())
    throw ConfigError(fmt::format("document outcomes: {} true labels, {} predictions", truth.size(),
                                  predicted.size()));
  std::vector<uint8_t> correct(truth.size());
  for (size_t i = 0; i < truth.size(); ++i) correct[i] = truth[i] == predicted[i];
  return correct;
}

std::vector<uint8_t> run_outcomes(const RunRecord& run, const std::string& field,
                                  const std::string& rows) {
  if (!run.extra.contains(field) || !run.extra[field].is_string() || !run.metrics.contains(rows))
    throw ConfigError(
        fmt::format("run '{}' has no per-document outcomes '{}' (stored before they "
                    "were recorded: rerun it with --force)",
                    run.key, field));
  try {
    return outcomes_from_hex(run.extra[field].get<std::string>(), run.metrics[rows].get<size_t>());
  } catch (const ConfigError& e) {
    throw ConfigError(fmt::format("run '{}': {}", run.key, e.what()));
  }
}

ClaimComparison mean_run_accuracy_comparison(
    std::string what, const std::vector<std::pair<const RunRecord*, const RunRecord*>>& pairs,
    double bound, bool above) {
  std::vector<std::vector<uint8_t>> outcomes;
  outcomes.reserve(2 * pairs.size());
  for (const auto& [a, b] : pairs) {
    outcomes.push_back(run_outcomes(*a));
    outcomes.push_back(run_outcomes(*b));
    if (outcomes.back().size() != outcomes[outcomes.size() - 2].size())
      throw ConfigError(
          fmt::format("runs '{}' and '{}' were measured on different test sets", a->key, b->key));
  }
  std::vector<PairedStatistic> parts;
  ClaimComparison c;
  int64_t documents = 0;
  for (size_t k = 0; k < pairs.size(); ++k) {
    const auto& x = outcomes[2 * k];
    const auto& y = outcomes[2 * k + 1];
    parts.push_back({static_cast<int64_t>(x.size()), [&x, &y](std::span<const int32_t> d) {
                       return 100 * (fraction_correct(x, d) - fraction_correct(y, d));
                     }});
    std::vector<int32_t> all(x.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int32_t>(i);
    c.value += parts.back().statistic(all) / static_cast<double>(pairs.size());
    documents += static_cast<int64_t>(x.size());
  }
  const SamplingInterval i = paired_bootstrap_mean_interval(parts, kClaimBootstrapSeed);
  c.what = std::move(what) + " (mean accuracy points)";
  c.test = fmt::format(
      "paired bootstrap over each of {} test sets ({} documents in all; {} resamples, 95 %, alpha "
      "0.05)",
      pairs.size(), documents, kBootstrapResamples);
  c.lo = i.lo;
  c.hi = i.hi;
  c.bound = bound;
  c.above = above;
  return c;
}

}  // namespace linrepro
