#pragma once
// Lives in metrics/ because every paper tunes per-category thresholds this way (first used by the
// mlrcg2003 driver); the error-minimising threshold of Zhang & Oles is metrics/threshold.h.
// The per-category decision thresholds of MLR-CG's §6.1 F1 run (Zhang, Jin, Yang & Hauptmann
// 2003, footnote 7: "Thresholds are tuned by 5-fold cross-validation"). The paper does not say
// what the cross-validation optimised. Its F1 protocol is that of Yang's group (Yang & Liu 1999;
// the co-author's RCV1 paper, Lewis, Yang, Rose & Li 2004, JMLR 5, whose "thresholds ... by
// 5-fold cross-validation" are SCutFBR.1): per category,
//
//   1. for each fold f, the threshold maximising F1 = 2 TP / (2 TP + FP + FN) on fold f's
//      held-out decision values (the model of the other folds), predict +1 iff f >= theta;
//   2. "fallback" (FBR): if that best F1 of fold f is not above fbr, fold f's threshold is instead
//      its highest held-out decision value (the "rank 1" document), i.e. next to nothing is
//      assigned (Yang 2001, "A study of thresholding strategies for text categorization": plain
//      SCut overfits rare categories, which then get very low thresholds and flood the test set);
//   3. the category's threshold is the mean of the fold thresholds, leaving out folds whose model
//      was trained without a single positive document (a category with one training document has
//      such a fold): that model is no classifier for the category, and its scores live on another
//      scale (MLR-CG's free intercept runs off towards -infinity), so its "top score" would drag
//      the mean far below the final model's scores. With no usable fold the threshold stays 0.
//
// Plain F1 maximisation without the fallback is degenerate here: a category with 1-5 training
// documents typically has its best held-out F1 (near 0) at "predict everything".
//
// Step 1 scans the G + 1 intervals between the distinct values g_1 < ... < g_G once after
// sorting, with the point-in-interval rule of metrics/threshold.h: 0 if 0 lies in the best
// interval, else its midpoint (the unbounded end intervals use the sentinels g_1 - s and g_G + s,
// s = g_G - g_1, or 1 when all values are equal); among equally good intervals the smallest
// |theta|, then the lower theta.
#include <cstdint>
#include <span>

namespace linrepro {

struct F1ThresholdChoice {
  double theta = 0;       // predict +1 iff f >= theta
  double f1 = 0;          // F1 of the held-out values at theta, in [0, 1]
  double f1_at_zero = 0;  // F1 at the unadjusted threshold 0, for reporting
};

// truth: +1/-1 (> 0 is +1); decision: the held-out decision values. A set without positives has
// F1 = 0 at every threshold that predicts something and 0/0 (taken as 1, metrics/binary_counts.h)
// when nothing is predicted: the choice is then the upper end interval (predict nothing).
// Throws std::invalid_argument on length mismatch, no rows, or a non-finite decision value.
F1ThresholdChoice threshold_maximizing_f1(std::span<const double> truth,
                                          std::span<const double> decision);

// Step 1 on one held-out fold, with what step 2 needs.
struct FoldThreshold {
  double theta = 0;       // F1-maximising threshold on the fold
  double f1 = 0;          // its F1; 0 when the fold has no positive document (nothing to find)
  double max_score = 0;   // the fold's highest decision value (the fallback threshold)
  int64_t positives = 0;  // +1 rows in the fold
  bool usable = true;     // set by the caller: false when the fold's model saw no positive
};
FoldThreshold fold_threshold(std::span<const double> truth, std::span<const double> decision);

// Steps 2-3: mean over the usable folds of (f1 > fbr ? theta : max_score); 0 when no fold is
// usable. Throws std::invalid_argument for no folds.
double scutfbr_threshold(std::span<const FoldThreshold> folds, double fbr);

}  // namespace linrepro
