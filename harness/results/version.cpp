#include "harness/results/version.h"

namespace linrepro {

std::string linrepro_version() { return LINREPRO_VERSION; }

}  // namespace linrepro
