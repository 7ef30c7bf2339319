// SGF uploads (site/review/sgf_upload.h) against hostile and broken files: every refusal says
// what is wrong and where; files the SGF reader accepts (collections, other charsets) go in.
#include <gtest/gtest.h>

#include "site/review/sgf_upload.h"

namespace tengen::site {
namespace {

std::string refusal(std::string_view bytes, const UploadLimits& limits = {}) {
  auto read = readUpload(bytes, limits);
  EXPECT_FALSE(read) << bytes.substr(0, 60);
  return read ? std::string() : read.error().toString();
}

TEST(SgfUpload, AGameAndACollectionAreTakenWithTheirPlayersAndGameCount) {
  auto one = readUpload("(;GM[1]FF[4]SZ[19]PB[Shusaku]PW[Gennan Inseki];B[qd];W[dc])");
  ASSERT_TRUE(one) << one.error().toString();
  EXPECT_EQ(one->black, "Shusaku");
  EXPECT_EQ(one->white, "Gennan Inseki");
  EXPECT_EQ(one->games, 1);
  auto two = readUpload("(;SZ[9]PB[a];B[ee])\n(;SZ[13]PB[b];B[gg](;W[cc])(;W[kk]))");
  ASSERT_TRUE(two) << two.error().toString();
  EXPECT_EQ(two->games, 2);
  EXPECT_EQ(two->black, "a");
  auto second = uploadGame(two->utf8, 1);
  ASSERT_TRUE(second);
  EXPECT_NE(second->find("SZ[13]"), std::string::npos) << *second;
  EXPECT_EQ(uploadGame(two->utf8, 2).error().message, "the file holds 2 games, not 3");
}

TEST(SgfUpload, AnotherCharsetIsReadAsUtf8) {
  // "Pé" in Latin-1.
  auto read = readUpload("(;CA[ISO-8859-1]SZ[9]PB[P\xe9])");
  ASSERT_TRUE(read) << read.error().toString();
  EXPECT_EQ(read->black, "P\xc3\xa9");
}

TEST(SgfUpload, BrokenAndHostileFilesAreRefusedSayingWhatAndWhere) {
  EXPECT_EQ(refusal(""), "the file is empty");
  EXPECT_EQ(refusal("just text, no game"),
            "line 1, column 19: no game tree found: expected '(;' to start an SGF game");
  EXPECT_NE(refusal("(;SZ[9];B[ee").find("line 1"), std::string::npos);
  EXPECT_NE(refusal("(;SZ[9]\n;B[ee]\n;W[ee])").find("line"), std::string::npos)
      << "an occupied point is named by place";
  EXPECT_NE(refusal("(;GM[3];B[aa])").find("GM"), std::string::npos);
  EXPECT_NE(refusal("(;SZ[52])").find("board size 52 is not supported"), std::string::npos);
  EXPECT_NE(refusal("(;SZ[9])(;SZ[9];B[zz])").find("game 2"), std::string::npos);
  // A binary file.
  EXPECT_FALSE(readUpload(std::string("\x89PNG\r\n\x1a\n\0\0\0", 11)));
  // Deep nesting: no recursion in the reader, so no stack to exhaust; the reader takes it.
  std::string deep(20000, '(');
  deep += ";SZ[9]";
  deep += std::string(20000, ')');
  auto nested = readUpload(deep);
  ASSERT_TRUE(nested) << nested.error().toString();
  EXPECT_EQ(nested->games, 1);
}

TEST(SgfUpload, SizeGamesAndNodesAreCapped) {
  UploadLimits limits;
  limits.maxBytes = 100;
  EXPECT_EQ(refusal(std::string(101, ' '), limits),
            "the file has 101 bytes; at most 100 are taken");
  limits = UploadLimits{};
  limits.maxGames = 2;
  EXPECT_EQ(refusal("(;)(;)(;)", limits), "the file holds more than 2 games");
  limits = UploadLimits{};
  limits.maxNodes = 3;
  EXPECT_EQ(refusal("(;SZ[9];B[aa];W[bb];B[cc])", limits),
            "the game has 4 nodes; a review holds at most 3");
}

}  // namespace
}  // namespace tengen::site
