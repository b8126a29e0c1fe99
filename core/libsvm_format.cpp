#include "core/libsvm_format.h"

#include <fmt/format.h>
#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
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

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Next whitespace-separated token of [pos, end); empty when the line is exhausted. A '#' ends the
// line's data wherever it stands (a comment, also right after a token): the token stops there and
// the next call returns empty.
std::string_view next_token(const char*& pos, const char* end) {
  while (pos < end && is_blank(*pos)) ++pos;
  const char* start = pos;
  while (pos < end && !is_blank(*pos) && *pos != '#') ++pos;
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

// A feature index ("17" of "17:0.5"): an integer in 1..max_index, else DataError naming it.
int64_t parse_index(std::string_view text, std::string_view token, const std::string& name,
                    long line, int64_t max_index) {
  int64_t index = 0;
  const auto [ip, iec] = std::from_chars(text.data(), text.data() + text.size(), index);
  if (text.empty() || iec == std::errc::invalid_argument || ip != text.data() + text.size())
    throw DataError(name, line,
                    fmt::format("index '{}' in '{}' is not an integer", escape_bytes(text),
                                escape_bytes(token)));
  if (iec == std::errc::result_out_of_range ||
      index > static_cast<int64_t>(std::numeric_limits<int32_t>::max()))
    throw DataError(name, line, fmt::format("index '{}' is too large", escape_bytes(text)));
  if (index > max_index)
    throw DataError(
        name, line,
        fmt::format("feature index {} is above the limit of {} features: every solver keeps "
                    "dense per-feature arrays, and one array of doubles for it would take "
                    "{} (several are needed). If the data really has that many features, "
                    "raise the limit with LINREPRO_MAX_FEATURES=<n> (at most {})",
                    index, max_index, gib(8.0 * static_cast<double>(index)), kMaxFeatureIndexHard));
  if (index <= 0)
    throw DataError(name, line,
                    fmt::format("index {} in '{}' is not positive (indices are 1-based)", index,
                                escape_bytes(token)));
  return index;
}

// The value of feature `index` ("0.5" of "17:0.5"): a finite number, else DataError naming it.
double parse_value(std::string_view text, int64_t index, const std::string& name, long line) {
  double value = 0;
  switch (parse_double(text, value)) {
    case NumberStatus::not_a_number:
      throw DataError(
          name, line,
          fmt::format("value '{}' of index {} is not a number", escape_bytes(text), index));
    case NumberStatus::out_of_range:
      throw DataError(
          name, line,
          fmt::format("value '{}' of index {} is out of range", escape_bytes(text), index));
    case NumberStatus::ok:
      break;
  }
  if (!std::isfinite(value))
    throw DataError(name, line,
                    fmt::format("value '{}' of index {} is not finite", escape_bytes(text), index));
  return value;
}

// The row of one line (its labels and features, appended to `data`); false for a blank or
// comment-only line. [p, end) is the line without its '\n'.
bool parse_line(const char* p, const char* end, const std::string& name, long line,
                int64_t max_index, LibsvmData& data) {
  // Everything from '#' on is a comment (next_token stops there; a comment line is empty).
  const std::string_view label_token = next_token(p, end);
  if (label_token.empty()) return false;
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
  CsrMatrix& X = data.X;
  int64_t previous = 0;
  for (std::string_view token = next_token(p, end); !token.empty(); token = next_token(p, end)) {
    const size_t colon = token.find(':');
    if (colon == std::string_view::npos)
      throw DataError(
          name, line,
          fmt::format("token '{}' is not index:value (missing ':')", escape_bytes(token)));
    const int64_t index = parse_index(token.substr(0, colon), token, name, line, max_index);
    if (index <= previous)
      throw DataError(name, line,
                      fmt::format("index {} follows index {} (indices must be strictly increasing)",
                                  index, previous));
    previous = index;
    X.col_idx.push_back(static_cast<int32_t>(index - 1));
    X.values.push_back(parse_value(token.substr(colon + 1), index, name, line));
  }
  if (previous > 0) X.cols = std::max(X.cols, static_cast<int32_t>(previous));
  X.row_ptr.push_back(static_cast<int64_t>(X.col_idx.size()));
  ++X.rows;
  if (row_labels.size() > 1 && data.first_multilabel_line == 0) data.first_multilabel_line = line;
  data.labels.push_back(row_labels.front());
  data.lines.push_back(line);
  return true;
}

// Reads `in` block by block and hands every line to parse_line: memory holds the matrix being
// built and one block, never the whole text (the file can be larger than the matrix). A line
// longer than max_libsvm_line_bytes() stops the read at once: /dev/zero or a binary file would
// otherwise be read until memory runs out.
void parse_stream(std::istream& in, const std::string& name, LibsvmData& data) {
  // 64 KiB a read; the buffer grows only for a line longer than that. Uninitialised (no
  // zero-filling per read): a small file costs a small read.
  constexpr size_t kBlock = size_t{1} << 16;
  const int64_t max_line = max_libsvm_line_bytes();
  const int64_t max_index = max_feature_index();
  std::unique_ptr<char[]> buf(new char[kBlock]);  // the unfinished line, then the new block
  size_t capacity = kBlock;
  size_t carry = 0;   // bytes at buf's start that are the unfinished line from the last block
  long line = 1;      // physical line number of buf's first byte
  bool first = true;  // the block that holds the file's first bytes (byte-order mark check)
  for (;;) {
    if (carry + kBlock > capacity) {
      capacity = std::max(2 * capacity, carry + kBlock);
      std::unique_ptr<char[]> grown(new char[capacity]);
      std::memcpy(grown.get(), buf.get(), carry);
      buf = std::move(grown);
    }
    in.read(buf.get() + carry, static_cast<std::streamsize>(kBlock));
    const size_t got = static_cast<size_t>(in.gcount());
    const size_t size = carry + got;
    if (first && size >= 3 && std::memcmp(buf.get(), "\xEF\xBB\xBF", 3) == 0)
      throw DataError(
          name, 1,
          "the file starts with a UTF-8 byte-order mark (bytes EF BB BF): save it without "
          "one (LIBSVM files are plain ASCII)");
    first = first && size < 3;
    const bool at_end = got == 0;
    char* const start = buf.get();
    const char* pos = start;
    const char* const buf_end = start + size;
    // The carried bytes hold no newline: the search starts in the new block (a very long line
    // is scanned once, not once a block).
    const char* scan = pos + carry;
    for (;;) {
      const char* nl = static_cast<const char*>(std::memchr(scan, '\n', buf_end - scan));
      if (!nl && !(at_end && pos < buf_end)) break;
      const char* line_end = nl ? nl : buf_end;
      parse_line(pos, line_end, name, line, max_index, data);
      pos = scan = nl ? nl + 1 : buf_end;
      ++line;
    }
    carry = static_cast<size_t>(buf_end - pos);
    if (static_cast<int64_t>(carry) > max_line)
      throw DataError(name, line,
                      fmt::format("line longer than {} bytes: not a LIBSVM text file (binary "
                                  "data, or a device such as /dev/zero?); raise the limit with "
                                  "LINREPRO_MAX_LINE_BYTES",
                                  max_line));
    if (pos != start) std::memmove(start, pos, carry);
    if (at_end) break;
  }
  if (in.bad()) throw DataError(name, 0, "read error");
}

// The matrix's arrays are written once, front to back: with 2 MiB pages (where the kernel offers
// them on request, transparent_hugepage = madvise) the first touch costs one fault per 2 MiB
// instead of one per 4 KiB, a fifth of the reading time of a large file. Only a hint: without
// them nothing changes but the speed.
void advise_huge_pages(void* p, size_t bytes) {
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

// Upper bounds of a file's rows and nonzeros, from its newlines and colons, so that the matrix is
// allocated once at its final size: growing by doubling would hold up to twice the matrix while it
// copies. A fast pass over the file (memchr speed); a colon in a comment only over-reserves.
void reserve_for(const std::filesystem::path& path, LibsvmData& data) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> block(size_t{1} << 20);
  int64_t newlines = 0, colons = 0;
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    const auto end = block.begin() + in.gcount();
    newlines += std::count(block.begin(), end, '\n');
    colons += std::count(block.begin(), end, ':');
  }
  const size_t rows = static_cast<size_t>(newlines) + 1;
  data.X.row_ptr.reserve(rows + 1);
  data.X.col_idx.reserve(static_cast<size_t>(colons));
  data.X.values.reserve(static_cast<size_t>(colons));
  advise_huge_pages(data.X.col_idx.data(), data.X.col_idx.capacity() * sizeof(int32_t));
  advise_huge_pages(data.X.values.data(), data.X.values.capacity() * sizeof(double));
  data.labels.reserve(rows);
  data.lines.reserve(rows);
}

LibsvmData finish(LibsvmData data, const std::string& name, int32_t min_cols) {
  if (data.X.rows == 0) throw DataError(name, 0, "no data rows (empty file)");
  data.X.cols = std::max(data.X.cols, min_cols);
  return data;
}

}  // namespace

int64_t max_feature_index() {
  return env_limit("LINREPRO_MAX_FEATURES", int64_t{1} << 26, kMaxFeatureIndexHard);
}

int64_t max_libsvm_line_bytes() {
  return env_limit("LINREPRO_MAX_LINE_BYTES", int64_t{256} << 20, int64_t{1} << 40);
}

LibsvmData read_libsvm(std::istream& in, const std::string& name, int32_t min_cols) {
  LibsvmData data;
  parse_stream(in, name, data);
  return finish(std::move(data), name, min_cols);
}

LibsvmData read_libsvm(const std::filesystem::path& path, int32_t min_cols) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DataError(path.string(), 0, fmt::format("cannot open: {}", std::strerror(errno)));
  LibsvmData data;
  // Sized from a first pass only for a regular file: a pipe or a device cannot be read twice
  // (and /dev/zero must fail by the line limit, not be counted forever).
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) reserve_for(path, data);
  parse_stream(in, path.string(), data);
  return finish(std::move(data), path.string(), min_cols);
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
