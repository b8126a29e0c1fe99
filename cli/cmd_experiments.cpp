// run / compare / regress: the experiment side of linrepro.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/stopwatch.h"
#include "corpora/data_resolver.h"
#include "experiments/register.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/experiment_schedule.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/experiment/kept_solvers.h"
#include "harness/experiment/run_experiment.h"
#include "harness/judge/compare.h"
#include "harness/judge/regress.h"
#include "harness/judge/status_table.h"

namespace linrepro::cli {
namespace {

// "i/N" -> (i, N).
std::pair<int, int> parse_shard(const std::string& text) {
  int i = -1, n = 0;
  char slash = 0;
  std::istringstream in(text);
  if (!(in >> i >> slash >> n) || slash != '/' || !in.eof() || n < 1 || i < 0 || i >= n)
    throw ConfigError(fmt::format("--shard '{}': expected i/N with 0 <= i < N", text));
  return {i, n};
}

// "; against the published file: 9 input, 22 within, 2 outside, 6 unavailable": this
// experiment's cells judged as `linrepro compare` judges them ("" without cells or a published
// file; a shard has no cells).
std::string published_counts(const ExperimentInfo& e, const ExperimentContext& ctx,
                             const ExperimentOutcome& o) {
  const auto published_file = ctx.published() / (e.paper + ".json");
  if (!o.cells || !std::filesystem::exists(published_file) || !std::filesystem::exists(o.path))
    return "";
  const auto n = experiment_cell_counts(load_published(published_file),
                                        result_cells(read_result_file(o.path)));
  std::string text =
      fmt::format("; against the published file: {} input, {} within, {} outside, {} unavailable",
                  n.at("input"), n.at("within"), n.at("outside"), n.at("data_unavailable"));
  if (n.at("not_run")) text += fmt::format(", {} not run", n.at("not_run"));
  if (n.at("unmatched")) text += fmt::format(", {} with no published value", n.at("unmatched"));
  return text;
}

void print_outcome(const ExperimentInfo& e, const ExperimentContext& ctx,
                   const ExperimentOutcome& o, double seconds) {
  const auto& c = o.counts;
  std::string line = fmt::format("== {}: {} computed, {} reused, {} failed", experiment_name(e),
                                 c.computed, c.reused, c.failed);
  if (c.extra_failed) line += fmt::format(" (and {} of extra solvers)", c.extra_failed);
  if (c.pending) line += fmt::format(", {} pending", c.pending);
  if (o.cells)
    line += fmt::format("; {} cells ({} data unavailable)", o.cells, o.unavailable_cells);
  if (o.claims) line += fmt::format(", {} claims", o.claims);
  if (ctx.selection.mode == RunSelection::Mode::execute) line += published_counts(e, ctx, o);
  fmt::print(stderr, "{} -> {} ({:.0f} s)\n", line, o.path.string(), seconds);
}

// An experiment that asked for no run of an extra solver (its data is unavailable): an error (1)
// when it was named alone, a note (0) when a paper or "all" selected it.
int report_unused_extras(const ExperimentInfo& e, const std::string& target,
                         const ExperimentOutcome& o) {
  if (o.extra_unused.empty()) return 0;
  const bool named = target == experiment_name(e);
  fmt::print(stderr, "{} {}\n", named ? "!!" : "--", o.extra_unused);
  return named ? 1 : 0;
}

// --jobs' default: every core.
int default_jobs() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

// The selected experiments with what their stored runs took, for run_scheduled's order (read
// only when several run at once: one at a time keeps the list's order).
std::vector<ScheduledExperiment> schedule(const std::vector<const ExperimentInfo*>& selected,
                                          const ExperimentContext& ctx, int jobs) {
  std::vector<ScheduledExperiment> list;
  for (const ExperimentInfo* e : selected)
    list.push_back(
        {e, jobs > 1 ? stored_cost_seconds(result_file_path(ctx, e->paper, e->id)) : 0.0});
  return list;
}

// --with-solver that joined no selected experiment (each refused it or had no data for it) fails
// the command, unless an experiment's failure already says why.
void require_extras_used(const ExperimentContext& ctx, int used, int failed) {
  if (ctx.extra_solvers.empty() || used > 0 || failed > 0) return;
  throw ConfigError(fmt::format(
      "--with-solver {}: no selected experiment runs it (`linrepro run --list`; the experiments "
      "that take extra solvers are named in the README's \"Extending it\")",
      fmt::join(ctx.extra_solvers, ", ")));
}

// The project's own results/<paper>/fast/ files are `regress`'s references: extra solvers'
// runs and rows there would fail it. A fast run with --with-solver goes to another --results.
void refuse_extras_in_references(const ExperimentContext& ctx) {
  if (ctx.extra_solvers.empty() || !writes_references(ctx)) return;
  throw ConfigError(fmt::format(
      "--fast --with-solver would write into {}/<paper>/fast/, the references `linrepro "
      "regress` checks the paper's fast subset against; give another results folder "
      "(--results /tmp/mine)",
      ctx.results_dir.string()));
}

}  // namespace

void add_experiment_commands(CLI::App& app) {
  static std::string target = "all";
  static ExperimentContext ctx;
  static std::string results_dir = "results";
  static bool quiet = false;
  static std::string keys_from, shard = "0/1";
  static int jobs = default_jobs();
  auto* run = app.add_subcommand("run",
                                 "run experiments: all, a paper id (mlrcg2003, zhangoles2001, "
                                 "graphsvm2002, sgdreport) or paper/experiment");
  run->add_option("target", target, "what to run")->capture_default_str();
  run->add_option("--results", results_dir, "results directory")->capture_default_str();
  run->add_option("--seed", ctx.seed, "experiment seed (run seeds are derived from it by name)")
      ->capture_default_str();
  run->add_option("--threads", ctx.threads, "worker threads of each experiment")
      ->capture_default_str();
  run->add_option("--jobs,-j", jobs,
                  "experiments run at once (default: the number of cores); one whose timings are "
                  "published runs alone; results are the same files as with --jobs 1")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  run->add_flag("--force", ctx.force,
                "redo runs even when a result with the same config hash exists");
  run->add_flag("--fast", ctx.fast,
                "only the fast regression subset (written to results/<paper>/fast/)");
  run->add_flag("-q,--quiet", quiet, "no progress on stderr");
  run->add_option("--keys-from", keys_from,
                  "execute only the runs listed in this plan file (`linrepro plan` output), into "
                  "shard files that `linrepro merge` folds in; the plan, not the target, says "
                  "which experiments run");
  run->add_option("--shard", shard,
                  "with --keys-from: execute shard i of N (0 <= i < N) of the plan's lines")
      ->capture_default_str();
  run->add_option("--with-solver", ctx.extra_solvers,
                  "add a solver beside the paper's methods (repeatable): a registered one as "
                  "name[:k=v,...], a program as cmd:PROGRAM[:k=v,...], a scikit-learn estimator "
                  "as py:MODULE.CLASS(k=v,...)[:k=v,...]; label=NAME among the k=v names it; its "
                  "runs are marked as not part of the "
                  "paper; an experiment it cannot join is refused with the reason. Kept in "
                  "<results>/solvers.json: later runs take it wherever it fits (`linrepro forget` "
                  "drops it)");
  run->add_flag(
      "--list",
      [](int64_t) {
        register_experiments();
        // Experiments outside the default set run only when named.
        for (const auto& e : experiment_registry()) {
          const auto tasks = e.extra_solvers.tasks;
          fmt::print("{}/{:<24} {}{}{}{}\n", e.paper, e.id, e.description,
                     e.in_default_set ? "" : " [not in the default set: run it by name]",
                     e.timed ? " [timed: its timings are published, so it runs alone]" : "",
                     tasks == ExtraSolverSupport::Tasks::binary ? " [--with-solver: binary tasks]"
                     : tasks == ExtraSolverSupport::Tasks::multiclass
                         ? " [--with-solver: multiclass tasks]"
                         : "");
        }
        throw CLI::Success();
      },
      "list the experiments and exit");
  run->callback([] {
    register_experiments();
    use_results_dir(ctx, results_dir);
    ctx.progress = !quiet;
    extra_solvers(ctx);  // a bad --with-solver fails here, before any experiment starts
    refuse_extras_in_references(ctx);
    // With a plan, the plan's lines say which experiments run (a dependency planned in the same
    // grid has a result file by now, which would drop it from `target`'s selection).
    const auto selected = keys_from.empty()
                              ? select_experiments(experiment_registry(), target, ctx)
                              : select_experiments(experiment_registry(), "all", ctx, true);
    const auto [shard_i, shard_n] = parse_shard(shard);
    const std::string selected_by = keys_from.empty() ? target : "all";
    int failed = 0, extras_used = 0;
    std::mutex counts;  // experiments may end on several workers at once (--jobs)
    const auto run_one = [&](size_t i) {
      const auto& e = *selected[i];
      std::string note;  // extra solvers that do not join this experiment (a shard stays quiet)
      ExperimentContext c =
          extra_solver_context(e, selected_by, ctx, keys_from.empty() ? &note : nullptr);
      if (!note.empty()) fmt::print(stderr, "-- {}\n", note);
      if (!keys_from.empty()) {
        c.selection = subset_selection(e, c, keys_from, shard_i, shard_n);
        if (c.selection.keys.empty()) return;  // nothing of this experiment in this shard
      }
      fmt::print(stderr, "== [{}/{}] {}: {}\n", i + 1, selected.size(), experiment_name(e),
                 e.description);
      int failures = 0, used = 0;
      try {
        const Stopwatch clock;
        const ExperimentOutcome o = run_experiment(e, c);
        print_outcome(e, c, o, clock.seconds());
        for (const auto& f : o.extra_failures)
          fmt::print(stderr, "!! {}: extra solver failed, {}\n", experiment_name(e), f);
        if (!o.extra_failures.empty())
          fmt::print(stderr,
                     "!! {}: a failed run is retried on every run while its solver is kept ({}); "
                     "`linrepro forget --solver SPEC` drops a solver and its runs\n",
                     experiment_name(e), kept_solvers_path(c.results_dir).string());
        // A shard's failed runs (elsewhere a failure throws), and extra solvers' failed runs.
        failures += o.counts.failed > 0 || !o.extra_failures.empty();
        used += c.extra_solvers.size() > c.kept_solvers.size() && o.extra_unused.empty();
        failures += report_unused_extras(e, selected_by, o);
      } catch (const std::exception& ex) {  // one broken experiment does not stop the others
        ++failures;
        fmt::print(stderr, "!! {} failed: {}\n", experiment_name(e), ex.what());
      }
      std::lock_guard lock(counts);
      failed += failures;
      extras_used += used;
    };
    run_scheduled(schedule(selected, ctx, jobs), jobs, run_one);
    require_extras_used(ctx, keys_from.empty() ? extras_used : 1, failed);
    // The solvers named now stay part of these results (a shard's are kept by its grid's run).
    if (keys_from.empty() && extras_used > 0) keep_solvers(ctx.results_dir, ctx.extra_solvers);
    if (failed)
      throw std::runtime_error(fmt::format("{} of {} experiments failed", failed, selected.size()));
  });

  static std::string plan_target = "all", plan_results = "results";
  static bool plan_fast = false;
  auto* plan = app.add_subcommand(
      "plan",
      "print the runs the next round would compute (not stored yet) as JSON lines: experiment, "
      "key, config_hash, solver, dataset, cost_seconds (its last run's, else the experiment's "
      "median) and cost_from");
  plan->add_option("target", plan_target, "all, a paper id or paper/experiment")
      ->capture_default_str();
  plan->add_option("--results", plan_results, "results directory")->capture_default_str();
  plan->add_flag("--fast", plan_fast, "the fast regression subset");
  static std::vector<std::string> plan_extra;
  plan->add_option("--with-solver", plan_extra,
                   "as for run: the extra solvers' runs are planned too");
  plan->callback([] {
    register_experiments();
    ExperimentContext c;
    use_results_dir(c, plan_results);
    c.fast = plan_fast;
    c.progress = false;
    c.selection.mode = RunSelection::Mode::plan;
    c.extra_solvers = plan_extra;
    extra_solvers(c);               // a bad --with-solver fails before anything is planned
    std::set<std::string> waiting;  // experiments with pending runs: their dependents wait
    int failed = 0, extras_used = 0;
    for (const auto* e : select_experiments(experiment_registry(), plan_target, c)) {
      try {
        std::string note;
        const ExperimentContext ce = extra_solver_context(*e, plan_target, c, &note);
        if (!note.empty()) fmt::print(stderr, "-- plan {}\n", note);
        check_extra_solvers_accepted(*e, ce);  // a refusal is said even when it has to wait
        const auto blocker =
            std::find_if(e->depends_on.begin(), e->depends_on.end(),
                         [&](const std::string& d) { return waiting.contains(d); });
        if (blocker != e->depends_on.end() && ce.extra_solvers.size() > ce.kept_solvers.size() &&
            plan_target == experiment_name(*e)) {
          // Asked by name for extra solvers' runs that this plan cannot list: a zero exit would
          // read as "nothing to run". A paper or "all" is a round of a longer loop: a note.
          ++failed;
          waiting.insert(experiment_name(*e));
          fmt::print(stderr,
                     "!! plan {}: its extra solvers' runs ({}) cannot be listed yet: they are "
                     "computed from {}'s results, whose runs are pending (listed above); run them "
                     "(`linrepro run {} --results {}`), then plan again\n",
                     experiment_name(*e), fmt::join(ce.extra_solvers, ", "), *blocker, *blocker,
                     plan_results);
          continue;
        }
        if (blocker != e->depends_on.end()) {
          fmt::print(stderr, "plan {}: waits for {} (it has pending runs){}\n", experiment_name(*e),
                     *blocker,
                     ce.extra_solvers.empty() ? "" : "; its extra solvers' runs come then");
          extras_used += ce.extra_solvers.size() > ce.kept_solvers.size();
          waiting.insert(experiment_name(*e));
          continue;
        }
        const ExperimentOutcome o = run_experiment(*e, ce);
        extras_used += ce.extra_solvers.size() > ce.kept_solvers.size() && o.extra_unused.empty();
        failed += report_unused_extras(*e, plan_target, o);
        for (const auto& p : o.pending)
          fmt::print("{}\n", plan_line(*e, p, o.median_cost_seconds).dump());
        fmt::print(stderr, "plan {}: {} pending, {} stored\n", experiment_name(*e),
                   o.pending.size(), o.counts.reused);
        if (!o.complete()) waiting.insert(experiment_name(*e));
      } catch (const std::exception& ex) {
        ++failed;
        waiting.insert(experiment_name(*e));
        fmt::print(stderr, "!! plan {}: {}\n", experiment_name(*e), ex.what());
      }
    }
    require_extras_used(c, extras_used, failed);
    if (failed)
      throw std::runtime_error(fmt::format("{} experiment(s) could not be planned", failed));
  });

  static std::string merge_target = "all", merge_results = "results";
  static bool merge_fast = false;
  auto* merge = app.add_subcommand(
      "merge", "fold the shard files of `run --keys-from` into the experiments' result files");
  merge->add_option("target", merge_target, "all, a paper id or paper/experiment")
      ->capture_default_str();
  merge->add_option("--results", merge_results, "results directory")->capture_default_str();
  merge->add_flag("--fast", merge_fast, "the fast regression subset");
  merge->callback([] {
    register_experiments();
    ExperimentContext c;
    use_results_dir(c, merge_results);
    c.fast = merge_fast;
    // Shard files of an experiment outside the default set are folded in too.
    for (const auto* e : select_experiments(experiment_registry(), merge_target, c, true)) {
      const int n = merge_shards(*e, c);
      if (n)
        fmt::print(stderr, "merge {}: {} runs from shards -> {}\n", experiment_name(*e), n,
                   result_file_path(c, e->paper, e->id).string());
    }
  });

  static std::string compare_dir = "results", compare_readme;
  static bool check_readme = false;
  auto* compare = app.add_subcommand("compare",
                                     "join produced and published cells: results/comparison.json "
                                     "and results/REPORT.md, and the README's status table");
  compare->add_option("--results", compare_dir, "results directory")->capture_default_str();
  compare->add_option("--readme", compare_readme,
                      "the README whose status-table block is rewritten (default: README.md beside "
                      "the results directory; "
                      "left alone without the markers)");
  compare->add_flag("--check-readme", check_readme,
                    "write nothing: fail unless the README's status table is the one "
                    "<results>/comparison.json gives");
  compare->callback([] {
    const std::filesystem::path readme =
        compare_readme.empty() ? std::filesystem::absolute(compare_dir).parent_path() / "README.md"
                               : std::filesystem::path(compare_readme);
    if (check_readme) {
      const std::string diff =
          check_status_table(readme, std::filesystem::path(compare_dir) / "comparison.json");
      if (!diff.empty()) throw std::runtime_error(diff);
      fmt::print("{}: the status table agrees with {}/comparison.json\n", readme.string(),
                 compare_dir);
      return;
    }
    const Comparison c = compare_results(compare_dir, readme);
    for (const auto& paper : c.papers) {
      const auto n = c.counts(paper.paper);
      fmt::print(
          "{:<14} input {:>3}  within {:>3}  outside {:>3}  not_run {:>3}  data_unavailable {:>3}  "
          "duplicates {:>2}  claims hold {:>2} / do not hold {:>2} / indistinguishable {:>2} / not "
          "checked {:>2}\n",
          paper.paper, n.at("input"), n.at("within"), n.at("outside"), n.at("not_run"),
          n.at("data_unavailable"), n.at("duplicates"), n.at("claims_hold"),
          n.at("claims_do_not_hold"), n.at("claims_indistinguishable"), n.at("claims_not_checked"));
    }
    fmt::print("wrote {}/comparison.json and {}/REPORT.md\n", compare_dir, compare_dir);
  });

  static RegressOptions regress_opts;
  static std::string regress_dir = "results";
  auto* regress = app.add_subcommand("regress",
                                     "re-run the fast subset and check it against the committed "
                                     "reference run and the published tolerances");
  regress->add_option("--results", regress_dir, "results directory")->capture_default_str();
  regress->add_flag("--update", regress_opts.update,
                    "write the new fast runs as the committed reference");
  regress->add_option("--only", regress_opts.only, "paper or paper/experiment (repeatable)");
  regress->add_flag("--progress", regress_opts.progress, "show the experiments' own progress");
  regress_opts.jobs = default_jobs();
  regress
      ->add_option("--jobs,-j", regress_opts.jobs,
                   "experiments checked at once (default: the number of cores; timed ones "
                   "alone)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  regress->callback([] {
    register_experiments();
    regress_opts.results_dir = regress_dir;
    const RegressSummary s = regression_check(regress_opts);
    if (s.exit_code() != 0)
      throw std::runtime_error(fmt::format("regression check: {} experiment(s) failed", s.failed));
  });
}

}  // namespace linrepro::cli
