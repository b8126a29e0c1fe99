#pragma once
// Adds every paper's experiments to experiment_registry() (harness/experiment/experiment.h). Called
// once by the CLI; register.cpp has one line per paper, and `linrepro run --list` is the table of
// contents of what `make reproduce` runs.
namespace linrepro {
void register_experiments();
}
