#pragma once
// A declared protocol's ablation tables as data: which runs fill each row of an ablation whose
// texts (title, why, unit) the experiment declares (harness/language/declared_texts.h), and which
// published cells make its reference row. The keys are in docs/PROTOCOL.md (kinds
// ablation-table, ablation-row, ablation-value, published-row); a table with "spread" has the
// mean and sample sd of its draws after the rows (harness/protocol/draw_spread.h) and is left
// out until every value of every draw is there.
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

// Adds p's ablation tables (fast: those declared "fast") of `paper` to rf from the results.
void add_protocol_ablations(ResultFile& rf, const DeclaredProtocol& p, const std::string& paper,
                            const ProtocolResults& results, bool fast,
                            const std::optional<PublishedPaper>& published,
                            const std::map<std::string, TaskAggregate>& aggregates = {});

}  // namespace linrepro
