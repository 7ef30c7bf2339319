// The dead-stone proposal that opens the stone-removal phase after a game ends by passes
// (issue #2 "Scoring": under every ruleset except Tromp-Taylor the players agree on dead
// stones; Japanese 1989 art. 7-9: a stone is dead if the opponent can capture it, stones
// in seki are alive). Diagrams: X / O stones proposed alive, x / o proposed dead. Written
// in the expected form, a diagram is its own expectation: the board is read from it with
// parseBoard (which ignores the case) and the proposal is rendered back.
#include "go/dead_stones.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "diagram.h"
#include "go/scoring.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRST";

// The stones with the proposal's dead ones in lower case, in the diagram layout.
std::string renderDead(const Board& board, const DeadStoneProposal& proposal) {
  const Geometry& g = board.geometry();
  std::string out = "\n   ";
  for (int c = 0; c < g.size(); ++c) {
    if (c > 0) out += ' ';
    out += kColumns[c];
  }
  out += '\n';
  for (int row = g.size() - 1; row >= 0; --row) {
    const std::string label = std::to_string(row + 1);
    out += std::string(2 - label.size(), ' ') + label;
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      const Color c = board.at(p);
      const bool dead = proposal.dead.contains(p);
      out += ' ';
      out += c == Color::Black ? (dead ? 'x' : 'X') : c == Color::White ? (dead ? 'o' : 'O') : '.';
    }
    out += '\n';
  }
  return out;
}

// Options with the light estimator: `playouts` 0 for the size's default.
DeadStoneOptions seeded(std::uint64_t seed, int playouts) {
  DeadStoneOptions options;
  options.playouts = playouts;
  options.seed = seed;
  return options;
}

std::string proposed(std::string_view diagram, std::string_view rules = "japanese",
                     Color toMove = Color::Black) {
  const Game game = parseGame(diagram, rules, toMove);
  return renderDead(game.board(), proposeDeadStones(game));
}

// Black's wall on column D and row 4 encloses the top left; White has the rest. B7 is a
// White stone inside Black's area, G3 and H6 Black stones inside White's.
constexpr std::string_view kDeadInTerritory = R"(
   A B C D E F G H J
 9 . . . X O . . . .
 8 . . . X O . . . .
 7 . o . X O . . . .
 6 . . . X O . . x .
 5 . . . X O . . . .
 4 X X X X O . . . .
 3 O O O O O . x . .
 2 . . . . . . . . .
 1 . . . . . . . . .
)";

TEST(DeadStones, StonesInsideLargeTerritoryAreDead) {
  EXPECT_EQ(proposed(kDeadInTerritory), kDeadInTerritory);
  EXPECT_EQ(proposed(kDeadInTerritory, "japanese", Color::White), kDeadInTerritory);
}

// Japanese 1989 art. 10: dead stones are removed as prisoners and their points are
// territory. Black: 15 points of territory (B7 included) and the prisoner B7; White: 46
// points (G3, H6 included) and 2 prisoners, 6.5 komi.
TEST(DeadStones, ProposalScoredUnderTerritoryRules) {
  const Game game = parseGame(kDeadInTerritory, "japanese komi=6.5");
  const ScoreBreakdown s = scoreGame(game, proposeDeadStones(game).dead);
  EXPECT_EQ(s.black.territory, 15);
  EXPECT_EQ(s.black.deadStones, 1);
  EXPECT_EQ(s.white.territory, 46);
  EXPECT_EQ(s.white.deadStones, 2);
  EXPECT_EQ(s.result, "W+38.5");
}

// Area scoring (Chinese): Black 9 stones + 15 points, White 11 stones + 46 points + 7.5.
TEST(DeadStones, ProposalScoredUnderAreaRules) {
  const Game game = parseGame(kDeadInTerritory, "chinese komi=7.5");
  const ScoreBreakdown s = scoreGame(game, proposeDeadStones(game).dead);
  EXPECT_EQ(s.black.stones + s.black.territory, 24);
  EXPECT_EQ(s.white.stones + s.white.territory, 57);
  EXPECT_EQ(s.result, "W+40.5");
}

// Black's corner group has one eye (A1) and a twelve-point area (A3-D5) in which White
// cannot live: alive, though not pass-alive (Benson needs two vital regions). However the
// playouts fall, it is never proposed dead.
constexpr std::string_view kEyeAndArea = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 O O O O O O . . .
 6 X X X X X O . . .
 5 . . . . X O . . .
 4 . . . . X O . . .
 3 . . . . X O . . .
 2 X X X X X O . . .
 1 . X X X X O . . .
)";

TEST(DeadStones, LivingGroupIsNeverDead) {
  const Game game = parseGame(kEyeAndArea, "japanese");
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const DeadStoneProposal p = proposeDeadStones(game, seeded(seed, 0));
    EXPECT_EQ(renderDead(game.board(), p), kEyeAndArea) << "seed " << seed;
  }
}

// Two eyes (A1, C1-D1): pass-alive, alive with certainty and owned exactly.
constexpr std::string_view kTwoEyes = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . . . . . . .
 3 X X X X X . . . .
 2 X X X X X . . . .
 1 . X . . X . . . .
)";

TEST(DeadStones, GroupWithTwoEyesIsCertainlyAlive) {
  const Game game = parseGame(kTwoEyes, "japanese", Color::White);
  const Geometry& g = game.geometry();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const DeadStoneProposal p = proposeDeadStones(game, seeded(seed, 50));
    EXPECT_TRUE(p.dead.empty()) << "seed " << seed;
    for (std::string_view v : {"A1", "C1", "D1", "A3", "E1"}) {
      EXPECT_EQ(p.ownership[vertex(g, v)], 1.0f) << v;
      EXPECT_FALSE(p.uncertain.contains(vertex(g, v))) << v;
    }
  }
}

// Four White chains in Black's area, each a diagonal or a one-point jump from the next:
// one dead group, proposed together.
constexpr std::string_view kDeadGroupOfChains = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . o . . . . . .
 7 . . . o . o . . .
 6 . . o . . . . . .
 5 X X X X X X X X X
 4 O O O O O O O O O
 3 . . . . . . . . .
 2 . . . . . . . . .
 1 . . . . . . . . .
)";

TEST(DeadStones, DeadGroupOfSeveralChainsIsDeadTogether) {
  EXPECT_EQ(proposed(kDeadGroupOfChains), kDeadGroupOfChains);
  EXPECT_EQ(proposed(kDeadGroupOfChains, "japanese", Color::White), kDeadGroupOfChains);
}

// Six White stones in two chains around one eye (D6): one eye is no life inside
// Black's area.
constexpr std::string_view kBigGroupOneEye = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . o o o . . . .
 6 . . o . o . . . .
 5 . . . o . . . . .
 4 X X X X X X X X X
 3 O O O O O O O O O
 2 . . . . . . . . .
 1 . . . . . . . . .
)";

TEST(DeadStones, BigGroupWithOneEyeIsDead) {
  EXPECT_EQ(proposed(kBigGroupOneEye), kBigGroupOneEye);
  EXPECT_EQ(proposed(kBigGroupOneEye, "japanese", Color::White), kBigGroupOneEye);
}

// White's group inside Black's corner has one eye of two points (C6-C7) and no room for
// another: a two-point eye cannot be split into two, so the group is dead. The proposal
// says so also with the corner's outer points empty (enclosures.h counts the eyes made,
// not the room for more, as in a finished game); GNU Go 3.8 finds White alive there then
// and Black's wall in danger, so this diagram leaves White no room.
constexpr std::string_view kTwoPointEye = R"(
   A B C D E F G H J
 9 . X X X X X . . .
 8 X o o o X X . . .
 7 X o . o X . . . .
 6 X o . o X . . . .
 5 X X o o X . . . .
 4 . X X X X X O O O
 3 O O O O O O O . .
 2 . . . . . . O . .
 1 . . . . . . O . .
)";

TEST(DeadStones, GroupWithOneTwoPointEyeIsDead) {
  EXPECT_EQ(proposed(kTwoPointEye), kTwoPointEye);
  EXPECT_EQ(proposed(kTwoPointEye, "japanese", Color::White), kTwoPointEye);
}

// Black's wall has a gap at D5, so B5 is not walled in: the playouts judge it, and find
// it dead on Black's side of the board.
constexpr std::string_view kOpenBorder = R"(
   A B C D E F G H J
 9 . . . X . O . . .
 8 . . . X . O . . .
 7 . . . X . O . . .
 6 . . . X . O . . .
 5 . o . . . O . . .
 4 . . . X . O . . .
 3 . . . X . O . . .
 2 . . . X . O . . .
 1 . . . X . O . . .
)";

TEST(DeadStones, StoneBehindAnOpenBorderIsJudgedByPlayouts) {
  const Game game = parseGame(kOpenBorder, "japanese");
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const DeadStoneProposal p = proposeDeadStones(game, seeded(seed, 0));
    EXPECT_EQ(renderDead(game.board(), p), kOpenBorder) << "seed " << seed;
    // Not a clear case: B5 is the opponent's in most playouts, not in nearly all.
    EXPECT_TRUE(p.uncertain.contains(vertex(game.geometry(), "B5")));
  }
}

// DeadStoneOptions::refine: asked only where a chain is contested, its ownership replaces
// the playouts', and what the playouts doubted stays uncertain. This reading is sure of
// every point: `lean` +1 gives each the side the playouts leaned to, -1 the other side.
DeadStoneOptions withSureReading(float lean, int& calls) {
  DeadStoneOptions options = seeded(1, 0);
  options.refine = [lean, &calls](const Game&, const Board&, const std::vector<float>& estimate,
                                  std::uint64_t) {
    ++calls;
    std::vector<float> read(estimate.size(), 0.0f);
    for (std::size_t p = 0; p < read.size(); ++p) read[p] = estimate[p] < 0 ? -lean : lean;
    return read;
  };
  return options;
}

TEST(DeadStones, AReadingDecidesButLeavesThePlayoutsDoubts) {
  const Game game = parseGame(kOpenBorder, "japanese");
  const Geometry& g = game.geometry();
  const DeadStoneProposal playouts = proposeDeadStones(game, seeded(1, 0));
  int calls = 0;
  const DeadStoneProposal agreeing = proposeDeadStones(game, withSureReading(1, calls));
  const DeadStoneProposal opposing = proposeDeadStones(game, withSureReading(-1, calls));
  EXPECT_EQ(calls, 2);
  // Agreeing, the reading leaves exactly the playouts' doubts; opposing, it doubts all.
  EXPECT_EQ(agreeing.uncertain, playouts.uncertain);
  EXPECT_EQ(agreeing.dead, playouts.dead);
  int sure = 0;
  for (Point q = g.first(); q <= g.last(); ++q) {
    if (!g.onBoard(q)) continue;
    EXPECT_TRUE(opposing.uncertain.contains(q)) << g.toGtp(q);
    sure += !playouts.uncertain.contains(q);
  }
  EXPECT_GT(sure, 0);
  EXPECT_GT(playouts.uncertain.count(), 0);
  // The opposing reading's verdict stands: B5 lives, Black's wall dies.
  EXPECT_FALSE(opposing.dead.contains(vertex(g, "B5")));
  EXPECT_TRUE(opposing.dead.contains(vertex(g, "D1")));
}

TEST(DeadStones, NoReadingWhereNothingIsContested) {
  const Game game = parseGame(kBlackSevenAheadInTwoGroups, "japanese");
  int calls = 0;
  const DeadStoneProposal p = proposeDeadStones(game, withSureReading(-1, calls));
  EXPECT_EQ(calls, 0);
  EXPECT_TRUE(p.dead.empty());
}

// The top-edge seki of scoring_test: Black's B7-D6 and White's E7-G6 each have one eye
// (A7, G7) and share D7, which neither can fill without being captured.
constexpr std::string_view kSekiWithEyes = R"(
   A B C D E F G
 7 . X X . O O .
 6 X X X X O O O
 5 O O O O X X X
 4 . O . O X . X
 3 O O O O X X X
 2 O . O O X . X
 1 . O O O X X .
)";

TEST(DeadStones, SekiWithOneEyeEachIsAlive) {
  for (Color toMove : {Color::Black, Color::White}) {
    const Game game = parseGame(kSekiWithEyes, "japanese", toMove);
    const DeadStoneProposal p = proposeDeadStones(game);
    EXPECT_EQ(renderDead(game.board(), p), kSekiWithEyes);
    EXPECT_TRUE(p.uncertain.contains(vertex(game.geometry(), "D7")));
  }
}

// What looks like a seki inside White's living group: Black's A2-D1 and White's B1 have no
// eye and share the liberties A1 and C1, and whoever fills one is in atari. But White
// throws in at A1 (or C1): Black must take the two stones and is left with a two-point eye,
// where White plays again. Black is dead; GNU Go 3.8 says so too (final_status_list dead:
// A2 B2 C2 D2 D1).
constexpr std::string_view kThrowInKills = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 X X X X X X X . .
 5 O O O O O O X . .
 4 . O . O . O X . .
 3 O O O O O O X . .
 2 x x x x O . O X .
 1 . O . x O O O X .
)";

TEST(DeadStones, AThrowInKillsWhatLooksLikeSeki) {
  for (Color toMove : {Color::Black, Color::White}) {
    EXPECT_EQ(proposed(kThrowInKills, "japanese", toMove), kThrowInKills);
  }
}

// From a game of the 9x9 match script against GNU Go: Black's F9-J6 shares G9 and J9 with
// White's H9 and has no eye. White throws in at G9, Black takes two stones at J9, and the
// two-point hole G9-H9 is no second eye. GNU Go 3.8 marks the same eight stones dead.
constexpr std::string_view kThrowInOnTheEdge = R"(
   A B C D E F G H J
 9 . X X X O x . O .
 8 . . X O O x x x x
 7 . X O O O O x O x
 6 . . X O . O O O x
 5 . X X O O . . . O
 4 . X . X O O O O O
 3 . . X X X O X X O
 2 . . . . X X X O O
 1 . . . . X O O O O
)";

TEST(DeadStones, AThrowInOnTheEdgeKills) {
  for (Color toMove : {Color::Black, Color::White}) {
    EXPECT_EQ(proposed(kThrowInOnTheEdge, "chinese", toMove), kThrowInOnTheEdge);
  }
}

// A seki without eyes: Black's A1-B3 and White's C3-D1 share their only liberties B2 and
// C1, and a throw-in gives the taker five points of room, so neither side fills them.
// GNU Go 3.8 agrees (final_status_list seki; B+17.5 Japanese, B+20.5 Chinese).
constexpr std::string_view kSekiWithoutEyes = R"(
   A B C D E F G H J
 9 . . . O X . . . .
 8 . . . O X . . . .
 7 . . . O X . . . .
 6 . . . O X . . . .
 5 O O O O X . . . .
 4 O O X X X . . . .
 3 X X O X X . . . .
 2 X . O O X . . . .
 1 X X . O X . . . .
)";

TEST(DeadStones, SekiWithoutEyesIsAlive) {
  for (Color toMove : {Color::Black, Color::White}) {
    const Game game = parseGame(kSekiWithoutEyes, "japanese", toMove);
    const DeadStoneProposal p = proposeDeadStones(game);
    EXPECT_EQ(renderDead(game.board(), p), kSekiWithoutEyes);
    // Seki stones are where players should look.
    EXPECT_TRUE(p.uncertain.contains(vertex(game.geometry(), "A2")));
    EXPECT_TRUE(p.uncertain.contains(vertex(game.geometry(), "D1")));
  }
}

// Column E is dame between two living groups. Filling it changes nobody's life, so it
// never makes a living chain dead; the dame themselves belong to nobody.
constexpr std::string_view kDameBetween = R"(
   A B C D E F G H J
 9 . . . X . O . . .
 8 . . . X . O . . .
 7 . . . X . O . . .
 6 . . . X . O . . .
 5 . . . X . O . . .
 4 . . . X . O . . .
 3 . . . X . O . . .
 2 . . . X . O . . .
 1 . . . X . O . . .
)";

TEST(DeadStones, DameBetweenLivingGroupsKillNothing) {
  const Game game = parseGame(kDameBetween, "japanese");
  const Geometry& g = game.geometry();
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const DeadStoneProposal p = proposeDeadStones(game, seeded(seed, 0));
    EXPECT_TRUE(p.dead.empty()) << "seed " << seed;
    for (int row = 1; row <= 9; ++row) {
      const std::string r = std::to_string(row);
      EXPECT_TRUE(p.uncertain.contains(vertex(g, "E" + r))) << "E" << r;
      EXPECT_GT(p.ownership[vertex(g, "B" + r)], 0.3f) << "B" << r;
      EXPECT_LT(p.ownership[vertex(g, "H" + r)], -0.3f) << "H" << r;
    }
  }
}

// Every chain pass-alive and every empty point in pass-alive territory (column D is
// White's): nothing dead and nothing uncertain.
TEST(DeadStones, EverythingAliveProposesNothing) {
  const Game game = parseGame(kBlackSevenAheadInTwoGroups, "japanese");
  const DeadStoneProposal p = proposeDeadStones(game);
  EXPECT_TRUE(p.dead.empty());
  EXPECT_TRUE(p.uncertain.empty());
  const Geometry& g = game.geometry();
  EXPECT_EQ(p.ownership[vertex(g, "D4")], -1.0f);
  EXPECT_EQ(p.ownership[vertex(g, "A4")], 1.0f);
}

// White's group has one eye (A1) and a twelve-point area holding a Black stone. Counted
// with the stone in it the area is no eye, and the stone, walled in by White, counts the
// group as no eye: the stone goes first, and then the group has room for two.
constexpr std::string_view kDeadStoneInsideAnEye = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 X X X X X X . . .
 6 O O O O O X . . .
 5 . . . . O X . . .
 4 . . x . O X . . .
 3 . . . . O X . . .
 2 O O O O O X . . .
 1 . O O O O X . . .
)";

TEST(DeadStones, DeadStoneInsideAnEyeLeavesTheGroupAlive) {
  EXPECT_EQ(proposed(kDeadStoneInsideAnEye), kDeadStoneInsideAnEye);
  EXPECT_EQ(proposed(kDeadStoneInsideAnEye, "japanese", Color::White), kDeadStoneInsideAnEye);
}

// Final positions of GNU Go 3.8 self-play games (level 1-3, ended by two passes), x / o
// marking the stones GNU Go lists in `final_status_list dead`: the proposal agrees with
// an independent engine on real endgames, open borders and all.
constexpr std::string_view kGnuGo9 = R"(
   A B C D E F G H J
 9 . . . . O X X . .
 8 . O . O O O X X .
 7 . . O X X O O O X
 6 O O X . X O X X .
 5 O O X X . X X . X
 4 O X X . . o X X O
 3 X X . . X X O O O
 2 . . . . X O . O .
 1 . . . . X O O . .
)";

constexpr std::string_view kGnuGo13 = R"(
   A B C D E F G H J K L M N
13 . . . X O O . . . . . . .
12 X . X . X O . O . . . . .
11 O X . . X O . . . . O O .
10 O O X X . X O O . O O x .
 9 O . O X . X X X O O O O O
 8 . O O X X O O X X X X X O
 7 . . O X O O X . o . . X X
 6 . . . O O X . . X X . . .
 5 . . . O X X . . . . . . .
 4 . . . O X X . . . X . X .
 3 . . . . O X . . . X o . .
 2 . . O . O X . . . . . o .
 1 . . . O X X . . . . . . .
)";

constexpr std::string_view kGnuGo19 = R"(
   A B C D E F G H J K L M N O P Q R S T
19 . . X O O O . . . . . O X X . . . . .
18 . X . X X O O O . . . O O X . . . . .
17 X o X X O x . x . O . . O X X X . . .
16 . o . X O x . x . . . O O O O X . . .
15 X X X O O O x x O . O . O X X . X X X
14 X O O . O . O x x O . O X X . X O O X
13 O O x O . . O . O . O O O X X O O . O
12 . . x O . . . O . O X O O O X X O . .
11 . . O O O O O X O O X O X X X O O . .
10 . . O X X X X X X X X X X X O . . . .
 9 . . O X . . . . . . X X . X O . O . .
 8 . . . O X . X . X X O X . X O . . . .
 7 . . . O X . . . . X O X X O . O . . .
 6 . . O . O X . . . X O X X O . . . . .
 5 . . . O O X . . . X O O O O O O . . .
 4 . . O X X X . . . X O X X X O X O . .
 3 O O O X . . . . . X O X . X X X O . .
 2 O X X . X . . . o X O O X . X X X O .
 1 X X X . . . . X X O O O X X O O O O .
)";

// A lopsided game: 54 Black stones dead in many groups, some of many chains.
constexpr std::string_view kGnuGo19Lopsided = R"(
   A B C D E F G H J K L M N O P Q R S T
19 O O X X . X O O O O O . . . . . . . .
18 O X X . X X O x x x O . . . O . . . .
17 O O O X X O x . x O O . O O x . O . .
16 . . O O O O O x x x O . x x O x . O .
15 . . . . . O x x . . O . . x O O . . .
14 . O . . . O x O x . O x . x x . O . .
13 O . . O . O O O x . . . . . . O . . .
12 x O O . O x O x x O O . O . O X O O O
11 x x x O O x O x x x . O x . O X O X O
10 x x O . O x O x O x . . . O O X X X O
 9 O x O O O x x x O x x O . O X . . . X
 8 O x x x x x . O O O x O O X X . . X .
 7 O O . O O O O . . O O X O O O X . . .
 6 . O O x . . O x x . O X O O O X . . .
 5 O . . . . O . O x O O X O . O X . . .
 4 X O . O O O O O O X X X O O O X . . .
 3 X X O O X X X O X . . X X O O O X . .
 2 . X X X . . . X . X X O O O . O X . .
 1 . . . . . . . . . . X X O . O X X . .
)";

TEST(DeadStones, AgreesWithGnuGoOnFinishedGames) {
  for (std::string_view diagram : {kGnuGo9, kGnuGo13, kGnuGo19, kGnuGo19Lopsided}) {
    for (Color toMove : {Color::Black, Color::White}) {
      EXPECT_EQ(proposed(diagram, "japanese", toMove), diagram);
    }
  }
}

// The 19x19 game scored with the proposal under Chinese rules, komi 7.5: GNU Go
// (--chinese-rules, replaying the game's moves) counts it W+42.5 too.
TEST(DeadStones, GnuGoGameScoredWithTheProposal) {
  const Game game = parseGame(kGnuGo19, "chinese komi=7.5");
  const ScoreBreakdown s = scoreGame(game, proposeDeadStones(game).dead);
  EXPECT_EQ(s.black.stones + s.black.territory, 163);
  EXPECT_EQ(s.white.stones + s.white.territory, 198);
  EXPECT_EQ(s.result, "W+42.5");
}

// A game ended by passes in the opening: no stone is walled in (open areas of half the
// board are not enclosures), and no playout verdict is clear enough to remove anything.
constexpr std::string_view kEarlyPasses = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . O . . . X . .
 6 . . . . . . . . .
 5 . . . . X . . . .
 4 . . . . . . . . .
 3 . . X . . . O . .
 2 . . . . . . . . .
 1 . . . . . . . . .
)";

TEST(DeadStones, EarlyPassesProposeNothing) {
  const Game game = parseGame(kEarlyPasses, "japanese", Color::White);
  const DeadStoneProposal p = proposeDeadStones(game);
  EXPECT_EQ(renderDead(game.board(), p), kEarlyPasses);
  EXPECT_TRUE(p.uncertain.contains(vertex(game.geometry(), "C7")));
}

TEST(DeadStones, EmptyBoardProposesNothing) {
  const DeadStoneProposal p = proposeDeadStones(Game(9, rulesFor("japanese")));
  EXPECT_TRUE(p.dead.empty());
}

TEST(DeadStones, SameSeedSameProposal) {
  const Game game = parseGame(kBigGroupOneEye, "japanese");
  const DeadStoneProposal a = proposeDeadStones(game, seeded(7, 0));
  const DeadStoneProposal b = proposeDeadStones(game, seeded(7, 0));
  EXPECT_EQ(a.dead, b.dead);
  EXPECT_EQ(a.uncertain, b.uncertain);
  EXPECT_EQ(a.ownership, b.ownership);
  // Another seed plays other playouts but reaches the same verdict.
  const DeadStoneProposal c = proposeDeadStones(game, seeded(8, 0));
  EXPECT_NE(a.ownership, c.ownership);
  EXPECT_EQ(a.dead, c.dead);
}

TEST(DeadStones, OwnershipIsPaddedByPoint) {
  const Game game = parseGame(kDeadInTerritory, "japanese");
  const DeadStoneProposal p = proposeDeadStones(game);
  const Geometry& g = game.geometry();
  ASSERT_EQ(p.ownership.size(), static_cast<std::size_t>(g.numPoints()));
  EXPECT_GT(p.ownership[vertex(g, "B7")], 0.0f);  // a dead White stone on Black's side
  EXPECT_LT(p.ownership[vertex(g, "G3")], 0.0f);
  EXPECT_LT(p.ownership[vertex(g, "A1")], -0.6f);
  EXPECT_EQ(p.ownership[0], 0.0f);  // border
  for (float o : p.ownership) EXPECT_LE(std::fabs(o), 1.0f);
}

// Playouts follow the rules' suicide setting and nothing else about them: every ruleset
// that forbids suicide gives the very same estimate, whatever its scoring, ko or tax.
TEST(DeadStones, OnlyTheSuicideRuleMatters) {
  const Game japanese = parseGame(kBigGroupOneEye, "japanese");
  const DeadStoneProposal a = proposeDeadStones(japanese);
  for (std::string_view rules : {"chinese", "aga", "tromp-taylor suicide=forbidden"}) {
    const DeadStoneProposal b = proposeDeadStones(parseGame(kBigGroupOneEye, rules));
    EXPECT_EQ(a.ownership, b.ownership) << rules;
    EXPECT_EQ(a.dead, b.dead) << rules;
  }
  // Allowing multi-stone suicide gives the playouts other moves.
  const DeadStoneProposal allowed =
      proposeDeadStones(parseGame(kBigGroupOneEye, "tromp-taylor suicide=allowed"));
  EXPECT_NE(a.ownership, allowed.ownership);
  EXPECT_EQ(a.dead, allowed.dead);
}

// Final positions of GNU Go self-play games (tests/data/deadstones 9x9-0016, -0019, -0098),
// where GNU Go 3.8's final_status_list dead is what the diagrams show. White to move.

// Black's G7 F8 G8 G9 walls in White's H8 H7 J7, but has one liberty, H9, which White takes
// to capture it: a wall in atari settles nothing, the enclosed stones live.
constexpr std::string_view kWallInAtari = R"(
   A B C D E F G H J
 9 . . . . O O x . .
 8 . . . . O x x O .
 7 . O . . . O x O O
 6 O . . . O O O X X
 5 X O O O O X X . X
 4 X X O X O O X X .
 3 . X X X X O X . .
 2 . . . . X O O X .
 1 . . . . X X O X .
)";

TEST(DeadStones, WallInAtariSettlesNothing) {
  EXPECT_EQ(proposed(kWallInAtari, "japanese", Color::White), kWallInAtari);
}

// White's stones (columns C-F and the H2 H3 pair) wall in Black's whole group, whose open
// right side touches White only at H2 H3: by eye count it has no eye, yet it has the most
// room on the board and outnumbers the wall. It lives; H2 H3 are dead.
constexpr std::string_view kOutnumberedWall = R"(
   A B C D E F G H J
 9 . . . O O O O X .
 8 . . . O X X X . .
 7 . . O O X X . X .
 6 . . . O X . X . .
 5 . . O X X . . . .
 4 . . . O X X X X .
 3 . . . O O O X o .
 2 . . . . . O X o .
 1 . . . . O X X . .
)";

TEST(DeadStones, StonesOutnumberingTheirWallAreNotSettled) {
  EXPECT_EQ(proposed(kOutnumberedWall, "chinese", Color::White), kOutnumberedWall);
}

// Black's A7 B7 wall in White's top left, but with two liberties (A6, A8) against the
// enclosed chain's many: White wins that race, so A7 B7 are the dead ones.
constexpr std::string_view kWallLosesTheRace = R"(
   A B C D E F G H J
 9 . . . O O X . . .
 8 . O O O X X . . .
 7 x x O X . X o X .
 6 . O X X X X . . .
 5 . O X X O X . . .
 4 . . O O O X X . X
 3 . . . . . O X X O
 2 . . . . O . O O O
 1 . . . . . . . . .
)";

TEST(DeadStones, WallShortOfLibertiesMayLoseTheRace) {
  EXPECT_EQ(proposed(kWallLosesTheRace, "japanese", Color::White), kWallLosesTheRace);
}

// Not a seki: White's lower left has one eye (B1) and shares D1 with Black's D3-F1, which
// looks like a chain with one eye (D4) of its own, so that whoever fills D1 seems to be in
// atari. But D4 is no eye: it joins D3-F1 to Black's living group. Black plays D4, then D1,
// and takes White at B1; White can do nothing against it. The final position of a match
// game (tools/strength, 9x9 seeds 50, game 21); GNU Go 3.8 says the same (final_status_list
// dead: B9 B8 C8 A7 B7 A3 C3 A2 B2 C2 A1 C1).
constexpr std::string_view kFalseSekiThroughAConnection = R"(
   A B C D E F G H J
 9 . o X X X O O . .
 8 . o o X O O . O .
 7 o o X X O . . . .
 6 X X X O O O O O .
 5 X X . X X X X O .
 4 X X X . X O X O .
 3 o X o X O O O O .
 2 o o o X X O O . .
 1 o . o . X X O . .
)";

TEST(DeadStones, ALibertyThatConnectsToALivingGroupMakesNoSeki) {
  for (Color toMove : {Color::Black, Color::White}) {
    EXPECT_EQ(proposed(kFalseSekiThroughAConnection, "chinese", toMove),
              kFalseSekiThroughAConnection);
  }
}

}  // namespace
}  // namespace tengen::go::test
