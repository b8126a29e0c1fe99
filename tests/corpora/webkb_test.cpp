#include "corpora/webkb.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/error.h"
#include "corpora_test_support.h"

namespace linrepro {
namespace {

using testing::TempDir;
using testing::write_file;

TEST(WebkbPage, HttpHeaderAndHtmlAreRemoved) {
  Document d;
  webkb_page_text(
      "MIME-Version: 1.0\r\nServer: CERN/3.0\r\nContent-Type: text/html\r\n\r\n"
      "<html><head><title>CS414 Home&nbsp;Page</title></head><body>"
      "<h1>Systems Programming</h1><!-- old <b>link</b> --><script>x=1;</script>"
      "Caf&eacute; &amp; talks</body></html>",
      d);
  EXPECT_EQ(d.title, "CS414 Home Page");
  EXPECT_EQ(d.body.find("MIME"), std::string::npos);
  EXPECT_EQ(d.body.find("CERN"), std::string::npos);
  EXPECT_EQ(d.body.find("old"), std::string::npos);
  EXPECT_EQ(d.body.find("x=1"), std::string::npos);
  EXPECT_NE(d.body.find("Systems Programming"), std::string::npos);
  EXPECT_NE(d.body.find("Caf\xe9 & talks"), std::string::npos);

  // A status line before the header; lone-CR line ends.
  webkb_page_text("HTTP/1.0 200 OK\rDate: Tue, 26 Nov 1996\r\r<p>Hello</p>", d);
  EXPECT_EQ(d.body, " Hello ");
  // No header at all.
  webkb_page_text("<HEAD><TITLE>t</TITLE></HEAD>body", d);
  EXPECT_EQ(d.title, "t");
  EXPECT_EQ(d.body, "   body");  // three tags, three spaces
}

// Markup: the HTTP header still goes and the title is the same; the body is the markup itself.
TEST(WebkbPage, MarkupKeepsTagsAndAttributesAsBodyText) {
  Document d;
  webkb_page_text(
      "HTTP/1.0 200 OK\nServer: CERN\n\n<title>T&amp;A</title><a href=\"/~jane/\">Jane</a>", d,
      WebkbMarkup::Markup);
  EXPECT_EQ(d.title, "T&A");
  EXPECT_EQ(d.body, "<title>T&amp;A</title><a href=\"/~jane/\">Jane</a>");
  webkb_page_text(std::string("<p>a\0b</p>", 10), d, WebkbMarkup::Markup);
  EXPECT_EQ(d.body, "<p>a b</p>");  // NUL bytes are separators here too
}

TEST(WebkbPage, NulEntitiesAreSeparatorsToo) {  // found by fuzz_webkb
  Document d;
  webkb_page_text("<title>a&#0;b</title><p>x&#0;y&#00;z</p>", d);
  EXPECT_EQ(d.title, "a b");
  EXPECT_EQ(d.body.find('\0'), std::string::npos);
  EXPECT_NE(d.body.find("x y z"), std::string::npos) << d.body;
}

TEST(WebkbPage, NulBytesAreSeparators) {
  Document d;
  webkb_page_text(std::string("<p>one\0two</p>\0\0", 16), d);
  EXPECT_EQ(d.body, " one two   ");
}

void write_tree(const std::filesystem::path& dir) {
  const std::string page = "Date: x\n\n<html><title>T</title>words</html>";
  for (const char* c :
       {"course", "department", "faculty", "other", "project", "staff", "student"}) {
    for (const char* u : {"cornell", "misc", "texas", "washington", "wisconsin"}) {
      write_file(dir / c / u / (std::string("http:^^www.") + u + ".edu^~" + c + "^"), page);
    }
  }
  // Names as in the real tree: ':' in file names, a name ending in '.', a name with a CR.
  write_file(dir / "other/wisconsin/http:^^www.cs.wisc.edu^~glew^.", page);
  write_file(dir / "other/misc/http:^^athos.rutgers.edu^~josh^\r", page);
}

TEST(Webkb, ReadAndViewsOnFixture) {
  TempDir dir;
  write_tree(dir.path());
  const Corpus all = read_webkb(dir.path());
  ASSERT_EQ(all.docs.size(), 37u);
  EXPECT_EQ(all.label_names.size(), 7u);
  EXPECT_EQ(all.docs[0].id, "course/cornell/http:^^www.cornell.edu^~course^");
  EXPECT_EQ(all.docs[0].labels, std::vector<std::string>{"course"});
  EXPECT_EQ(all.docs[0].group, "cornell");
  EXPECT_EQ(all.docs[0].title, "T");
  EXPECT_EQ(all.identity["counts"]["per_class"]["other"], 7);
  EXPECT_EQ(all.identity["counts"]["per_university"]["misc"], 8);

  const Corpus u6 = webkb_view(all, WebkbView::Univ6);
  // 4 universities x 6 classes + the extra wisconsin "other" page.
  EXPECT_EQ(u6.docs.size(), 25u);
  EXPECT_EQ(u6.label_names, (std::vector<std::string>{"course", "faculty", "other", "project",
                                                      "staff", "student"}));
  for (const auto& d : u6.docs) EXPECT_NE(d.group, "misc");

  const Corpus w4 = webkb_view(all, WebkbView::Webkb4);
  EXPECT_EQ(w4.docs.size(), 20u);  // 4 classes x 5 groups
  EXPECT_EQ(w4.label_names.size(), 4u);
}

TEST(WebkbMirror, Counts) {
  LINREPRO_REQUIRE_DATA(data, "webkb");
  const Corpus all = read_webkb(data.path);
  EXPECT_EQ(all.docs.size(), 8282u);
  const Json& pc = all.identity["counts"]["per_class"];
  EXPECT_EQ(pc["student"], 1641);
  EXPECT_EQ(pc["faculty"], 1124);
  EXPECT_EQ(pc["staff"], 137);
  EXPECT_EQ(pc["department"], 182);
  EXPECT_EQ(pc["course"], 930);
  EXPECT_EQ(pc["project"], 504);
  EXPECT_EQ(pc["other"], 3764);
  const Json& pu = all.identity["counts"]["per_university"];
  EXPECT_EQ(pu["cornell"], 867);
  EXPECT_EQ(pu["texas"], 827);
  EXPECT_EQ(pu["washington"], 1205);
  EXPECT_EQ(pu["wisconsin"], 1263);
  EXPECT_EQ(pu["misc"], 4120);
  EXPECT_EQ(webkb_view(all, WebkbView::Univ6).docs.size(), 4158u);  // MLR-CG reports 4,165
  EXPECT_EQ(webkb_view(all, WebkbView::Webkb4).docs.size(), 4199u);
  // A known page: header and markup gone, text and title kept.
  const auto cs414 = std::find_if(all.docs.begin(), all.docs.end(), [](const Document& d) {
    return d.id == "course/cornell/http:^^cs.cornell.edu^Info^Courses^Current^CS415^CS414.html";
  });
  ASSERT_NE(cs414, all.docs.end());
  EXPECT_EQ(cs414->title, "CS414 Home Page");
  EXPECT_NE(cs414->body.find("CS414: Systems Programming and Operating Systems"),
            std::string::npos);
  EXPECT_EQ(cs414->body.find("Content-Length"), std::string::npos);
  EXPECT_EQ(cs414->body.find("href"), std::string::npos);
  EXPECT_EQ(cs414->body.find('<'), std::string::npos);
  // Tags survive only where a page shows HTML source as text (&lt;a href=...&gt; in tutorials):
  // 7 pages (furman, utexas, washington, two wisconsin tutorials, columbia's ~mig twice).
  int with_links = 0;
  for (const auto& d : all.docs) {
    with_links +=
        d.body.find("</a>") != std::string::npos || d.body.find("</A>") != std::string::npos;
  }
  EXPECT_EQ(with_links, 7);
}

}  // namespace
}  // namespace linrepro
