#pragma once
// A declared protocol's ablation tables as data: which runs fill each row of an ablation whose
// texts (title, why, unit) the experiment declares (harness/language/declared_texts.h), and which
// published cells make its reference row.
//
//   "ablation_tables": [{
//     "ablation": "stoplist-{corpus}",           a declared ablation, its placeholders from "args"
//     "args": {"corpus": "20ng"},
//     "class": "20ng",                           the data set whose runs fill it
//     "columns": ["MCNB", "MCSVM"],
//     "in_fast": true,                           optional (false): also in fast mode
//     "rows": [{"row": "smart", "description": "... ({run.extra.features} columns)",
//               "chosen": true,                  optional (false): the cells' variant
//               "values": [{"run": "20ng/k=10000/MCNB", "metric": "accuracy", "scale": 100},
//                          {"run": "...", "extra": "svm_default_C"}, null]}],
//                                                a run's metric or extra field per column (null:
//                                                none), or an "aggregate" of the run's tasks
//                                                (the driver's, or partition_measures.h's;
//                                                "field": one of its note fields instead);
//                                                "minus": a method whose same aggregate is
//                                                subtracted (before "scale");
//                                                "class": another data set's run; "{run.a.b}"
//                                                in the description: field a.b of the row's
//                                                first run that is there, "{record.a.b}": of
//                                                its task set's record
//     "published": {"description": "the paper", "cells": [["table1", "MCNB", "Accuracy"], null]}
//   }]                                           optional: the reference row, one published cell
//                                                per column (null: none)
//     or "spread": "splits"                      the rows are draws of one protocol (the first
//                                                the cells'): their mean and sample sd follow
//                                                (harness/protocol/draw_spread.h); the table is
//                                                left out until every value of every draw is there
// A value whose run did not finish is empty (an aggregate needs every task of its run); a row that
// names runs but holds no value is left out (a row of nulls is kept: it says what was not run), and
// so is a column no row holds a value in (the fast subset's fewer points); a table none of whose
// rows holds a value is left out.
#include <optional>
#include <string>

#include "harness/experiment/published.h"
#include "harness/language/declared_protocol.h"
#include "harness/protocol/protocol_cells.h"
#include "harness/results/result_file.h"

namespace linrepro {

// Adds p's ablation tables (fast: those declared "in_fast") of `paper` to rf from the results.
void add_protocol_ablations(ResultFile& rf, const DeclaredProtocol& p, const std::string& paper,
                            const ProtocolResults& results, bool fast,
                            const std::optional<PublishedPaper>& published,
                            const std::map<std::string, TaskAggregate>& aggregates = {});

}  // namespace linrepro
