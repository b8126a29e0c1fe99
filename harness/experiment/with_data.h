#pragma once
// The one place an experiment meets a dataset that is not here (corpora/data_errors.h's
// DataUnavailable: RCV1, covtype offline, a corpus not in the mirror): the experiment runs what it
// can with the data that is here, and its result file says what is missing and why.
//
//   std::optional<Corpus> corpus;
//   const std::string missing = with_data(ctx, rf, "20ng", [&] { corpus = load_corpus_view(v); });
//
// Damaged data (DataFailure) and every other error propagate: present but damaged data fails the
// run, it is never "unavailable".
#include <functional>
#include <string>

#include "harness/experiment/experiment.h"

namespace linrepro {

// Whether the published cells that need the missing dataset are marked data_unavailable
// (harness/experiment/unavailable_cells.h) or left to the experiment.
enum class MissingCells { left_to_the_experiment, marked_unavailable };

// Runs `body`. When it throws DataUnavailable: adds the dataset record {name: dataset, status:
// data_unavailable, reason} to `rf`, says so on stderr ("<paper>/<id>: <dataset> unavailable:
// <reason>"), marks cells as `cells` says, and returns the reason (never empty). `consequence`
// (what the missing data costs, "ablation X not run") is put before the resolver's reason.
// Returns "" when `body` ran to its end.
std::string with_data(const ExperimentContext& ctx, ResultFile& rf, const std::string& dataset,
                      const std::function<void()>& body,
                      MissingCells cells = MissingCells::left_to_the_experiment,
                      const std::string& consequence = "");

}  // namespace linrepro
