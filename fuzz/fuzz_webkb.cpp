// libFuzzer target: one WebKB page (webkb_page_text: HTTP header removed, HTML reduced to text).
// Every input yields a document whose text has no NUL byte (the reader's documented rule);
// an exception or a crash is a bug.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "corpora/document.h"
#include "corpora/webkb.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  linrepro::Document doc;
  linrepro::webkb_page_text(std::string(reinterpret_cast<const char*>(data), size), doc);
  if (doc.body.find('\0') != std::string::npos || doc.title.find('\0') != std::string::npos)
    std::abort();
  return 0;
}
