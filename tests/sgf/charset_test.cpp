// Charsets (charset.h): files in GB2312, Big5, Shift_JIS, EUC-KR, Latin-1, by CA or without
// it, and UTF-16 with a byte order mark, read into UTF-8 text. The bytes below are those
// encodings' real bytes for the names (古力 Gu Li, 이세돌 Lee Sedol, ...).
#include <gtest/gtest.h>

#include <string>

#include "sgf/charset.h"
#include "sgf/game_record.h"

namespace tengen::sgf {
namespace {

const std::string kGuLi = "\xe5\x8f\xa4\xe5\x8a\x9b";  // 古力 in UTF-8

std::string firstWarning(const LoadedGame& loaded) {
  return loaded.warnings.empty() ? "(no warning)" : loaded.warnings.front();
}

std::string blackName(const std::string& file) {
  auto loaded = loadGame(file);
  EXPECT_TRUE(loaded) << loaded.error().toString();
  return loaded ? loaded->info.blackName : "";
}

TEST(Charset, Gb2312ByCa) {
  EXPECT_EQ(blackName("(;CA[GB2312]PB[\xb9\xc5\xc1\xa6])"), kGuLi);
  EXPECT_EQ(blackName("(;CA[gbk]PB[\xb9\xc5\xc1\xa6])"), kGuLi);
}

TEST(Charset, Big5ByCaWhoseSecondBytesLookLikeSgfSyntax) {
  // Big5 古 is A5 6A, 力 is A4 4F; 許 is B3 5C, whose second byte is '\'.
  EXPECT_EQ(blackName("(;CA[Big5]PB[\xa5\x6a\xa4\x4f])"), kGuLi);
  EXPECT_EQ(blackName("(;CA[Big5]PB[\xb3\x5c])"), "\xe8\xa8\xb1");
}

TEST(Charset, ShiftJisByCaWithABackslashSecondByte) {
  // ソ is 83 5C in Shift_JIS: read byte by byte, its '\' would escape the ']'.
  auto loaded = loadGame("(;CA[Shift_JIS]PB[\x83\x5c]PW[\x8c\xc3\x97\xcd])");
  ASSERT_TRUE(loaded) << loaded.error().toString();
  EXPECT_EQ(loaded->info.blackName, "\xe3\x82\xbd");
  EXPECT_EQ(loaded->info.whiteName, kGuLi);
}

TEST(Charset, EucKrByCa) {
  EXPECT_EQ(blackName("(;CA[EUC-KR]PB[\xc0\xcc\xbc\xbc\xb5\xb9])"),
            "\xec\x9d\xb4\xec\x84\xb8\xeb\x8f\x8c");  // 이세돌
}

TEST(Charset, Latin1ByCa) {
  EXPECT_EQ(blackName("(;CA[ISO-8859-1]PB[M\xfcller])"), "M\xc3\xbcller");
  EXPECT_EQ(blackName("(;CA[ISO8859_1]PB[M\xfcller])"), "M\xc3\xbcller");  // GoGui
}

TEST(Charset, WithoutCaUtf8StaysAndEightBitTextIsGuessedWithAWarning) {
  EXPECT_EQ(blackName("(;PB[" + kGuLi + "])"), kGuLi);
  auto gb = loadGame("(;PB[\xb9\xc5\xc1\xa6])");
  ASSERT_TRUE(gb);
  EXPECT_EQ(gb->info.blackName, kGuLi);
  ASSERT_EQ(gb->warnings.size(), 1u);
  EXPECT_EQ(firstWarning(*gb), "no CA and the text is not UTF-8; read as GB18030");
  auto latin = loadGame("(;PB[M\xfcller])");
  ASSERT_TRUE(latin);
  EXPECT_EQ(latin->info.blackName, "M\xc3\xbcller");
  EXPECT_EQ(firstWarning(*latin), "no CA and the text is not UTF-8; read as Windows-1252");
}

TEST(Charset, ACaThatDoesNotFitTheBytesIsGuessedWithAWarning) {
  auto utf8 = loadGame("(;CA[GB2312]PB[" + kGuLi + "])");
  ASSERT_TRUE(utf8);
  EXPECT_EQ(utf8->info.blackName, kGuLi);
  EXPECT_EQ(firstWarning(*utf8), "CA[GB2312] but the text is UTF-8; read as UTF-8");
  auto unknown = loadGame("(;CA[Klingon-" + std::string(100, 'x') + "]PB[\xb9\xc5\xc1\xa6])");
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->info.blackName, kGuLi);
  EXPECT_EQ(firstWarning(*unknown),
            "unknown charset CA[Klingon-xxxxxxxxxxxxxxxx...]; read as GB18030");
  auto notBig5 = loadGame("(;CA[Big5]PB[\xff\xff])");
  ASSERT_TRUE(notBig5);
  EXPECT_EQ(notBig5->info.blackName, "\xc3\xbf\xc3\xbf");
  EXPECT_EQ(firstWarning(*notBig5),
            "the text is not valid in its charset CA[Big5]; read as Windows-1252");
  auto notUtf8 = loadGame("(;CA[UTF-8]PB[\xb9\xc5\xc1\xa6])");
  ASSERT_TRUE(notUtf8);
  EXPECT_EQ(notUtf8->info.blackName, kGuLi);
}

std::string utf16(const std::u16string& text, bool littleEndian) {
  std::string out = littleEndian ? "\xff\xfe" : "\xfe\xff";
  for (char16_t c : text) {
    const char low = static_cast<char>(c & 0xff), high = static_cast<char>(c >> 8);
    out += littleEndian ? std::string{low, high} : std::string{high, low};
  }
  return out;
}

// With a byte order mark, and without one when the file starts with "(" (Sabaki and SGFC
// write both).
TEST(Charset, Utf16WithOrWithoutAByteOrderMark) {
  const std::u16string file = u"(;GM[1]SZ[9]PB[古力];B[ee])";
  for (bool littleEndian : {true, false}) {
    for (bool mark : {true, false}) {
      const std::string bytes = utf16(file, littleEndian).substr(mark ? 0 : 2);
      auto loaded = loadGame(bytes);
      ASSERT_TRUE(loaded) << loaded.error().toString();
      EXPECT_EQ(loaded->info.blackName, kGuLi);
      EXPECT_EQ(loaded->game.moves().size(), 1u);
    }
  }
  auto bad = loadGame(std::string("\xff\xfe(\x00;\x00\x00\xd8", 8));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().toString(),
            "line 1, column 1: the file starts with a UTF-16 LE byte order mark but is not valid "
            "UTF-16: expected UTF-16 text after it");
}

TEST(Charset, Utf8ByteOrderMarkIsDropped) {
  EXPECT_EQ(blackName("\xef\xbb\xbf(;PB[" + kGuLi + "])"), kGuLi);
}

// What tengen writes is UTF-8 and says so: a GB2312 record comes back as UTF-8 text.
TEST(Charset, WrittenAsUtf8WithCaSayingSo) {
  auto loaded = loadGame("(;CA[GB2312]SZ[9]PB[\xb9\xc5\xc1\xa6];B[ee])");
  ASSERT_TRUE(loaded);
  const std::string written = writeGame(loaded->game, loaded->info);
  EXPECT_NE(written.find("CA[UTF-8]"), std::string::npos);
  EXPECT_NE(written.find("PB[" + kGuLi + "]"), std::string::npos) << written;
}

TEST(Charset, Utf8Validation) {
  EXPECT_TRUE(isValidUtf8("plain " + kGuLi + " \xf0\x9f\x98\x80"));
  EXPECT_FALSE(isValidUtf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(isValidUtf8("\xed\xa0\x80"));      // a surrogate
  EXPECT_FALSE(isValidUtf8("\xe5\x8f"));          // cut short
  EXPECT_FALSE(isValidUtf8("\xf4\x90\x80\x80"));  // past U+10FFFF
}

}  // namespace
}  // namespace tengen::sgf
