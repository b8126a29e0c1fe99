#include "baselines/libsvm_adapter.h"

#include <fmt/format.h>
#include <libsvm/svm.h>

#include <algorithm>
#include <memory>
#include <mutex>

#include "baselines/library_bridge.h"
#include "core/error.h"
#include "solvers/params.h"
#include "solvers/regularization.h"
#include "solvers/svm_objective.h"

namespace linrepro {
namespace {

constexpr double kLibsvmDefaultLambda = 1e-3;  // as smo: Zhang et al. 2003's lambda

struct SvmModelDeleter {
  void operator()(svm_model* m) const { svm_free_and_destroy_model(&m); }
};

std::vector<ParamDecl> libsvm_params() {  // defaults: svm-train's
  return join_params({lambda_or_C_params(kLibsvmDefaultLambda, "regularisation, paper convention",
                                         "LIBSVM's -c; not together with lambda"),
                      {positive_param("eps", 1e-3, "LIBSVM's -e: stop when m(a) - M(a) < eps"),
                       boolean_param("shrinking", true, "LIBSVM's -h"),
                       positive_param("cache_mb", 100.0, "LIBSVM's -m, kernel cache in MB")}});
}

// The registry has checked the labels (fit_binary is reached only through it).
BinaryFit fit_libsvm_linear(const BinaryProblem& p, const Params& params, FitContext& ctx) {
  const std::string name = "libsvm-linear";
  ParamReader r(params, name, libsvm_params());
  const int32_t n = p.X.rows;
  const double C = resolve_C(r, n);
  const double eps = r.number("eps");
  const bool shrinking = r.boolean("shrinking");
  const double cache_mb = r.number("cache_mb");
  r.finish();
  std::vector<double> y(p.y.begin(), p.y.end());  // LIBSVM wants a mutable array

  static std::once_flag silence;
  std::call_once(silence, [] { svm_set_print_string_function(capture_library_output); });

  // The model's support vectors point into `rows`: keep it alive until w is extracted.
  auto rows = to_node_rows<svm_node>(p.X);
  svm_problem prob{};
  prob.l = n;
  prob.y = y.data();
  prob.x = rows.rows.data();
  svm_parameter param{};
  param.svm_type = C_SVC;
  param.kernel_type = LINEAR;
  param.degree = 3;  // unused by the linear kernel
  param.gamma = 1;   // unused by the linear kernel
  param.cache_size = cache_mb;
  param.eps = eps;
  param.C = C;
  param.nu = 0.5;  // unused by C-SVC
  param.p = 0.1;   // unused by C-SVC
  param.shrinking = shrinking ? 1 : 0;
  param.probability = 0;
  if (const char* error = svm_check_parameter(&prob, &param))
    throw ConfigError(fmt::format("{}: {}", name, error));

  ctx.report("{}: training on {} rows, C = {:.6g}", name, n, C);
  library_log().clear();
  std::unique_ptr<svm_model, SvmModelDeleter> m(svm_train(&prob, &param));
  const std::string log = library_log();

  BinaryFit fit;
  fit.model.w.assign(p.X.cols, 0.0);
  double sum_alpha = 0;
  int32_t bounded = 0;
  if (m->nr_class < 2) {
    fit.model.b = m->label[0] > 0 ? 1.0 : -1.0;
  } else {
    // The decision function sum_k sv_coef_k K(x_k, x) - rho favours m->label[0].
    const double sign = m->label[0] == 1 ? 1.0 : -1.0;
    for (int k = 0; k < m->l; ++k) {
      const int32_t row = m->sv_indices[k] - 1;     // 1-based training index
      const double coef = sign * m->sv_coef[0][k];  // = a_row y_row
      p.X.add_row_to(row, coef, fit.model.w);
      const double a = coef * p.y[row];
      sum_alpha += a;
      bounded += a >= C;
    }
    fit.model.b = -sign * m->rho[0];
    // svm_predict_values votes label[0] only when the decision is > 0: a tie is label[1] (-1, as
    // svm_group_classes puts +1 first for +-1 labels).
    fit.model.tie_positive = m->label[1] == 1;
  }
  const double lambda = C_to_lambda(C, n);
  const double dual = 0.5 * squared_norm(fit.model.w) - sum_alpha;
  fit.objective = svm_primal_objective(p.X, p.y, fit.model, lambda);
  fit.iterations = std::max<int64_t>(iterations_from_log(log), 0);
  fit.stop = hit_iteration_limit(log) ? StopReason::max_iterations : StopReason::converged;
  fit.extra = {{"dual_objective", dual},
               {"primal_C", svm_primal_objective_C(p.X, p.y, fit.model, C)},
               {"C", C},
               {"lambda", lambda},
               {"eps", eps},
               {"support_vectors", m->nr_class < 2 ? 0 : m->l},
               {"bounded_support_vectors", bounded}};
  ctx.report("{}: {} after {} iterations, O_svm {:.6g}", name, to_string(fit.stop), fit.iterations,
             fit.objective);
  return fit;
}

}  // namespace

SolverInfo libsvm_linear_solver_info() {
  return SolverInfo{
      .name = "libsvm-linear",
      .description = "soft-margin SVM with intercept, linear kernel (LIBSVM C-SVC)",
      .source = fmt::format("LIBSVM {}.{} (Debian), svm-train -s 0 -t 0", LIBSVM_VERSION / 100,
                            LIBSVM_VERSION % 100),
      .kind = {.loss = Loss::hinge,
               .penalty = Penalty::l2,
               .intercept = Intercept::unregularized,
               .objective = "O_svm = (1/n) sum max(0, 1 - y f(x)) + lambda ||w||^2, b "
                            "unregularised, lambda = 1/(2Cn) (LIBSVM's 1/2 ||w||^2 + C sum hinge "
                            "divided by nC)"},
      .params = libsvm_params(),
      .fit_binary = fit_libsvm_linear,
      .fit_multiclass = {}};
}

}  // namespace linrepro
