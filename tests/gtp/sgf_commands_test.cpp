// loadsgf (GTP v2 6.3.9: the position before move_number) and printsgf.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine_fixture.h"
#include "sgf/game_record.h"
#include "support/files.h"

namespace tengen::gtp {
namespace {

using tengen::test::readFile;

// Columns B (Black) and C (White) filled on 5x5, then two passes: W+5.5 with komi 0.5.
constexpr const char* kWalls =
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]PB[Kuro]PW[Shiro]RE[W+4.5]\n"
    ";B[bc];W[cc];B[bb];W[cb];B[bd];W[cd];B[ba];W[ca];B[be];W[ce];B[];W[])\n";

class Sgf : public EngineTest {
 protected:
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string write(const std::string& name, const std::string& text) {
    std::filesystem::create_directories(dir_);
    const auto path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }

  std::filesystem::path dir_ =
      std::filesystem::temp_directory_path() /
      ("tengen_gtp_sgf_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
       ::testing::UnitTest::GetInstance()->current_test_info()->name());
};

TEST_F(Sgf, LoadsThePositionBeforeTheGivenMove) {
  const std::string path = write("walls.sgf", kWalls);
  ok("loadsgf " + path + " 4");  // moves 1-3: B B3, W C3, B B4
  EXPECT_EQ(board(), ".....\n.X...\n.XO..\n.....\n.....\n");
  EXPECT_EQ(engine_.state().game.toMove(), go::Color::White);
  EXPECT_EQ(ok("tengen-get_rules"), "japanese komi=0.5");
  ok("loadsgf " + path + " 1");
  EXPECT_EQ(engine_.state().game.moves().size(), 0u);
  ok("loadsgf " + path + " 100");  // past the end: every move
  EXPECT_EQ(engine_.state().game.moves().size(), 12u);
}

TEST_F(Sgf, LoadsAFinishedGame) {
  ok("loadsgf " + write("walls.sgf", kWalls));
  // Japanese: Black 5 points of territory, White 10, komi 0.5.
  EXPECT_EQ(ok("tengen-status"), "over W+5.5");
  EXPECT_EQ(ok("final_score"), "W+5.5");
}

TEST_F(Sgf, WithoutRuTheEngineRulesStay) {
  ok("tengen-set_rules tromp-taylor");
  ok("komi 2");
  ok("loadsgf " + write("plain.sgf", "(;SZ[9];B[ee];W[gc])"));
  EXPECT_EQ(ok("tengen-get_rules"), "tromp-taylor komi=2");
  ok("loadsgf " + write("komi.sgf", "(;SZ[9]KM[6.5];B[ee])"));
  EXPECT_EQ(ok("tengen-get_rules"), "tromp-taylor komi=6.5");
}

// An RU no rules we know (another program's own name) loads like no RU, with a warning on
// standard error; KataGo's rule strings are understood.
TEST_F(Sgf, AnUnknownRuKeepsTheEngineRulesAndKataGoStringsAreRead) {
  ok("tengen-set_rules new-zealand");
  ok("loadsgf " + write("odd.sgf", "(;SZ[9]RU[Klingon]KM[3];B[ee])"));
  EXPECT_EQ(ok("tengen-get_rules"), "new-zealand komi=3");
  ok("loadsgf " +
     write("katago.sgf", "(;SZ[9]RU[koSIMPLEscoreTERRITORYtaxSEKIsui0]KM[6.5];B[ee])"));
  EXPECT_EQ(ok("tengen-get_rules"), "japanese komi=6.5");
}

TEST_F(Sgf, LoadErrorsLeaveTheGameAlone) {
  run("boardsize 9\nplay b e5");
  EXPECT_EQ(error("loadsgf /nonexistent/x.sgf"), "cannot load file: not a readable file");
  EXPECT_EQ(error("loadsgf " + dir_.string()), "cannot load file: not a readable file");
  const std::string bad = write("bad.sgf", "(;SZ[9];B[ee];W[ee])");  // occupied
  EXPECT_TRUE(error("loadsgf " + bad).starts_with("cannot load file: "));
  const std::string broken = write("broken.sgf", "(;SZ[9];B[ee");
  EXPECT_TRUE(error("loadsgf " + broken).starts_with("cannot load file: "));
  EXPECT_EQ(error("loadsgf " + bad + " 0"), "syntax error");
  EXPECT_EQ(error("loadsgf " + bad + " two"), "syntax error");
  EXPECT_EQ(error("loadsgf"), "syntax error");
  EXPECT_EQ(board(),
            ".........\n.........\n.........\n.........\n....X....\n"
            ".........\n.........\n.........\n.........\n");
}

TEST_F(Sgf, LoadClearsDeadMarks) {
  run("boardsize 9\nplay b e5\ntengen-mark_dead e5");
  ok("loadsgf " + write("walls.sgf", kWalls));
  EXPECT_TRUE(engine_.state().deadMarks.empty());
}

TEST_F(Sgf, PrintSgfRoundTrips) {
  run("boardsize 7\nkomi 3.5\nfixed_handicap 2\nplay w d4\nplay b c4\nplay w pass");
  const std::string text = ok("printsgf");
  const auto loaded = sgf::loadGame(text);
  ASSERT_TRUE(loaded.has_value()) << loaded.error().toString();
  const go::Game& game = loaded->game;
  EXPECT_EQ(game.size(), 7);
  EXPECT_EQ(game.handicap(), 2);
  EXPECT_EQ(game.rules().komi, 3.5);
  EXPECT_EQ(game.moves(), engine_.state().game.moves());
  EXPECT_EQ(game.board().hash(), engine_.state().game.board().hash());
}

TEST_F(Sgf, PrintSgfOfAFinishedGameCarriesTheResult) {
  ok("loadsgf " + write("walls.sgf", kWalls));
  ok("undo");
  ok("play w pass");
  const std::string text = ok("printsgf");
  EXPECT_NE(text.find("RE[W+5.5]"), std::string::npos) << text;
  EXPECT_NE(text.find("PB[Kuro]"), std::string::npos) << text;
}

TEST_F(Sgf, PrintSgfKeepsTheFileResultOnlyWhileTheGameIsUnchanged) {
  ok("loadsgf " + write("resigned.sgf", "(;SZ[9]RE[B+R];B[ee];W[gc])"));
  EXPECT_NE(ok("printsgf").find("RE[B+R]"), std::string::npos);
  ok("play b c3");
  EXPECT_EQ(ok("printsgf").find("RE["), std::string::npos);
}

// A game that ended by two passes: its RE is what its players agreed (dead stones
// included), not a recount that takes every stone as alive (that gave RE[B+73.5]).
TEST_F(Sgf, PrintSgfKeepsTheFileResultOfAGameEndedByPasses) {
  ok("loadsgf " +
     write("passes.sgf", "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[W+10.5];B[ee];W[];B[])"));
  EXPECT_EQ(ok("tengen-status").substr(0, 4), "over");
  EXPECT_NE(ok("printsgf").find("RE[W+10.5]"), std::string::npos);
  // Changed, the game gets its own count.
  ok("undo");
  ok("play b pass");
  const std::string text = ok("printsgf");
  EXPECT_EQ(text.find("RE[W+10.5]"), std::string::npos) << text;
  EXPECT_NE(text.find("RE[B+"), std::string::npos) << text;
}

// The position before move N is not the game's end: the file's result does not describe it.
TEST_F(Sgf, LoadingAPrefixDropsTheFileResult) {
  ok("loadsgf " + write("walls.sgf", kWalls) + " 5");
  EXPECT_EQ(ok("printsgf").find("RE["), std::string::npos);
}

// Setup after the first move (the example) loads, and printsgf writes it back.
TEST_F(Sgf, SetupAfterMovesLoadsAndIsWrittenBack) {
  ok("loadsgf " + write("ae.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[dd];AE[ee])"));
  EXPECT_EQ(ok("tengen-status").substr(0, 7), "playing");
  EXPECT_EQ(engine_.state().game.board().stoneCount(go::Color::Black), 0);
  EXPECT_NE(ok("printsgf").find(";W[dd];AE[ee])"), std::string::npos);
  ok("genmove b");  // the bot replays the history with the setup in it
  ok("undo");
  ok("undo");
  EXPECT_EQ(engine_.state().game.board().stoneCount(go::Color::Black), 1);
}

TEST_F(Sgf, PrintSgfToAFile) {
  ok("loadsgf " + write("walls.sgf", kWalls) + " 5");
  const std::string out = (dir_ / "out.sgf").string();
  EXPECT_EQ(ok("printsgf " + out), "");
  std::string written = readFile(out);
  while (!written.empty() && written.back() == '\n') written.pop_back();
  EXPECT_EQ(written, ok("printsgf"));
  EXPECT_EQ(error("printsgf /nonexistent/dir/out.sgf"), "cannot write file");
}

}  // namespace
}  // namespace tengen::gtp
