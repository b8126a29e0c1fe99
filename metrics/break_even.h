#pragma once
// Precision/recall break-even point (BEP), as Zhang & Oles (2001, section 4.2) compute it:
//   "Each BEP is computed by first adjusting the linear decision threshold individually for each
//    category to obtain a BEP for the category, and then micro-averaged over all 118 classes."
// The BEP is "where precision equals recall" (ibid., after Yang & Liu 1999).
//
// Per category. Rank the rows by decision value f and predict +1 for the top k. Then
// precision = TP/k and recall = TP/m, with m the number of +1 rows, so precision = recall exactly
// when k = m (equivalently FP = FN). The threshold that breaks even therefore lies between the m-th
// and (m+1)-th largest decision values, and
//   BEP_c = TP_c(top m) / m_c,
// with no interpolation needed. When rows tied at the boundary value straddle position m, no
// threshold predicts exactly m rows; we take the tied rows in random order and use the expected
// count: TP = (positives strictly above) + (positives among the T tied rows) * s / T, where s is
// the number of the m slots left for the tied rows. (An interpolated BEP, as some authors use when
// precision and recall never meet, is never needed here: they always meet at k = m.)
//
// Micro average. At each category's break-even threshold, FP_c = FN_c = m_c - TP_c, so pooled
// precision equals pooled recall and
//   BEP_micro = sum_c TP_c / sum_c m_c.
// Macro average (not used by Zhang & Oles; provided for completeness): mean of BEP_c.
//
// A category without positive rows has m = 0: it predicts nothing at its break-even threshold, its
// precision and recall are both 0/0 and its BEP_c is zero_division (default 1, see
// metrics/binary_counts.h); it adds nothing to the micro average.
#include <cstdint>
#include <span>

namespace linrepro {

struct BreakEven {
  double bep = 0;         // precision = recall at the break-even threshold, in [0, 1]
  double tp = 0;          // true positives among the top m rows (expected value under ties)
  int64_t positives = 0;  // m: +1 rows = rows predicted +1 at the break-even threshold
};

// truth: +1/-1 labels (> 0 is +1); decision: the classifier's values f(x) (larger = more +1).
// Throws std::invalid_argument on length mismatch or a NaN decision value.
BreakEven break_even_point(std::span<const double> truth, std::span<const double> decision,
                           double zero_division = 1.0);

// sum TP_c / sum m_c over categories; zero_division if no category has a positive row.
double micro_break_even(std::span<const BreakEven> per_category, double zero_division = 1.0);
// (1/#categories) sum BEP_c.
double macro_break_even(std::span<const BreakEven> per_category);

}  // namespace linrepro
