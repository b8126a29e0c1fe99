#include "corpora/corpus_view.h"

#include <fmt/format.h>

#include "core/error.h"
#include "corpora/folder_corpus.h"
#include "corpora/newsgroups.h"
#include "corpora/reuters21578.h"
#include "corpora/webkb.h"

namespace linrepro {

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
  if (name.starts_with("folder:")) return read_folder_corpus(name.substr(7));
  throw ConfigError(fmt::format("unknown corpus view '{}' (known: {})", name,
                                fmt::join(corpus_view_names(), ", ")));
}

}  // namespace linrepro
