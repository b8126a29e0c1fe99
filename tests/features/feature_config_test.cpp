// FeatureConfig's one list of fields (features/feature_config.h) is what its JSON form holds and
// what its reader reads, so the protocol grammar, which lists these fields, cannot disagree.
#include "features/feature_config.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"

namespace linrepro {
namespace {

TEST(FeatureConfigFields, AreTheJsonFormsFieldsInOrderAndAllRead) {
  const Json defaults = to_json(FeatureConfig{});
  std::vector<std::string> names;
  for (const FeatureField& f : feature_config_fields()) {
    names.push_back(f.name);
    EXPECT_FALSE(f.type.empty()) << f.name;
    EXPECT_FALSE(f.doc.empty()) << f.name;
    // Each field alone is read (a default value is a valid one).
    EXPECT_NO_THROW(feature_config_from_json(Json{{f.name, defaults.at(f.name)}})) << f.name;
  }
  std::vector<std::string> json_names;
  for (const auto& [name, value] : defaults.items()) json_names.push_back(name);
  std::sort(json_names.begin(), json_names.end());
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, json_names);
}

TEST(FeatureConfigFields, AChoiceListsItsNamesAndAnUnknownFieldNamesThemAll) {
  for (const FeatureField& f : feature_config_fields()) {
    if (f.name == "stemming") {
      EXPECT_EQ(f.type, "\"porter\" | \"english\" | \"none\"");
    }
  }
  try {
    feature_config_from_json(Json{{"stemmer", "porter"}});
    FAIL() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown field \"stemmer\" (known: min_token_length, "
                                         "max_token_length, stopwords, stemming"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace linrepro
