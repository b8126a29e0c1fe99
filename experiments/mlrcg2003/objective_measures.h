#pragma once
// MLR-CG's own claim measures (Zhang, Jin, Yang & Hauptmann, ICML 2003), named by the claims of
// table2_reuters and table2_rcv1 (experiments.json) and read off one category's runs by method
// name. Each is exact (seeded, deterministic fits and traces). With the declared bound "measured"
// a measure compares against the category's own ln2/gamma_final (of a's run):
//   o_gamma_minus_o_svm  Proposition 1: a's O_gamma - O_svm at its final w;
//   o_svm_gap            §3 and Figure 2: a's O_svm - b's;
//   first_step_within    Figure 2: a's first traced CG step with O_svm within 1 % of b's
//                        ("never" counts as 201, one past the 200-step budget);
//   direction_advantage  §3.3: (O_svm of the better of a's PR and FR runs, "<a>-pr" and
//                        "<a>-fr", minus a's) / |that| after the 200 CG steps, decided to within
//                        a's own resolution: how much a's O_svm still moved over its last 10 CG
//                        steps (one gamma block), relative; a smaller difference is where the
//                        budget happened to stop, not a property of the direction.
#include <map>
#include <string>

#include "harness/protocol/claim_comparisons.h"

namespace linrepro {

// The measures above (they refer to `runs`, which must outlive them).
ClaimMeasures mlrcg_objective_measures(const std::map<std::string, const RunRecord*>& runs);

}  // namespace linrepro
