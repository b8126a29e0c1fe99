#pragma once
// Table 1's regularisation parameters, shared by every zhangoles2001 experiment that uses "the
// lambda of Table 1" (Tables 2/3 on Reuters, Table 5 on the other corpora, section 4.1).
//
// zhangoles2001_lambdas(ctx) maps a registered solver name to the lambda our Table 1 chose:
//   "nb", "nb-ovr"  -> the smoothing count (naive Bayes' lambda, section 4.1; param "smoothing")
//   "cls", "cmls", "clg", "smo", "mod-svm", "cmls-dual" -> lambda of eq. (12) (SVM: of (7)),
//   the paper convention; convert with solvers/regularization.h lambda_to_C for C-based solvers.
//   "liblinear-s0" (= clg's lambda), "liblinear-s2" (= cmls'), "liblinear-s3" (= smo's): the peers
//   of the same losses get the lambda of the method they mirror.
// Where the values come from:
//   - ctx.fast: the paper's Table 1 (NB 1e-2, Lin Reg 1e-3, Mod LS 1e-3, Logistic 1e-4, SVM 1e-3,
//     Mod SVM 1e-3). A documented fast-mode shortcut: the regression subset must run in seconds and
//     cannot afford the cross-validation.
//   - full mode: read from the zhangoles2001/table1 result file of ctx (result_file_path(ctx,
//     "zhangoles2001", "table1")): its cells ("table1", "lambda", <column>) hold log10 lambda. If
//     the file or a cell is absent (or not ok), throws ConfigError telling to run
//     `linrepro run zhangoles2001/table1` first (the cross-validation costs minutes; silently
//     redoing it inside another experiment would hide that cost). `linrepro run zhangoles2001`
//     runs table1 before the experiments that need it (registration order).
#include <map>
#include <string>

#include "harness/experiment/experiment.h"

namespace linrepro {

// Paper's Table 1 values (the fast-mode shortcut, and what Table 1 is compared against).
std::map<std::string, double> zhangoles2001_paper_lambdas();

// See above: the Table 1 lambdas of this results directory (full) or the paper's (fast).
std::map<std::string, double> zhangoles2001_lambdas(const ExperimentContext& ctx);

// Table 1's lambdas as a declared protocol's supplied values
// (harness/language/declared_protocol.h): "lambda_<solver>" for each Table 1 method, '-' as '_'
// ("lambda_mod_svm"); and "extra_lambda", zhangoles2001_extra_lambdas.
Json zhangoles2001_supplied_lambdas(const ExperimentContext& ctx);

// {label: lambda} of every solver added with --with-solver whose own lambda Table 1's
// cross-validation chose (its cell "<label> (extra)" in row "lambda", log10): what Tables 2, 3
// and 5 and text 4 run it at (the place's "--with-solver" lambda entry). Empty in fast mode (the
// fast shortcut takes the paper's lambdas, so an extra solver takes the lambda of its loss) and
// without extra solvers; a solver missing here (Table 1 not run with it, or its CV failed) takes
// the lambda of the paper's method with its loss, as before Table 1 knew it.
Json zhangoles2001_extra_lambdas(const ExperimentContext& ctx);

// The lambdas the cross-validation found best before the tie rule (Table 1's ablation
// "table1-tie-rule", row "best"), by the paper's solver names only ("nb", "cls", ...): what
// Table 2's tie-rule ablation runs at. Empty in fast mode (no cross-validation); throws
// ConfigError when Table 1's file is missing or predates the rule.
std::map<std::string, double> zhangoles2001_cv_best_lambdas(const ExperimentContext& ctx);

// The same map from Table 1's published column names ("Naive Bayes", "Lin Reg", ...) -> log10
// lambda (the cells' values): what zhangoles2001_lambdas does with a table1 result file's cells.
// Throws ConfigError naming `source` when a column is missing.
std::map<std::string, double> zhangoles2001_lambdas_from_log10(
    const std::map<std::string, double>& log10_by_column, const std::string& source);

// Table 1's columns and the solver each names, in the paper's order.
struct ZoTable1Column {
  const char* column;  // "Lin Reg"
  const char* solver;  // "cls"
};
inline constexpr ZoTable1Column kZoTable1Columns[] = {
    {"Naive Bayes", "nb"},   {"Lin Reg", "cls"}, {"Mod Least Squares", "cmls"},
    {"Logistic Reg", "clg"}, {"SVM", "smo"},     {"Mod SVM", "mod-svm"}};

}  // namespace linrepro
