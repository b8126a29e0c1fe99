#pragma once
// A number measured once per random training/test split, summarised as "mean ± standard
// deviation" over the splits (Zhang & Oles' Table 5, §4.2), with the interval of its mean.
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace linrepro {

struct SplitSummary {
  double mean = 0;
  double std = 0;  // sample standard deviation (n - 1 denominator); 0 for a single value
  int n = 0;
};

// Mean and sample standard deviation. The paper does not say which deviation it reports; with
// five splits the sample (n - 1) form is the usual estimate of the spread between splits (the
// population form would be sqrt(4/5) = 0.89 times it). Empty input -> {0, 0, 0}.
SplitSummary summarize_splits(std::span<const double> values);

// The 95 % interval of the mean over the splits, mean ± t(0.975, n - 1) std / sqrt(n): each split
// draws its own training and test documents, so the spread over the splits holds both sampling
// noises. {mean, mean} for fewer than two splits.
std::pair<double, double> mean_interval_95(const SplitSummary& s);

// "88.12 ± 0.45" (values as given, two decimals).
std::string format_summary(const SplitSummary& s);

}  // namespace linrepro
