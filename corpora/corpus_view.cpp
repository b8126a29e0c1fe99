#include "corpora/corpus_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "core/error.h"
#include "corpora/data_errors.h"
#include "corpora/folder_corpus.h"
#include "corpora/newsgroups.h"
#include "corpora/reuters21578.h"
#include "corpora/webkb.h"

namespace linrepro {

namespace {

// A collection that is not public (MLR-CG's Hoovers-28 and Hoovers-255, Yang, Slattery & Ghani
// 2002): the folder a user's copy is in (one sub-folder per class) is named by an environment
// variable; unset, the view is unavailable and says how to supply it.
Corpus private_collection(const std::string& view, const char* variable) {
  const char* dir = std::getenv(variable);
  if (dir && *dir) return read_folder_corpus(dir);
  throw DataUnavailable(
      view, fmt::format("data unavailable: Hoovers collections (Yang, Slattery & Ghani 2002) are "
                        "not public; point `folder:<path>` at a copy to run them (set {} to a "
                        "folder with one sub-folder per class)",
                        variable));
}

}  // namespace

std::vector<std::string> corpus_view_names() {
  return {"reuters-modapte",
          "reuters-modapte-topics",
          "reuters-modapte90",
          "reuters-top10",
          "reuters-gt10",
          "20news-18828",
          "20news-18828-subject",
          "20news-18828-subject-from-body",
          "20news-18828-subject-org",
          "20news-bydate",
          "20news-bydate-subject-headers-in-body",
          "20news-bydate-subject-org",
          "webkb-all7",
          "webkb-all7-markup",
          "webkb-univ6",
          "webkb-4",
          "hoovers-28",
          "hoovers-255",
          "folder:<path>"};
}

Corpus load_corpus_view(const std::string& name) {
  if (name == "reuters-modapte") return load_reuters21578(ReutersView::ModApte);
  if (name == "reuters-modapte-topics") return load_reuters21578(ReutersView::ModApteWithTopics);
  if (name == "reuters-modapte90") return load_reuters21578(ReutersView::ModApte90);
  if (name == "reuters-top10") return load_reuters21578(ReutersView::ModApteTop10);
  if (name == "reuters-gt10") return load_reuters21578(ReutersView::ModApteMoreThan10);
  if (name == "20news-18828") return load_20news_18828(NewsHeaders::DropAll);
  if (name == "20news-18828-subject") return load_20news_18828(NewsHeaders::KeepSubject);
  if (name == "20news-18828-subject-from-body")
    return load_20news_18828(NewsHeaders::KeepSubjectFromInBody);
  if (name == "20news-18828-subject-org")
    return load_20news_18828(NewsHeaders::KeepSubjectOrganization);
  if (name == "20news-bydate") return load_20news_bydate(NewsHeaders::DropAll);
  if (name == "20news-bydate-subject-org")
    return load_20news_bydate(NewsHeaders::KeepSubjectOrganization);
  if (name == "20news-bydate-subject-headers-in-body")
    return load_20news_bydate(NewsHeaders::KeepSubjectHeadersInBody);
  if (name == "webkb-all7") return load_webkb(WebkbView::All7);
  if (name == "webkb-all7-markup") return load_webkb(WebkbView::All7, WebkbMarkup::Markup);
  if (name == "webkb-univ6") return load_webkb(WebkbView::Univ6);
  if (name == "webkb-4") return load_webkb(WebkbView::Webkb4);
  if (name == "hoovers-28") return private_collection(name, "LINREPRO_HOOVERS28_DIR");
  if (name == "hoovers-255") return private_collection(name, "LINREPRO_HOOVERS255_DIR");
  if (name.starts_with("folder:")) return read_folder_corpus(name.substr(7));
  check_corpus_view(name);
  throw ConfigError(fmt::format("corpus view '{}' has no reader", name));  // a bug in this file
}

void check_corpus_view(const std::string& name) {
  const std::vector<std::string> names = corpus_view_names();
  if (name.starts_with("folder:") ||
      (name != "folder:<path>" && std::find(names.begin(), names.end(), name) != names.end()))
    return;
  throw ConfigError(
      fmt::format("unknown corpus view '{}' (known: {})", name, fmt::join(names, ", ")));
}

}  // namespace linrepro
