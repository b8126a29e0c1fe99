#pragma once
// 20 Newsgroups (Lang 1995) in Rennie's two distributions:
//   20news-18828: <dir>/<group>/<article>, 18,828 messages, headers reduced to From and Subject;
//                 no standard split (split ""; GraphSVM draws 70/30 at random, corpora/splits.h).
//   20news-bydate: <dir>/20news-bydate-{train,test}/<group>/<article>, 11,314 / 7,532.
// One label per document (the group); id "<group>/<article>" (bydate: "train/<group>/<article>").
//
// Header policy (the leading "Name: value" block up to the first blank line):
//   DropAll                  body = the text after the header block; title = "".
//   KeepSubject              + title = the Subject value.
//   KeepSubjectOrganization  + title = Subject, then "\n" + Organization when present: GraphSVM
//                            kept "subject and organization" and ignored the other headers. The
//                            18828 version has no Organization header, so there this equals
//                            KeepSubject; bydate messages have it.
//   KeepSubjectFromInBody    title = Subject; body = the From value, a newline, then the body (the
//                            From line read as text, as a tokeniser that only lifts the title out
//                            would see it). Zhang & Oles' title ablation only (experiments/
//                            zhangoles2001/title_ablation.h), not their cells.
//   KeepSubjectHeadersInBody title = Subject; body = the value of every other header, one per
//                            line in file order, a newline, then the body: Zhang & Oles' corpus
//                            ablation, the headers the 19,997-message original has read as text
//                            as far as a copy still has them (bydate keeps From, Organization,
//                            Lines and a few more; Newsgroups, Path, Xref and Date are gone).
//   KeepAll                  body = the whole file, headers included; title = "".
// Subject is kept verbatim, "Re:" included: a reply's subject line is still its title.
#include <filesystem>
#include <string>

#include "corpora/document.h"

namespace linrepro {

enum class NewsHeaders {
  DropAll,
  KeepSubject,
  KeepSubjectOrganization,
  KeepSubjectFromInBody,
  KeepSubjectHeadersInBody,
  KeepAll
};
std::string to_string(NewsHeaders h);

Corpus read_20news_18828(const std::filesystem::path& dir, NewsHeaders headers);
Corpus read_20news_bydate(const std::filesystem::path& dir, NewsHeaders headers);

// Resolve (corpora/data_resolver.h) + read; identity records source, digest, counts and policy.
Corpus load_20news_18828(NewsHeaders headers);
Corpus load_20news_bydate(NewsHeaders headers);

// Applies the header policy to one message (exposed for tests). A binary file (folder_corpus.h
// rule) is a DataError naming `file_for_errors`.
void split_news_message(std::string bytes, const std::string& file_for_errors, NewsHeaders headers,
                        Document& doc);

}  // namespace linrepro
