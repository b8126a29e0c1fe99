#pragma once
// The cause of a cell outside its tolerance (issue 59; the rule is docs/RESULTS.md's "cause"), one
// of three kinds, by one rule for every paper, from what was measured beside the cell
// (CellEvidence, harness/results/result_schema.h):
//   1. measured: an intervention run here moves the cell to within its tolerance of the
//      published value, checked in this order:
//        threshold: our threshold-free value (the break-even point) is within the tolerance of
//          the published value (of the paper's own break-even point where it reports one);
//        peer: a peer in the same protocol on the same data is within the tolerance;
//        ablation: a row of a named ablation, not the cells' own, that the paper's text allows,
//          is within the tolerance (the nearest such row of all the named ablations);
//   2. statistical: the published value lies inside the cell's 95 % interval;
//   3. unexplained: everything else, saying what was tried: the checks' numbers, an allowed row's
//      partial move toward the published value, a ruled-out row that would have been within the
//      tolerance (it explains nothing), the interval, a time's machine.
// A shared offset of a table's cells or how many of them lie beyond the noise describes the table
// (compare.h's TableObservation), never a cell.
#include <string>
#include <vector>

#include "harness/results/result_schema.h"

namespace linrepro {

struct CellCause {
  std::string category;  // measured | statistical | unexplained
  std::string by;        // measured: threshold | peer | ablation; "" otherwise
  std::string evidence;  // the numbers it rests on, in words
};

// One row of a named ablation: the ablation, its variant, its value in the named column, whether
// it is the cells' own reading, whether the paper's text allows it.
struct AblationReading {
  std::string ablation;
  std::string variant;
  double value = 0;
  bool chosen = false;
  bool allowed = false;
};

// `reproduced` is the cell's value (partial moves are measured from the chosen row's value where
// the ablation has one, else from it); `readings` the rows of the ablations `evidence` names.
CellCause cell_cause(double published, double reproduced, double tolerance,
                     const CellEvidence& evidence,
                     const std::vector<AblationReading>& readings = {});

}  // namespace linrepro
