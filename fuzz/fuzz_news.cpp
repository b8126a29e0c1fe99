// libFuzzer target: one 20 Newsgroups message (split_news_message) under the header policy the
// first byte picks. It either yields a document with exactly the header policy applied or throws
// DataError naming the file (a binary file); anything else is a bug.
#include <cstdint>
#include <iterator>
#include <string>

#include "core/error.h"
#include "corpora/document.h"
#include "corpora/newsgroups.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  using linrepro::NewsHeaders;
  const NewsHeaders policies[] = {NewsHeaders::DropAll,
                                  NewsHeaders::KeepSubject,
                                  NewsHeaders::KeepSubjectOrganization,
                                  NewsHeaders::KeepSubjectFromInBody,
                                  NewsHeaders::KeepSubjectHeadersInBody,
                                  NewsHeaders::KeepAll};
  const NewsHeaders policy = policies[data[0] % std::size(policies)];
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  linrepro::Document doc;
  try {
    linrepro::split_news_message(std::move(bytes), "fuzz/alt.atheism/1", policy, doc);
  } catch (const linrepro::DataError&) {
  }
  return 0;
}
