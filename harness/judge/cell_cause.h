#pragma once
// The computed cause of a cell outside its tolerance (issue 28 item 2), from the evidence its
// driver measured (CellEvidence, harness/results/result_schema.h), by one rule for every paper, in
// order:
//   1. sampling_noise: the published value lies inside the cell's 95 % sampling interval: another
//      test set of the same size could give it; the miss says nothing beyond that noise;
//   1b. multiplicity: the published value lies inside the cell's family-wise interval: a table of
//      `family` compared cells judged at 95 % each leaves about 0.05 x family outside by chance,
//      so the 95 % interval's sides are widened by z(1 - 0.025 / family) / z(0.975) (Bonferroni,
//      normal approximation);
//   2. threshold: the threshold-free measure (the break-even point for an F1) is within the
//      tolerance of the published value: the hyperplane is as good as the paper's, the decision
//      threshold is placed differently;
//   3. solver: a peer in the same protocol on the same data (LIBLINEAR, scikit-learn) is within
//      the tolerance of the published value and ours is not: our solver differs. Where the peer
//      agrees with ours instead, the solver is ruled out (said in what was tried);
//   4. reading: a row of the ablation the cell names (another reading of the data, one the
//      ablation's rule did not adopt) gives a value within the tolerance of the published one;
//   5. data: a documented difference of our corpus copy from the paper's, where the cell counts
//      that corpus itself, or where the named ablation's row that reads the data the documented
//      way (evidence.data_row) moves the value toward the published one by more than the
//      tolerance;
//   6. common: the cell's group (evidence.common_group: the other methods measured by the same
//      protocol on the same test documents, at least kCommonGroupMin published cells) misses as a
//      whole -- the median of its cells' deltas is beyond the tolerance -- and this cell's delta
//      is within the tolerance of that median: the miss is shared by the methods, so it lies in
//      what they share (the data, the features, the protocol), not in this method;
//   7. machine: a time, or a ratio of times, measured on this machine with these programs
//      against the paper's 2001-2002 machine and programs;
//   8. unexplained: evidence was measured and rules out all of these (it says what was tried).
// The threshold rule compares with the paper's own threshold-free value of the method where the
// cell names one (evidence.threshold_free_published: a P or R cell beside the paper's BEP), within
// that value's own tolerance (evidence.threshold_free_tolerance).
// A cell without evidence gets no computed cause (the note of its driver is all there is).
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "harness/results/cell_intervals.h"
#include "harness/results/result_schema.h"

namespace linrepro {

struct CellCause {
  std::string category;  // sampling_noise | multiplicity | threshold | solver | reading | data |
                         // common | machine | unexplained
  std::string evidence;  // the numbers it rests on, in words
};

// One row of the named ablation: its variant, its value in the named column, whether it is the
// reading the cell itself uses.
struct AblationReading {
  std::string variant;
  double value = 0;
  bool chosen = false;
};

// The published cells of a cell's common group (itself included, duplicates left out): their
// deltas, reproduced - published.
inline constexpr size_t kCommonGroupMin = 3;
struct CommonGroup {
  std::string name;
  std::vector<double> deltas;
};

// `reproduced` is the cell's value (the data rule measures moves from it).
std::optional<CellCause> cell_cause(double published, double reproduced, double tolerance,
                                    const CellEvidence& evidence,
                                    const std::vector<AblationReading>& readings = {},
                                    const CommonGroup* group = nullptr, int family = 1);

}  // namespace linrepro
