#include "corpora/reuters21578.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/error.h"
#include "corpora_test_support.h"

namespace linrepro {
namespace {

using testing::TempDir;
using testing::write_file;

// One <REUTERS> record in the distribution's exact layout.
std::string record(int newid, const std::string& lewis, const std::string& topics_attr,
                   const std::vector<std::string>& topics, const std::string& text_element) {
  std::string d;
  for (const auto& t : topics) d += "<D>" + t + "</D>";
  return fmt::format(
      "<REUTERS TOPICS=\"{}\" LEWISSPLIT=\"{}\" CGISPLIT=\"TRAINING-SET\" OLDID=\"{}\" "
      "NEWID=\"{}\">\n<DATE>26-FEB-1987 15:01:01.79</DATE>\n<TOPICS>{}</TOPICS>\n"
      "<PLACES><D>usa</D></PLACES>\n<PEOPLE></PEOPLE>\n<ORGS></ORGS>\n<EXCHANGES></EXCHANGES>\n"
      "<COMPANIES></COMPANIES>\n<UNKNOWN> \n&#5;&#5;&#5;C T\n&#22;&#22;&#1;f0704&#31;reute\n"
      "u f BC-X   02-26 0105</UNKNOWN>\n{}\n</REUTERS>\n",
      topics_attr, lewis, newid + 5000, newid, d, text_element);
}

std::string norm_text(const std::string& title, const std::string& body) {
  return "<TEXT>&#2;\n<TITLE>" + title +
         "</TITLE>\n<DATELINE>    NEW YORK, Feb 26 - </DATELINE><BODY>" + body + "</BODY></TEXT>";
}

const std::string kHeader = "<!DOCTYPE lewis SYSTEM \"lewis.dtd\">\n";

TEST(ReutersParse, FieldsEntitiesAndTextTypes) {
  const std::string sgml =
      kHeader +
      record(1, "TRAIN", "YES", {"cocoa", "grain", "cocoa"},
             norm_text("BAHIA &lt;COCOA> REVIEW",
                       "Showers &amp; rain in M\xfcnchen.\n Reuter\n&#3;")) +
      record(2, "TEST", "YES", {},
             "<TEXT TYPE=\"BRIEF\">&#2;\n******<TITLE>ASSETS ROSE\n</TITLE>Blah blah "
             "blah.\n&#3;\n\n</TEXT>") +
      record(3, "TRAIN", "NO", {"earn"},
             "<TEXT TYPE=\"UNPROC\">&#2;\nFED WEEKLY REPORT\n Net free reserves...644\n "
             "Reuter\n&#3;\n</TEXT>") +
      "<REUTERS TOPICS=\"BYPASS\" LEWISSPLIT=\"NOT-USED\" CGISPLIT=\"PUBLISHED-TESTSET\" "
      "OLDID=\"9\" "
      "NEWID=\"4\">\n<DATE>x</DATE>\n<MKNOTE>note</MKNOTE>\n<TOPICS></TOPICS><PLACES></PLACES>"
      "<PEOPLE><D>volcker</D></PEOPLE><ORGS><D>imf</D></ORGS><EXCHANGES><D>nyse</D></EXCHANGES>"
      "<COMPANIES></COMPANIES>\n<TEXT>&#2;\n<AUTHOR>    by A. Reporter</AUTHOR>\n<TITLE>T</TITLE>"
      "<BODY></BODY></TEXT>\n</REUTERS>\n";
  const auto a = parse_reuters_sgml(sgml, "fixture.sgm");
  ASSERT_EQ(a.size(), 4u);

  EXPECT_EQ(a[0].newid, 1);
  EXPECT_EQ(a[0].oldid, 5001);
  EXPECT_EQ(a[0].lewis_split, "TRAIN");
  EXPECT_EQ(a[0].cgi_split, "TRAINING-SET");
  EXPECT_EQ(a[0].topics_attr, "YES");
  EXPECT_EQ(a[0].topics, (std::vector<std::string>{"cocoa", "grain"}));  // repeat kept once
  EXPECT_EQ(a[0].places, (std::vector<std::string>{"usa"}));
  EXPECT_EQ(a[0].text_type, "NORM");
  EXPECT_EQ(a[0].title, "BAHIA <COCOA> REVIEW");
  EXPECT_EQ(a[0].dateline, "    NEW YORK, Feb 26 - ");
  // Latin-1 byte kept as the single byte 0xFC; &#3; decoded to byte 3.
  EXPECT_EQ(a[0].body, "Showers & rain in M\xfcnchen.\n Reuter\n\x03");
  EXPECT_EQ(a[0].date, "26-FEB-1987 15:01:01.79");
  EXPECT_EQ(a[0].line, 2);

  EXPECT_EQ(a[1].text_type, "BRIEF");
  EXPECT_EQ(a[1].title, "ASSETS ROSE\n");
  EXPECT_EQ(a[1].body, "");  // no BODY: the "Blah blah blah." placeholder is not the story
  EXPECT_TRUE(a[1].topics.empty());

  EXPECT_EQ(a[2].text_type, "UNPROC");
  EXPECT_EQ(a[2].title, "");
  EXPECT_NE(a[2].body.find("FED WEEKLY REPORT"), std::string::npos);  // the whole text is the body
  EXPECT_NE(a[2].body.find("Net free reserves"), std::string::npos);

  EXPECT_EQ(a[3].author, "    by A. Reporter");
  EXPECT_EQ(a[3].people, (std::vector<std::string>{"volcker"}));
  EXPECT_EQ(a[3].orgs, (std::vector<std::string>{"imf"}));
  EXPECT_EQ(a[3].exchanges, (std::vector<std::string>{"nyse"}));
  EXPECT_EQ(a[3].body, "");
}

// Expects a DataError whose message starts with "<file>:<line>:" and contains `what`.
void expect_error(const std::string& sgml, long line, const std::string& what) {
  try {
    parse_reuters_sgml(sgml, "bad.sgm");
    ADD_FAILURE() << "no error for: " << what;
  } catch (const DataError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind(fmt::format("bad.sgm:{}: ", line), 0), 0u) << msg;
    EXPECT_NE(msg.find(what), std::string::npos) << msg;
  }
}

TEST(ReutersParse, BadInputNamesFileAndLine) {
  const std::string good = record(1, "TRAIN", "YES", {"earn"}, norm_text("T", "B"));
  // Truncated file: the last record has no end tag (line 18 = its <REUTERS> tag; a record is
  // 16 lines, after the DOCTYPE line).
  const std::string truncated = kHeader + good + good.substr(0, good.size() / 2);
  std::string t2 = truncated;
  t2.replace(t2.rfind("NEWID=\"1\""), 9, "NEWID=\"2\"");
  expect_error(t2, 18, "unterminated <REUTERS> element (NEWID=\"2\")");
  // Missing NEWID.
  std::string no_id = kHeader + good;
  no_id.replace(no_id.find(" NEWID=\"1\""), 10, "");
  expect_error(no_id, 2, "without NEWID");
  // Non-numeric NEWID.
  std::string bad_id = kHeader + good;
  bad_id.replace(bad_id.find("NEWID=\"1\""), 9, "NEWID=\"x1\"");
  expect_error(bad_id, 2, "NEWID=\"x1\" is not a positive integer");
  // An element inside a record that is never closed.
  std::string open_body = kHeader + good;
  open_body.erase(open_body.find("</BODY>"), 7);
  expect_error(open_body, 16, "unterminated <BODY>");
  // Unknown element.
  std::string unknown = kHeader + good;
  unknown.insert(unknown.find("<ORGS>"), "<FOO>x</FOO>");
  expect_error(unknown, 7, "unknown element <FOO>");
  // Binary garbage, and garbage between records.
  expect_error(std::string("\x7f"
                           "ELF\x01\x02\x00\xff garbage",
                           16),
               1, "unexpected content outside a <REUTERS> element");
  expect_error(kHeader + good + "\x01\x02junk", 18, "unexpected content outside");
  expect_error("", 1, "no <REUTERS> element");
  // A record without TEXT.
  std::string no_text = kHeader + good;
  no_text.erase(no_text.find("<TEXT>"), no_text.find("</TEXT>") + 7 - no_text.find("<TEXT>"));
  expect_error(no_text, 2, "has no <TEXT> element");
}

// Issue 30 item 6: five minutes of fuzz_reuters found an article whose <TOPICS> holds an empty
// <D></D> coming back with a topic named "". The reproducer (739 bytes, kept as the fuzz seed
// fuzz/corpus/reuters/crash_empty_topic) now parses with no topic and a warning naming file and
// line; an empty or blank name in any list is skipped the same way, a real one next to it kept.
TEST(ReutersParse, EmptyCategoryNamesAreSkippedWithAWarning) {
  const std::string repro = testing::read_file_text(std::filesystem::path(LINREPRO_SOURCE_DIR) /
                                                    "fuzz/corpus/reuters/crash_empty_topic");
  ASSERT_EQ(repro.size(), 739u);
  ::testing::internal::CaptureStderr();
  const auto a = parse_reuters_sgml(repro, "repro.sgm");
  std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(a.size(), 1u);
  EXPECT_TRUE(a[0].topics.empty());
  EXPECT_EQ(a[0].places, (std::vector<std::string>{"canada"}));
  EXPECT_EQ(err,
            "linrepro: warning: repro.sgm:4: empty <D></D> in <TOPICS>: no topic name, skipped\n");

  std::string sgml =
      kHeader + record(1, "TRAIN", "YES", {"", "earn", " \t", "earn"}, norm_text("T", "B"));
  sgml.replace(sgml.find("<D>usa</D>"), 10, "<D>&#32;</D><D>usa</D>");
  ::testing::internal::CaptureStderr();
  const auto b = parse_reuters_sgml(sgml, "x.sgm");
  err = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].topics, (std::vector<std::string>{"earn"}));
  EXPECT_EQ(b[0].places, (std::vector<std::string>{"usa"}));
  EXPECT_EQ(err,
            "linrepro: warning: x.sgm:4: empty <D></D> in <TOPICS>: no topic name, skipped\n"
            "linrepro: warning: x.sgm:4: empty <D> \\x09</D> in <TOPICS>: no topic name, "
            "skipped\n"
            "linrepro: warning: x.sgm:5: empty <D> </D> in <PLACES>: no category name, "
            "skipped\n");
}

TEST(ReutersParse, EveryTruncationIsAnErrorOrACompleteRecordSet) {
  const std::string good = record(1, "TRAIN", "YES", {"earn"}, norm_text("T &amp; U", "B&#3;")) +
                           record(2, "TEST", "YES", {}, norm_text("V", "W"));
  const std::string sgml = kHeader + good;
  const size_t first_end = kHeader.size() + good.find("</REUTERS>") + 10;
  for (size_t n = 0; n <= sgml.size(); ++n) {
    const std::string prefix = sgml.substr(0, n);
    try {
      const auto a = parse_reuters_sgml(prefix, "t.sgm");
      // Only a cut after a complete record (plus whitespace) parses.
      EXPECT_TRUE(n >= first_end) << n;
      EXPECT_EQ(a.size(), n >= sgml.size() - 1 ? 2u : 1u) << n;
    } catch (const DataError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("t.sgm:", 0), 0u) << e.what();
    }
  }
}

// Writes 22 fixture files; file k holds NEWIDs 10k+1 .. 10k+3.
void write_collection(const std::filesystem::path& dir) {
  for (int k = 0; k < 22; ++k) {
    std::string s = kHeader;
    for (int j = 1; j <= 3; ++j) {
      const int id = 10 * k + j;
      // Categories: "big" in every train/test doc; "trainonly" only in training docs of file 0;
      // "testonly" only in one test doc.
      const std::string split = k % 2 == 0 ? "TRAIN" : "TEST";
      std::vector<std::string> topics = {"big"};
      if (k == 0) topics.push_back("trainonly");
      if (k == 1 && j == 1) topics = {"testonly"};
      if (k == 3 && j == 3) topics = {};
      s += record(id, split, j == 2 && k == 4 ? "NO" : "YES", topics,
                  norm_text("Title " + std::to_string(id), "Body"));
    }
    write_file(dir / fmt::format("reut2-{:03d}.sgm", k), s);
  }
}

TEST(ReutersRead, CollectionAndViewsOnFixture) {
  TempDir dir;
  write_collection(dir.path());
  const auto articles = read_reuters21578(dir.path());
  ASSERT_EQ(articles.size(), 66u);
  EXPECT_EQ(articles.front().newid, 1);
  EXPECT_EQ(articles.back().newid, 213);
  EXPECT_EQ(articles.back().file, (dir.path() / "reut2-021.sgm").string());

  // 11 train files x 3 = 33 train docs, minus NEWID 42 (TOPICS="NO") = 32; 11 test files x 3 = 33.
  const Corpus all = reuters_view(articles, ReutersView::ModApte);
  EXPECT_EQ(all.identity["counts"]["train"], 32);
  EXPECT_EQ(all.identity["counts"]["test"], 33);
  EXPECT_EQ(all.label_names, (std::vector<std::string>{"big", "testonly", "trainonly"}));
  EXPECT_EQ(all.docs[0].id, "1");
  EXPECT_EQ(all.docs[0].split, "train");
  EXPECT_EQ(all.docs[0].title, "Title 1");
  EXPECT_EQ(all.docs[0].labels, (std::vector<std::string>{"big", "trainonly"}));

  // NEWID 33 (file 3, test) has no topic.
  const Corpus with = reuters_view(articles, ReutersView::ModApteWithTopics);
  EXPECT_EQ(with.identity["counts"]["test"], 32);
  EXPECT_EQ(with.identity["counts"]["train"], 32);

  // Only "big" has training and test docs; doc 11 (only "testonly") drops out.
  EXPECT_EQ(reuters_categories_train_and_test(articles), std::vector<std::string>{"big"});
  const Corpus c90 = reuters_view(articles, ReutersView::ModApte90);
  EXPECT_EQ(c90.label_names, std::vector<std::string>{"big"});
  EXPECT_EQ(c90.identity["counts"]["train"], 32);
  EXPECT_EQ(c90.identity["counts"]["test"], 31);
  EXPECT_EQ(c90.docs[0].labels, std::vector<std::string>{"big"});  // restricted labels

  EXPECT_EQ(reuters_top_categories(articles, 1), std::vector<std::string>{"big"});
  EXPECT_EQ(reuters_top_categories(articles, 5), (std::vector<std::string>{"big", "trainonly"}));
  // "trainonly" has 3 training docs, "big" 32.
  EXPECT_EQ(reuters_categories_more_than(articles, 3), std::vector<std::string>{"big"});
  EXPECT_EQ(reuters_categories_more_than(articles, 2),
            (std::vector<std::string>{"big", "trainonly"}));
}

TEST(ReutersRead, MissingFileAndDuplicateNewid) {
  TempDir dir;
  write_collection(dir.path());
  std::filesystem::remove(dir / "reut2-013.sgm");
  try {
    read_reuters21578(dir.path());
    ADD_FAILURE() << "missing file accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("reut2-013.sgm"), std::string::npos) << e.what();
  }
  write_collection(dir.path());
  // File 5 repeats file 4's content: NEWID 41 appears twice.
  std::filesystem::copy_file(dir / "reut2-004.sgm", dir / "reut2-005.sgm",
                             std::filesystem::copy_options::overwrite_existing);
  try {
    read_reuters21578(dir.path());
    ADD_FAILURE() << "duplicate NEWID accepted";
  } catch (const DataError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("reut2-005.sgm:2: duplicate NEWID 41"), std::string::npos) << msg;
  }
}

// ---- counts on the real collection (mirror or cache); skipped visibly when absent.

class ReutersMirror : public ::testing::Test {
 protected:
  static const std::vector<ReutersArticle>& articles() {
    static const std::vector<ReutersArticle> a = [] {
      std::string why;
      const auto data = testing::real_data("reuters21578", why);
      return data ? read_reuters21578(data->path) : std::vector<ReutersArticle>{};
    }();
    return a;
  }
  void SetUp() override {
    std::string why;
    if (!testing::real_data("reuters21578", why)) GTEST_SKIP() << "mirror data absent: " << why;
  }
};

std::map<std::string, std::pair<int, int>> category_counts(const Corpus& c) {
  std::map<std::string, std::pair<int, int>> m;
  for (const auto& d : c.docs) {
    for (const auto& l : d.labels) (d.split == "train" ? m[l].first : m[l].second) += 1;
  }
  return m;
}

TEST_F(ReutersMirror, AllDocumentsAndAttributes) {
  const auto& a = articles();
  ASSERT_EQ(a.size(), 21578u);
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i].newid, static_cast<int>(i) + 1);
  std::map<std::string, int> split;
  int no_body = 0, cgi_test = 0;
  for (const auto& x : a) {
    ++split[x.lewis_split + "/" + x.topics_attr];
    no_body += x.body.empty();
    cgi_test += x.cgi_split == "PUBLISHED-TESTSET";
  }
  // README / SOURCE.md figures.
  EXPECT_EQ(split["TRAIN/YES"], 9603);
  EXPECT_EQ(split["TEST/YES"], 3299);
  EXPECT_EQ(split["TRAIN/NO"], 4022);
  EXPECT_EQ(split["TRAIN/BYPASS"], 1043);
  EXPECT_EQ(split["TEST/NO"], 2889);
  EXPECT_EQ(split["NOT-USED/YES"], 574);
  EXPECT_EQ(split["NOT-USED/NO"], 148);
  EXPECT_EQ(cgi_test, 722);
  // 1,798 BRIEF documents have no body (UNPROC ones keep their text as the body).
  EXPECT_EQ(no_body, 1798);
  // The single 0xFC byte of the collection (reut2-017.sgm, NEWID 17980) survives as one byte.
  const auto& d = a[17979];
  EXPECT_NE((d.title + d.body).find('\xfc'), std::string::npos);
  int fc = 0;
  for (const auto& x : a) fc += static_cast<int>(std::count(x.body.begin(), x.body.end(), '\xfc'));
  EXPECT_EQ(fc, 1);
  // Category lists with a repeated <D>.
  EXPECT_EQ(std::count(a[5466].topics.begin(), a[5466].topics.end(), "corn"), 1);
}

TEST_F(ReutersMirror, ModApteViews) {
  const auto& a = articles();
  const Corpus all = reuters_view(a, ReutersView::ModApte);
  EXPECT_EQ(all.identity["counts"]["train"], 9603);
  EXPECT_EQ(all.identity["counts"]["test"], 3299);
  EXPECT_EQ(all.label_names.size(), 118u);  // Zhang & Oles' "118 non-empty classes"
  const auto counts = category_counts(all);
  int train_categories = 0;
  std::vector<std::string> test_only;
  for (const auto& [name, c] : counts) {
    train_categories += c.first > 0;
    if (c.first == 0) test_only.push_back(name);
  }
  EXPECT_EQ(train_categories, 115);
  EXPECT_EQ(test_only, (std::vector<std::string>{"cottonseed", "f-cattle", "sfr"}));
  EXPECT_EQ(counts.at("earn"), std::make_pair(2877, 1087));
  EXPECT_EQ(counts.at("acq"), std::make_pair(1650, 719));
  EXPECT_EQ(counts.at("corn"), std::make_pair(181, 56));  // NEWID 5467 lists corn twice

  const Corpus with = reuters_view(a, ReutersView::ModApteWithTopics);
  EXPECT_EQ(with.identity["counts"]["train"], 7775);
  EXPECT_EQ(with.identity["counts"]["test"], 3019);

  const Corpus c90 = reuters_view(a, ReutersView::ModApte90);
  EXPECT_EQ(c90.label_names.size(), 90u);
  EXPECT_EQ(c90.identity["counts"]["train"], 7770);  // literature: 7,769 (see the note)
  EXPECT_EQ(c90.identity["counts"]["test"], 3019);
  const auto c90_counts = category_counts(c90);
  EXPECT_EQ(c90_counts.at("earn"), std::make_pair(2877, 1087));
  EXPECT_EQ(c90_counts.at("money-fx"), std::make_pair(538, 179));
  EXPECT_EQ(c90_counts.at("grain"), std::make_pair(433, 149));
  EXPECT_EQ(c90_counts.at("crude"), std::make_pair(389, 189));

  const Corpus top10 = reuters_view(a, ReutersView::ModApteTop10);
  EXPECT_EQ(top10.label_names,
            (std::vector<std::string>{"acq", "corn", "crude", "earn", "grain", "interest",
                                      "money-fx", "ship", "trade", "wheat"}));

  const Corpus over10 = reuters_view(a, ReutersView::ModApteMoreThan10);
  EXPECT_EQ(over10.label_names.size(), 59u);  // GraphSVM reports 60
}

}  // namespace
}  // namespace linrepro
