#include "corpora/folder_corpus.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "corpora_test_support.h"

namespace linrepro {
namespace {

using testing::TempDir;
using testing::write_file;

TEST(FolderCorpus, ClassPerFolderWithEmptyAndHiddenEntries) {
  TempDir dir;
  write_file(dir / "corpus/sports/b.txt", "second");
  write_file(dir / "corpus/sports/a.txt", "first");
  write_file(dir / "corpus/sports/sub/c.txt", "nested");  // below a class folder: same class
  write_file(dir / "corpus/arts/x.html", "<html><title>Art</title><p>Paint &amp; draw</p></html>");
  write_file(dir / "corpus/arts/.DS_Store", std::string("\0\1", 2));  // hidden: skipped
  write_file(dir / "corpus/.git/config", "x");                        // hidden folder: skipped
  write_file(dir / "corpus/README", "not a document");                // no class: ignored
  std::filesystem::create_directories(dir / "corpus/empty_class");
  const Corpus c = read_folder_corpus(dir / "corpus");
  EXPECT_EQ(c.name, "corpus");
  ASSERT_EQ(c.docs.size(), 4u);
  EXPECT_EQ(c.label_names, (std::vector<std::string>{"arts", "sports"}));  // empty class left out
  EXPECT_EQ(c.identity["empty_classes"], Json::array({"empty_class"}));
  // Byte-wise order: classes, then paths.
  EXPECT_EQ(c.docs[0].id, "arts/x.html");
  EXPECT_EQ(c.docs[0].title, "Art");  // Auto detected HTML
  EXPECT_NE(c.docs[0].body.find("Paint & draw"), std::string::npos);
  EXPECT_EQ(c.docs[1].id, "sports/a.txt");
  EXPECT_EQ(c.docs[1].body, "first");  // plain text kept as is
  EXPECT_EQ(c.docs[2].id, "sports/b.txt");
  EXPECT_EQ(c.docs[3].id, "sports/sub/c.txt");
  EXPECT_EQ(c.docs[3].labels, std::vector<std::string>{"sports"});
  EXPECT_EQ(c.docs[3].split, "");

  FolderCorpusOptions plain;
  plain.format = TextFormat::Plain;
  const Corpus p = read_folder_corpus(dir / "corpus", plain);
  EXPECT_EQ(p.docs[0].title, "");
  EXPECT_NE(p.docs[0].body.find("<title>"), std::string::npos);
}

TEST(FolderCorpus, ClassDepthTwoLikeIndustrySector) {
  TempDir dir;
  write_file(dir / "is/basic.materials/chemicals/http_a.com", "A");
  write_file(dir / "is/basic.materials/chemicals/http_b.com", "B");
  write_file(dir / "is/energy/oil.well/http_c.com", "C");
  std::filesystem::create_directories(dir / "is/energy/coal");
  FolderCorpusOptions o;
  o.class_depth = 2;
  const Corpus c = read_folder_corpus(dir / "is", o);
  ASSERT_EQ(c.docs.size(), 3u);
  EXPECT_EQ(c.label_names,
            (std::vector<std::string>{"basic.materials/chemicals", "energy/oil.well"}));
  EXPECT_EQ(c.identity["empty_classes"], Json::array({"energy/coal"}));
}

TEST(FolderCorpus, TrainTestSubfoldersAndHeaderBlock) {
  TempDir dir;
  write_file(dir / "d/train/a/1", "Subject: s\n\nbody one");
  write_file(dir / "d/train/b/2", "body two");
  write_file(dir / "d/test/a/3", "Subject: t\n\nbody three");
  std::filesystem::create_directories(dir / "d/test/b");  // empty in test only: not an empty class
  FolderCorpusOptions o;
  o.train_dir = "train";
  o.test_dir = "test";
  o.strip_header_block = true;
  const Corpus c = read_folder_corpus(dir / "d", o);
  ASSERT_EQ(c.docs.size(), 3u);
  EXPECT_EQ(c.docs[0].id, "train/a/1");
  EXPECT_EQ(c.docs[0].body, "body one");
  EXPECT_EQ(c.docs[1].body, "body two");
  EXPECT_EQ(c.docs[2].split, "test");
  EXPECT_EQ(c.identity["counts"]["train"], 2);
  EXPECT_EQ(c.identity["counts"]["test"], 1);
  EXPECT_TRUE(c.identity["empty_classes"].empty());
}

TEST(FolderCorpus, BadInputIsNamed) {
  TempDir dir;
  write_file(dir / "c/k/good.txt", "fine");
  write_file(dir / "c/k/image.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  try {
    read_folder_corpus(dir / "c");
    ADD_FAILURE() << "binary accepted";
  } catch (const DataError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("image.png: binary file (NUL byte at offset 8)"), std::string::npos) << msg;
  }
  EXPECT_THROW(read_folder_corpus(dir / "missing"), DataError);
  std::filesystem::create_directories(dir / "no_classes/only_empty");
  write_file(dir / "no_classes/README", "x");
  try {
    read_folder_corpus(dir / "no_classes");
    ADD_FAILURE() << "empty corpus accepted";
  } catch (const DataError& e) {
    EXPECT_NE(std::string(e.what()).find("no documents"), std::string::npos) << e.what();
  }
  FolderCorpusOptions o;
  o.class_depth = 0;
  EXPECT_THROW(read_folder_corpus(dir / "c", o), ConfigError);
}

}  // namespace
}  // namespace linrepro
