#include "corpora/dataset_counts.h"

#include <algorithm>
#include <fstream>

#include "corpora/libsvm_sets.h"
#include "corpora/newsgroups.h"
#include "corpora/reuters21578.h"
#include "corpora/webkb.h"

namespace linrepro {
namespace fs = std::filesystem;

namespace {

int64_t count_lines(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  int64_t n = 0;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    n += std::count(buf, buf + in.gcount(), '\n');
  }
  return n;
}

}  // namespace

Json count_dataset(const std::string& name, const fs::path& data_path) {
  try {
    if (name == "reuters21578") {
      const auto articles = read_reuters21578(data_path);
      const Corpus modapte = reuters_view(articles, ReutersView::ModApte);
      return Json{{"documents", articles.size()},
                  {"modapte_train", modapte.identity["counts"]["train"]},
                  {"modapte_test", modapte.identity["counts"]["test"]},
                  {"modapte_categories", modapte.label_names.size()}};
    }
    if (name == "20news-18828") {
      return read_20news_18828(data_path, NewsHeaders::DropAll).identity["counts"];
    }
    if (name == "20news-bydate") {
      return read_20news_bydate(data_path, NewsHeaders::DropAll).identity["counts"];
    }
    if (name == "webkb") return read_webkb(data_path).identity["counts"];
    if (name == "a9a") return read_a9a(data_path).identity["counts"];
    // The big unpinned/unmirrored sets: counting lines is enough for a status line.
    if (name == "covtype.binary") {
      return Json{{"rows", count_lines(data_path / "covtype.libsvm.binary")}};
    }
    if (name == "rcv1-v2") {
      int64_t test = 0;
      for (int k = 0; k < 4; ++k) {
        test += count_lines(data_path / ("lyrl2004_vectors_test_pt" + std::to_string(k) + ".dat"));
      }
      return Json{{"lyrl_train", count_lines(data_path / "lyrl2004_vectors_train.dat")},
                  {"lyrl_test", test}};
    }
    return Json::object();
  } catch (const std::exception& e) {
    return Json{{"error", e.what()}};
  }
}

}  // namespace linrepro
