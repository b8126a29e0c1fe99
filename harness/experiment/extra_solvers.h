#pragma once
// Solvers a user adds to a paper's experiment without editing its driver:
//   linrepro run zhangoles2001/table2 --with-solver liblinear-s5 --with-solver sgd-ridge:epochs=20
//   linrepro run sgdreport/tables --with-solver 'py:sklearn.svm.LinearSVC(C=1.0)'
//   linrepro run graphsvm2002/main --with-solver cmd:./my_solver.sh:loss=hinge
// Three kinds: a registered solver ("name[:k=v,...]"), an external program ("cmd:...") and a
// scikit-learn estimator ("py:..."), the last two through baselines/external_solver.h's protocol.
//
// Each experiment declares in its ExperimentInfo (`extra_solvers`) whether extra solvers join it,
// on which tasks (binary, or multiclass with one-vs-rest for a binary solver), and the lambda its
// protocol gives each loss; or why they cannot join. A driver that accepts them runs each through
// the paper's protocol exactly as its own methods (same data, features, splits, thresholds,
// metrics), at the lambda of its own method with the same loss (never chosen by the solver's
// name) unless the user sets lambda or C, and marks every run, cell and figure series "not part
// of the paper". `run` and `plan` refuse, naming the reason, an experiment that does not accept
// them, a solver whose kind does not fit its tasks or losses, and an experiment that asked for
// no run of an accepted solver (its data is unavailable): an option is never silently dropped.
#include <optional>
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"
#include "solvers/params.h"
#include "solvers/solver.h"

namespace linrepro {

inline constexpr const char* kExtraSolverNote =
    "not part of the paper: a solver added with --with-solver, run through the paper's protocol";

struct ExtraSolver {
  std::string solver;  // registry name (for cmd: and py:, the spec, registered on first use)
  Params params;       // what the user set for linrepro (lambda, C, timeout, ...; may be empty)
  // What its runs, rows and series are called: its `label=` setting, else the text as given
  // ("liblinear-s5", "liblinear-s5:C=2", "py:...LinearSVC()").
  std::string label;
  std::string spec;  // the --with-solver text as given
};

// One --with-solver text: "name[:k=v,...]" for a registered solver; "cmd:..." or "py:..." for an
// external one, which is added to the solver catalog (harness/experiment/solver_catalog.h) under
// its spec. A `label=NAME` among the k=v (letters, digits, . _ + -) names it and is no part of
// the solver. Throws ConfigError for an unknown solver (listing the registered ones), a malformed
// assignment or label, or an external spec that cannot be used (no declared loss, an estimator
// that cannot be built).
ExtraSolver parse_extra_solver(const std::string& text);
// The solver a declaration's method names: a registered solver, or a cmd: or py: spec, registered
// under its text on first use (a py: estimator is asked about itself once per process). Throws
// ConfigError as solver_catalog().get and parse_extra_solver do.
const SolverInfo& method_solver(const std::string& name);
// The label of a --with-solver text without parsing the solver (its label=, else the text).
std::string extra_solver_label(const std::string& text);
// ctx.extra_solvers parsed (each text once per process: a py: estimator is asked about itself
// once).
std::vector<ExtraSolver> extra_solvers(const ExperimentContext& ctx);

// The lambda a protocol's own method of one loss runs at, declared by the experiment.
struct ProtocolLambda {
  Loss loss = Loss::unspecified;  // unspecified: the protocol's one lambda, for any loss
  Penalty penalty = Penalty::l2;
  double lambda = 0;
  std::string method;  // the paper's method it belongs to ("Mod Least Squares")
};

// What an extra solver gets, and why.
struct ExtraLambda {
  double lambda = 0;
  std::string method;  // the paper's method whose lambda it is; "" when the user set lambda or C
  std::string rule;    // in words, for the result file's config
};

// The lambda of the protocol's method with the solver's loss and penalty; else of the method with
// its loss; else, when the user set lambda or C, that (the value passed is then irrelevant: the
// user's setting replaces it in extra_solver_params). Throws ConfigError naming the solver, its
// loss and the protocol's losses otherwise.
ExtraLambda extra_solver_lambda(const ExtraSolver& extra, const std::vector<ProtocolLambda>& table,
                                const std::string& experiment);

// The params an extra solver runs with under a protocol whose regularisation is `lambda` (the
// papers' (1/n) sum loss + lambda ||w||^2): regularization_params (lambda where the solver takes
// it, its intercept switch, e.g. LIBLINEAR's constant feature), overridden by what the user set (a
// user's C replaces lambda).
Params extra_solver_params(const ExtraSolver& extra, double lambda);

// The result-file tag of an extra solver's runs (RunRecord::extra): {"part": "extra", "note": ...}.
Json extra_solver_tag(const ExtraSolver& extra);

// The context experiment `info` runs with when the user's target was `target` ("all", a paper,
// "paper/id", or a plan's "all" for `run --keys-from`): ctx itself when the experiment takes extra
// solvers, or when it was named alone (run_experiment then refuses it with its reason); otherwise
// ctx without them (an experiment of a paper or of "all", or a dependency pulled in), and `note`
// says so: they never join it, and the user is told. Then, unless it writes_references, the solvers
// kept in ctx.results_dir (harness/experiment/kept_solvers.h) and not named now join, where they
// fit, as extra_solvers and kept_solvers; where they do not fit they stay out without a word (not
// asked for now).
// Whether ctx writes the project's own results/<paper>/fast/ files, the references `regress`
// checks the paper's fast subset against: no extra solver's run goes there (`run` refuses a named
// one, and kept ones stay out).
bool writes_references(const ExperimentContext& ctx);

ExperimentContext extra_solver_context(const ExperimentInfo& info, const std::string& target,
                                       const ExperimentContext& ctx, std::string* note);

// Before an experiment runs: ConfigError when ctx has extra solvers and the experiment does not
// accept them (with its declared reason), or one of them cannot do its tasks (a multiclass-only
// solver on binary tasks).
void check_extra_solvers_accepted(const ExperimentInfo& info, const ExperimentContext& ctx);
// After it ran (execute or plan): "" when every extra solver has a run, else a message naming the
// ones the experiment asked no run of (ResultFile::extra_solvers_asked), with the reason its cells
// give (data unavailable). `linrepro run` and `plan` fail on it for an experiment named alone.
std::string extra_solvers_unused(const ExperimentInfo& info, const ExperimentContext& ctx,
                                 const ResultFile& rf);

}  // namespace linrepro
