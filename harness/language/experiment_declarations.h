#pragma once
// What an experiment is, as data: each paper's folder declares its experiments in
// experiments/<paper>/experiments.json, embedded in the program at build time (CMakeLists.txt), so
// the description, artifacts, dependencies, scheduling, extra-solver support, figures, claims,
// ablations and protocol of an experiment are read, not programmed. The language, every key with
// its type, default and meaning, is docs/PROTOCOL.md, generated from the grammar this reader
// validates a file with (harness/language/grammar.h): its repetitions expanded
// (harness/language/repetition.h), then any key the grammar lacks, a missing required one or a
// wrong type is a ConfigError naming the file and the JSON path. A figure's "why" and
// "with_extra_solvers" are the harness's and not written out (figures_for_run).
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "harness/experiment/experiment.h"

namespace linrepro {

// One declaration file: its experiments (run and config left empty, figures set when declared),
// in the file's key order. `where` names the file in errors.
std::vector<ExperimentInfo> parse_experiment_declarations(const Json& file,
                                                          const std::string& where);

// The declaration of <paper>/<id> from the embedded files; throws ConfigError when there is none.
ExperimentInfo declared_experiment(const std::string& paper, const std::string& id);

// Every declared experiment is registered with a run, and every registered one is declared:
// throws ConfigError naming the ones that are not.
void check_registry_matches_declarations(const std::vector<ExperimentInfo>& registry);

// The figures of a declaration for this run: with_extra_solvers applied and removed.
Json figures_for_run(const Json& declared, const ExperimentContext& ctx);

// The declaration files as the build embedded them (a source the build generates from
// experiments/*/experiments.json: CMakeLists.txt).
struct EmbeddedFile {
  const char* path;  // "experiments/zhangoles2001/experiments.json"
  const char* text;
};
std::span<const EmbeddedFile> embedded_experiment_declarations();

}  // namespace linrepro
