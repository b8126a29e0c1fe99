#pragma once
// What an experiment is, as data: each paper's folder declares its experiments in
// experiments/<paper>/experiments.json, embedded in the program at build time (CMakeLists.txt), so
// the description, artifacts, dependencies, scheduling, extra-solver support and figures of an
// experiment are read, not programmed. The driver adds only its code: the run config and the run.
//
// experiments/<paper>/experiments.json:
//   {"paper": "<paper id>",
//    "experiments": {
//      "<id>": {
//        "description": "one line",
//        "artifacts": ["table2", "figure5"],            the tables and figures it reproduces
//        "depends_on": {"<paper>/<id>": "why"},         optional: read before this one runs
//        "timed": "why",                                optional: its timings are published cells
//        "in_default_set": false,                       optional (true): too costly for `run all`
//        "extra_solvers": {"tasks": "binary" | "multiclass", "why": "..."}
//                       | {"refusal": "why they cannot join, in words a user can act on"},
//        "figures": [ ... ]                             optional: the plot driver's figure specs
//        "claims": {"<id>": {...}}                      optional: harness/language/declared_texts.h
//        "ablations": {"<id>": {...}}                   optional: harness/language/declared_texts.h
//        "protocol": {...}                              optional: the runs and cells as data,
//                                                        harness/language/declared_protocol.h
//      }}}
// A figure's "why" says why it is drawn so, for the reader of the file (it is not written out).
// A figure may say how solvers added with --with-solver change it (the key is not written out):
//   "with_extra_solvers": {"only": true}        drawn only when there are extra solvers
//                         {"label_by": true}    their series marked apart: label_by solver,
//                                               extra.part
//                         {"add_to_filter": "solver"}   the filter's list `solver` takes each
//                                               one's registry name, what its runs record as
//                                               solver
// Any other key, a missing required one or a wrong type is a ConfigError naming the file and the
// experiment.
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

// A driver's registration: the declaration of <paper>/<id> with the driver's code (`config` may
// be empty).
void register_declared(std::vector<ExperimentInfo>& registry, const std::string& paper,
                       const std::string& id, std::function<Json(const ExperimentContext&)> config,
                       std::function<void(const ExperimentContext&, ResultFile&)> run);

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
