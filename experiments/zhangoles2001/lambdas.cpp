#include "experiments/zhangoles2001/lambdas.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>

#include "core/error.h"
#include "harness/experiment/extra_solvers.h"
#include "harness/results/ablation.h"

namespace linrepro {

namespace {

// The solvers that share a column's lambda: the paper's solver, its dual/one-vs-rest variants and
// the LIBLINEAR peer of the same loss.
void add_aliases(std::map<std::string, double>& m) {
  m["nb-ovr"] = m.at("nb");
  m["cmls-dual"] = m.at("cmls");
  m["liblinear-s0"] = m.at("clg");
  m["liblinear-s7"] = m.at("clg");
  m["liblinear-s1"] = m.at("cmls");
  m["liblinear-s2"] = m.at("cmls");
  m["liblinear-s3"] = m.at("smo");
  m["libsvm-linear"] = m.at("smo");
}

}  // namespace

std::map<std::string, double> zhangoles2001_lambdas_from_log10(
    const std::map<std::string, double>& log10_by_column, const std::string& source) {
  std::map<std::string, double> m;
  for (const auto& c : kZoTable1Columns) {
    const auto it = log10_by_column.find(c.column);
    if (it == log10_by_column.end())
      throw ConfigError(
          fmt::format("{}: no table1 lambda cell for \"{}\" (run `linrepro run "
                      "zhangoles2001/table1` first)",
                      source, c.column));
    m[c.solver] = std::pow(10.0, it->second);
  }
  add_aliases(m);
  return m;
}

std::map<std::string, double> zhangoles2001_paper_lambdas() {
  return zhangoles2001_lambdas_from_log10({{"Naive Bayes", -2},
                                           {"Lin Reg", -3},
                                           {"Mod Least Squares", -3},
                                           {"Logistic Reg", -4},
                                           {"SVM", -3},
                                           {"Mod SVM", -3}},
                                          "Zhang & Oles Table 1");
}

namespace {

// The full-mode Table 1 result document of ctx. Throws ConfigError when it does not exist.
Json table1_document(const ExperimentContext& ctx, std::filesystem::path& path) {
  ExperimentContext full = ctx;
  full.fast = false;
  path = result_file_path(full, "zhangoles2001", "table1");
  if (!std::filesystem::exists(path))
    throw ConfigError(
        fmt::format("{} not found: Table 1's lambdas come from its cross-validation; "
                    "run `linrepro run zhangoles2001/table1` first",
                    path.string()));
  return read_result_file(path);
}

}  // namespace

std::map<std::string, double> zhangoles2001_lambdas(const ExperimentContext& ctx) {
  if (ctx.fast) return zhangoles2001_paper_lambdas();  // the documented fast-mode shortcut
  std::filesystem::path path;
  std::map<std::string, double> log10_by_column;
  for (const Cell& c : result_cells(table1_document(ctx, path)))
    if (c.table == "table1" && c.row == "lambda" && c.status == "ok")
      log10_by_column[c.column] = c.value;
  return zhangoles2001_lambdas_from_log10(log10_by_column, path.string());
}

Json zhangoles2001_extra_lambdas(const ExperimentContext& ctx) {
  Json out = Json::object();
  if (ctx.fast || ctx.extra_solvers.empty()) return out;
  std::filesystem::path path;
  const std::string suffix = " (extra)";
  for (const Cell& c : result_cells(table1_document(ctx, path)))
    if (c.table == "table1" && c.row == "lambda" && c.status == "ok" && c.column.ends_with(suffix))
      out[c.column.substr(0, c.column.size() - suffix.size())] = std::pow(10.0, c.value);
  for (const std::string& text : ctx.extra_solvers)
    if (const std::string label = extra_solver_label(text); !out.contains(label))
      std::cerr << fmt::format(
          "note: --with-solver {} has no lambda of its own in {} (run `linrepro run "
          "zhangoles2001/table1 --with-solver {}`): it runs at the lambda of the paper's "
          "method with its loss\n",
          label, path.string(), text);
  return out;
}

Json zhangoles2001_supplied_lambdas(const ExperimentContext& ctx) {
  const std::map<std::string, double> lambdas = zhangoles2001_lambdas(ctx);
  Json out = Json::object();
  out["extra_lambda"] = zhangoles2001_extra_lambdas(ctx);
  for (const ZoTable1Column& c : kZoTable1Columns) {
    std::string name = fmt::format("lambda_{}", c.solver);
    std::replace(name.begin(), name.end(), '-', '_');
    out[name] = lambdas.at(c.solver);
  }
  return out;
}

std::map<std::string, double> zhangoles2001_cv_best_lambdas(const ExperimentContext& ctx) {
  if (ctx.fast) return {};
  std::filesystem::path path;
  const Json doc = table1_document(ctx, path);
  for (const Json& a : doc.value("ablations", Json::array())) {
    const Ablation ablation = ablation_from_json(a);
    if (ablation.id != "table1-tie-rule") continue;
    for (const AblationRow& row : ablation.rows) {
      if (row.variant != "best") continue;
      std::map<std::string, double> log10_by_column;
      for (size_t i = 0; i < ablation.columns.size(); ++i)
        if (row.values.at(i)) log10_by_column[ablation.columns[i]] = *row.values[i];
      std::map<std::string, double> out;
      for (const auto& [solver, lambda] :
           zhangoles2001_lambdas_from_log10(log10_by_column, path.string()))
        for (const auto& c : kZoTable1Columns)
          if (solver == c.solver) out[solver] = lambda;
      return out;
    }
  }
  throw ConfigError(fmt::format(
      "{}: no \"best\" row in ablation \"table1-tie-rule\" (stored before the tie rule: rerun "
      "`linrepro run zhangoles2001/table1 --force`)",
      path.string()));
}

}  // namespace linrepro
