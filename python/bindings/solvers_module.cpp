// linrepro._solvers: the solver registry and the experiments seen from Python (python/linrepro/
// builds the scikit-learn estimators and load_task on top of it): what the registered solvers are
// (their declared parameters, as `linrepro solvers` lists them), one fit, and the data of one run
// of an experiment. Matrices cross as the three arrays of a scipy CSR matrix; work runs without
// the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/project_root.h"
#include "corpora/data_errors.h"
#include "experiments/register.h"
#include "harness/experiment/experiment_task_data.h"
#include "harness/experiment/solver_catalog.h"
#include "solvers/solver.h"

namespace py = pybind11;

namespace linrepro {
namespace {

// The program's catalog: the registered solvers (baselines/, algorithms/).
const SolverRegistry& registry() { return solver_catalog(); }

py::object to_python(const nlohmann::json& value) {
  return py::module_::import("json").attr("loads")(value.dump());
}

py::dict describe_param(const ParamDecl& p) {
  py::dict d;
  d["name"] = p.name;
  d["type"] = to_string(p.type);
  d["type_text"] = p.type_text();
  d["default"] = to_python(p.default_value);
  d["no_default"] = p.no_default;
  d["min"] = p.min;
  d["allowed"] = std::vector<std::string>(p.allowed.begin(), p.allowed.end());
  d["doc"] = p.doc;
  return d;
}

py::list describe_solvers() {
  py::list out;
  for (const SolverInfo& s : registry().all()) {
    py::dict d;
    d["name"] = s.name;
    d["description"] = s.description;
    d["source"] = s.source;
    d["classes"] = classes_text(s);
    d["binary"] = static_cast<bool>(s.fit_binary);
    d["loss"] = to_string(s.kind.loss);
    d["penalty"] = to_string(s.kind.penalty);
    d["intercept"] = to_string(s.kind.intercept);
    d["lambda_param"] = s.kind.lambda_param;
    d["objective"] = s.kind.objective;
    py::list params;
    for (const ParamDecl& p : s.params) params.append(describe_param(p));
    d["params"] = params;
    out.append(d);
  }
  return out;
}

// The rows of scipy's CSR arrays as our CsrMatrix (int64 row pointers, so one copy).
CsrMatrix to_csr(py::array_t<int64_t, py::array::c_style | py::array::forcecast> indptr,
                 py::array_t<int32_t, py::array::c_style | py::array::forcecast> indices,
                 py::array_t<double, py::array::c_style | py::array::forcecast> data,
                 int32_t cols) {
  CsrMatrix X;
  X.rows = static_cast<int32_t>(indptr.size() - 1);
  X.cols = cols;
  X.row_ptr.assign(indptr.data(), indptr.data() + indptr.size());
  X.col_idx.assign(indices.data(), indices.data() + indices.size());
  X.values.assign(data.data(), data.data() + data.size());
  return X;
}

struct Fitted {
  std::vector<LinearModel> models;  // one (binary) or one per class
  MulticlassFit fit;                // stop, iterations, objective, extra (model unused)
};

// classes == 2 and the solver has a binary fit: one model, y = +1 for class 1. Otherwise one
// per class (native multiclass or one-vs-rest, as `linrepro train --multiclass`).
Fitted fit_solver(const std::string& name, const CsrMatrix& X, std::span<const int32_t> y,
                  int32_t classes, const Params& params, uint64_t seed) {
  const SolverInfo& s = registry().get(name);
  FitContext ctx;
  ctx.seed = seed;
  Fitted out;
  if (classes == 2 && s.fit_binary) {
    std::vector<double> signs(y.size());
    std::transform(y.begin(), y.end(), signs.begin(),
                   [](int32_t c) { return c == 1 ? 1.0 : -1.0; });
    BinaryFit b = registry().fit_binary(name, {X, signs}, params, ctx);
    out.models.push_back(std::move(b.model));
    out.fit = {{}, b.stop, b.iterations, b.objective, std::move(b.extra)};
    return out;
  }
  MulticlassLabels labels;
  labels.y.assign(y.begin(), y.end());
  for (int32_t k = 0; k < classes; ++k) labels.class_names.push_back(std::to_string(k));
  out.fit = registry().fit_multiclass(name, {X, labels}, params, ctx);
  out.models = std::move(out.fit.model.per_class);
  return out;
}

py::dict fit(const std::string& name,
             py::array_t<int64_t, py::array::c_style | py::array::forcecast> indptr,
             py::array_t<int32_t, py::array::c_style | py::array::forcecast> indices,
             py::array_t<double, py::array::c_style | py::array::forcecast> data, int32_t cols,
             py::array_t<int32_t, py::array::c_style | py::array::forcecast> y, int32_t classes,
             const std::string& params_json, uint64_t seed) {
  const CsrMatrix X = to_csr(indptr, indices, data, cols);
  if (y.size() != X.rows) throw ConfigError(fmt::format("{} labels for {} rows", y.size(), X.rows));
  const Params params = nlohmann::json::parse(params_json);
  const std::span<const int32_t> labels(y.data(), static_cast<size_t>(y.size()));
  Fitted f;
  {
    py::gil_scoped_release unlocked;
    f = fit_solver(name, X, labels, classes, params, seed);
  }
  const auto rows = static_cast<py::ssize_t>(f.models.size());
  py::array_t<double> coef({rows, static_cast<py::ssize_t>(cols)});
  py::array_t<double> intercept(rows);
  std::vector<bool> tie_positive;
  auto c = coef.mutable_unchecked<2>();
  auto b = intercept.mutable_unchecked<1>();
  for (py::ssize_t k = 0; k < rows; ++k) {
    const LinearModel& m = f.models[static_cast<size_t>(k)];
    // w may be shorter than cols (trailing columns with no entry); never longer: a solver's
    // constant feature is in b.
    if (m.w.size() > static_cast<size_t>(cols))
      throw std::logic_error(fmt::format("{}: {} weights for {} columns", name, m.w.size(), cols));
    for (py::ssize_t j = 0; j < cols; ++j)
      c(k, j) = static_cast<size_t>(j) < m.w.size() ? m.w[static_cast<size_t>(j)] : 0.0;
    b(k) = m.b;
    tie_positive.push_back(m.tie_positive);
  }
  py::dict out;
  out["coef"] = coef;
  out["intercept"] = intercept;
  out["tie_positive"] = tie_positive;
  out["iterations"] = f.fit.iterations;
  out["objective"] = f.fit.objective;
  out["stop"] = to_string(f.fit.stop);
  out["extra"] = to_python(f.fit.extra);
  return out;
}

py::tuple csr_arrays(const CsrMatrix& X) {
  return py::make_tuple(py::array_t<int64_t>(X.row_ptr.size(), X.row_ptr.data()),
                        py::array_t<int32_t>(X.col_idx.size(), X.col_idx.data()),
                        py::array_t<double>(X.values.size(), X.values.data()),
                        py::make_tuple(X.rows, X.cols));
}

// The data of run `run_key` of `experiment`, as `linrepro export <experiment> --task` writes it;
// results_dir: where the supplied values (another experiment's results) are read.
py::dict load_task(const std::string& experiment, const std::string& run_key,
                   const std::string& results_dir) {
  TaskData data;
  {
    py::gil_scoped_release unlocked;
    register_experiments();
    ExperimentContext ctx;
    use_results_dir(
        ctx, results_dir.empty() ? repo_root() / "results" : std::filesystem::path(results_dir));
    ctx.progress = false;
    data = experiment_task_data(experiment_registry(), experiment, ctx, run_key);
  }
  py::dict out;
  out["X_train"] = csr_arrays(data.X_train);
  out["X_test"] = csr_arrays(data.X_test);
  out["y_train"] = py::array_t<double>(data.y_train.size(), data.y_train.data());
  out["y_test"] = py::array_t<double>(data.y_test.size(), data.y_test.data());
  out["feature_names"] = data.feature_names;
  out["description"] = to_python(data.description);
  return out;
}

}  // namespace
}  // namespace linrepro

PYBIND11_MODULE(_solvers, m) {
  m.doc() =
      "linrepro's solver registry: the registered solvers and one fit (see linrepro.estimator)";
  py::register_exception<linrepro::ConfigError>(m, "ConfigError", PyExc_ValueError);
  py::register_exception<linrepro::DataError>(m, "DataError", PyExc_ValueError);
  m.def(
      "project_root",
      [] {
        const auto root = linrepro::find_root();
        return py::make_tuple(root.path.string(), root.source);
      },
      "The project root linrepro reads from (as the program finds it) and how it was found.");
  m.def("solvers", &linrepro::describe_solvers,
        "The registered solvers: name, description, source, parameters (as `linrepro solvers`).");
  py::register_exception<linrepro::DataUnavailable>(m, "DataUnavailable", PyExc_FileNotFoundError);
  m.def("load_task", &linrepro::load_task, py::arg("experiment"), py::arg("run_key"),
        py::arg("results_dir") = "",
        "The data run `run_key` of `experiment` is fitted on: CSR arrays, labels, feature names, "
        "description.");
  m.def("fit", &linrepro::fit, py::arg("solver"), py::arg("indptr"), py::arg("indices"),
        py::arg("data"), py::arg("cols"), py::arg("y"), py::arg("classes"), py::arg("params"),
        py::arg("seed"),
        "Fit a registered solver on CSR data with class ids 0..classes-1; returns coef (one row, "
        "or one per class), intercept, tie_positive, iterations, objective, stop, extra.");
}
