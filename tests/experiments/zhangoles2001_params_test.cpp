// The solver parameters the Zhang & Oles drivers put in their run configs, pinned as the exact JSON
// text the drivers wrote before the solvers described themselves as data (zo_params and table5's
// method_params tested solver names then). The config hashes of the committed results hash these
// objects, so keys, values and number types (1 against 1.0) must not move. Each literal below is
// the one in results/zhangoles2001/{,fast/}*.json.
#include <gtest/gtest.h>

#include <string>

#include "experiments/zhangoles2001/reuters_protocol.h"
#include "harness/experiment/experiment.h"
#include "harness/experiment/solver_catalog.h"
#include "solvers/regularization.h"

namespace linrepro {
namespace {

// Tables 1 and 2 and text-4 (zo_params): every method and peer, with and without a fixed K.
TEST(ZoParamsPinned, TablesOneTwoAndTextFour) {
  const struct {
    const char* solver;
    double lambda;
    bool fixed_K;
    const char* json;
  } cases[] = {
      {"nb", 0.01, false, R"({"smoothing":0.01})"},
      {"nb", 1.0, false, R"({"smoothing":1.0})"},
      {"cls", 1e-3, false, R"({"K":100,"lambda":0.001,"stop_rule":true})"},
      {"cls", 1e-6, true, R"({"K":100,"lambda":1e-06,"stop_rule":false})"},
      {"cmls", 1e-3, false, R"({"K":100,"lambda":0.001,"stop_rule":true})"},
      {"cmls", 1e-3, true, R"({"K":100,"lambda":0.001,"stop_rule":false})"},
      {"clg", 1e-4, false, R"({"K":100,"lambda":0.0001,"stop_rule":true})"},
      {"clg", 1.0, false, R"({"K":100,"lambda":1.0,"stop_rule":true})"},
      {"smo", 1e-3, false, R"({"lambda":0.001})"},
      {"smo", 1e-3, true, R"({"lambda":0.001})"},
      {"mod-svm", 1e-3, false, R"({"K":100,"lambda":0.001})"},
      {"mod-svm", 1e-6, true, R"({"K":100,"lambda":1e-06})"},
      {"cmls-dual", 1e-6, true, R"({"K":100,"lambda":1e-06})"},
      {"liblinear-s0", 1e-4, false, R"({"bias":1.0,"lambda":0.0001})"},
      {"liblinear-s2", 1e-3, false, R"({"bias":1.0,"lambda":0.001})"},
      {"liblinear-s3", 1e-3, true, R"({"bias":1.0,"lambda":0.001})"},
      {"liblinear-s11", 1e-2, false, R"({"bias":1.0,"lambda":0.01})"},
  };
  for (const auto& c : cases) {
    const Params p = zo_params(c.solver, c.lambda, c.fixed_K);
    EXPECT_EQ(p.dump(), c.json) << c.solver << " lambda " << c.lambda << " fixed_K " << c.fixed_K;
    EXPECT_EQ(config_hash(p), config_hash(Params::parse(c.json))) << c.solver;
  }
}

// Table 5 (its method_params): lambda where the solver takes it and the intercept switch, nothing
// else. Its committed configs spelled LIBLINEAR's bias as the integer 1; config_hash reads 1 and
// 1.0 alike, so they keep their hashes.
TEST(ZoParamsPinned, TableFive) {
  const struct {
    const char* solver;  // "nb" for the scikit-learn peer too: it takes nb's smoothing
    double lambda;
    const char* json;
    const char* committed;
  } cases[] = {
      {"nb", 0.01, R"({"smoothing":0.01})", R"({"smoothing":0.01})"},
      {"nb-ovr", 1.0, R"({"smoothing":1.0})", R"({"smoothing":1.0})"},
      {"cls", 1e-3, R"({"lambda":0.001})", R"({"lambda":0.001})"},
      {"cmls", 0.1, R"({"lambda":0.1})", R"({"lambda":0.1})"},
      {"clg", 1e-5, R"({"lambda":1e-05})", R"({"lambda":1e-05})"},
      {"smo", 1e-3, R"({"lambda":0.001})", R"({"lambda":0.001})"},
      {"mod-svm", 1e-4, R"({"lambda":0.0001})", R"({"lambda":0.0001})"},
      {"liblinear-s0", 1e-4, R"({"bias":1.0,"lambda":0.0001})", R"({"bias":1,"lambda":0.0001})"},
      {"liblinear-s3", 1e-3, R"({"bias":1.0,"lambda":0.001})", R"({"bias":1,"lambda":0.001})"},
  };
  for (const auto& c : cases) {
    const Params p = regularization_params(solver_catalog().get(c.solver), c.lambda);
    EXPECT_EQ(p.dump(), c.json) << c.solver << " lambda " << c.lambda;
    EXPECT_EQ(config_hash(p), config_hash(Params::parse(c.committed))) << c.solver;
  }
}

}  // namespace
}  // namespace linrepro
