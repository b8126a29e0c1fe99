// A micro average's interval by a bootstrap over the test documents from the stored decisions
// (harness/results/cell_intervals.h, docs/RESULTS.md): a document's categories move together.
#include "harness/results/cell_intervals.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "metrics/averaging.h"

namespace linrepro {
namespace {

// One category's decisions on 200 documents: the first 40 positive, 30 of them found, and 10
// false alarms among the rest.
CategoryOutcomes category() {
  std::vector<uint8_t> truth(200, 0), predicted(200, 0);
  for (int i = 0; i < 40; ++i) truth[i] = 1;
  for (int i = 0; i < 30; ++i) predicted[i] = 1;
  for (int i = 100; i < 110; ++i) predicted[i] = 1;
  return category_outcomes(predicted, truth);
}

double width(const CellEvidence& e) { return *e.interval_hi - *e.interval_lo; }

TEST(DocumentBootstrapInterval, HoldsTheMicroAverageAndMovesADocumentsCategoriesTogether) {
  const CategoryOutcomes one = category();
  const std::vector<CategoryOutcomes> same = {one, one};  // two categories on the same documents
  const std::vector<BinaryCounts> counts = {{30, 10, 10, 150}, {30, 10, 10, 150}};
  // Micro F1 60 / 80 = 75 %, inside its interval.
  EXPECT_DOUBLE_EQ(100 * micro_average(counts).f1, 75);
  CellEvidence documents, independent, single;
  set_document_bootstrap_interval(documents, same, AveragedMeasure::micro_f1, 9);
  set_averaged_bootstrap_interval(independent, counts, AveragedMeasure::micro_f1, 9);
  set_document_bootstrap_interval(single, {one}, AveragedMeasure::micro_f1, 9);
  EXPECT_LT(*documents.interval_lo, 75);
  EXPECT_GT(*documents.interval_hi, 75);
  // The two categories err on the same documents: resampling documents moves both at once, so
  // the interval is the single category's (the same draws), about sqrt 2 wider than drawing the
  // two categories' counts independently.
  EXPECT_DOUBLE_EQ(*documents.interval_lo, *single.interval_lo);
  EXPECT_DOUBLE_EQ(*documents.interval_hi, *single.interval_hi);
  EXPECT_GT(width(documents), 1.2 * width(independent));
  EXPECT_NE(documents.interval_method.find("bootstrap over the 200 test documents"),
            std::string::npos);
  // Precision 30 / 40 and recall 30 / 40 inside theirs.
  CellEvidence p, r;
  set_document_bootstrap_interval(p, same, AveragedMeasure::micro_precision, 9);
  set_document_bootstrap_interval(r, same, AveragedMeasure::micro_recall, 9);
  EXPECT_LT(*p.interval_lo, 75);
  EXPECT_GT(*r.interval_hi, 75);
  // A macro average keeps the stratified draw; categories of different test sets are refused.
  CellEvidence refused;
  EXPECT_THROW(set_document_bootstrap_interval(refused, same, AveragedMeasure::macro_f1, 9),
               std::invalid_argument);
  const CategoryOutcomes shorter = category_outcomes({1, 0}, {1, 0});
  EXPECT_THROW(
      set_document_bootstrap_interval(refused, {one, shorter}, AveragedMeasure::micro_f1, 9),
      std::invalid_argument);
  EXPECT_THROW(set_document_bootstrap_interval(refused, {}, AveragedMeasure::micro_f1, 9),
               std::invalid_argument);
}

}  // namespace
}  // namespace linrepro
