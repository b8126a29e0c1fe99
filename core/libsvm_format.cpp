#include "core/libsvm_format.h"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/escape.h"

namespace linrepro {
namespace {

// A limit from the environment (a positive integer), else the default.
int64_t env_limit(const char* var, int64_t fallback, int64_t hard_max) {
  const char* v = std::getenv(var);
  if (!v || !*v) return fallback;
  int64_t n = 0;
  const auto [p, ec] = std::from_chars(v, v + std::strlen(v), n);
  if (ec != std::errc() || *p != '\0' || n <= 0 || n > hard_max)
    throw ConfigError(fmt::format("{}={} is not an integer in 1..{}", var, v, hard_max));
  return n;
}

std::string gib(double bytes) { return fmt::format("{:.1f} GiB", bytes / (1024.0 * 1024 * 1024)); }

// The whole file is read into memory and parsed in place: per-token iostream extraction is an
// order of magnitude slower, and the files we read (a9a, rcv1) fit comfortably in memory.
// A line longer than max_libsvm_line_bytes() stops the read at once: /dev/zero or a binary file
// would otherwise be read until memory runs out.
std::string read_all(std::istream& in, const std::string& name) {
  const int64_t max_line = max_libsvm_line_bytes();
  std::string text;
  char chunk[1 << 16];
  size_t line_start = 0;  // offset of the current (unfinished) line
  long lines = 1;
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    const size_t old = text.size();
    text.append(chunk, static_cast<size_t>(in.gcount()));
    for (const char* q = text.data() + old;
         (q = static_cast<const char*>(std::memchr(q, '\n', text.data() + text.size() - q))); ++q) {
      line_start = static_cast<size_t>(q - text.data()) + 1;
      ++lines;
    }
    if (static_cast<int64_t>(text.size() - line_start) > max_line)
      throw DataError(name, lines,
                      fmt::format("line longer than {} bytes: not a LIBSVM text file (binary "
                                  "data, or a device such as /dev/zero?); raise the limit with "
                                  "LINREPRO_MAX_LINE_BYTES",
                                  max_line));
  }
  if (in.bad()) throw DataError(name, 0, "read error");
  return text;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Next whitespace-separated token of [pos, end); empty when the line is exhausted.
std::string_view next_token(const char*& pos, const char* end) {
  while (pos < end && is_blank(*pos)) ++pos;
  const char* start = pos;
  while (pos < end && !is_blank(*pos)) ++pos;
  return {start, static_cast<size_t>(pos - start)};
}

enum class NumberStatus { ok, not_a_number, out_of_range };

// A decimal floating-point number covering the whole token. A leading '+' is accepted because
// LIBSVM files commonly write "+1" labels (std::from_chars alone rejects it).
NumberStatus parse_double(std::string_view token, double& out) {
  const char* b = token.data();
  const char* e = b + token.size();
  if (b != e && *b == '+') {
    ++b;
    if (b != e && (*b == '+' || *b == '-')) return NumberStatus::not_a_number;
  }
  if (b == e) return NumberStatus::not_a_number;
  const auto [p, ec] = std::from_chars(b, e, out);
  if (ec == std::errc::result_out_of_range && p == e) return NumberStatus::out_of_range;
  if (ec != std::errc() || p != e) return NumberStatus::not_a_number;
  return NumberStatus::ok;
}

// One label ("3", "+1", "-1.5"): a finite number, else DataError naming the token.
double parse_label(std::string_view token, const std::string& name, long line) {
  double v = 0;
  switch (parse_double(token, v)) {
    case NumberStatus::not_a_number:
      throw DataError(name, line, fmt::format("label '{}' is not a number", escape_bytes(token)));
    case NumberStatus::out_of_range:
      throw DataError(name, line, fmt::format("label '{}' is out of range", escape_bytes(token)));
    case NumberStatus::ok:
      break;
  }
  if (!std::isfinite(v))
    throw DataError(name, line, fmt::format("label '{}' is not finite", escape_bytes(token)));
  return v;
}

}  // namespace

int64_t max_feature_index() {
  return env_limit("LINREPRO_MAX_FEATURES", int64_t{1} << 26, kMaxFeatureIndexHard);
}

int64_t max_libsvm_line_bytes() {
  return env_limit("LINREPRO_MAX_LINE_BYTES", int64_t{256} << 20, int64_t{1} << 40);
}

LibsvmData read_libsvm(std::istream& in, const std::string& name, int32_t min_cols) {
  const int64_t max_index = max_feature_index();
  const std::string text = read_all(in, name);
  if (text.rfind("\xEF\xBB\xBF", 0) == 0)
    throw DataError(
        name, 1,
        "the file starts with a UTF-8 byte-order mark (bytes EF BB BF): save it without "
        "one (LIBSVM files are plain ASCII)");
  LibsvmData data;
  CsrMatrix& X = data.X;
  int32_t max_col = -1;
  long line = 0;
  const char* pos = text.data();
  const char* const text_end = pos + text.size();
  while (pos < text_end) {
    ++line;
    const char* newline = static_cast<const char*>(std::memchr(pos, '\n', text_end - pos));
    const char* line_end = newline ? newline : text_end;
    // Everything from '#' on is a comment (whole-line comments become empty lines).
    if (const void* hash = std::memchr(pos, '#', line_end - pos))
      line_end = static_cast<const char*>(hash);
    const char* p = pos;
    pos = newline ? newline + 1 : text_end;

    const std::string_view label_token = next_token(p, line_end);
    if (label_token.empty()) continue;  // blank or comment-only line
    if (label_token.find(':') != std::string_view::npos)
      throw DataError(
          name, line,
          fmt::format("missing label: line starts with feature '{}'", escape_bytes(label_token)));

    // Labels: "l1[,l2...]".
    std::vector<double> row_labels;
    for (size_t start = 0;;) {
      const size_t comma = label_token.find(',', start);
      const std::string_view one = label_token.substr(start, comma - start);
      if (one.empty())
        throw DataError(name, line, fmt::format("empty label in '{}'", escape_bytes(label_token)));
      row_labels.push_back(parse_label(one, name, line));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }

    // Features: "index:value" with 1-based, strictly increasing indices.
    int64_t previous = 0;
    for (std::string_view token = next_token(p, line_end); !token.empty();
         token = next_token(p, line_end)) {
      const size_t colon = token.find(':');
      if (colon == std::string_view::npos)
        throw DataError(
            name, line,
            fmt::format("token '{}' is not index:value (missing ':')", escape_bytes(token)));
      const std::string_view index_text = token.substr(0, colon);
      const std::string_view value_text = token.substr(colon + 1);
      int64_t index = 0;
      const auto [ip, iec] =
          std::from_chars(index_text.data(), index_text.data() + index_text.size(), index);
      if (index_text.empty() || iec == std::errc::invalid_argument ||
          ip != index_text.data() + index_text.size())
        throw DataError(name, line,
                        fmt::format("index '{}' in '{}' is not an integer",
                                    escape_bytes(index_text), escape_bytes(token)));
      if (iec == std::errc::result_out_of_range ||
          index > static_cast<int64_t>(std::numeric_limits<int32_t>::max()))
        throw DataError(name, line,
                        fmt::format("index '{}' is too large", escape_bytes(index_text)));
      if (index > max_index)
        throw DataError(
            name, line,
            fmt::format("feature index {} is above the limit of {} features: every solver keeps "
                        "dense per-feature arrays, and one array of doubles for it would take "
                        "{} (several are needed). If the data really has that many features, "
                        "raise the limit with LINREPRO_MAX_FEATURES=<n> (at most {})",
                        index, max_index, gib(8.0 * static_cast<double>(index)),
                        kMaxFeatureIndexHard));
      if (index <= 0)
        throw DataError(name, line,
                        fmt::format("index {} in '{}' is not positive (indices are 1-based)", index,
                                    escape_bytes(token)));
      if (index <= previous)
        throw DataError(
            name, line,
            fmt::format("index {} follows index {} (indices must be strictly increasing)", index,
                        previous));
      previous = index;
      double value = 0;
      switch (parse_double(value_text, value)) {
        case NumberStatus::not_a_number:
          throw DataError(name, line,
                          fmt::format("value '{}' of index {} is not a number",
                                      escape_bytes(value_text), index));
        case NumberStatus::out_of_range:
          throw DataError(name, line,
                          fmt::format("value '{}' of index {} is out of range",
                                      escape_bytes(value_text), index));
        case NumberStatus::ok:
          break;
      }
      if (!std::isfinite(value))
        throw DataError(
            name, line,
            fmt::format("value '{}' of index {} is not finite", escape_bytes(value_text), index));
      X.col_idx.push_back(static_cast<int32_t>(index - 1));
      X.values.push_back(value);
    }
    if (previous > 0) max_col = std::max(max_col, static_cast<int32_t>(previous - 1));
    X.row_ptr.push_back(static_cast<int64_t>(X.col_idx.size()));
    ++X.rows;
    if (row_labels.size() > 1 && data.first_multilabel_line == 0) data.first_multilabel_line = line;
    data.labels.push_back(row_labels.front());
    data.lines.push_back(line);
    data.multilabels.push_back(std::move(row_labels));
  }
  if (X.rows == 0) throw DataError(name, 0, "no data rows (empty file)");
  X.cols = std::max(max_col + 1, min_cols);
  return data;
}

LibsvmData read_libsvm(const std::filesystem::path& path, int32_t min_cols) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(path.string(), 0, fmt::format("cannot open: {}", std::strerror(errno)));
  return read_libsvm(in, path.string(), min_cols);
}

void write_libsvm(std::ostream& out, const CsrMatrix& X, const std::vector<double>& labels) {
  if (labels.size() != static_cast<size_t>(X.rows))
    throw std::invalid_argument(
        fmt::format("write_libsvm: {} labels for {} rows", labels.size(), X.rows));
  fmt::memory_buffer buf;
  for (int32_t i = 0; i < X.rows; ++i) {
    // A NaN/inf would make a file this module itself refuses to read back.
    if (!std::isfinite(labels[i]))
      throw std::invalid_argument(fmt::format("write_libsvm: label of row {} is not finite", i));
    // %.17g: integers print without a decimal point, and every double round-trips exactly.
    fmt::format_to(std::back_inserter(buf), "{:.17g}", labels[i]);
    const auto idx = X.row_indices(i);
    const auto val = X.row_values(i);
    for (size_t k = 0; k < idx.size(); ++k) {
      if (!std::isfinite(val[k]))
        throw std::invalid_argument(
            fmt::format("write_libsvm: value at row {} column {} is not finite", i, idx[k]));
      fmt::format_to(std::back_inserter(buf), " {}:{:.17g}", idx[k] + 1, val[k]);
    }
    buf.push_back('\n');
    if (buf.size() > (1 << 20)) {
      out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
      buf.clear();
    }
  }
  out.write(buf.data(), static_cast<std::streamsize>(buf.size()));
}

void write_libsvm(const std::filesystem::path& path, const CsrMatrix& X,
                  const std::vector<double>& labels) {
  write_file_atomic(path, [&](std::ostream& out) { write_libsvm(out, X, labels); });
}

}  // namespace linrepro
