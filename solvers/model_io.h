#pragma once
// Trained models on disk, as JSON (the `linrepro train` output, read by `linrepro predict`):
// {"format":"linrepro.model/1","solver":..,"params":{..},"kind":"binary"|"multiclass",
//  "labels":[raw label of class 0, ...] (binary: [positive, negative]),"features":n,
//  "classes":[{"w":[..],"b":..[,"tie":-1]}, ...]} ("tie": the label at decision 0, written only
//  when it is -1, a peer's rule: LinearModel::tie_positive; files without it predict +1 there).
//  Weights are stored densely (%.17g): models are small.
//
// The one loader checks every field it reads and reports any file that is not such a model as a
// DataError naming the file and, for a bad field, the field ("classes[1].w[7]") with what it
// expected and what it found; no JSON library exception escapes. A file that is not JSON at all
// is described ("it looks like a LIBSVM data file (line 1: '+1 3:1 ...')"), because that is what
// a user who swapped `predict`'s arguments has given.
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "solvers/linear_model.h"
#include "solvers/params.h"

namespace linrepro {

struct SavedModel {
  std::string solver;
  Params params = Params::object();
  bool multiclass = false;
  std::vector<double>
      labels;             // raw label values: binary {positive, negative}; multiclass per class id
  MulticlassModel model;  // binary: exactly one LinearModel
};

// The model as the file's text (one line of JSON and a newline), written to `out` a class at a
// time (no copy of the whole document in memory).
void write_model(std::ostream& out, const SavedModel& m);
std::string model_to_json_text(const SavedModel& m);
void save_model(const std::filesystem::path& path, const SavedModel& m);  // atomic

// DataError naming the file (and the field) for anything that is not a valid model: every class
// has `features` weights and a finite intercept, labels are distinct finite numbers, two for a
// binary model and one per class for a multiclass one.
SavedModel load_model(const std::filesystem::path& path);
// The same checks on a file's bytes; `file` names it in messages.
SavedModel parse_model(std::string_view text, const std::string& file);

// When `head` (a file's first bytes) reads as LIBSVM data - its first line that is not blank or a
// comment is a label and index:value pairs - that line as "line N: '+1 3:1 ...'"; else "".
std::string libsvm_data_evidence(std::string_view head);

}  // namespace linrepro
