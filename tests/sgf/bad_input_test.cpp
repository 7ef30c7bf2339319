// Each bad input with the exact error a user sees: where (line, column) and what was
// expected. Every parser has such a test and a fuzz target (fuzz/).
#include <gtest/gtest.h>

#include "sgf/game_record.h"

namespace tengen::sgf {
namespace {

struct BadInput {
  const char* name;
  std::string_view sgf;
  const char* error;  // Error::toString(): "where: message"
};

const BadInput kBadInputs[] = {
    {"Empty", "", "line 1, column 1: no game tree found: expected '(;' to start an SGF game"},
    {"NoGameTree", "(B[aa])",
     "line 1, column 8: no game tree found: expected '(;' to start an SGF game"},
    {"MissingClose", "(;B[aa]",
     "line 1, column 8: unexpected end of the file: expected ')' to close the game tree or "
     "variation opened at line 1, column 1"},
    {"MissingCloseOfVariation", "(;B[aa]\n(;W[bb]\n(;B[cc])",
     "line 3, column 9: unexpected end of the file: expected ')' to close the game tree or "
     "variation opened at line 2, column 1"},
    {"EmptyVariation", "(;B[aa]()",
     "line 1, column 9: unexpected ')': expected ';' to start a node after '('"},
    {"NodeAfterVariation", "(;B[aa](;W[bb]);B[cc])",
     "line 1, column 16: unexpected ';': expected '(' or ')' after a variation ends"},
    {"IdentifierWithoutValue", "(;B[aa]W)",
     "line 1, column 9: unexpected ')': expected '[' after property identifier W"},
    {"ValueWithoutIdentifier", "(;\n  [aa])",
     "line 2, column 3: unexpected value [aa]: expected a property identifier before '['"},
    {"UnterminatedValue", "(;GM[1]\nC[a comment \\] that never ends)",
     "line 2, column 2: unterminated property value: expected ']' before the end of the file"},
    {"ControlByte", "(;B[aa]\x01)",
     "line 1, column 8: unexpected byte 0x01: expected a property identifier, '[', ';', '(' or "
     "')'"},
    {"NotGo", "(;GM[2]SZ[8])", "line 1, column 5: GM[2] is not a Go game: expected GM[1]"},
    {"NonSquare", "(;FF[4]\nSZ[19:13])",
     "line 2, column 3: non-square board 19x13 is not supported: expected a square board such "
     "as SZ[19]"},
    {"BoardTooLarge", "(;SZ[27])",
     "line 1, column 5: board size 27 is not supported: expected 2 to 25"},
    {"BoardTooSmall", "(;SZ[1])",
     "line 1, column 5: board size 1 is not supported: expected 2 to 25"},
    {"BoardSizeNotANumber", "(;SZ[big])",
     "line 1, column 5: bad board size SZ[big]: expected a number such as 19, or 19:19"},
    {"KomiNotANumber", "(;KM[six])",
     "line 1, column 5: bad komi KM[six]: expected a number such as 6.5"},
    {"KomiOutOfRange", "(;KM[150.5])",
     "line 1, column 5: komi KM[150.5] is out of range: expected a komi between -100 and 100"},
    {"KomiNotHalf", "(;KM[6.3])",
     "line 1, column 5: bad komi KM[6.3]: expected a whole or half number such as 6.5"},
    {"NegativeHandicap", "(;SZ[9]HA[-1])",
     "line 1, column 10: bad handicap HA[-1]: expected a number of stones from 0 to 81"},
    {"Occupied", "(;GM[1]FF[4]\nSZ[9]\n;B[ee]\n;W[ee])",
     "line 4, column 2: illegal move 2 (W E5): the point is occupied"},
    {"Suicide", "(;SZ[9]AB[ba][ab];W[aa])",
     "line 1, column 19: illegal move 1 (W A9): it is suicide, which the rules forbid"},
    // Black C2 takes the ko at B2; White may not retake at once (simple ko).
    {"KoRetake", "(;SZ[9]RU[Japanese]AB[bg][ah][bi]AW[cg][bh][dh][ci];B[ch];W[bh])",
     "line 1, column 59: illegal move 2 (W B2): it retakes a ko before a play elsewhere or a pass"},
    {"SetupAfterMoveWithoutLiberties", "(;SZ[9];B[aa];AW[ab][ba])",
     "line 1, column 14: setup after move 1 leaves a chain without liberties: expected a "
     "position where every chain has one"},
    {"BothColoursInOneNode", "(;SZ[9];B[ee]W[cc])",
     "line 1, column 14: a node with both B and W: expected one move per node"},
    {"MoveOffBoard", "(;SZ[9];B[ee];W[zz])",
     "line 1, column 16: move 2: point 'zz' is off the board: expected two letters a..i for a "
     "9x9 board, or '' or 'tt' for a pass"},
    {"SetupOffBoard", "(;SZ[9]AB[aa:zz])",
     "line 1, column 10: AB: point 'zz' is off the board: expected two letters a..i for a 9x9 "
     "board"},
    // FF[4] allows it, but a chain without liberties is no position go::Board can hold.
    {"SetupWithoutLiberties", "(;SZ[9]AB[cc:gg]\nAW[ee])",
     "line 2, column 3: setup leaves the white chain at E5 (ee) without liberties: expected a "
     "position where every chain has one"},
    {"SetupCornerWithoutLiberties", "(;SZ[3]AW[aa]AB[ba:bc][ab:cb])",
     "line 1, column 10: setup leaves the white chain at A3 (aa) without liberties: expected a "
     "position where every chain has one"},
    {"BadPlayer", "(;SZ[9]PL[X])", "line 1, column 10: bad PL[X]: expected B or W"},
};

class BadInputTest : public testing::TestWithParam<BadInput> {};

TEST_P(BadInputTest, GivesTheExpectedError) {
  const BadInput& bad = GetParam();
  auto game = loadGame(bad.sgf);
  ASSERT_FALSE(game) << "loaded without error";
  EXPECT_EQ(game.error().toString(), bad.error);
}

INSTANTIATE_TEST_SUITE_P(Sgf, BadInputTest, testing::ValuesIn(kBadInputs),
                         [](const testing::TestParamInfo<BadInput>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace tengen::sgf
