// writeGame then loadGame gives back the same game: setup, side to move, handicap, rules,
// komi, moves, times and info.
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "go/handicap.h"
#include "go/rules.h"
#include "sgf/game_record.h"
#include "test_util.h"

namespace tengen::sgf {
namespace {

using go::Color;

void expectSameGame(const go::Game& a, const go::Game& b) {
  EXPECT_EQ(a.size(), b.size());
  EXPECT_EQ(a.rules(), b.rules()) << a.rules().toString(true) << " vs " << b.rules().toString(true);
  EXPECT_EQ(test::diagram(a.initialBoard()), test::diagram(b.initialBoard()));
  EXPECT_EQ(a.initialBoard().hash(), b.initialBoard().hash());
  EXPECT_EQ(a.initialToMove(), b.initialToMove());
  EXPECT_EQ(a.handicap(), b.handicap());
  EXPECT_EQ(a.moves(), b.moves());
  EXPECT_EQ(test::diagram(a.board()), test::diagram(b.board()));
  EXPECT_EQ(a.toMove(), b.toMove());
  EXPECT_EQ(a.endReason(), b.endReason());
}

// Writes, loads, compares; then writes the loaded game and expects the same text.
void expectRoundTrip(const go::Game& game, const GameInfo& info,
                     const std::vector<MoveTime>& times = {}) {
  const std::string text = writeGame(game, info, times);
  auto loaded = loadGame(text);
  ASSERT_TRUE(loaded) << loaded.error().toString() << "\n" << text;
  expectSameGame(game, loaded->game);
  GameInfo expectedInfo = info;
  expectedInfo.rulesText = game.rules().toSgf();
  EXPECT_EQ(loaded->info, expectedInfo) << text;
  EXPECT_EQ(loaded->moveTimes, times) << text;
  EXPECT_EQ(loaded->movesInFile, static_cast<int>(game.moves().size()));
  EXPECT_EQ(writeGame(loaded->game, loaded->info, loaded->moveTimes), text);
}

GameInfo fullInfo() {
  GameInfo info;
  info.blackName = "Shin Jinseo ]\\: x";
  info.whiteName = "\xe6\x9f\xaf\xe6\xb4\x81";  // UTF-8 bytes kept as they are
  info.blackRank = "9p";
  info.whiteRank = "9p";
  info.date = "2024-01-02,03";
  info.event = "Final [game 1]";
  info.result = "B+R";
  info.comment = "Line one ] with \\ escapes\nline two\r\nand a\\\nsoft break kept literally";
  info.timeSeconds = 10800.5;
  info.overtime = "5x60 byo-yomi";
  return info;
}

TEST(RoundTrip, EmptyGameWithDefaults) {
  expectRoundTrip(go::Game(19, go::Rules::fromPreset(go::Preset::Chinese)), GameInfo{});
}

TEST(RoundTrip, FullInfoMovesPassesAndCaptures) {
  go::Game game(9, go::Rules::fromPreset(go::Preset::Japanese));
  ASSERT_TRUE(test::playMoves(game, "B A8 W A9 B B9 W E5 B pass W C3 B pass W pass"));
  expectRoundTrip(game, fullInfo());
}

// Variations are later children of their branch node: the main line read back is the game.
TEST(RoundTrip, VariationsLeaveTheMainLine) {
  go::Game game(9, go::Rules::fromPreset(go::Preset::Japanese));
  ASSERT_TRUE(test::playMoves(game, "B E5 W C3 B pass W pass"));
  const go::Geometry& g = game.geometry();
  std::vector<Variation> variations{
      {3, {{Color::White, go::kPass}, {Color::Black, *g.fromGtp("C4")}}, 1, "Line ] one"},
      {0, {{Color::Black, *g.fromGtp("A1")}}, 0, ""},
      {9, {{Color::Black, *g.fromGtp("A1")}}, 0, "after the end: left out"},
  };
  const std::string text = writeGame(game, GameInfo{}, {}, variations);
  EXPECT_NE(text.find(";B[]\n(;W[])\n(;W[];B[cf]C[Line \\] one])"), std::string::npos) << text;
  EXPECT_NE(text.find("(;B[ai]))"), std::string::npos) << text;
  EXPECT_EQ(text.find("left out"), std::string::npos) << text;
  auto loaded = loadGame(text);
  ASSERT_TRUE(loaded) << loaded.error().toString() << "\n" << text;
  expectSameGame(game, loaded->game);
  EXPECT_EQ(loaded->movesInFile, 4);
}

TEST(RoundTrip, FixedHandicapWithTimes) {
  go::Game game(19, go::Rules::fromPreset(go::Preset::Aga));
  ASSERT_TRUE(game.placeHandicap(*go::fixedHandicap(19, 4)));
  ASSERT_TRUE(test::playMoves(game, "W C3 B D3 W pass B R10"));
  expectRoundTrip(game, GameInfo{}, {{1799.5, std::nullopt}, {}, {1.25e-3, 2}, {0, std::nullopt}});
}

TEST(RoundTrip, HandicapCountDifferentFromTheStones) {
  go::Game game(13, go::Rules::fromPreset(go::Preset::Chinese));
  ASSERT_TRUE(game.placeHandicap(*go::fixedHandicap(13, 2)));
  game.setHandicapCount(5);
  expectRoundTrip(game, GameInfo{});
  game.setToMove(Color::Black);
  expectRoundTrip(game, GameInfo{});
}

TEST(RoundTrip, BlackOnlySetupThatIsNotAHandicap) {
  go::Game game(9, go::Rules::fromPreset(go::Preset::Chinese));
  ASSERT_TRUE(game.setupStone(*game.geometry().fromGtp("C3"), Color::Black));
  game.setToMove(Color::White);
  expectRoundTrip(game, GameInfo{});
  ASSERT_TRUE(test::playMoves(game, "W E5"));
  expectRoundTrip(game, GameInfo{});
}

TEST(RoundTrip, MixedSetupWithPlayerToMove) {
  go::Game game(9, go::Rules::fromPreset(go::Preset::NewZealand));
  ASSERT_TRUE(test::setupFromDiagram(game,
                                     "   A B C D E F G H J\n"
                                     " 9 X . X . O . . . .\n"
                                     " 8 X . . . O . . . .\n"
                                     " 7 . . . . . . . . O\n"
                                     " 6 . . . . . . . . .\n"
                                     " 5 . . . . . . . . .\n"
                                     " 4 . . . . . . . . .\n"
                                     " 3 . . . . . . . . .\n"
                                     " 2 . . . . . . . . .\n"
                                     " 1 . . . . . . . . .\n"));
  game.setToMove(Color::White);
  expectRoundTrip(game, GameInfo{});
  ASSERT_TRUE(test::playMoves(game, "B B9"));  // not the side PL names
  expectRoundTrip(game, GameInfo{});
}

TEST(RoundTrip, EveryPresetAndOverridesAndKomi) {
  const char* specs[] = {"tromp-taylor",
                         "chinese",
                         "japanese",
                         "korean",
                         "aga",
                         "bga",
                         "nz",
                         "ing",
                         "wmsg",
                         "igs",
                         "stone-scoring",
                         "japanese tax=none ko=positional",
                         "chinese button=1 komi=-3.5",
                         "aga white_passes_last=0 handicap_bonus=n"};
  for (const char* spec : specs) {
    auto rules = go::Rules::parse(spec);
    ASSERT_TRUE(rules) << spec;
    go::Game game(9, *rules);
    ASSERT_TRUE(test::playMoves(game, "B E5 W pass"));
    SCOPED_TRACE(spec);
    expectRoundTrip(game, GameInfo{});
  }
  for (double komi : {0.0, -0.0, 0.5, -7.5, 99.5, -99.5, 6.0}) {
    go::Game game(9);
    game.setKomi(komi);
    SCOPED_TRACE(komi);
    expectRoundTrip(game, GameInfo{});
  }
}

// Random positions and games on every size: setup, handicap, rules, moves and times.
TEST(RoundTrip, RandomGamesOnEverySize) {
  std::mt19937 rng(20240611);
  const go::Preset presets[] = {go::Preset::Chinese, go::Preset::Japanese, go::Preset::Aga,
                                go::Preset::TrompTaylor, go::Preset::NewZealand};
  for (int round = 0; round < 3; ++round) {
    for (int size = go::kMinSize; size <= go::kMaxSize; ++size) {
      SCOPED_TRACE("size " + std::to_string(size) + " round " + std::to_string(round));
      go::Game game(size, go::Rules::fromPreset(presets[rng() % 5]));
      const go::Geometry& g = game.geometry();
      const int setup = static_cast<int>(rng() % 4);
      for (int i = 0; i < setup * size / 2; ++i) {
        const go::Point p = g.point(static_cast<int>(rng() % size), static_cast<int>(rng() % size));
        // Mostly Black, so Black-only setups (handicap or not) come up often.
        game.setupStone(p, rng() % 3 ? Color::Black : Color::White);
      }
      if (rng() % 3 == 0) game.setHandicapCount(static_cast<int>(rng() % 5));
      if (rng() % 2) game.setToMove(rng() % 2 ? Color::Black : Color::White);
      std::vector<MoveTime> times;
      const bool timed = rng() % 2;
      const int moves = static_cast<int>(rng() % (size * size * 3 / 2));
      for (int i = 0; i < moves; ++i) {
        const Color c = rng() % 7 ? game.toMove() : go::opponent(game.toMove());
        std::vector<go::Point> legal;
        game.legalPoints(c).forEach([&](go::Point p) { legal.push_back(p); });
        const go::Point p =
            legal.empty() || rng() % 20 == 0 ? go::kPass : legal[rng() % legal.size()];
        ASSERT_EQ(game.play(c, p), go::MoveVerdict::Legal);
        if (!timed) continue;
        MoveTime time;
        if (rng() % 4) time.secondsLeft = double(rng() % 100000) / 8;
        if (rng() % 3 == 0) time.overtimeLeft = static_cast<int>(rng() % 26);
        times.push_back(time);
      }
      // At least one time, so BL/WL and OB/OW appear.
      if (timed && !times.empty()) times.back() = MoveTime{12.5, 3};
      expectRoundTrip(game, rng() % 2 ? fullInfo() : GameInfo{}, times);
    }
  }
}

}  // namespace
}  // namespace tengen::sgf
