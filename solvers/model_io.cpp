#include "solvers/model_io.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/error.h"

namespace linrepro {

void save_model(const std::filesystem::path& path, const SavedModel& m) {
  nlohmann::json j;
  j["format"] = "linrepro.model/1";
  j["solver"] = m.solver;
  j["params"] = m.params.is_null() ? Params::object() : m.params;
  j["kind"] = m.multiclass ? "multiclass" : "binary";
  j["labels"] = m.labels;
  j["features"] = m.model.per_class.empty() ? 0 : m.model.per_class[0].w.size();
  j["classes"] = nlohmann::json::array();
  for (const auto& c : m.model.per_class) {
    nlohmann::json jc = {{"w", c.w}, {"b", c.b}};
    if (!c.tie_positive) jc["tie"] = -1;  // absent: the default rule, so older files load as before
    j["classes"].push_back(jc);
  }
  write_file_atomic(path, j.dump() + "\n");
}

SavedModel load_model(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw DataError(path.string(), 0, "cannot open model file");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception& e) {
    throw DataError(path.string(), 0, std::string("not a JSON model file: ") + e.what());
  }
  if (j.value("format", "") != "linrepro.model/1")
    throw DataError(path.string(), 0, "not a linrepro model (format != linrepro.model/1)");
  SavedModel m;
  try {
    m.solver = j.at("solver").get<std::string>();
    m.params = j.at("params");
    m.multiclass = j.at("kind").get<std::string>() == "multiclass";
    m.labels = j.at("labels").get<std::vector<double>>();
    for (const auto& c : j.at("classes")) {
      LinearModel f{c.at("w").get<std::vector<double>>(), c.at("b").get<double>()};
      const int tie = c.value("tie", 1);
      if (tie != 1 && tie != -1)
        throw DataError(path.string(), 0, "model class tie must be 1 or -1");
      f.tie_positive = tie == 1;
      m.model.per_class.push_back(std::move(f));
    }
  } catch (const nlohmann::json::exception& e) {
    throw DataError(path.string(), 0, std::string("malformed model: ") + e.what());
  }
  const size_t expected = m.multiclass ? m.labels.size() : 1;
  if (m.model.per_class.size() != expected)
    throw DataError(path.string(), 0, "model has a different number of classes than labels");
  return m;
}

}  // namespace linrepro
