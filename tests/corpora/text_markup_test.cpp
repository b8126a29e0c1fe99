#include "corpora/text_markup.h"

#include <gtest/gtest.h>

namespace linrepro {
namespace {

TEST(DecodeEntities, NamedAndNumericReferences) {
  EXPECT_EQ(decode_entities("General Motors &lt;GM> &amp; AT&amp;T &gt; &quot;x&quot; &apos;"),
            "General Motors <GM> & AT&T > \"x\" '");
  // Reuters' control codes are numeric references to bytes below 32: kept as those bytes.
  EXPECT_EQ(decode_entities("&#2;text&#3;"), std::string("\x02text\x03"));
  EXPECT_EQ(decode_entities("caf&eacute; &Uuml;ber &yuml;&nbsp;x"),
            std::string("caf\xe9 \xdc") + "ber \xff x");
  EXPECT_EQ(decode_entities("&#233;&#xE9;&#XE9;"), "\xe9\xe9\xe9");
  // Above Latin-1: no byte for it, a space (a word separator) instead.
  EXPECT_EQ(decode_entities("a&#8217;b"), "a b");
}

TEST(DecodeEntities, OddReferencesAreKeptLiterally) {
  EXPECT_EQ(decode_entities("&"), "&");
  EXPECT_EQ(decode_entities("R&D"), "R&D");
  EXPECT_EQ(decode_entities("&#;"), "&#;");
  EXPECT_EQ(decode_entities("&#x;"), "&#x;");
  EXPECT_EQ(decode_entities("&#12"), "&#12");        // no ';'
  EXPECT_EQ(decode_entities("&lt"), "&lt");          // no ';'
  EXPECT_EQ(decode_entities("&bogus;"), "&bogus;");  // unknown name
  EXPECT_EQ(decode_entities("&verylongname;"), "&verylongname;");
  EXPECT_EQ(decode_entities("&#99999999999999999999;"), " ");  // huge: not Latin-1
  EXPECT_EQ(decode_entities("&amp;lt;"), "&lt;");              // decoded once, not twice
  EXPECT_EQ(decode_entities(""), "");
}

TEST(HtmlToText, StripsTagsCommentsScriptsAndStyles) {
  const std::string html =
      "<HTML><Head><TITLE> My  &amp;\n Page </TITLE>"
      "<style>p { color: red }</style></head>"
      "<body><!-- hidden <b>comment</b> -->Hello<b>bold</b>world"
      "<SCRIPT language=\"x\">var a = '<p>nope</p>';</SCRIPT>"
      "<p>x &lt; y & z</p> 3 < 4 <!DOCTYPE junk> <? pi ?>end</body></html>";
  const HtmlText t = html_to_text(html);
  EXPECT_EQ(t.title, "My & Page");
  EXPECT_EQ(t.text.find("color"), std::string::npos);
  EXPECT_EQ(t.text.find("nope"), std::string::npos);
  EXPECT_EQ(t.text.find("hidden"), std::string::npos);
  EXPECT_EQ(t.text.find("Page"), std::string::npos);  // the title is not in the body
  EXPECT_NE(t.text.find("Hello bold world"), std::string::npos) << t.text;
  EXPECT_NE(t.text.find("x < y & z"), std::string::npos) << t.text;
  EXPECT_NE(t.text.find("3 < 4"), std::string::npos) << t.text;
  EXPECT_NE(t.text.find("end"), std::string::npos);
}

TEST(HtmlToText, LenientWithBrokenMarkup) {
  // An unterminated comment ends at the next '>' (as 1997 browsers did).
  EXPECT_EQ(html_to_text("a<!-- broken > b").text, "a  b");
  // An unterminated tag at the end of the file is dropped.
  EXPECT_EQ(html_to_text("text <a href=\"x").text, "text  ");
  // Unterminated script: everything after it is script.
  EXPECT_EQ(html_to_text("a<script>b").text, "a ");
  // Unbalanced quotes do not swallow the page: the tag ends at the first '>'.
  EXPECT_EQ(html_to_text("<a href=\"x>link</a>after").text, " link after");
  // Plain text passes through with entities decoded.
  EXPECT_EQ(html_to_text("no markup &amp; fine").text, "no markup & fine");
}

TEST(HtmlToText, EveryTruncationIsHandled) {
  // Cut anywhere (inside tags, comments, entities, scripts): no crash, no markup in the title.
  const std::string html =
      "HTTP/1.0 200 OK\r\nDate: x\r\n\r\n<html><title>A &amp; B</title><!-- c --><script>s"
      "</script><p class=\"x\">caf&eacute; &#233;&#x41;</p><!DOCTYPE y><? z ?>end";
  for (size_t n = 0; n <= html.size(); ++n) {
    const std::string_view prefix(html.data(), n);
    const HtmlText t = html_to_text(prefix);
    EXPECT_EQ(t.title.find('<'), std::string::npos) << n;
    EXPECT_LE(t.text.size(), n) << n;  // decoding and tag removal never grow the text
    (void)split_header_block(prefix);
    (void)decode_entities(prefix);
  }
}

TEST(SplitHeaderBlock, MailHeaders) {
  const std::string msg =
      "From: a@b.c (A)\nSubject: Re: hello\n  continued\nOrganization: Org\n\nBody line\n";
  const HeaderBlock h = split_header_block(msg);
  ASSERT_EQ(h.fields.size(), 3u);
  EXPECT_EQ(h.fields[0].first, "From");
  EXPECT_EQ(h.fields[1].second, "Re: hello continued");
  EXPECT_EQ(h.fields[2].second, "Org");
  EXPECT_EQ(msg.substr(h.body_offset), "Body line\n");
}

TEST(SplitHeaderBlock, LineEndingsAndEdgeCases) {
  const std::string crlf = "MIME-Version: 1.0\r\nServer: CERN/3.0\r\n\r\n<html>";
  EXPECT_EQ(crlf.substr(split_header_block(crlf).body_offset), "<html>");
  const std::string cr = "Date: x\rContent-Type: text/html\r\r<p>";
  EXPECT_EQ(cr.substr(split_header_block(cr).body_offset), "<p>");
  // No header: nothing removed.
  EXPECT_EQ(split_header_block("<html>Date: x\n\n").body_offset, 0u);
  EXPECT_EQ(split_header_block("Just text here.\n\nMore").body_offset, 0u);
  EXPECT_EQ(split_header_block("").body_offset, 0u);
  // A header block not ended by a blank line ends at the first non-header line.
  const std::string no_blank = "Subject: s\nbody starts\n";
  EXPECT_EQ(no_blank.substr(split_header_block(no_blank).body_offset), "body starts\n");
  // Headers only.
  const std::string only = "From: x\nSubject: y";
  EXPECT_EQ(split_header_block(only).body_offset, only.size());
}

}  // namespace
}  // namespace linrepro
