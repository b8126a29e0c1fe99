// run / compare / regress: the experiment side of linrepro.
#include <filesystem>

#include <fmt/format.h>

#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "experiments/register.h"
#include "harness/compare.h"
#include "harness/experiment.h"
#include "harness/regress.h"

namespace linrepro::cli {
namespace {

// "all", a paper id, or "paper/experiment".
std::vector<const ExperimentInfo*> select_experiments(const std::string& target) {
  std::vector<const ExperimentInfo*> out;
  for (const auto& e : experiment_registry())
    if (target == "all" || target == e.paper || target == e.paper + "/" + e.id) out.push_back(&e);
  if (out.empty()) {
    std::vector<std::string> names;
    for (const auto& e : experiment_registry()) names.push_back(e.paper + "/" + e.id);
    throw ConfigError(fmt::format("no experiment matches '{}' (known: all, {})", target, fmt::join(names, ", ")));
  }
  return out;
}

}  // namespace

void add_experiment_commands(CLI::App& app) {
  static std::string target = "all";
  static ExperimentContext ctx;
  static std::string results_dir = "results";
  static bool quiet = false;
  auto* run = app.add_subcommand("run", "run experiments: all, a paper id (mlrcg2003, zhangoles2001, graphsvm2002, sgdreport) or paper/experiment");
  run->add_option("target", target, "what to run")->capture_default_str();
  run->add_option("--results", results_dir, "results directory")->capture_default_str();
  run->add_option("--seed", ctx.seed, "experiment seed (run seeds are derived from it by name)")->capture_default_str();
  run->add_option("--threads", ctx.threads, "worker threads")->capture_default_str();
  run->add_flag("--force", ctx.force, "redo runs even when a result with the same config hash exists");
  run->add_flag("--fast", ctx.fast, "only the fast regression subset (written to results/<paper>/fast/)");
  run->add_flag("-q,--quiet", quiet, "no progress on stderr");
  run->add_flag("--list", [](int64_t) {
    register_experiments();
    for (const auto& e : experiment_registry()) fmt::print("{}/{:<24} {}\n", e.paper, e.id, e.description);
    throw CLI::Success();
  }, "list the experiments and exit");
  run->callback([] {
    register_experiments();
    ctx.results_dir = results_dir;
    ctx.progress = !quiet;
    const auto selected = select_experiments(target);
    int failed = 0;
    for (size_t i = 0; i < selected.size(); ++i) {
      const auto& e = *selected[i];
      fmt::print(stderr, "== [{}/{}] {}/{}: {}\n", i + 1, selected.size(), e.paper, e.id, e.description);
      try {
        e.run(ctx);
      } catch (const std::exception& ex) {  // one broken experiment does not stop the others
        ++failed;
        fmt::print(stderr, "!! {}/{} failed: {}\n", e.paper, e.id, ex.what());
      }
    }
    if (failed) throw std::runtime_error(fmt::format("{} of {} experiments failed", failed, selected.size()));
  });

  static std::string compare_dir = "results";
  auto* compare = app.add_subcommand("compare", "join produced and published cells: results/comparison.json and results/REPORT.md");
  compare->add_option("--results", compare_dir, "results directory")->capture_default_str();
  compare->callback([] {
    const Comparison c = compare_results(compare_dir);
    for (const auto& paper : c.papers) {
      const auto n = c.counts(paper.paper);
      fmt::print("{:<14} within {:>3}  outside {:>3}  not_run {:>3}  data_unavailable {:>3}\n", paper.paper,
                 n.at("within"), n.at("outside"), n.at("not_run"), n.at("data_unavailable"));
    }
    fmt::print("wrote {}/comparison.json and {}/REPORT.md\n", compare_dir, compare_dir);
  });

  static RegressOptions regress_opts;
  static std::string regress_dir = "results";
  auto* regress = app.add_subcommand("regress", "re-run the fast subset and check it against the committed reference run and the published tolerances");
  regress->add_option("--results", regress_dir, "results directory")->capture_default_str();
  regress->add_flag("--update", regress_opts.update, "write the new fast runs as the committed reference");
  regress->add_option("--only", regress_opts.only, "paper or paper/experiment (repeatable)");
  regress->add_flag("--progress", regress_opts.progress, "show the experiments' own progress");
  regress->callback([] {
    register_experiments();
    regress_opts.results_dir = regress_dir;
    const RegressSummary s = regression_check(regress_opts);
    if (s.exit_code() != 0) throw std::runtime_error(fmt::format("regression check: {} experiment(s) failed", s.failed));
  });
}

}  // namespace linrepro::cli
