#include <gtest/gtest.h>

#include "go/rules.h"
#include "sgf/game_record.h"
#include "sgf/parser.h"
#include "test_util.h"

namespace tengen::sgf {
namespace {

using go::Color;
using test::diagram;
using test::readData;

LoadedGame load(std::string_view text, std::optional<go::Rules> rules = std::nullopt,
                int limit = -1) {
  auto loaded = loadGame(text, rules, limit);
  EXPECT_TRUE(loaded) << loaded.error().toString();
  return loaded ? std::move(*loaded) : LoadedGame{go::Game(9), {}, 0, {}, false, {}};
}

go::Point at(const go::Game& game, std::string_view vertex) {
  return *game.geometry().fromGtp(vertex);
}

TEST(LoadGame, OgsJapaneseGame) {
  const LoadedGame g = load(readData("ogs_japanese.sgf"));
  EXPECT_EQ(diagram(g.game.board()),
            "   A B C D E F G H J\n"
            " 9 . . . X O . . . .\n"
            " 8 . . . X O . . . .\n"
            " 7 . . . X O . . . .\n"
            " 6 . . . X O . . . .\n"
            " 5 . . . X O . . X .\n"
            " 4 . . . X O . . . .\n"
            " 3 . . . X O . . . .\n"
            " 2 . . . X O . . . .\n"
            " 1 . . . X O . . . .\n");
  EXPECT_EQ(g.movesInFile, 21);
  EXPECT_EQ(g.game.moves().size(), 21u);
  EXPECT_EQ(g.game.rules().preset, go::Preset::Japanese);
  EXPECT_EQ(g.game.rules().komi, 6.5);
  EXPECT_TRUE(g.game.isOver());
  EXPECT_EQ(g.game.endReason(), go::EndReason::Passes);
  EXPECT_EQ(g.info.blackName, "alice");
  EXPECT_EQ(g.info.whiteName, "bob");
  EXPECT_EQ(g.info.blackRank, "5k");
  EXPECT_EQ(g.info.whiteRank, "4k");
  EXPECT_EQ(g.info.date, "2024-03-10");
  EXPECT_EQ(g.info.result, "W+16.5");
  EXPECT_EQ(g.info.timeSeconds, 600);
  EXPECT_EQ(g.info.overtime, "5x30 byo-yomi");
  EXPECT_EQ(g.info.rulesText, "Japanese");
  EXPECT_TRUE(g.moveTimes.empty());
}

// HA[3] with three Black AB stones: handicap stones, White first (FF[4] HA, KGS style).
TEST(LoadGame, KgsHandicapGame) {
  const LoadedGame g = load(readData("kgs_handicap.sgf"));
  EXPECT_EQ(g.game.handicap(), 3);
  EXPECT_EQ(g.game.initialToMove(), Color::White);
  EXPECT_EQ(g.game.initialBoard().stoneCount(Color::Black), 3);
  EXPECT_EQ(g.game.initialBoard().at(at(g.game, "D4")), Color::Black);
  EXPECT_EQ(g.game.initialBoard().at(at(g.game, "Q16")), Color::Black);
  EXPECT_EQ(g.game.initialBoard().at(at(g.game, "D16")), Color::Black);
  EXPECT_EQ(g.game.rules().komi, 0.5);
  EXPECT_EQ(g.game.rules().preset, go::Preset::Japanese);
  EXPECT_EQ(g.movesInFile, 8);
  ASSERT_EQ(g.game.moves().size(), 8u);
  EXPECT_EQ(g.game.moves()[0], (go::Move{Color::White, at(g.game, "Q4")}));
  ASSERT_EQ(g.moveTimes.size(), 8u);
  EXPECT_EQ(g.moveTimes[0].secondsLeft, 1795.3);
  EXPECT_EQ(g.moveTimes[3].secondsLeft, 1770.5);
  EXPECT_EQ(g.moveTimes[7].secondsLeft, 1730);
  EXPECT_EQ(g.info.timeSeconds, 1800);
  EXPECT_EQ(g.info.result, "B+Resign");
  EXPECT_EQ(g.info.whiteRank, "5d");
}

// OB/OW: byo-yomi periods (or Canadian stones) left, beside BL/WL; a value that is not a
// whole number from 0 to 10000 is dropped, as a bad BL is.
TEST(LoadGame, ReadsOvertimeLeft) {
  const LoadedGame g = load(
      "(;GM[1]FF[4]SZ[9]TM[60]OT[5x30 byo-yomi];B[ee]BL[30]OB[5];W[ce]WL[12.5]OW[3]"
      ";B[gg]BL[41];W[cc]OW[-1];B[dd]OB[x])");
  ASSERT_EQ(g.moveTimes.size(), 5u);
  EXPECT_EQ(g.moveTimes[0], (MoveTime{30.0, 5}));
  EXPECT_EQ(g.moveTimes[1], (MoveTime{12.5, 3}));
  EXPECT_EQ(g.moveTimes[2], (MoveTime{41.0, std::nullopt}));
  EXPECT_EQ(g.moveTimes[3], MoveTime{});
  EXPECT_EQ(g.moveTimes[4], MoveTime{});
  EXPECT_NE(writeGame(g.game, g.info, g.moveTimes).find(";B[ee]BL[30]OB[5]"), std::string::npos);
}

// FF[3]: identifiers with lowercase letters, CRLF line ends, passes written "tt".
TEST(LoadGame, Ff3LowercaseIdentifiersAndTtPasses) {
  const LoadedGame g = load(readData("ff3_lowercase.sgf"));
  EXPECT_EQ(g.game.size(), 13);
  EXPECT_EQ(g.game.rules().preset, go::Preset::Chinese);  // no RU: chinese
  EXPECT_EQ(g.game.rules().komi, 5.5);
  ASSERT_EQ(g.game.moves().size(), 7u);
  EXPECT_EQ(g.game.moves()[5], (go::Move{Color::White, go::kPass}));
  EXPECT_EQ(g.game.moves()[6], (go::Move{Color::Black, go::kPass}));
  EXPECT_EQ(g.game.board().stoneCount(Color::Black), 3);
  EXPECT_EQ(g.info.blackName, "Go Seigen");
  EXPECT_EQ(g.info.whiteName, "Honinbo Shusai");
  EXPECT_EQ(g.info.blackRank, "5d");
  EXPECT_EQ(g.info.result, "B+2.5");
  EXPECT_EQ(g.info.date, "1933-10-16");
  EXPECT_EQ(g.info.event, "Oteai");
  EXPECT_EQ(g.info.rulesText, "");
}

TEST(LoadGame, VariationsPlayTheMainLineAndCommentsAreDecoded) {
  const LoadedGame g = load(readData("variations.sgf"));
  EXPECT_EQ(g.movesInFile, 5);
  EXPECT_EQ(diagram(g.game.board()),
            "   A B C D E F G H J\n"
            " 9 . . . . . . . . .\n"
            " 8 . . . . . . . . .\n"
            " 7 . . O . . . O . .\n"
            " 6 . . . . . . . . .\n"
            " 5 . . . . X . . . .\n"
            " 4 . . . . . . . . .\n"
            " 3 . . X . . . X . .\n"
            " 2 . . . . . . . . .\n"
            " 1 . . . . . . . . .\n");
  EXPECT_EQ(g.info.comment,
            "Main line first ] escaped bracket, backslash \\ and a softbreak.\nSecond line.");
}

// AB/AW with compressed lists, PL, and AE in a later node before the first move.
TEST(LoadGame, SetupBeforeTheFirstMove) {
  const LoadedGame g = load(readData("setup_position.sgf"), std::nullopt, 0);
  EXPECT_EQ(diagram(g.game.board()),
            "   A B C D E F G H J\n"
            " 9 X . X . O . . . .\n"
            " 8 X . . . O . . . .\n"
            " 7 . . . . . . . . O\n"
            " 6 . . . . . . . . .\n"
            " 5 . . . . . . . . .\n"
            " 4 . . . . . . . . .\n"
            " 3 . . . . . . . . .\n"
            " 2 . . . . . . . . .\n"
            " 1 . . . . . . . . .\n");
  EXPECT_EQ(g.game.toMove(), Color::White);
  EXPECT_EQ(g.game.handicap(), 0);
  EXPECT_EQ(g.movesInFile, 2);
  EXPECT_TRUE(g.game.moves().empty());
  EXPECT_EQ(g.info.comment, "a position to study");
}

TEST(LoadGame, PlWinsOverTheFirstMoveForTheFirstPosition) {
  const LoadedGame g = load("(;SZ[9]AB[ee]PL[B];W[cc])", std::nullopt, 0);
  EXPECT_EQ(g.game.initialToMove(), Color::Black);
  EXPECT_EQ(g.game.handicap(), 0);
}

TEST(LoadGame, PlAfterTheFirstMoveIsIgnored) {
  const LoadedGame g = load("(;SZ[9];B[ee]PL[B];W[cc])");
  EXPECT_EQ(g.game.moves().size(), 2u);
  EXPECT_EQ(g.game.toMove(), Color::Black);
}

// No HA, only Black stones, White first: read as handicap (common in real files).
TEST(LoadGame, BlackSetupAndWhiteFirstIsAHandicap) {
  const LoadedGame g = load(readData("free_handicap_no_ha.sgf"));
  EXPECT_EQ(g.game.handicap(), 2);
  EXPECT_EQ(g.game.initialToMove(), Color::White);
}

TEST(LoadGame, BlackSetupAndBlackFirstIsNotAHandicap) {
  const LoadedGame g = load("(;SZ[9]AB[cc][gg];B[ee])");
  EXPECT_EQ(g.game.handicap(), 0);
  EXPECT_EQ(g.game.initialToMove(), Color::Black);
}

TEST(LoadGame, HandicapWithoutMovesLetsWhiteMove) {
  const LoadedGame g = load("(;SZ[19]HA[2]AB[dp][pd])");
  EXPECT_EQ(g.game.handicap(), 2);
  EXPECT_EQ(g.game.toMove(), Color::White);
}

// FF[4] HA: "HA itself adds nothing"; the count is kept for the handicap bonus even when
// the stones disagree with it.
TEST(LoadGame, HaDisagreeingWithTheStonesKeepsHa) {
  const LoadedGame g = load("(;SZ[19]HA[4]AB[dp][pd];W[pp])");
  EXPECT_EQ(g.game.handicap(), 4);
  EXPECT_EQ(g.game.initialBoard().stoneCount(Color::Black), 2);
  const LoadedGame none = load("(;SZ[19]HA[2];B[dp];W[pp])");
  EXPECT_EQ(none.game.handicap(), 2);
  EXPECT_EQ(none.game.initialBoard().stoneCount(Color::Black), 0);
  EXPECT_EQ(none.game.initialToMove(), Color::Black);
}

TEST(LoadGame, HaWithWhiteSetupStonesIsPlainSetup) {
  const LoadedGame g = load("(;SZ[19]HA[2]AB[dp][pd]AW[dd];W[pp])");
  EXPECT_EQ(g.game.handicap(), 2);
  EXPECT_EQ(g.game.initialBoard().stoneCount(Color::White), 1);
  EXPECT_EQ(g.game.initialToMove(), Color::White);
}

TEST(LoadGame, HaZeroKeepsBlackSetupOrdinary) {
  const LoadedGame g = load("(;SZ[9]HA[0]AB[cc];W[ee])");
  EXPECT_EQ(g.game.handicap(), 0);
}

TEST(LoadGame, RulesFromRuElseChinese) {
  EXPECT_EQ(load("(;RU[AGA])").game.rules().preset, go::Preset::Aga);
  EXPECT_EQ(load("(;RU[NZ])").game.rules().preset, go::Preset::NewZealand);
  EXPECT_EQ(load("(;RU[GOE])").game.rules().preset, go::Preset::Ing);
  EXPECT_EQ(load("(;RU[japanese tax=none])").game.rules().tax, go::TaxRule::None);
  const LoadedGame plain = load("(;SZ[9])");
  EXPECT_EQ(plain.game.rules(), go::Rules::fromPreset(go::Preset::Chinese));
  EXPECT_EQ(plain.game.rules().komi, 7.5);
}

TEST(LoadGame, OverrideReplacesRuButKmStillCounts) {
  const auto japanese = go::Rules::fromPreset(go::Preset::Japanese);
  const LoadedGame withKm = load("(;RU[Chinese]KM[5.5])", japanese);
  EXPECT_EQ(withKm.game.rules().preset, go::Preset::Japanese);
  EXPECT_EQ(withKm.game.rules().komi, 5.5);
  EXPECT_EQ(withKm.info.rulesText, "Chinese");
  const LoadedGame withoutKm = load("(;RU[Chinese])", japanese);
  EXPECT_EQ(withoutKm.game.rules().komi, 6.5);
  EXPECT_EQ(load("(;RU[Klingon]KM[])", japanese).game.rules().komi, 6.5);
}

// Other programs write names we may not know: the game still loads, under chinese, and the
// warning says where and what.
TEST(LoadGame, UnknownRuLoadsUnderChineseWithAWarning) {
  auto g = loadGame("(;RU[Klingon];B[aa])");
  ASSERT_TRUE(g) << g.error().toString();
  EXPECT_EQ(g->game.rules(), go::Rules::fromPreset(go::Preset::Chinese));
  EXPECT_FALSE(g->rulesFromFile);
  EXPECT_EQ(g->game.moves().size(), 1u);
  ASSERT_EQ(g->warnings.size(), 1u);
  EXPECT_EQ(g->warnings[0],
            "line 1, column 5: unknown rules RU[Klingon]: unknown ruleset 'Klingon', expected one "
            "of tromp-taylor, chinese, japanese, korean, aga, bga, new-zealand, ing, wmsg, igs, "
            "stone-scoring; the game is read under chinese");
  EXPECT_EQ(g->info.rulesText, "Klingon");
  auto known = loadGame("(;RU[jp])");
  ASSERT_TRUE(known);
  EXPECT_TRUE(known->rulesFromFile);
  EXPECT_TRUE(known->warnings.empty());
}

// Komi as real files write it: GoGoD Chinese komi in stones, Fox komi times 100.
TEST(LoadGame, KomiQuirksOfRealFiles) {
  const auto komi = [](std::string_view km) {
    return load("(;KM[" + std::string(km) + "])").game.rules().komi;
  };
  EXPECT_EQ(komi("6.5"), 6.5);
  EXPECT_EQ(komi("0.50"), 0.5);
  EXPECT_EQ(komi("-3.5"), -3.5);
  EXPECT_EQ(komi("3.75"), 7.5);
  EXPECT_EQ(komi("2.75"), 5.5);
  EXPECT_EQ(komi("375"), 7.5);
  EXPECT_EQ(komi("550"), 5.5);
  EXPECT_EQ(komi("6,5"), 6.5);
  EXPECT_EQ(komi(" 7 "), 7);
  EXPECT_EQ(komi(""), 7.5);  // empty: the rules' komi
}

TEST(LoadGame, SquareSizeMayBeWrittenTwice) {
  EXPECT_EQ(load("(;SZ[19:19])").game.size(), 19);
  EXPECT_EQ(load("(;SZ[ 7 ])").game.size(), 7);
  EXPECT_EQ(load("(;SZ[2];B[aa])").game.size(), 2);
  EXPECT_EQ(load("(;SZ[25];B[yy])").game.moves().size(), 1u);
}

TEST(LoadGame, MoveLimitPlaysAPrefixAndCountsAll) {
  const std::string text = readData("kgs_handicap.sgf");
  const LoadedGame three = load(text, std::nullopt, 3);
  EXPECT_EQ(three.movesInFile, 8);
  EXPECT_EQ(three.game.moves().size(), 3u);
  EXPECT_EQ(three.moveTimes.size(), 3u);
  EXPECT_EQ(three.game.toMove(), Color::Black);
  EXPECT_EQ(load(text, std::nullopt, 0).game.moves().size(), 0u);
  EXPECT_EQ(load(text, std::nullopt, 100).game.moves().size(), 8u);
  // Moves past the limit are not played, so their legality is not checked.
  EXPECT_EQ(load("(;SZ[9];B[ee];W[ee])", std::nullopt, 1).movesInFile, 2);
}

TEST(LoadGame, FreeReplayAcceptsAnyColourOrderAndPlayAfterTheEnd) {
  const LoadedGame g = load("(;SZ[9];B[ee];B[cc];W[];B[];W[gg])");
  EXPECT_EQ(g.game.moves().size(), 5u);
  EXPECT_FALSE(g.game.isOver());
  EXPECT_EQ(g.game.board().stoneCount(Color::Black), 2);
}

TEST(LoadGame, TakesTheFirstGameOfACollection) {
  const LoadedGame g = load(readData("collection.sgf"));
  EXPECT_EQ(g.info.blackName, "first");
  EXPECT_EQ(g.game.size(), 9);
  auto games = parseCollection(readData("collection.sgf"));
  ASSERT_TRUE(games);
  auto second = loadGame(games->at(1));
  ASSERT_TRUE(second);
  EXPECT_EQ(second->info.blackName, "second");
  EXPECT_EQ(second->game.size(), 13);
}

// Three kos on the bottom edge of 9x9; the six captures B C1, W F1, B J1, W B1, B E1,
// W H1 bring back the first position, so the last is a positional superko violation.
constexpr const char* kTripleKoLap =
    "SZ[9]AB[ah][bh][fh][gh][hh][ai][ei][gi]AW[ch][dh][eh][ih][bi][di][hi]"
    ";B[ci];W[fi];B[ii];W[bi];B[ei];W[hi])";

// A file without RU is no evidence of superko (Fuego's triple-ko tests, a MultiGo game):
// it loads, read with simple ko, and the warning names the move.
TEST(LoadGame, RepetitionWithoutRuLoadsWithSimpleKoAndAWarning) {
  auto g = loadGame(std::string("(;") + kTripleKoLap);
  ASSERT_TRUE(g) << g.error().toString();
  EXPECT_EQ(g->game.moves().size(), 6u);
  EXPECT_EQ(g->game.rules().ko, go::KoRule::Simple);
  EXPECT_EQ(g->game.rules().preset, go::Preset::Chinese);
  ASSERT_EQ(g->warnings.size(), 1u);
  EXPECT_EQ(g->warnings[0],
            "line 1, column 103: move 6 (W H1) repeats an earlier position, which superko "
            "forbids; as the file names no rules, the game is read with simple ko");
  // Written with its rules, it reads back the same.
  auto again = loadGame(writeGame(g->game, g->info));
  ASSERT_TRUE(again) << again.error().toString();
  EXPECT_EQ(again->game.rules(), g->game.rules());
  EXPECT_EQ(again->game.board().hash(), g->game.board().hash());
  // An unknown RU is read the same way.
  auto unknown = loadGame(std::string("(;RU[Klingon]") + kTripleKoLap);
  ASSERT_TRUE(unknown) << unknown.error().toString();
  EXPECT_EQ(unknown->warnings.size(), 2u);
}

// A file that states superko rules keeps them: the repetition is an error.
TEST(LoadGame, RepetitionUnderStatedSuperkoRulesIsAnError) {
  auto g = loadGame(std::string("(;RU[Chinese]") + kTripleKoLap);
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().toString(),
            "line 1, column 114: illegal move 6 (W H1): it repeats an earlier position (superko)");
}

TEST(LoadGame, UnparsableTimesAreDropped) {
  const LoadedGame g = load("(;TM[1h];B[ee]BL[soon];W[cc]WL[12.5])");
  EXPECT_FALSE(g.info.timeSeconds);
  ASSERT_EQ(g.moveTimes.size(), 2u);
  EXPECT_EQ(g.moveTimes[0], MoveTime{});
  EXPECT_EQ(g.moveTimes[1].secondsLeft, 12.5);
}

TEST(LoadGame, CapturesHappenDuringReplay) {
  // White A9 is captured by Black B9 after Black A8.
  const LoadedGame g = load("(;SZ[9];B[ab];W[aa];B[ba])");
  EXPECT_EQ(g.game.board().at(at(g.game, "A9")), Color::Empty);
  EXPECT_EQ(g.game.board().captures(Color::Black), 1);
}

}  // namespace
}  // namespace tengen::sgf
