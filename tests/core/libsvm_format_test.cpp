#include "core/libsvm_format.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "core/error.h"
#include "core/labels.h"
#include "support/temp_dir.h"

namespace linrepro {
namespace {

using testing::read_text;
using testing::TempDir;

CsrMatrix matrix(int32_t cols, const std::vector<std::vector<std::pair<int32_t, double>>>& rows) {
  CsrMatrix X;
  X.cols = cols;
  for (const auto& row : rows) {
    std::vector<int32_t> idx;
    std::vector<double> val;
    for (auto [j, v] : row) idx.push_back(j), val.push_back(v);
    X.append_row(idx, val);
  }
  return X;
}

TEST(ReadLibsvm, ParsesLabelsFeaturesCommentsAndBlankLines) {
  TempDir dir;
  const auto p = dir.write("tiny.svm",
                           "# a header comment\n"
                           "+1 1:0.5 3:2\n"
                           "\n"
                           "-1\t2:1e-3  # trailing comment 9:9\n"
                           "   \t\n"
                           "2,5 7:-4.25\r\n"
                           "0\n");  // a row without features
  const LibsvmData d = read_libsvm(p);
  EXPECT_EQ(d.X.rows, 4);
  EXPECT_EQ(d.X.cols, 7);
  EXPECT_EQ(d.labels, (std::vector<double>{1, -1, 2, 0}));
  EXPECT_EQ(d.first_multilabel_line, 6);  // "2,5": its first label is its label
  EXPECT_EQ(d.X.row_ptr, (std::vector<int64_t>{0, 2, 3, 4, 4}));
  EXPECT_EQ(d.X.col_idx, (std::vector<int32_t>{0, 2, 1, 6}));  // stored 0-based
  EXPECT_EQ(d.X.values, (std::vector<double>{0.5, 2, 1e-3, -4.25}));
}

TEST(ReadLibsvm, MinColsWidensButNeverNarrows) {
  TempDir dir;
  const auto p = dir.write("t.svm", "1 2:1\n-1 3:1\n");
  EXPECT_EQ(read_libsvm(p).X.cols, 3);
  EXPECT_EQ(read_libsvm(p, 123).X.cols, 123);
  EXPECT_EQ(read_libsvm(p, 2).X.cols, 3);
}

TEST(ReadLibsvm, StreamOverloadUsesTheGivenName) {
  std::istringstream in("1 1:1\n1 1:x\n");
  try {
    read_libsvm(in, "<memory>");
    FAIL() << "expected DataError";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("<memory>:2:"), std::string::npos) << e.what();
  }
}

// Writing then reading gives back every double bit for bit (%.17g) and integer labels as integers.
TEST(LibsvmRoundTrip, ExactForAwkwardDoubles) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  const double big = std::numeric_limits<double>::max();
  const CsrMatrix X = matrix(9, {{{0, 0.1}, {3, 1.0 / 3.0}, {8, -2.5e-300}},
                                 {},
                                 {{1, tiny}, {2, big}, {4, -0.0}, {5, 123456789.123456789}},
                                 {{7, 1}}});
  const std::vector<double> labels{1, -1, 2.5, 1e20};
  TempDir dir;
  const auto p = dir / "round.svm";
  write_libsvm(p, X, labels);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);  // no temp left

  const std::string text = read_text(p);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "1 1:0.10000000000000001 4:0.33333333333333331 9:-2.5e-300");
  EXPECT_NE(text.find("\n-1\n"), std::string::npos) << text;  // integer label, empty row
  EXPECT_NE(text.find("\n1e+20 8:1\n"), std::string::npos) << text;

  const LibsvmData d = read_libsvm(p, X.cols);
  EXPECT_EQ(d.labels, labels);
  EXPECT_EQ(d.X.rows, X.rows);
  EXPECT_EQ(d.X.cols, X.cols);
  EXPECT_EQ(d.X.row_ptr, X.row_ptr);
  EXPECT_EQ(d.X.col_idx, X.col_idx);
  ASSERT_EQ(d.X.values.size(), X.values.size());
  for (size_t k = 0; k < X.values.size(); ++k) {
    EXPECT_EQ(std::signbit(d.X.values[k]), std::signbit(X.values[k])) << k;
    EXPECT_EQ(d.X.values[k], X.values[k]) << k;
  }
}

TEST(WriteLibsvm, RejectsWhatItCouldNotReadBack) {
  const CsrMatrix X = matrix(2, {{{0, 1}}, {{1, NAN}}});
  std::ostringstream out;
  EXPECT_THROW(write_libsvm(out, X, {1}), std::invalid_argument);      // label count
  EXPECT_THROW(write_libsvm(out, X, {1, -1}), std::invalid_argument);  // NaN value
  EXPECT_THROW(write_libsvm(out, matrix(1, {{}}), {INFINITY}), std::invalid_argument);
}

// Every malformed input names the file, the line and the cause.
struct BadInput {
  const char* content;
  long line;
  const char* cause;
};

class ReadLibsvmErrors : public ::testing::TestWithParam<BadInput> {};

TEST_P(ReadLibsvmErrors, NameFileLineAndCause) {
  const BadInput& bad = GetParam();
  TempDir dir;
  const auto p = dir.write("bad.svm", bad.content);
  try {
    read_libsvm(p);
    FAIL() << "no error for: " << bad.content;
  } catch (const DataError& e) {
    const std::string msg = e.what();
    const std::string where = fmt::format("{}:{}: ", p.string(), bad.line);
    EXPECT_EQ(msg.rfind(where, 0), 0u) << msg << "\n expected to start with " << where;
    EXPECT_NE(msg.find(bad.cause), std::string::npos) << msg << "\n expected cause: " << bad.cause;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ReadLibsvmErrors,
    ::testing::Values(BadInput{"1 2:1 x\n", 1, "'x' is not index:value (missing ':')"},
                      BadInput{"1 1:1\n1 0:1\n", 2, "index 0 in '0:1' is not positive"},
                      BadInput{"1 -3:1\n", 1, "index -3 in '-3:1' is not positive"},
                      BadInput{"1 3:1 2:1\n", 1,
                               "index 2 follows index 3 (indices must be strictly increasing)"},
                      BadInput{"1 3:1 3:1\n", 1, "index 3 follows index 3"},
                      BadInput{"1 1:1\n1 3:nan\n", 2, "value 'nan' of index 3 is not finite"},
                      BadInput{"1 3:inf\n", 1, "value 'inf' of index 3 is not finite"},
                      BadInput{"1 3:-inf\n", 1, "value '-inf' of index 3 is not finite"},
                      BadInput{"1 3:1e999\n", 1, "value '1e999' of index 3 is out of range"},
                      BadInput{"1 2:\n", 1, "value '' of index 2 is not a number"},
                      BadInput{"1 2:abc\n", 1, "value 'abc' of index 2 is not a number"},
                      BadInput{"1 2:1:3\n", 1, "value '1:3' of index 2 is not a number"},
                      BadInput{"1 2:0x10\n", 1, "value '0x10' of index 2 is not a number"},
                      BadInput{"1 a:1\n", 1, "index 'a' in 'a:1' is not an integer"},
                      BadInput{"1 :1\n", 1, "index '' in ':1' is not an integer"},
                      BadInput{"1 +2:1\n", 1, "index '+2' in '+2:1' is not an integer"},
                      BadInput{"1 99999999999:1\n", 1, "index '99999999999' is too large"},
                      BadInput{"nan 1:1\n", 1, "label 'nan' is not finite"},
                      BadInput{"1\n-inf 1:1\n", 2, "label '-inf' is not finite"},
                      BadInput{"abc 1:1\n", 1, "label 'abc' is not a number"},
                      BadInput{"++1 1:1\n", 1, "label '++1' is not a number"},
                      BadInput{"1e999 1:1\n", 1, "label '1e999' is out of range"},
                      BadInput{"1:1 2:1\n", 1, "missing label"},
                      BadInput{"1, 1:1\n", 1, "empty label in '1,'"},
                      BadInput{"1,,2 1:1\n", 1, "empty label in '1,,2'"},
                      BadInput{"1,x 1:1\n", 1, "label 'x' is not a number"},
                      // Line numbers count comment, blank and CRLF lines.
                      BadInput{"# c\r\n\r\n1 1:1\r\n1 x\r\n", 4, "'x' is not index:value"}));

TEST(ReadLibsvm, EmptyOrCommentOnlyFileIsAnError) {
  TempDir dir;
  for (const char* content : {"", "# only a comment\n\n   \n"}) {
    const auto p = dir.write("empty.svm", content);
    try {
      read_libsvm(p);
      FAIL() << "no error for an empty file";
    } catch (const DataError& e) {
      const std::string msg = e.what();
      EXPECT_EQ(msg.rfind(p.string() + ": ", 0), 0u) << msg;
      EXPECT_NE(msg.find("no data rows"), std::string::npos) << msg;
    }
  }
}

TEST(ReadLibsvm, MissingFileNamesIt) {
  TempDir dir;
  try {
    read_libsvm(dir / "absent.svm");
    FAIL();
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("absent.svm: cannot open"), std::string::npos) << e.what();
  }
}

// The real a9a from the mirror (counts checked in /work/shared/datasets/NOTES.md; nnz counted
// independently with a Python split() parser).
class A9a : public ::testing::Test {
 protected:
  std::filesystem::path decompress(const std::string& name) {
    const std::filesystem::path src =
        std::filesystem::path(LINREPRO_MIRROR_DIR) / "libsvm" / (name + ".xz");
    if (!std::filesystem::exists(src)) return {};
    const auto dst = dir_ / name;
    const std::string cmd = fmt::format("xz -dc '{}' > '{}'", src.string(), dst.string());
    if (std::system(cmd.c_str()) != 0) return {};
    return dst;
  }
  TempDir dir_;
};

TEST_F(A9a, TrainingSet) {
  const auto p = decompress("a9a");
  if (p.empty())
    GTEST_SKIP() << "a9a.xz not in the mirror (" << LINREPRO_MIRROR_DIR << ") or xz missing";
  const LibsvmData d = read_libsvm(p);
  EXPECT_EQ(d.X.rows, 32561);
  EXPECT_EQ(d.X.cols, 123);
  EXPECT_EQ(d.X.nnz(), 451592);
  const BinaryLabels y = to_binary(d.labels);
  EXPECT_EQ(std::count(y.begin(), y.end(), 1.0), 7841);
  for (double v : d.X.values) ASSERT_EQ(v, 1.0);
}

TEST_F(A9a, TestSetReadWithTrainingDimension) {
  const auto p = decompress("a9a.t");
  if (p.empty())
    GTEST_SKIP() << "a9a.t.xz not in the mirror (" << LINREPRO_MIRROR_DIR << ") or xz missing";
  EXPECT_EQ(read_libsvm(p).X.cols, 122);  // feature 123 never occurs in a9a.t
  const LibsvmData d = read_libsvm(p, 123);
  EXPECT_EQ(d.X.rows, 16281);
  EXPECT_EQ(d.X.cols, 123);
  EXPECT_EQ(d.X.nnz(), 225731);
  const BinaryLabels y = to_binary(d.labels);
  EXPECT_EQ(std::count(y.begin(), y.end(), 1.0), 3846);
}

}  // namespace
}  // namespace linrepro

namespace linrepro {
namespace {

// Sets an environment variable for one scope.
struct EnvFor {
  EnvFor(const char* n, const char* v) : name(n) { setenv(n, v, 1); }
  ~EnvFor() { unsetenv(name); }
  const char* name;
};

// A huge index is refused while reading, before any per-feature array is sized by it; the
// message names file, line, index and the memory, and the limit can be raised.
TEST(ReadLibsvmGuards, HugeFeatureIndexIsRefusedWithTheMemoryItWouldTake) {
  TempDir dir;
  const auto p = dir.write("huge.svm", "1 2147483647:1\n-1 1:1\n");
  try {
    read_libsvm(p);
    FAIL() << "read a file with feature index 2^31-1";
  } catch (const DataError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind(p.string() + ":1: feature index 2147483647 is above the limit of "
                                     "67108864 features",
                        0),
              0u)
        << msg;
    EXPECT_NE(msg.find("16.0 GiB"), std::string::npos) << msg;
    EXPECT_NE(msg.find("LINREPRO_MAX_FEATURES"), std::string::npos) << msg;
  }
  const auto q = dir.write("wide.svm", "1 100000:1\n-1 1:1\n");
  {
    EnvFor limit("LINREPRO_MAX_FEATURES", "1000");
    EXPECT_THROW(read_libsvm(q), DataError);
  }
  {
    EnvFor limit("LINREPRO_MAX_FEATURES", "200000");
    EXPECT_EQ(read_libsvm(q).X.cols, 100000);
  }
  EnvFor bad("LINREPRO_MAX_FEATURES", "1e20");
  EXPECT_THROW(read_libsvm(q), ConfigError);
}

// /dev/zero (no newline, ever) fails once a line passes the limit instead of eating memory.
TEST(ReadLibsvmGuards, EndlessLineStopsAtTheLineLimit) {
  EnvFor limit("LINREPRO_MAX_LINE_BYTES", "1000000");
  try {
    read_libsvm("/dev/zero");
    FAIL();
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/zero:1: line longer than 1000000 bytes"),
              std::string::npos)
        << e.what();
  }
  std::istringstream ok("1 1:1\n" + std::string(2000, ' ') + "\n-1 2:1\n");
  EXPECT_EQ(read_libsvm(ok, "ok").X.rows, 2);  // a long line within the limit is fine
}

// The reader parses block by block (64 KiB): rows that straddle a block boundary, a row longer
// than a block (the buffer grows), a file without a final newline and CRLF line ends read exactly
// as the whole text would, by path and by stream.
TEST(ReadLibsvm, RowsAcrossBlockBoundariesReadWhole) {
  std::string text;
  std::vector<double> labels;
  CsrMatrix expected;
  expected.cols = 0;
  for (int32_t i = 0; text.size() < (size_t{5} << 19); ++i) {  // about 2.5 MiB
    const double label = i % 3 == 0 ? 1 : -1;
    text += fmt::format("{}", label);
    std::vector<int32_t> idx;
    std::vector<double> val;
    const int32_t features = i == 7 ? 20000 : 1 + i % 37;  // row 7: about 300 KiB of text
    for (int32_t k = 0; k < features; ++k) {
      idx.push_back(3 * k + i % 3);
      val.push_back(0.125 * (k + 1) + i);
      text += fmt::format(" {}:{}", idx.back() + 1, val.back());
    }
    text += i % 5 == 0 ? "\r\n" : "\n";
    labels.push_back(label);
    expected.append_row(idx, val);
  }
  text.pop_back();  // no final newline
  TempDir dir;
  std::istringstream stream(text);
  for (const LibsvmData& d : {read_libsvm(dir.write("big.svm", text)), read_libsvm(stream, "s")}) {
    EXPECT_EQ(d.labels, labels);
    EXPECT_EQ(d.X.rows, expected.rows);
    EXPECT_EQ(d.X.cols, expected.cols);
    EXPECT_EQ(d.X.row_ptr, expected.row_ptr);
    EXPECT_EQ(d.X.col_idx, expected.col_idx);
    EXPECT_EQ(d.X.values, expected.values);
    EXPECT_EQ(d.lines.back(), static_cast<long>(labels.size()));
  }
}

}  // namespace
}  // namespace linrepro
