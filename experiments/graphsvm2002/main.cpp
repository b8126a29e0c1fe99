// graphsvm2002/main: Godbole, Sarawagi & Chakrabarti (KDD 2002) on 20 Newsgroups and
// Reuters-21578 (datasets.h):
//   Figures 1-2  the MCNB test confusion matrix of 20NG, and the same re-ordered by the clusters
//                found from NB's validation confusion (heatmaps; matrices in the mcnb run's extra)
//   Table 1      level-wise accuracies of the two-level hierarchy (20NG)
//   Figures 3-4  accuracy / training time of Hier-NB, Hier-SVM vs MCNB, MCSVM (20NG)
//   Figures 5-6  accuracy / training time of MCNB, MCSVM, Hier-SVM, GraphSVM (t = 0.05), both
//   Table 2      GraphSVM at t = 0.01, 0.03, 0.05, 0.07 vs MCSVM: accuracy, training time ratio
//   memory       the largest single SVM of each method (Figure 11's measure, at the full 70 %)
//   ablations    the same methods on another copy of 20NG ("corpus-20ng") and on each other
//                Reuters selection rule (reuters_view.h), run prefixes "20ng-bydate" and
//                "reuters-<rule>"; they adopt nothing and are the evidence of the 20NG and Reuters
//                accuracy cells' computed causes
//
// The runs are declared in experiments.json ("protocol"): each data set (20NG, its 5-class subset,
// its other copy and splits, Reuters and its other selection rules) a task set of one task
// (main_tasks.h), each method by its key; once every run is stored, the declared cells (each
// table's rows, their notes and evidence) and the ablations and claims (main_cells.h). A corpus
// that cannot be found marks its published cells data_unavailable (their "dataset" tags in
// results/published).
//
// --fast: 5 fixed classes of 20NG (restrict_to_classes of the same prepared 20NG, so the full run
// computes the very same runs and cells: table "fast-20ng5"); no published cell is emitted.
#include <map>
#include <optional>

#include "corpora/corpus_view.h"
#include "experiments/graphsvm2002/datasets.h"
#include "experiments/graphsvm2002/experiments.h"
#include "experiments/graphsvm2002/main_cells.h"
#include "experiments/graphsvm2002/main_runs.h"
#include "experiments/graphsvm2002/main_tasks.h"
#include "experiments/graphsvm2002/reuters_view.h"
#include "harness/experiment/published.h"
#include "harness/protocol/protocol_runner.h"

namespace linrepro {

namespace {

constexpr const char* kMainExperiment = "main";
// The two-level hierarchy of 20NG: the 7 groups of the paper's Figure 2 (religion, politics,
// computers + misc.forsale + sci.electronics, recreation, and sci.crypt, sci.med, sci.space
// alone), whose HAC "gives clusters very similar to those in Figure 2". The clip rule of
// algorithms/graphsvm_clustering.h (the largest jump between successive merge distances) leaves
// 19 groups here: our NB's validation confusion puts almost all of comp.os.ms-windows.misc into
// other classes, and that first merge is followed by the largest jump. Reuters: the paper gives no
// grouping, the clip rule is used (the result says how many groups it leaves). (k20ngGroups,
// main_tasks.h.)

// The runs of data set `cls` by method key, none when it is not here.
std::optional<MainResults> runs_of(const ProtocolResults& results, const std::string& cls) {
  const auto why = results.unavailable.find(cls);
  const auto runs = results.tasks.find(cls);
  if (why == results.unavailable.end() || !why->second.empty() || runs == results.tasks.end())
    return std::nullopt;
  MainResults res;
  for (const auto& [name, records] : runs->second)
    if (!records.empty()) res.runs[name] = records.front();
  return res;
}

// Once every run is stored, after the declared cells, ablation tables and claims
// (experiments.json): Reuters' selection rules (counted on the ModApte documents with every
// category, with the methods' accuracy under each rule; the chosen rule's are the cells' runs) and
// its hierarchy at 10 and 20 groups against the clip rule's, then the memory claim.
void summarise(const ExperimentContext& ctx, ResultFile& rf, const ProtocolResults& results) {
  if (const std::optional<MainResults> reuters = runs_of(results, "reuters")) {
    const std::optional<PublishedPaper> published =
        load_published_if_present(ctx.published(), kGraphsvmPaper);
    Ablation view = reuters_view_ablation(load_corpus_view("reuters-modapte-topics"),
                                          published ? &*published : nullptr);
    std::map<std::string, std::map<std::string, double>> by_rule;
    for (const ReutersViewRule& r : reuters_view_rules())
      if (const auto res = r.chosen ? reuters : runs_of(results, "reuters-" + r.id))
        for (const auto& c : reuters_accuracy_columns())
          if (const RunRecord* run = res->get(c.run)) by_rule[r.id][c.column] = accuracy_of(*run);
    add_reuters_view_accuracies(view, by_rule, published ? &*published : nullptr);
    rf.add_ablation(view);
    if (auto a = reuters_hierarchy_ablation(*reuters, {10, 20})) rf.add_ablation(*a);
  }
  add_memory_claim(rf, results);
}

}  // namespace

void add_graphsvm2002_main(std::vector<ExperimentInfo>& registry) {
  ProtocolHooks hooks;
  hooks.task_sources = main_task_sources();
  hooks.aggregates = main_aggregates();
  hooks.claim_measures = main_claim_measures;
  hooks.summarise = summarise;
  register_protocol(registry, kGraphsvmPaper, kMainExperiment, std::move(hooks));
}

}  // namespace linrepro
