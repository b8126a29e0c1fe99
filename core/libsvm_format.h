#pragma once
// The LIBSVM / SVMlight text format, as LIBLINEAR and LIBSVM read it:
//   <label>[,<label>...] <index>:<value> <index>:<value> ... [# comment]
// Indices are 1-based and strictly increasing; stored 0-based (column = index - 1).
// Strict: every malformed token, zero or non-increasing index, NaN/inf value or label, or an
// empty file throws DataError("file:line: what"). Lines that are empty or start with '#' are
// skipped.
// Details: tokens are separated by spaces or tabs; CRLF line ends are accepted; '#' starts a
// comment anywhere on a line; a label may carry a leading '+' ("+1"); a row may have no features;
// values are decimal (no hex). Line numbers count every physical line. A file without data rows
// (empty or only comments) has no line to blame: its message is "file: no data rows (empty file)".
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/sparse_matrix.h"

namespace linrepro {

struct LibsvmData {
  CsrMatrix X;
  std::vector<double> labels;  // first label of each row ("1,3" syntax: 1)
  std::vector<long> lines;  // 1-based physical line of each row, for errors found later (RowError)
  long first_multilabel_line = 0;  // line of the first row with several labels (0: none), so
                                   // single-label users (train/eval/predict) can reject it there
};

// Memory guards, checked while reading (before anything is sized by them):
//   - a feature index above max_feature_index() is a DataError naming the file, the line, the
//     index and the memory one dense per-feature array would take. Default 2^26 (512 MiB per
//     array of doubles); LINREPRO_MAX_FEATURES raises it, up to kMaxFeatureIndexHard, which keeps
//     n + 1 (LIBLINEAR's bias feature) within its int.
//   - a line longer than max_libsvm_line_bytes() (default 256 MiB, LINREPRO_MAX_LINE_BYTES) stops
//     the read: /dev/zero fails at once instead of exhausting memory.
// Both throw ConfigError for an invalid environment value.
constexpr int64_t kMaxFeatureIndexHard = (int64_t{1} << 30);
int64_t max_feature_index();
int64_t max_libsvm_line_bytes();

// min_cols: read with at least this many columns (a test file read with the training set's
// dimension, e.g. a9a.t whose feature 123 never occurs).
LibsvmData read_libsvm(const std::filesystem::path& path, int32_t min_cols = 0);
LibsvmData read_libsvm(std::istream& in, const std::string& name_for_errors, int32_t min_cols = 0);

// Writes labels (as %.17g, integers without a decimal point) and 1-based indices; values with %.17g
// so a round trip is exact. Written atomically (temp file + rename).
void write_libsvm(const std::filesystem::path& path, const CsrMatrix& X,
                  const std::vector<double>& labels);
void write_libsvm(std::ostream& out, const CsrMatrix& X, const std::vector<double>& labels);

}  // namespace linrepro
