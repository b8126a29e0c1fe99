#include "experiments/mlrcg2003/reuters_features.h"

namespace linrepro {

FeatureConfig mlrcg_binary_task_features(int32_t k) {
  return feature_config_from_json(Json{{"selection", "ig"},
                                       {"k", k},
                                       {"scope", "per_category"},
                                       {"representation", "binary"},
                                       {"stemming", "porter"},
                                       {"stopwords", "none"}});
}

FeatureConfig mlrcg_global_features(int32_t k) {
  FeatureConfig f = mlrcg_binary_task_features(k);
  f.scope = SelectionScope::global;
  f.aggregate = GlobalAggregate::joint;
  return f;
}

}  // namespace linrepro
