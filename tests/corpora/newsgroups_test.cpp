#include "corpora/newsgroups.h"

#include <gtest/gtest.h>

#include <map>

#include "core/error.h"
#include "corpora_test_support.h"

namespace linrepro {
namespace {

using testing::TempDir;
using testing::write_file;

const std::string kMessage =
    "From: jane@x.edu (Jane)\nSubject: Re: Windows 3.1 crashes\nOrganization: X University\n"
    "Lines: 2\n\nMy PC crashes.\n\xff\n";

TEST(NewsMessage, HeaderPolicies) {
  Document d;
  split_news_message(kMessage, "m", NewsHeaders::DropAll, d);
  EXPECT_EQ(d.title, "");
  EXPECT_EQ(d.body, "My PC crashes.\n\xff\n");  // Latin-1 byte kept
  split_news_message(kMessage, "m", NewsHeaders::KeepSubject, d);
  EXPECT_EQ(d.title, "Re: Windows 3.1 crashes");
  EXPECT_EQ(d.body, "My PC crashes.\n\xff\n");
  split_news_message(kMessage, "m", NewsHeaders::KeepSubjectOrganization, d);
  EXPECT_EQ(d.title, "Re: Windows 3.1 crashes\nX University");
  split_news_message(kMessage, "m", NewsHeaders::KeepSubjectFromInBody, d);
  EXPECT_EQ(d.title, "Re: Windows 3.1 crashes");
  EXPECT_EQ(d.body, "jane@x.edu (Jane)\nMy PC crashes.\n\xff\n");
  split_news_message("Subject: s\n\nb", "m", NewsHeaders::KeepSubjectFromInBody, d);
  EXPECT_EQ(d.body, "b");  // no From header: the body alone
  split_news_message(kMessage, "m", NewsHeaders::KeepSubjectHeadersInBody, d);
  EXPECT_EQ(d.title, "Re: Windows 3.1 crashes");
  EXPECT_EQ(d.body, "jane@x.edu (Jane)\nX University\n2\nMy PC crashes.\n\xff\n");
  split_news_message("Subject: s\n\nb", "m", NewsHeaders::KeepSubjectHeadersInBody, d);
  EXPECT_EQ(d.body, "b");  // Subject only: the body alone
  split_news_message(kMessage, "m", NewsHeaders::KeepAll, d);
  EXPECT_EQ(d.title, "");
  EXPECT_EQ(d.body, kMessage);
  // 18828 style: no Organization header -> KeepSubjectOrganization equals KeepSubject.
  split_news_message("From: a\nSubject: s\n\nb", "m", NewsHeaders::KeepSubjectOrganization, d);
  EXPECT_EQ(d.title, "s");
  EXPECT_EQ(d.body, "b");
  // CRLF headers.
  split_news_message("Subject: s\r\n\r\nbody\r\n", "m", NewsHeaders::KeepSubject, d);
  EXPECT_EQ(d.title, "s");
  EXPECT_EQ(d.body, "body\r\n");
}

TEST(NewsMessage, BinaryFileIsRejectedWithItsName) {
  Document late;
  std::string late_nul(9000, 'x');
  late_nul[8500] = '\0';  // a NUL far into a text file is a separator, not a binary file
  split_news_message(late_nul, "m", NewsHeaders::DropAll, late);
  EXPECT_EQ(late.body[8500], ' ');
  Document d;
  try {
    split_news_message(std::string("Subject: x\n\n\0\1\2", 15), "grp/123", NewsHeaders::DropAll, d);
    ADD_FAILURE() << "binary accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("grp/123: binary file (NUL byte at offset 12)"),
              std::string::npos)
        << e.what();
  }
}

TEST(Newsgroups, Read18828AndBydateFixtures) {
  TempDir dir;
  write_file(dir / "n/alt.atheism/49960", kMessage);
  write_file(dir / "n/alt.atheism/51060", "From: a\nSubject: two\n\nsecond");
  write_file(dir / "n/sci.space/1", "From: b\nSubject: three\n\nthird");
  write_file(dir / "n/sci.space/.DS_Store", std::string("\0\0\1", 3));  // hidden: skipped
  const Corpus c = read_20news_18828(dir / "n", NewsHeaders::KeepSubject);
  ASSERT_EQ(c.docs.size(), 3u);
  EXPECT_EQ(c.label_names, (std::vector<std::string>{"alt.atheism", "sci.space"}));
  EXPECT_EQ(c.docs[0].id, "alt.atheism/49960");
  EXPECT_EQ(c.docs[0].labels, std::vector<std::string>{"alt.atheism"});
  EXPECT_EQ(c.docs[1].title, "two");
  EXPECT_EQ(c.docs[2].body, "third");
  EXPECT_EQ(c.docs[2].split, "");
  EXPECT_EQ(c.identity["headers"], "keep-subject");

  write_file(dir / "b/20news-bydate-train/comp.graphics/1", "Subject: a\n\nx");
  write_file(dir / "b/20news-bydate-train/sci.med/2", "Subject: b\n\ny");
  write_file(dir / "b/20news-bydate-test/comp.graphics/3", "Subject: c\n\nz");
  const Corpus b = read_20news_bydate(dir / "b", NewsHeaders::DropAll);
  ASSERT_EQ(b.docs.size(), 3u);
  EXPECT_EQ(b.docs[0].id, "train/comp.graphics/1");
  EXPECT_EQ(b.docs[2].id, "test/comp.graphics/3");
  EXPECT_EQ(b.docs[2].split, "test");
  EXPECT_EQ(b.identity["counts"]["train"], 2);
  EXPECT_EQ(b.identity["counts"]["test"], 1);
}

TEST(Newsgroups, MissingDirectoryIsAClearError) {
  TempDir dir;
  try {
    read_20news_bydate(dir.path(), NewsHeaders::DropAll);
    ADD_FAILURE() << "accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("20news-bydate-train: not a directory"), std::string::npos)
        << e.what();
  }
}

std::map<std::string, int> per_group(const Corpus& c, const std::string& split) {
  std::map<std::string, int> m;
  for (const auto& d : c.docs) {
    if (d.split == split) ++m[d.labels[0]];
  }
  return m;
}

TEST(NewsgroupsMirror, Counts18828) {
  LINREPRO_REQUIRE_DATA(data, "20news-18828");
  const Corpus c = read_20news_18828(data.path, NewsHeaders::KeepSubjectOrganization);
  EXPECT_EQ(c.docs.size(), 18828u);
  EXPECT_EQ(c.label_names.size(), 20u);
  const auto g = per_group(c, "");
  // SOURCE.md table (Rennie's published figures).
  EXPECT_EQ(g.at("alt.atheism"), 799);
  EXPECT_EQ(g.at("comp.os.ms-windows.misc"), 985);
  EXPECT_EQ(g.at("rec.sport.hockey"), 999);
  EXPECT_EQ(g.at("talk.religion.misc"), 628);
  int with_subject = 0;
  for (const auto& d : c.docs) with_subject += !d.title.empty();
  EXPECT_GT(with_subject, 18700);  // every 18828 message keeps its Subject header
}

TEST(NewsgroupsMirror, CountsBydate) {
  LINREPRO_REQUIRE_DATA(data, "20news-bydate");
  const Corpus c = read_20news_bydate(data.path, NewsHeaders::DropAll);
  EXPECT_EQ(c.identity["counts"]["train"], 11314);
  EXPECT_EQ(c.identity["counts"]["test"], 7532);
  EXPECT_EQ(c.label_names.size(), 20u);
  const auto train = per_group(c, "train");
  const auto test = per_group(c, "test");
  EXPECT_EQ(train.at("alt.atheism"), 480);
  EXPECT_EQ(test.at("alt.atheism"), 319);
  EXPECT_EQ(train.at("talk.religion.misc"), 377);
  EXPECT_EQ(test.at("talk.religion.misc"), 251);
}

}  // namespace
}  // namespace linrepro
