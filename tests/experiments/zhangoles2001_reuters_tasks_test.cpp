// The Reuters task set's options (experiments/zhangoles2001/reuters_tasks.h): "features" alone is
// §4.1's feature config with k per category (0: no selection, min count 1); "stemming" and
// "min_count" replace §4.1's for Figure 7's tokenisation study; anything else is refused naming
// the options.
#include <gtest/gtest.h>

#include "core/error.h"
#include "experiments/zhangoles2001/reuters_tasks.h"

namespace linrepro {
namespace {

TEST(ZoTaskFeatures, OptionsGiveTheFeatureConfigAndMalformedOnesAreRefused) {
  EXPECT_EQ(to_json(zo_task_features({{"features", 100}})), to_json(zo_reuters_features(100)));
  EXPECT_EQ(to_json(zo_task_features({{"features", 0}})), to_json(zo_reuters_features(0)));
  EXPECT_EQ(zo_reuters_features(0).min_count, 1);
  const FeatureConfig f =
      zo_task_features({{"features", 300}, {"stemming", "none"}, {"min_count", 1}});
  EXPECT_EQ(f.k, 300);
  EXPECT_EQ(f.stemming, "none");
  EXPECT_EQ(f.min_count, 1);
  EXPECT_EQ(zo_task_features({{"features", 0}, {"stemming", "none"}}).stemming, "none");
  for (const Json& bad :
       {Json::object(), Json{{"features", "all"}}, Json{{"k", 100}},
        Json{{"features", 100}, {"stop", true}}, Json{{"features", 0}, {"min_count", 3}}}) {
    try {
      zo_task_features(bad);
      ADD_FAILURE() << "accepted " << bad.dump();
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("zo-reuters tasks"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace linrepro
