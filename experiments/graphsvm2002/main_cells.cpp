#include "experiments/graphsvm2002/main_cells.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "experiments/graphsvm2002/experiments.h"
#include "harness/language/declared_texts.h"
#include "harness/results/timing_rounds.h"

namespace linrepro {

std::string data_note(const GraphsvmData& d) {
  if (d.name == "reuters")
    return fmt::format(
        "ours: Reuters-21578 ModApte, {} categories with > 10 training documents, {} training rows "
        "({} documents, a multi-label one once per category), {} single-label test documents ({} "
        "multi-label ones ignored); the paper: 60 categories, 8,819 / 1,887",
        d.class_names.size(), d.Xtrain.rows, d.train_docs, d.Xtest.rows, d.dropped_test_docs);
  return fmt::format(
      "ours: 20news-18828 (Subject kept; this version has no Organization header), seeded random "
      "70/30 split: {} / {} documents, {} classes, {} MI-selected features",
      d.Xtrain.rows, d.Xtest.rows, d.class_names.size(), d.Xtrain.cols);
}

namespace {

std::string time_note(const RunRecord& r, const RunRecord& mcsvm) {
  std::string note = fmt::format(
      "ours: {:.3g} s / {:.3g} s CPU (MCSVM); CPU seconds (every SVM's own thread CPU time, "
      "summed); our SVM is SMO, the paper's SVMlight on a 1.4 GHz P4: only the ratio is compared",
      r.train_seconds, mcsvm.train_seconds);
  // Issue 16 item 6: what the ratio follows. Our NB stage costs milliseconds; the paper's
  // GraphSVM took 73 s at both t = 0.03 and 0.05 on 20NG, so a fixed cost (Rainbow's NB and its
  // file handling) is part of its ratio that ours does not have.
  const double rows = r.extra.value("total_rows", 0.0), all = mcsvm.extra.value("total_rows", 0.0);
  if (rows > 0 && all > 0 && r.extra.contains("num_svms"))
    note += fmt::format(
        "; its {} SVMs see {:.1f} % of MCSVM's rows, and SMO's time grows faster than linearly "
        "in the rows, so the ratio falls below that share; the paper's ratio also carries "
        "Rainbow's fixed NB cost (its 20NG GraphSVM took 73 s at both t = 0.03 and 0.05), ours "
        "costs milliseconds",
        r.extra.value("num_svms", 0), 100 * rows / all);
  return note;
}

// The finished MCSVM run on the data set, or null.
const RunRecord* mcsvm_of(const AggregateContext& at) {
  if (at.by_method == nullptr || !at.by_method->contains("mcsvm")) return nullptr;
  const std::vector<RunRecord>& runs = at.by_method->at("mcsvm");
  return runs.size() == 1 && runs.front().status == "ok" ? &runs.front() : nullptr;
}

// A method's CPU time over MCSVM's, with what the ratio follows as its note field "note" and (with
// `evidence`; "time-over-mcsvm:no-evidence" has none) the times as timing evidence.
AggregateValue time_over_mcsvm(std::span<const RunRecord> runs, const AggregateContext& at,
                               bool evidence) {
  AggregateValue a;
  const RunRecord* mcsvm = mcsvm_of(at);
  if (mcsvm == nullptr || mcsvm->train_seconds <= 0 || runs.size() != 1) {
    a.not_measured = "no MCSVM time on this data set";
    return a;
  }
  const RunRecord& r = runs.front();
  // Fitted in rounds (harness/results/timing_rounds.h): the median per-round ratio, and its range.
  const std::optional<RoundSpread> rounds = time_ratio_spread(r, *mcsvm);
  a.value = rounds ? rounds->median : r.train_seconds / mcsvm->train_seconds;
  a.fields["note"] = time_note(r, *mcsvm);
  if (!evidence) return a;
  a.evidence = timing_evidence(fmt::format(
      "{:.3g} s / {:.3g} s CPU (MCSVM, our SMO{}), against the paper's SVMlight and Rainbow on a "
      "1.4 GHz Pentium 4",
      r.train_seconds, mcsvm->train_seconds,
      rounds ? fmt::format("; medians of {} interleaved rounds", rounds->rounds) : ""));
  if (rounds) {
    a.evidence.interval_lo = rounds->lo;
    a.evidence.interval_hi = rounds->hi;
    a.evidence.interval_method = "per-round ratios: " + rounds->method();
  }
  return a;
}

// How many classes a second-stage SVM separates, on average over a GraphSVM run's SVMs.
AggregateValue classes_per_svm(std::span<const RunRecord> runs, const AggregateContext&) {
  AggregateValue a;
  const Json svms = runs.size() == 1 ? runs.front().extra.value("svms", Json::array()) : Json();
  if (!svms.is_array() || svms.empty()) {
    a.not_measured = "no second-stage SVM";
    return a;
  }
  double classes = 0;
  for (const Json& sv : svms)
    classes += static_cast<double>(sv.value("classes", Json::array()).size());
  a.value = classes / static_cast<double>(svms.size());
  return a;
}

}  // namespace

std::map<std::string, TaskAggregate> main_aggregates() {
  const auto time_over = [](bool evidence) -> TaskAggregate {
    return [evidence](std::span<const RunRecord> runs, const AggregateContext& at) {
      return time_over_mcsvm(runs, at, evidence);
    };
  };
  return {{"time-over-mcsvm", time_over(true)},
          {"time-over-mcsvm:no-evidence", time_over(false)},
          {"classes-per-svm", classes_per_svm}};
}

DatasetSizes dataset_sizes(const GraphsvmData& d) {
  DatasetSizes s;
  s.name = d.name;
  s.classes = static_cast<int32_t>(d.class_names.size());
  s.train_rows = d.Xtrain.rows;
  s.train_docs = d.train_docs;
  s.test_rows = d.Xtest.rows;
  s.dropped_test_docs = d.dropped_test_docs;
  s.documents = d.train_docs + d.test_docs;
  return s;
}

namespace {

// NB's validation confusion (the MCNB run holds the same one): how many of its K classes it gets
// wrong on every validation document (never) and on most of them (minority).
struct ValidationMisses {
  int64_t never = 0, minority = 0, K = 0;
};
ValidationMisses nb_validation_misses(const MainResults& res) {
  ValidationMisses out;
  const RunRecord* nb = res.get("mcnb");
  if (!nb) return out;
  const auto V = nb->extra.value("validation_confusion", std::vector<std::vector<double>>{});
  out.K = static_cast<int64_t>(V.size());
  for (size_t i = 0; i < V.size(); ++i) {
    double row = 0;
    for (double v : V[i]) row += v;
    out.never += V[i][i] == 0;
    out.minority += V[i][i] < row / 2;
  }
  return out;
}

}  // namespace

std::optional<Ablation> reuters_hierarchy_ablation(const MainResults& res,
                                                   const std::vector<int32_t>& group_counts) {
  const RunRecord* clip = res.get("hier-svm");
  if (!clip) return std::nullopt;
  const auto d = clip->extra.value("merge_distances", std::vector<double>{});
  // Where the clip rule cut: the largest jump between successive merge distances.
  size_t cut = 0;
  double jump = -1;
  for (size_t m = 0; m + 1 < d.size(); ++m)
    if (d[m + 1] - d[m] > jump) jump = d[m + 1] - d[m], cut = m + 1;
  std::string first;
  for (size_t m = 0; m < std::min<size_t>(d.size(), 6); ++m)
    first += fmt::format("{}{:.3f}", m ? ", " : "", d[m]);
  const auto [never, minority, K] = nb_validation_misses(res);
  Ablation a = declared_ablation(kGraphsvmPaper, "reuters-hierarchy",
                                 TextArgs()
                                     .set("first", first)
                                     .set("jump", jump)
                                     .set("cut", cut)
                                     .set("merges", d.size())
                                     .set("groups", clip->extra.value("num_clusters", 0))
                                     .set("never", never)
                                     .set("classes", K)
                                     .set("minority", minority));
  a.columns = {"groups", "Hier-SVM accuracy (%)", "L1 accuracy (%)", "L2 with L1 (%)"};
  auto row = [&](const std::string& id, const std::string& description, bool chosen,
                 const RunRecord* r) {
    AblationRow out{id, description, chosen, false, false, {}};
    out.allowed = chosen;  // a fixed count of groups is not §2.1's clip rule
    for (const char* m : {"", "accuracy", "l1", "l2_given_l1"}) {
      std::optional<double> v;
      if (r && *m) v = r->metrics.value(m, 0.0);
      if (r && !*m) v = r->extra.value("num_clusters", 0.0);
      out.values.push_back(v);
    }
    a.rows.push_back(std::move(out));
  };
  row("clip", "the clip rule (largest jump of the merge distances)", true, clip);
  for (const int32_t n : group_counts)
    row(fmt::format("groups-{}", n), fmt::format("the dendrogram cut at {} groups", n), false,
        res.get(hier_groups_key(n)));
  return a;
}

}  // namespace linrepro
