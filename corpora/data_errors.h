#pragma once
// The two ways data resolution fails (corpora/data_resolver.h), on purpose not related by
// inheritance. Experiments meet them through harness/experiment/with_data.h:
//   - DataUnavailable ("data unavailable: ..."): a dataset that is not meant to be here (not in the
//     mirror, no download possible: RCV1, covtype offline). It lists every place looked at and how
//     to supply the data. The harness catches it from an experiment and marks the experiment's
//     published cells data_unavailable (harness/experiment/run_experiment.cpp); an experiment over
//     several datasets runs each in with_data (harness/experiment/with_data.h) and goes on with the
//     others.
//   - DataFailure ("data damaged: ..." / "data missing: ..."): data that should be here is damaged
//     (a checksum mismatch, an archive that fails to unpack, a cache edited since it was verified)
//     or absent (a dataset the mirror should hold, with the mirror gone). This is an error: it must
//     propagate so that `linrepro run` fails instead of writing "unavailable" over good results.
#include <stdexcept>
#include <string>

namespace linrepro {

struct DataUnavailable : std::runtime_error {
  DataUnavailable(std::string dataset_name, const std::string& what)
      : std::runtime_error(what), dataset(std::move(dataset_name)) {}
  std::string dataset;  // the resolver's name for it, "rcv1-v2"
};

struct DataFailure : std::runtime_error {
  DataFailure(bool is_damaged, const std::string& what)
      : std::runtime_error(what), damaged(is_damaged) {}
  bool damaged;  // true: present but damaged; false: expected here (mirror) but missing
};

}  // namespace linrepro
