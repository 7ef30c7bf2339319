// The CSV player list (player_csv.h): good lists with headers, quotes and countries; every bad
// row named by its line with what was expected; and any bytes at all handled without a crash
// or an echo of the input.
#include "tournament/player_csv.h"

#include <gtest/gtest.h>

#include <random>

namespace tengen::tournament {
namespace {

TEST(PlayerCsv, ReadsAListWithHeaderQuotesAndCountries) {
  const auto players = parsePlayerCsv(
      "\xEF\xBB\xBFname,rank,club\r\n"
      "Ivanov Ivan,2d,Msk\r\n"
      "\r\n"
      "\"Lee, Sedol\",9 dan,\"Korea \"\"Baduk\"\"\",KR\n"
      "  Nurlan Abay , 12K , Alm , kz\n");
  ASSERT_TRUE(players) << players.error().toString();
  ASSERT_EQ(players->size(), 3u);
  EXPECT_EQ((*players)[0].name, "Ivanov Ivan");
  EXPECT_EQ((*players)[0].rank, Rank::dan(2));
  EXPECT_EQ((*players)[0].club, "Msk");
  EXPECT_EQ((*players)[1].name, "Lee, Sedol");
  EXPECT_EQ((*players)[1].rank, Rank::dan(9));
  EXPECT_EQ((*players)[1].club, "Korea \"Baduk\"");
  EXPECT_EQ((*players)[1].country, "KR");
  EXPECT_EQ((*players)[2].rank, Rank::kyu(12));
  EXPECT_EQ((*players)[2].country, "kz");
}

struct BadCase {
  const char* text;
  const char* error;
};

TEST(PlayerCsv, BadRowsSayWhichLineAndWhatWasExpected) {
  const BadCase cases[] = {
      {"A,1d,C\nB,35k,C\n", "line 2: rank: \"35k\" is not a rank: expected 30k..1k or 1d..9d"},
      {"A,1d\n", "line 1: expected 3 or 4 fields (name,rank,club[,country]), found 2"},
      {"A,1d,C\n\n,2k,C\n", "line 3: the name is empty"},
      {"\"A,1d,C\n", "line 1: a quote opened in field 1 is not closed on this line"},
      {"\"A\"x,1d,C\n", "line 1: text after a closing quote in field 1"},
      {"A,1d,C,Russia\n", "line 1: the country \"Russia\" is not a two-letter code"},
      {"A,\xff\xfe,C\n", "line 1: the line is not valid UTF-8 text"},
      {"A,1d,C,R,S,T,U,V,W,X\n", "line 1: too many fields: expected name,rank,club[,country]"},
  };
  for (const BadCase& c : cases) {
    const auto r = parsePlayerCsv(c.text);
    ASSERT_FALSE(r) << c.text;
    EXPECT_EQ(r.error().toString(), c.error);
  }
}

TEST(PlayerCsv, HugeInputIsRefusedWithoutEchoingIt) {
  const std::string longLine = std::string(5000, 'x') + ",1d,C\n";
  const auto r = parsePlayerCsv(longLine);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().toString(), "line 1: the line has 5005 bytes; at most 1000");
  const auto big = parsePlayerCsv(std::string(kMaxPlayerCsvBytes + 1, 'a'));
  ASSERT_FALSE(big);
  EXPECT_LT(big.error().toString().size(), 100u);
  const auto longName = parsePlayerCsv(std::string(300, 'n') + ",1d,C\n");
  ASSERT_FALSE(longName);
  EXPECT_LT(longName.error().toString().size(), 100u);
}

TEST(PlayerCsv, AnyBytesParseOrFailCleanly) {
  // A fuzz loop in the unit suite: random bytes biased to CSV's own characters. Each input
  // either parses to players whose fields keep the limits, or fails with a short message.
  std::mt19937_64 rng(52);
  const std::string alphabet = ",\"\n\r 0123456789kdKDabc\xff\xc3\xa9\t";
  for (int i = 0; i < 20000; ++i) {
    std::string text(rng() % 200, '\0');
    for (char& c : text)
      c = rng() % 4 ? alphabet[rng() % alphabet.size()] : static_cast<char>(rng());
    const auto r = parsePlayerCsv(text);
    if (r) {
      for (const Player& p : *r) {
        EXPECT_FALSE(p.name.empty());
        EXPECT_LE(p.name.size(), kMaxPlayerNameBytes);
      }
    } else {
      EXPECT_LT(r.error().toString().size(), 200u);
      EXPECT_EQ(r.error().where.rfind("line ", 0), 0u) << r.error().toString();
    }
  }
}

}  // namespace
}  // namespace tengen::tournament
