#pragma once
// The named views of the corpora the papers use (which documents, labels and headers each paper
// reads): one table, so every driver and `linrepro export` mean the same thing by a name.
#include <string>
#include <vector>

#include "corpora/document.h"

namespace linrepro {

// Names: reuters-modapte (all 118 non-empty categories), reuters-modapte-topics, reuters-modapte90,
// reuters-top10, reuters-gt10, 20news-18828 (all headers dropped), 20news-18828-subject (Zhang &
// Oles: Subject as the title, From dropped), 20news-18828-subject-from-body (their title ablation:
// also the From value in the body), 20news-18828-subject-org (GraphSVM: Subject and Organization
// kept), 20news-bydate, 20news-bydate-subject-headers-in-body (Zhang & Oles' corpus ablation:
// Subject as the title, every other header the copy keeps read as body text),
// 20news-bydate-subject-org (GraphSVM's corpus ablation: Subject and Organization kept),
// webkb-all7, webkb-all7-markup (Zhang & Oles' HTML ablation: the body is the page's markup, tags
// read as words), webkb-univ6, webkb-4, hoovers-28 and hoovers-255 (MLR-CG's; not public: the
// folder of a user's copy in LINREPRO_HOOVERS28_DIR / LINREPRO_HOOVERS255_DIR), folder:<path> (one
// folder per class, a user's own data).
// Throws ConfigError for unknown names, DataUnavailable when the data cannot be found.
Corpus load_corpus_view(const std::string& name);
// ConfigError naming the known views when `name` is none of them (a declaration checks its views
// before anything is loaded).
void check_corpus_view(const std::string& name);
std::vector<std::string> corpus_view_names();

}  // namespace linrepro
