#include "corpora/libsvm_sets.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <numeric>
#include <set>
#include <sstream>
#include <unordered_map>

#include "core/error.h"
#include "core/seed.h"
#include "corpora/data_resolver.h"
#include "corpora/splits.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

int64_t count_label(const BinaryLabels& y, double v) {
  return static_cast<int64_t>(std::count(y.begin(), y.end(), v));
}

Json split_counts(const BinaryDataset& d) {
  return Json{{"train_rows", d.X_train.rows},
              {"test_rows", d.X_test.rows},
              {"cols", d.X_train.cols},
              {"train_positive", count_label(d.y_train, 1.0)},
              {"test_positive", count_label(d.y_test, 1.0)}};
}

// Appends the rows of `src` to `dst` (dst.cols becomes the larger of the two).
void append_rows(CsrMatrix& dst, const CsrMatrix& src) {
  const int64_t offset = dst.row_ptr.back();
  for (int32_t i = 0; i < src.rows; ++i) dst.row_ptr.push_back(offset + src.row_ptr[i + 1]);
  dst.col_idx.insert(dst.col_idx.end(), src.col_idx.begin(), src.col_idx.end());
  dst.values.insert(dst.values.end(), src.values.begin(), src.values.end());
  dst.rows += src.rows;
  dst.cols = std::max(dst.cols, src.cols);
}

}  // namespace

// ---------------------------------------------------------------- a9a

BinaryDataset read_a9a(const fs::path& dir) {
  const LibsvmData train = read_libsvm(dir / "a9a");
  // a9a.t never uses feature 123: read it with the training dimension.
  const LibsvmData test = read_libsvm(dir / "a9a.t", train.X.cols);
  if (test.X.cols != train.X.cols) {
    throw DataError(
        (dir / "a9a.t").string(), 0,
        fmt::format("uses feature {} but the training set has only {}", test.X.cols, train.X.cols));
  }
  BinaryDataset d;
  d.name = "a9a";
  d.X_train = train.X;
  d.X_test = test.X;
  d.y_train = to_binary(train.labels);
  d.y_test = to_binary(test.labels);
  d.identity = Json{{"name", d.name}, {"counts", split_counts(d)}};
  return d;
}

BinaryDataset load_a9a() {
  const ResolvedData data = resolve("a9a");
  BinaryDataset d = read_a9a(data.path);
  d.identity["data"] = data.to_json();
  return d;
}

// ---------------------------------------------------------------- min-max scaling

MinMaxScaler fit_min_max(const CsrMatrix& X) {
  MinMaxScaler s;
  s.min.assign(static_cast<size_t>(X.cols), 0.0);
  s.max.assign(static_cast<size_t>(X.cols), 0.0);
  // Implicit zeros count: a column that is absent from some row has 0 among its values.
  std::vector<int32_t> stored(static_cast<size_t>(X.cols), 0);
  std::vector<bool> seen(static_cast<size_t>(X.cols), false);
  for (int32_t i = 0; i < X.rows; ++i) {
    const auto idx = X.row_indices(i);
    const auto val = X.row_values(i);
    for (size_t k = 0; k < idx.size(); ++k) {
      const auto j = static_cast<size_t>(idx[k]);
      if (!seen[j]) {
        s.min[j] = s.max[j] = val[k];
        seen[j] = true;
      } else {
        s.min[j] = std::min(s.min[j], val[k]);
        s.max[j] = std::max(s.max[j], val[k]);
      }
      ++stored[j];
    }
  }
  for (size_t j = 0; j < stored.size(); ++j) {
    if (stored[j] < X.rows) {  // some row has an implicit zero in column j
      s.min[j] = std::min(s.min[j], 0.0);
      s.max[j] = std::max(s.max[j], 0.0);
    }
  }
  return s;
}

CsrMatrix apply_min_max(const CsrMatrix& X, const MinMaxScaler& s) {
  const auto cols = static_cast<int32_t>(s.min.size());
  if (X.cols > cols) {
    throw ConfigError(
        fmt::format("min-max scaler fitted on {} columns, applied to {}", cols, X.cols));
  }
  CsrMatrix out;
  out.cols = cols;
  std::vector<double> dense(static_cast<size_t>(cols));
  std::vector<int32_t> idx;
  std::vector<double> val;
  for (int32_t i = 0; i < X.rows; ++i) {
    std::fill(dense.begin(), dense.end(), 0.0);
    const auto ri = X.row_indices(i);
    const auto rv = X.row_values(i);
    for (size_t k = 0; k < ri.size(); ++k) dense[static_cast<size_t>(ri[k])] = rv[k];
    idx.clear();
    val.clear();
    for (int32_t j = 0; j < cols; ++j) {
      const double range = s.max[static_cast<size_t>(j)] - s.min[static_cast<size_t>(j)];
      const double v =
          range > 0 ? (dense[static_cast<size_t>(j)] - s.min[static_cast<size_t>(j)]) / range : 0.0;
      if (v != 0.0) {
        idx.push_back(j);
        val.push_back(v);
      }
    }
    out.append_row(idx, val);
  }
  out.cols = cols;
  return out;
}

// ---------------------------------------------------------------- covtype.binary

BinaryDataset covtype_split(const LibsvmData& all, const CovtypeOptions& o,
                            const std::string& file_for_errors) {
  const int64_t n = all.X.rows;
  if (o.expected_rows > 0 && n != o.expected_rows) {
    throw DataError(file_for_errors, 0,
                    fmt::format("has {} rows; covtype.binary has {} (truncated or another file?)",
                                n, o.expected_rows));
  }
  if (o.n_train <= 0 || o.n_train >= n) {
    throw ConfigError(fmt::format("covtype n_train = {} must be in [1, {}]", o.n_train, n - 1));
  }
  std::vector<int32_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  if (o.shuffle)
    order = seeded_permutation(static_cast<int32_t>(n), derive_seed(o.seed, "covtype-split"));
  const std::vector<int32_t> tr(order.begin(), order.begin() + o.n_train);
  const std::vector<int32_t> te(order.begin() + o.n_train, order.end());
  const BinaryLabels y = to_binary(all.labels);
  BinaryDataset d;
  d.name = "covtype.binary";
  d.X_train = all.X.select_rows(tr);
  d.X_test = all.X.select_rows(te);
  d.X_train.cols = d.X_test.cols = all.X.cols;
  for (int32_t i : tr) d.y_train.push_back(y[static_cast<size_t>(i)]);
  for (int32_t i : te) d.y_test.push_back(y[static_cast<size_t>(i)]);
  Json prep = {{"split", o.shuffle ? "shuffled" : "file order"},
               {"n_train", o.n_train},
               {"min_max_scaled", o.min_max_scale}};
  if (o.shuffle) prep["seed"] = o.seed;
  if (o.min_max_scale) {
    const MinMaxScaler s = fit_min_max(d.X_train);  // fitted on training rows only
    d.X_train = apply_min_max(d.X_train, s);
    d.X_test = apply_min_max(d.X_test, s);
    prep["scaler_fitted_on"] = "train";
  }
  d.identity = Json{{"name", d.name}, {"counts", split_counts(d)}, {"preprocessing", prep}};
  return d;
}

BinaryDataset read_covtype_binary(const fs::path& file, const CovtypeOptions& options) {
  return covtype_split(read_libsvm(file), options, file.string());
}

BinaryDataset load_covtype_binary(const CovtypeOptions& options) {
  const ResolvedData data = resolve("covtype.binary");
  BinaryDataset d = read_covtype_binary(data.path / "covtype.libsvm.binary", options);
  d.identity["data"] = data.to_json();
  return d;
}

BinaryDataset load_binary_dataset(const std::string& name) {
  if (name == "a9a") return load_a9a();
  if (name == "covtype.binary") return load_covtype_binary();
  throw ConfigError(
      fmt::format("no binary data set \"{}\" (there are a9a and covtype.binary)", name));
}

// ---------------------------------------------------------------- RCV1-v2

Rcv1Data read_rcv1(const fs::path& dir) {
  Rcv1Data data;
  std::unordered_map<int64_t, int32_t> row_of;
  const std::vector<std::string> files = {
      "lyrl2004_vectors_train.dat", "lyrl2004_vectors_test_pt0.dat",
      "lyrl2004_vectors_test_pt1.dat", "lyrl2004_vectors_test_pt2.dat",
      "lyrl2004_vectors_test_pt3.dat"};
  for (size_t f = 0; f < files.size(); ++f) {
    const fs::path path = dir / files[f];
    const LibsvmData part = read_libsvm(path);  // the docid sits where a label would
    for (int32_t i = 0; i < part.X.rows; ++i) {
      const double v = part.labels[static_cast<size_t>(i)];
      const auto docid = static_cast<int64_t>(std::llround(v));
      if (v <= 0 || static_cast<double>(docid) != v) {
        throw DataError(
            path.string(), 0,
            fmt::format("document {} of the file has docid '{}', not a positive integer", i + 1,
                        v));
      }
      if (!row_of.emplace(docid, data.X.rows + i).second) {
        throw DataError(path.string(), 0, fmt::format("docid {} appears twice", docid));
      }
      data.docids.push_back(docid);
    }
    append_rows(data.X, part.X);
    if (f == 0) data.n_lyrl_train = data.X.rows;
  }
  // Qrels: "<CATEGORY> <docid> 1" per line.
  const fs::path qrels = dir / "rcv1-v2.topics.qrels";
  std::ifstream in(qrels);
  if (!in) throw DataError(qrels.string(), 0, "cannot open");
  std::vector<std::pair<int32_t, std::string>> pairs;
  std::set<std::string> categories;
  int64_t unmatched = 0;
  std::string line;
  long line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream ls(line);
    std::string cat, docid_text, one, extra;
    ls >> cat >> docid_text >> one;
    int64_t docid = 0;
    const auto [p, ec] =
        std::from_chars(docid_text.data(), docid_text.data() + docid_text.size(), docid);
    if (cat.empty() || ec != std::errc() || p != docid_text.data() + docid_text.size() ||
        one != "1" || (ls >> extra)) {
      throw DataError(qrels.string(), line_no,
                      fmt::format("expected '<CATEGORY> <docid> 1', got '{}'", line));
    }
    const auto it = row_of.find(docid);
    if (it == row_of.end()) {
      ++unmatched;
      continue;
    }
    categories.insert(cat);
    pairs.emplace_back(it->second, cat);
  }
  data.topics.class_names.assign(categories.begin(), categories.end());
  data.topics.y.assign(static_cast<size_t>(data.X.rows), {});
  for (const auto& [row, cat] : pairs) {
    const auto k = static_cast<int32_t>(
        std::lower_bound(data.topics.class_names.begin(), data.topics.class_names.end(), cat) -
        data.topics.class_names.begin());
    data.topics.y[static_cast<size_t>(row)].push_back(k);
  }
  for (auto& ids : data.topics.y) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  data.identity = Json{{"name", "rcv1-v2"},
                       {"counts",
                        {{"docs", data.X.rows},
                         {"lyrl_train", data.n_lyrl_train},
                         {"lyrl_test", data.X.rows - data.n_lyrl_train},
                         {"cols", data.X.cols},
                         {"topics", data.topics.class_names.size()},
                         {"qrels_without_vector", unmatched}}}};
  return data;
}

BinaryDataset rcv1_binary(const Rcv1Data& data, const std::string& topic, bool swap_train_test) {
  const auto& names = data.topics.class_names;
  const auto it = std::lower_bound(names.begin(), names.end(), topic);
  if (it == names.end() || *it != topic) {
    throw ConfigError(fmt::format("RCV1 has no topic '{}'", topic));
  }
  const auto k = static_cast<int32_t>(it - names.begin());
  const BinaryLabels y = one_vs_rest(data.topics, k);
  std::vector<int32_t> lyrl_train, lyrl_test;
  for (int32_t i = 0; i < data.X.rows; ++i)
    (i < data.n_lyrl_train ? lyrl_train : lyrl_test).push_back(i);
  const auto& tr = swap_train_test ? lyrl_test : lyrl_train;
  const auto& te = swap_train_test ? lyrl_train : lyrl_test;
  BinaryDataset d;
  d.name = "rcv1-v2-" + topic;
  d.X_train = data.X.select_rows(tr);
  d.X_test = data.X.select_rows(te);
  d.X_train.cols = d.X_test.cols = data.X.cols;
  for (int32_t i : tr) d.y_train.push_back(y[static_cast<size_t>(i)]);
  for (int32_t i : te) d.y_test.push_back(y[static_cast<size_t>(i)]);
  d.identity = Json{{"name", d.name},
                    {"topic", topic},
                    {"split", swap_train_test ? "LYRL2004 swapped (MLR-CG)" : "LYRL2004"},
                    {"counts", split_counts(d)}};
  if (data.identity.contains("data")) d.identity["data"] = data.identity["data"];
  return d;
}

Rcv1Data load_rcv1() {
  const ResolvedData data = resolve("rcv1-v2");
  Rcv1Data r = read_rcv1(data.path);
  r.identity["data"] = data.to_json();
  return r;
}

}  // namespace linrepro
