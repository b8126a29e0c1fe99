#include "features/feature_selection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/error.h"

namespace linrepro {
namespace {

// x ln x with 0 ln 0 = 0 (the limit), so empty cells contribute nothing.
double xlogx(double x) { return x > 0 ? x * std::log(x) : 0.0; }

// Entropy of the distribution v / sum(v), in nats.
double entropy(std::span<const double> v) {
  const double total = std::accumulate(v.begin(), v.end(), 0.0);
  if (total <= 0) return 0;
  double h = 0;
  for (double x : v) h -= xlogx(x / total);
  return h;
}

// Gini impurity 1 - sum p_i^2 of the distribution v / sum(v).
double gini(std::span<const double> v) {
  const double total = std::accumulate(v.begin(), v.end(), 0.0);
  if (total <= 0) return 0;
  double s = 0;
  for (double x : v) s += (x / total) * (x / total);
  return 1 - s;
}

// impurity(C) - P(t) impurity(C|t) - P(~t) impurity(C|~t) for the class counts of all documents
// (n), of those with the term (with) and of those without it (without).
template <class Impurity>
double impurity_gain(std::span<const double> n, std::span<const double> with,
                     std::span<const double> without, Impurity impurity) {
  const double N = std::accumulate(n.begin(), n.end(), 0.0);
  if (N <= 0) return 0;
  const double Nt = std::accumulate(with.begin(), with.end(), 0.0);
  return impurity(n) - (Nt / N) * impurity(with) - ((N - Nt) / N) * impurity(without);
}

}  // namespace

// The two-class forms below are the m = 2 case of impurity_gain, written out: per-category
// selection evaluates them categories x terms times (118 x 30,000 for Reuters).
double information_gain(const TermCategoryTable& t) {
  const double N = t.A + t.B + t.C + t.D;
  if (N <= 0) return 0;
  const double with = t.A + t.B, without = t.C + t.D;
  // H(C) - P(t) H(C|t) - P(~t) H(C|~t), each H expanded as -sum (x/total) ln(x/total), so that
  // N * IG = -sum_classes xlogx(n_c) + xlogx(N) + sum_cells xlogx(cell) - xlogx(with) -
  // xlogx(without).
  const double nIG = xlogx(N) - xlogx(t.A + t.C) - xlogx(t.B + t.D) + xlogx(t.A) + xlogx(t.B) +
                     xlogx(t.C) + xlogx(t.D) - xlogx(with) - xlogx(without);
  return nIG / N;
}

double gini_information_gain(const TermCategoryTable& t) {
  const double N = t.A + t.B + t.C + t.D;
  if (N <= 0) return 0;
  const double with = t.A + t.B, without = t.C + t.D;
  auto G = [](double in_c, double total) {  // 2 p (1 - p), p = in_c / total
    if (total <= 0) return 0.0;
    const double p = in_c / total;
    return 2 * p * (1 - p);
  };
  return G(t.A + t.C, N) - (with / N) * G(t.A, with) - (without / N) * G(t.C, without);
}

double mutual_information(const TermCategoryTable& t) {
  const double N = t.A + t.B + t.C + t.D;
  if (N <= 0) return 0;
  // sum over cells P(x,y) ln(P(x,y) / (P(x) P(y))) = sum cell/N ln(cell N / (row col)).
  auto cell = [N](double joint, double row, double col) {
    return joint > 0 ? (joint / N) * std::log(joint * N / (row * col)) : 0.0;
  };
  const double with = t.A + t.B, without = t.C + t.D, in_c = t.A + t.C, out_c = t.B + t.D;
  return cell(t.A, with, in_c) + cell(t.B, with, out_c) + cell(t.C, without, in_c) +
         cell(t.D, without, out_c);
}

double chi_square(const TermCategoryTable& t) {
  const double N = t.A + t.B + t.C + t.D;
  const double denom = (t.A + t.C) * (t.B + t.D) * (t.A + t.B) * (t.C + t.D);
  if (denom <= 0) return 0;
  const double diff = t.A * t.D - t.C * t.B;
  return N * diff * diff / denom;
}

double category_score(SelectionMethod method, const TermCategoryTable& t) {
  switch (method) {
    case SelectionMethod::df:
      return t.A + t.B;
    case SelectionMethod::ig:
      return information_gain(t);
    case SelectionMethod::ig_gini:
      return gini_information_gain(t);
    case SelectionMethod::mi:
      return mutual_information(t);
    case SelectionMethod::chi2:
      return chi_square(t);
    case SelectionMethod::none:
      break;
  }
  throw ConfigError("category_score: selection method 'none' has no score");
}

double joint_score(SelectionMethod method, std::span<const double> a, std::span<const double> n) {
  const size_t m = n.size();
  std::vector<double> without(m);
  for (size_t k = 0; k < m; ++k) without[k] = n[k] - a[k];
  const double N = std::accumulate(n.begin(), n.end(), 0.0);
  const double Nt = std::accumulate(a.begin(), a.end(), 0.0);
  switch (method) {
    case SelectionMethod::df:
      return Nt;
    case SelectionMethod::ig:
      return impurity_gain(n, a, without, entropy);
    case SelectionMethod::ig_gini:
      return impurity_gain(n, a, without, gini);
    case SelectionMethod::mi: {
      if (N <= 0) return 0;
      double I = 0;
      for (size_t k = 0; k < m; ++k) {
        if (a[k] > 0) I += (a[k] / N) * std::log(a[k] * N / (Nt * n[k]));
        if (without[k] > 0) I += (without[k] / N) * std::log(without[k] * N / ((N - Nt) * n[k]));
      }
      return I;
    }
    case SelectionMethod::chi2: {
      if (N <= 0) return 0;
      double X2 = 0;
      for (size_t k = 0; k < m; ++k) {
        const double e_with = n[k] * Nt / N, e_without = n[k] * (N - Nt) / N;
        if (e_with > 0) X2 += (a[k] - e_with) * (a[k] - e_with) / e_with;
        if (e_without > 0) X2 += (without[k] - e_without) * (without[k] - e_without) / e_without;
      }
      return X2;
    }
    case SelectionMethod::none:
      break;
  }
  throw ConfigError("joint_score: selection method 'none' has no score");
}

std::vector<int32_t> top_k(std::span<const double> scores, int32_t k) {
  const auto V = static_cast<int32_t>(scores.size());
  const int32_t kk = std::clamp(k, 0, V);
  struct Entry {
    double score;
    int32_t index;
  };
  std::vector<Entry> entries(static_cast<size_t>(V));
  for (int32_t i = 0; i < V; ++i) {
    // NaN would break the strict weak order; no formula here produces one, but rank it last.
    const double s = scores[i];
    entries[i] = {std::isnan(s) ? -std::numeric_limits<double>::infinity() : s, i};
  }
  auto better = [](const Entry& x, const Entry& y) {
    return x.score != y.score ? x.score > y.score : x.index < y.index;
  };
  if (kk < V) std::nth_element(entries.begin(), entries.begin() + kk, entries.end(), better);
  std::sort(entries.begin(), entries.begin() + kk, better);
  std::vector<int32_t> order(static_cast<size_t>(kk));
  for (int32_t i = 0; i < kk; ++i) order[i] = entries[i].index;
  return order;
}

MultilabelLabels as_multilabel(const MulticlassLabels& labels) {
  MultilabelLabels out;
  out.class_names = labels.class_names;
  out.y.reserve(labels.y.size());
  for (int32_t c : labels.y) out.y.push_back({c});
  return out;
}

FeatureSelection select_features(const CsrMatrix& train_counts,
                                 const MultilabelLabels& train_targets,
                                 const SelectionOptions& options) {
  FeatureSelection out;
  out.options = options;
  const int32_t V = train_counts.cols;
  const int32_t N = train_counts.rows;

  if (options.method == SelectionMethod::none) {
    if (options.k != 0)
      throw ConfigError(
          fmt::format("feature selection: k = {} needs a selection method", options.k));
    if (options.scope == SelectionScope::per_category)
      throw ConfigError("feature selection: per_category scope needs a selection method");
    out.global.resize(static_cast<size_t>(V));
    std::iota(out.global.begin(), out.global.end(), 0);
    return out;
  }
  if (options.k < 1)
    throw ConfigError(fmt::format("feature selection: k must be >= 1 (got {})", options.k));
  if (N < 1) throw ConfigError("feature selection: no training documents");

  const int32_t K = train_targets.num_classes();
  if (static_cast<int64_t>(train_targets.y.size()) != N)
    throw ConfigError(
        fmt::format("feature selection: {} training label rows for {} training documents",
                    train_targets.y.size(), N));
  for (int32_t i = 0; i < N; ++i) {
    const auto& labels = train_targets.y[i];
    for (size_t q = 0; q < labels.size(); ++q) {
      if (labels[q] < 0 || labels[q] >= K)
        throw ConfigError(
            fmt::format("feature selection: training document {} has category id {} "
                        "(only {} categories are named)",
                        i, labels[q], K));
      // A repeated id would count the document twice in its category.
      if (q > 0 && labels[q] <= labels[q - 1])
        throw ConfigError(fmt::format(
            "feature selection: training document {}'s category ids are not sorted and unique", i));
    }
  }
  if (K == 0 && options.method != SelectionMethod::df)
    throw ConfigError("feature selection: no categories, so only df can score terms");

  // Document frequency (binary occurrence) of every term.
  std::vector<double> df(static_cast<size_t>(V), 0);
  for (int32_t j : train_counts.col_idx) df[j] += 1;
  if (options.method == SelectionMethod::df) {
    out.global_scores = df;
    if (options.scope == SelectionScope::global) {
      out.global = top_k(df, options.k);
    } else {
      const auto ranked = top_k(df, options.k);
      out.per_category.assign(static_cast<size_t>(K), ranked);
      out.global_scores.clear();
    }
    return out;
  }

  // a[t*M + k] = training documents of category k containing term t; column K counts documents
  // without a category (the joint scope's "none" class). Term-major: the joint scores read a row.
  const int32_t M = K + 1;
  std::vector<double> a(static_cast<size_t>(V) * M, 0);
  std::vector<double> n(static_cast<size_t>(M), 0);
  for (int32_t i = 0; i < N; ++i) {
    const auto& labels = train_targets.y[i];
    if (labels.empty()) n[K] += 1;
    for (int32_t c : labels) n[c] += 1;
    for (int32_t t : train_counts.row_indices(i)) {
      double* row = &a[static_cast<size_t>(t) * M];
      if (labels.empty()) row[K] += 1;
      for (int32_t c : labels) row[c] += 1;
    }
  }

  auto table = [&](int32_t t, int32_t c) {
    TermCategoryTable tab;
    tab.A = a[static_cast<size_t>(t) * M + c];
    tab.B = df[t] - tab.A;
    tab.C = n[c] - tab.A;
    tab.D = N - tab.A - tab.B - tab.C;
    return tab;
  };

  // Scores of term t for category c. ig and mi are the same quantity (see the header); both take
  // the expanded form N * IG = sum_cells xlogx(cell) - sum_margins xlogx(margin) + xlogx(N) with
  // xlogx of the integer counts tabulated once: no logarithm in the categories x terms loop.
  std::vector<double> xlx;
  const bool tabulated =
      options.method == SelectionMethod::ig || options.method == SelectionMethod::mi;
  if (tabulated) {
    xlx.resize(static_cast<size_t>(N) + 1);
    for (int32_t x = 0; x <= N; ++x) xlx[x] = xlogx(x);
  }
  auto score = [&](int32_t t, int32_t c) {
    if (!tabulated) return category_score(options.method, table(t, c));
    const auto A = static_cast<int32_t>(a[static_cast<size_t>(t) * M + c]);
    const auto with = static_cast<int32_t>(df[t]);
    const auto in_c = static_cast<int32_t>(n[c]);
    const int32_t B = with - A, C = in_c - A, D = N - with - C;
    return (xlx[A] + xlx[B] + xlx[C] + xlx[D] - xlx[with] - xlx[N - with] - xlx[in_c] -
            xlx[N - in_c] + xlx[N]) /
           N;
  };

  std::vector<double> scores(static_cast<size_t>(V));
  if (options.scope == SelectionScope::per_category) {
    out.per_category.resize(static_cast<size_t>(K));
    for (int32_t c = 0; c < K; ++c) {
      for (int32_t t = 0; t < V; ++t) scores[t] = score(t, c);
      out.per_category[c] = top_k(scores, options.k);
    }
    return out;
  }

  switch (options.aggregate) {
    case GlobalAggregate::joint: {
      // The "none" class enters only when some training document has no category.
      const size_t m = n[K] > 0 ? static_cast<size_t>(M) : static_cast<size_t>(K);
      for (int32_t t = 0; t < V; ++t)
        scores[t] =
            joint_score(options.method, std::span<const double>(&a[static_cast<size_t>(t) * M], m),
                        std::span<const double>(n.data(), m));
      break;
    }
    case GlobalAggregate::max:
      for (int32_t t = 0; t < V; ++t) {
        double best = -std::numeric_limits<double>::infinity();
        for (int32_t c = 0; c < K; ++c) best = std::max(best, score(t, c));
        scores[t] = best;
      }
      break;
    case GlobalAggregate::weighted_avg:
      for (int32_t t = 0; t < V; ++t) {
        double s = 0;
        for (int32_t c = 0; c < K; ++c) s += (n[c] / N) * score(t, c);
        scores[t] = s;
      }
      break;
  }
  out.global = top_k(scores, options.k);
  out.global_scores = std::move(scores);
  return out;
}

}  // namespace linrepro
