#include "experiments/graphsvm2002/main_runs.h"

#include <fmt/format.h>

#include <cmath>

namespace linrepro {

std::string t_name(double t) { return fmt::format("{:.2f}", t); }

std::string graphsvm_key(double t) { return "graphsvm-t" + t_name(t); }

std::string hier_groups_key(int32_t n) { return fmt::format("hier-svm-g{}", n); }

const RunRecord* MainResults::get(const std::string& key) const {
  auto it = runs.find(key);
  return it == runs.end() || it->second.status != "ok" ? nullptr : &it->second;
}

double accuracy_of(const RunRecord& r) { return r.metrics.value("accuracy", std::nan("")); }
double max_svm_memory_of(const RunRecord& r) { return r.extra.value("max_memory_bytes", 0.0); }

ClaimMeasure svm_memory_ratio(const std::map<std::string, const RunRecord*>& runs) {
  return [&runs](std::string what, const std::string& a, const std::string& b, double bound,
                 bool above, bool strict) -> std::optional<ClaimComparison> {
    if (!runs.count(a) || !runs.count(b)) return std::nullopt;
    return exact_comparison(std::move(what),
                            max_svm_memory_of(*runs.at(a)) / max_svm_memory_of(*runs.at(b)), bound,
                            above, strict);
  };
}

}  // namespace linrepro
