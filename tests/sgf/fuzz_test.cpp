// A bounded, deterministic fuzz run over mutated real-shaped files: nothing crashes, every
// failure is an Error with a message and a position, and whatever loads writes and reloads
// to the same game. fuzz/sgf_fuzz.cpp runs the same checks under libFuzzer.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sgf/game_record.h"
#include "sgf/parser.h"
#include "sgf/writer.h"
#include "test_util.h"

namespace tengen::sgf {
namespace {

constexpr int kMutations = 20000;
// Bytes that matter to the grammar, and a few that do not.
constexpr std::string_view kInteresting = "()[];\\:\n\r \tABWKMSZHALEPtabcdes019-.+\x00\xff";

std::string mutate(std::string text, std::mt19937& rng) {
  const int edits = 1 + static_cast<int>(rng() % 4);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = text.empty() ? 0 : rng() % (text.size() + 1);
    switch (rng() % 6) {
      case 0:  // replace a byte
        if (at < text.size()) text[at] = kInteresting[rng() % kInteresting.size()];
        break;
      case 1:  // insert a byte
        text.insert(text.begin() + static_cast<std::ptrdiff_t>(at),
                    kInteresting[rng() % kInteresting.size()]);
        break;
      case 2:  // delete a run
        text.erase(at, 1 + rng() % 8);
        break;
      case 3: {  // duplicate a run (more nodes, variations, values)
        const std::string run = text.substr(at, 1 + rng() % 24);
        text.insert(std::min(text.size(), static_cast<std::size_t>(rng() % (text.size() + 1))),
                    run);
        break;
      }
      case 4:  // flip a bit
        if (at < text.size()) text[at] = static_cast<char>(text[at] ^ (1 << (rng() % 8)));
        break;
      case 5:  // truncate
        text.resize(at);
        break;
    }
  }
  return text;
}

void checkOne(const std::string& text) {
  auto trees = parseCollection(text);
  if (trees) {
    for (const GameTree& tree : *trees) {
      auto again = parseFirstGame(writeTree(tree));
      ASSERT_TRUE(again) << again.error().toString() << "\ninput: " << text;
      ASSERT_EQ(again->size(), tree.size()) << text;
    }
  } else {
    ASSERT_FALSE(trees.error().message.empty()) << text;
    ASSERT_FALSE(trees.error().where.empty()) << text;
  }
  auto loaded = loadGame(text);
  if (!loaded) {
    ASSERT_FALSE(loaded.error().message.empty()) << text;
    ASSERT_FALSE(loaded.error().where.empty()) << loaded.error().message << "\ninput: " << text;
    return;
  }
  ASSERT_TRUE(loaded->game.board().checkInvariants()) << text;
  const std::string written = writeGame(loaded->game, loaded->info, loaded->moveTimes);
  auto reloaded = loadGame(written);
  ASSERT_TRUE(reloaded) << reloaded.error().toString() << "\ninput: " << text
                        << "\nwritten: " << written;
  ASSERT_EQ(reloaded->game.moves(), loaded->game.moves()) << text;
  ASSERT_EQ(reloaded->game.setupSteps(), loaded->game.setupSteps()) << text;
  ASSERT_EQ(reloaded->game.rules(), loaded->game.rules()) << text;
  ASSERT_EQ(reloaded->game.handicap(), loaded->game.handicap()) << text;
  ASSERT_EQ(reloaded->game.initialToMove(), loaded->game.initialToMove()) << text;
  ASSERT_EQ(reloaded->game.board().hash(), loaded->game.board().hash()) << text;
  ASSERT_EQ(reloaded->moveTimes, loaded->moveTimes) << text;
  ASSERT_EQ(writeGame(reloaded->game, reloaded->info, reloaded->moveTimes), written) << text;
}

TEST(Fuzz, MutatedFilesNeverCrashAndFailWithMessages) {
  std::vector<std::string> seeds;
  for (const char* name :
       {"kgs_handicap.sgf", "ogs_japanese.sgf", "ff3_lowercase.sgf", "variations.sgf",
        "setup_position.sgf", "free_handicap_no_ha.sgf", "collection.sgf"}) {
    seeds.push_back(test::readData(name));
  }
  seeds.push_back("(;SZ[9]HA[2]AB[cc:gg]KM[375]RU[aga];W[ee]WL[10];B[tt]BL[9.5])");
  seeds.push_back("(;SZ[5]AB[aa][bb]AW[cc]AE[aa]PL[W];W[dd];B[];W[];B[ab])");
  // Setup between moves, a repetition without RU, text in other charsets (issue #50).
  seeds.push_back("(;SZ[9];B[ee];W[dd];AE[ee];B[cc];AB[aa]AW[ba][ab];W[ee])");
  seeds.push_back(
      "(;SZ[9]AB[ah][bh][fh][gh][hh][ai][ei][gi]AW[ch][dh][eh][ih][bi][di][hi]"
      ";B[ci];W[fi];B[ii];W[bi];B[ei];W[hi])");
  seeds.push_back("(;CA[GB2312]SZ[9]PB[\xb9\xc5\xc1\xa6]C[\xc1\xa6];B[ee])");
  seeds.push_back("(;CA[Shift_JIS]SZ[9]PB[\x83\x5c]C[\x83\x5c];B[ee])");
  seeds.push_back(std::string("\xff\xfe(\0;\0S\0Z\0[\0\x39\0]\0;\0B\0[\0e\0e\0]\0)\0", 30));
  std::mt19937 rng(0x5eed);
  int loadedCount = 0;
  for (int i = 0; i < kMutations; ++i) {
    const std::string text = mutate(seeds[rng() % seeds.size()], rng);
    checkOne(text);
    if (testing::Test::HasFatalFailure()) return;
    loadedCount += loadGame(text).has_value();
  }
  // The mutations must leave many files loadable, or the round-trip checks test nothing.
  EXPECT_GT(loadedCount, kMutations / 10);
}

}  // namespace
}  // namespace tengen::sgf
