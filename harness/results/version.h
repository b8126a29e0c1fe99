#pragma once
// The program's version (CMake's project VERSION), for `linrepro --version` and the environment
// record. Kept out of every other file's compile definitions (see CMakeLists.txt).
#include <string>

namespace linrepro {

std::string linrepro_version();

}  // namespace linrepro
