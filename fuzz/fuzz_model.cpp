// libFuzzer target: the model loader (`linrepro predict`'s model file) on arbitrary bytes. Any
// input either loads - then the model is consistent (one class for a binary model, one per label
// for a multiclass one, every class with "features" weights, distinct labels) and saving it and
// loading the text again gives the same model - or throws DataError naming the file. A crash, a
// sanitizer report or any other exception (a bare nlohmann one, say) is a bug.
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "core/error.h"
#include "solvers/model_io.h"

namespace {

bool same(const linrepro::SavedModel& a, const linrepro::SavedModel& b) {
  if (a.solver != b.solver || a.params != b.params || a.multiclass != b.multiclass ||
      a.labels != b.labels || a.model.per_class.size() != b.model.per_class.size())
    return false;
  for (size_t k = 0; k < a.model.per_class.size(); ++k) {
    const auto &x = a.model.per_class[k], &y = b.model.per_class[k];
    if (x.w != y.w || x.b != y.b || x.tie_positive != y.tie_positive) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const linrepro::SavedModel m = linrepro::parse_model(text, "fuzz.json");
    const size_t classes = m.multiclass ? m.labels.size() : 1;
    if (m.model.per_class.size() != classes || (!m.multiclass && m.labels.size() != 2))
      std::abort();
    if (std::set<double>(m.labels.begin(), m.labels.end()).size() != m.labels.size()) std::abort();
    for (const auto& c : m.model.per_class)
      if (c.w.size() != m.model.per_class[0].w.size()) std::abort();
    if (!same(m, linrepro::parse_model(linrepro::model_to_json_text(m), "fuzz.json"))) std::abort();
  } catch (const linrepro::DataError&) {
  }
  return 0;
}
