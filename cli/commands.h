#pragma once
namespace linrepro::cli {
int run(int argc, char** argv);
}
