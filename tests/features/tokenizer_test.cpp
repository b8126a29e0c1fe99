#include "features/tokenizer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace linrepro {
namespace {

using Tokens = std::vector<std::string>;

TokenizerOptions min_len(int n) {
  TokenizerOptions o;
  o.min_length = n;
  return o;
}

TEST(Tokenizer, LowerCasesAsciiLetterRuns) {
  EXPECT_EQ(tokenize("Oil PRICES rose", min_len(1)), (Tokens{"oil", "prices", "rose"}));
}

TEST(Tokenizer, PunctuationApostrophesAndHyphensSeparate) {
  EXPECT_EQ(tokenize("don't long-term U.S. (a,b);c", min_len(1)),
            (Tokens{"don", "t", "long", "term", "u", "s", "a", "b", "c"}));
}

TEST(Tokenizer, DigitsSeparateAndVanish) {
  EXPECT_EQ(tokenize("1987 abc123def 4.5 mln", min_len(1)), (Tokens{"abc", "def", "mln"}));
}

TEST(Tokenizer, Latin1BytesAbove0x7FSeparate) {
  // 0xFC is Latin-1 'u-umlaut' (Reuters reut2-017.sgm), 0xE9 'e-acute', 0xFF 'y-umlaut' (20NG).
  EXPECT_EQ(tokenize("M\xFCller caf\xE9 \xFFyes", min_len(1)), (Tokens{"m", "ller", "caf", "yes"}));
  // UTF-8 'u-umlaut' is two bytes >= 0x80: the same split.
  EXPECT_EQ(tokenize("M\xC3\xBCller", min_len(1)), (Tokens{"m", "ller"}));
}

TEST(Tokenizer, ControlBytesAndLineEndingsSeparate) {
  EXPECT_EQ(tokenize(std::string("a\x03"
                                 "b\r\nc\td\0e",
                                 11),
                     min_len(1)),
            (Tokens{"a", "b", "c", "d", "e"}));
}

TEST(Tokenizer, MinimumLengthDropsShortTokens) {
  // Default min_length 2: single letters (the "t" of "don't", "s" of "U.S.") are dropped.
  EXPECT_EQ(tokenize("don't be a U.S. ox"), (Tokens{"don", "be", "ox"}));
  EXPECT_EQ(tokenize("a bb ccc dddd", min_len(3)), (Tokens{"ccc", "dddd"}));
}

TEST(Tokenizer, MaximumLengthDropsLongRuns) {
  TokenizerOptions o;
  o.min_length = 1;
  o.max_length = 4;
  EXPECT_EQ(tokenize("abcd abcde M4ABCDEFGHIJ ab", o), (Tokens{"abcd", "m", "ab"}));
}

TEST(Tokenizer, EmptyAndSeparatorOnlyTextGiveNoTokens) {
  EXPECT_TRUE(tokenize("").empty());
  EXPECT_TRUE(tokenize(" 123 -- \xFF\xFE ").empty());
}

TEST(Tokenizer, TokenAtEndOfTextWithoutSeparator) {
  EXPECT_EQ(tokenize("x yz", min_len(1)), (Tokens{"x", "yz"}));
}

}  // namespace
}  // namespace linrepro
