// Confirmation play after the stop (Japanese 1989 art. 7 and 9, go/confirmation.h;
// rules-reference section 7.1): disputed stones are played out on a copy of the stopped
// position, attacker first, passes allowed, with art. 7-2's ko lock: after a ko capture the
// player whose stone was taken may not retake that ko until he has passed once since.
#include "go/confirmation.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "diagram.h"

namespace tengen::go::test {
namespace {

// A game from the diagram under japanese rules, stopped by two passes.
Game stopped(std::string_view diagram, std::string_view rules = "japanese") {
  Game game = parseGame(diagram, rules);
  if (!playMoves(game, "B pass W pass").empty() || game.endReason() != EndReason::Passes) {
    throw std::logic_error("the game did not stop");
  }
  return game;
}

// Starts a confirmation of the chains at the GTP vertices, failing the test if refused.
Confirmation confirm(const Game& game, std::vector<std::string_view> vertices) {
  std::vector<Point> points;
  for (std::string_view v : vertices) points.push_back(vertex(game.geometry(), v));
  auto c = Confirmation::start(game, points);
  if (!c) throw std::logic_error("confirmation refused: " + c.error().message);
  return *c;
}

// The error message of a refused start.
std::string refusal(const Game& game, std::vector<std::string_view> vertices) {
  std::vector<Point> points;
  for (std::string_view v : vertices) points.push_back(vertex(game.geometry(), v));
  auto c = Confirmation::start(game, points);
  return c ? "started" : c.error().message;
}

// Plays "B A2 W pass ..." in the confirmation; stops at the first refusal and returns it
// ("W A1: ko"), or "" when every move was played.
std::string playOut(Confirmation& c, std::string_view moves) {
  std::istringstream in{std::string(moves)};
  const Geometry& g = c.board().geometry();
  for (std::string colour, where; in >> colour >> where;) {
    const Color col = colour == "B" ? Color::Black : Color::White;
    const Point p = where == "pass" ? kPass : vertex(g, where);
    const MoveVerdict v = c.play(col, p);
    if (v != MoveVerdict::Legal) return colour + " " + where + ": " + verdictName(v);
  }
  return "";
}

MoveVerdict check(const Confirmation& c, std::string_view colour, std::string_view where) {
  const Color col = colour == "B" ? Color::Black : Color::White;
  return c.check(col, where == "pass" ? kPass : vertex(c.board().geometry(), where));
}

std::vector<std::string> vertices(const Confirmation& c, const PointSet& points) {
  std::vector<std::string> out;
  points.forEach([&](Point p) { out.push_back(c.board().geometry().toGtp(p)); });
  return out;
}

// White's corner group has the bent-four eye space A1 A2 A3 B1 and no outside liberty;
// Black's wall is alive. Elsewhere White has a ko threat: J8 ataris Black's H8.
constexpr std::string_view kBentFour = R"(
   A B C D E F G H J
 9 . . . . . . . O .
 8 . . . . . . O X .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 X X X . . . . . .
 4 O O X . . . . . .
 3 . O X X . . . . .
 2 . O O X . . . . .
 1 . . O X . . . . .
)";

// Art. 7-2 example (a) of the reference: bent four in the corner is dead whatever the
// threats. Black (the attacker) plays the vital point, White's best is the atari at A1, and
// Black takes it: a ko. White's threat at J8 is answered and still does not unlock the ko;
// his pass does, but then Black captures the whole group at A3.
TEST(Confirmation, BentFourInTheCornerIsDeadWhateverTheThreats) {
  const Game game = stopped(kBentFour);
  Confirmation c = confirm(game, {"B3"});
  EXPECT_EQ(c.owner(), Color::White);
  EXPECT_EQ(c.toMove(), Color::Black);
  ASSERT_EQ(playOut(c, "B A2 W A1 B B1"), "");
  EXPECT_EQ(c.locks(), (std::vector<KoLock>{{vertex(game.geometry(), "A1"),
                                             vertex(game.geometry(), "B1"), Color::White}}));
  EXPECT_EQ(check(c, "W", "A1"), MoveVerdict::Ko);  // art. 6 and art. 7-2 alike
  ASSERT_EQ(playOut(c, "W J8 B H7"), "");           // a threat, answered
  EXPECT_EQ(check(c, "W", "A1"), MoveVerdict::Ko);  // art. 6 no longer, art. 7-2 still
  EXPECT_EQ(vertices(c, c.lockedPoints(Color::White)), std::vector<std::string>{"A1"});
  ASSERT_EQ(playOut(c, "W pass"), "");
  EXPECT_TRUE(c.locks().empty());
  ASSERT_EQ(playOut(c, "B A3"), "");
  EXPECT_EQ(render(c.board()), R"(
   A B C D E F G H J
 9 . . . . . . . O .
 8 . . . . . . O X O
 7 . . . . . . . X .
 6 . . . . . . . . .
 5 X X X . . . . . .
 4 . . X . . . . . .
 3 X . X X . . . . .
 2 X . . X . . . . .
 1 . X . X . . . . .
)");
  EXPECT_EQ(c.verdict(), LifeVerdict::Dead);
}

// Example (c) of the reference: two kos, one for each side to take, and no other liberty
// but the shared D2. Whenever Black takes one ko, White takes the other; the locks keep
// either from retaking at once, and the position comes back. Black cannot make White's
// stones go: White is alive (in seki, which the count decides).
constexpr std::string_view kDoubleKoSeki = R"(
   A B C D E F G
 7 . . . . . . .
 6 . . . . . . .
 5 . . . . . . .
 4 X X X X X X X
 3 O O O O O O O
 2 . O O . O O X
 1 O X X X X X .
)";

TEST(Confirmation, DoubleKoSekiStaysAlive) {
  const Game game = stopped(kDoubleKoSeki);
  Confirmation c = confirm(game, {"D3"});
  ASSERT_EQ(playOut(c, "B A2 W G1"), "");  // each takes a ko
  EXPECT_EQ(vertices(c, c.lockedPoints(Color::Black)), std::vector<std::string>{"G2"});
  EXPECT_EQ(vertices(c, c.lockedPoints(Color::White)), std::vector<std::string>{"A1"});
  EXPECT_EQ(check(c, "B", "G2"), MoveVerdict::Ko);
  // Black must pass to unlock; White is still locked and passes too.
  ASSERT_EQ(playOut(c, "B pass"), "");
  EXPECT_EQ(check(c, "W", "A1"), MoveVerdict::Ko);
  ASSERT_EQ(playOut(c, "W pass B G2 W A1"), "");
  EXPECT_EQ(render(c.board()), render(game.board()));  // the stop's position again
  EXPECT_EQ(vertices(c, c.lockedPoints(Color::Black)), std::vector<std::string>{"A2"});
  EXPECT_EQ(vertices(c, c.lockedPoints(Color::White)), std::vector<std::string>{"G1"});
  // Filling the shared liberty is self-atari: White takes Black's whole inside chain.
  ASSERT_EQ(playOut(c, "B D2 W G1"), "");
  EXPECT_EQ(render(c.board()), R"(
   A B C D E F G
 7 . . . . . . .
 6 . . . . . . .
 5 . . . . . . .
 4 X X X X X X X
 3 O O O O O O O
 2 . O O . O O .
 1 O . . . . . O
)");
  EXPECT_EQ(c.verdict(), LifeVerdict::Alive);
}

// The verdict feeds the count: alive, the groups are in seki (tax=seki), and the shared
// liberty and the kos' empty points score nothing.
TEST(Confirmation, DoubleKoSekiCountsAsSeki) {
  const Game game = stopped(kDoubleKoSeki);
  Confirmation c = confirm(game, {"D3"});
  ASSERT_EQ(playOut(c, "B A2 W G1 B pass W pass"), "");
  ASSERT_EQ(c.verdict(), LifeVerdict::Alive);
  PointSet dead = game.board().chainStones(vertex(game.geometry(), "D3"));  // a claim
  dead = c.settle(dead);
  EXPECT_TRUE(dead.empty());
  EXPECT_EQ(renderScore(game.board(), scoreGame(game, dead)), R"(
   A B C D E F G
 7 b b b b b b b
 6 b b b b b b b
 5 b b b b b b b
 4 X X X X X X X
 3 O O O O O O O
 2 = O O = O O X
 1 O X X X X X =
)");
}

// Example (b): a ko left open at the stop. In play White would find a threat (the atari at
// E2); in confirmation the threat does not unlock the ko, White must pass, and Black fills.
constexpr std::string_view kOpenKo = R"(
   A B C D E F G
 7 . . . . . . .
 6 . . . . . . .
 5 . . . . . . .
 4 . X O . . . .
 3 X O . O . O .
 2 . X O . . X O
 1 . . . . . . .
)";

TEST(Confirmation, KoLeftOpenIsSettledByTheLockNotByThreats) {
  Confirmation c = confirm(stopped(kOpenKo), {"B3"});
  ASSERT_EQ(playOut(c, "B C3 W E2 B F1"), "");  // take the ko; a threat, answered
  EXPECT_EQ(playOut(c, "W B3"), "W B3: ko");
  ASSERT_EQ(playOut(c, "W pass B B3"), "");  // White's pass unlocks, too late
  EXPECT_EQ(c.verdict(), LifeVerdict::Dead);
}

// The ko taken by the attacker: the defender's retake is refused after an exchange
// elsewhere (where art. 6 alone would allow it), and allowed once he has passed. His
// retake then locks the attacker in turn: each capture makes its own lock.
TEST(Confirmation, LockedRetakeIsIllegalUntilTheCaptureePasses) {
  Confirmation c = confirm(stopped(kOpenKo), {"B3"});
  ASSERT_EQ(playOut(c, "B C3"), "");
  ASSERT_EQ(playOut(c, "W E1 B E2"), "");
  EXPECT_EQ(check(c, "W", "B3"), MoveVerdict::Ko);
  EXPECT_FALSE(c.legalPoints(Color::White).contains(vertex(c.board().geometry(), "B3")));
  ASSERT_EQ(playOut(c, "W pass B pass"), "");
  EXPECT_EQ(check(c, "W", "B3"), MoveVerdict::Legal);
  EXPECT_TRUE(c.legalPoints(Color::White).contains(vertex(c.board().geometry(), "B3")));
  ASSERT_EQ(playOut(c, "W B3"), "");
  EXPECT_EQ(playOut(c, "B G1 W pass B C3"), "B C3: ko");  // Black has not passed since
  EXPECT_EQ(c.verdict(), LifeVerdict::Alive);
  // Black passes and takes again: a new capture, a new lock. White's earlier pass was for
  // the earlier capture.
  ASSERT_EQ(playOut(c, "B pass W A1 B C3 W G6 B G7"), "");
  EXPECT_EQ(check(c, "W", "B3"), MoveVerdict::Ko);
  EXPECT_EQ(c.verdict(), LifeVerdict::Dead);
}

// A lock lasts as long as its ko: Black connecting at B3 ends it.
TEST(Confirmation, LockEndsWhenTheKoIsConnected) {
  Confirmation c = confirm(stopped(kOpenKo), {"B3"});
  ASSERT_EQ(playOut(c, "B C3 W E1"), "");
  EXPECT_EQ(c.locks().size(), 1u);
  ASSERT_EQ(playOut(c, "B B3"), "");
  EXPECT_TRUE(c.locks().empty());
  EXPECT_EQ(c.verdict(), LifeVerdict::Dead);
}

// The lock forbids the retake only. White's A4 and A2 leave Black's A3 with B3 as its last
// liberty, so White at B3 takes A3 as well as the ko stone C3: no ko capture, and legal
// although White has not passed.
TEST(Confirmation, LockDoesNotForbidACaptureOfMoreThanTheKoStone) {
  Confirmation c = confirm(stopped(kOpenKo), {"B3"});
  ASSERT_EQ(playOut(c, "B C3 W A4 B G7 W A2 B G6"), "");
  EXPECT_EQ(vertices(c, c.lockedPoints(Color::White)), std::vector<std::string>{"B3"});
  ASSERT_EQ(playOut(c, "W B3"), "");
  EXPECT_EQ(c.board().at(vertex(c.board().geometry(), "A3")), Color::Empty);
  EXPECT_EQ(c.board().at(vertex(c.board().geometry(), "C3")), Color::Empty);
  EXPECT_EQ(c.verdict(), LifeVerdict::Alive);
}

TEST(Confirmation, AttackerMovesFirstAndTurnsAlternate) {
  const Game game = stopped(kOpenKo);
  Confirmation white = confirm(game, {"B3"});
  EXPECT_EQ(white.toMove(), Color::Black);
  EXPECT_EQ(check(white, "W", "C3"), MoveVerdict::NotYourTurn);
  EXPECT_TRUE(white.legalPoints(Color::White).empty());
  Confirmation black = confirm(game, {"B4"});
  EXPECT_EQ(black.owner(), Color::Black);
  EXPECT_EQ(black.attacker(), Color::White);
  EXPECT_EQ(black.toMove(), Color::White);
  EXPECT_EQ(playOut(black, "B A1"), "B A1: not your turn");
  EXPECT_EQ(playOut(black, "W A1 W A2"), "W A2: not your turn");
}

TEST(Confirmation, PassesNeverEndIt) {
  Confirmation c = confirm(stopped(kOpenKo), {"B3"});
  ASSERT_EQ(playOut(c, "B pass W pass B pass W pass B pass W pass"), "");
  EXPECT_EQ(c.moves().size(), 6u);
  EXPECT_EQ(c.verdict(), LifeVerdict::Alive);
  ASSERT_EQ(playOut(c, "B C3 W pass B B3"), "");
  EXPECT_EQ(c.verdict(), LifeVerdict::Dead);
}

TEST(Confirmation, TheGameIsUntouched) {
  const Game game = stopped(kBentFour);
  const Game before = game;
  Confirmation c = confirm(game, {"B3"});
  ASSERT_EQ(playOut(c, "B A2 W A1 B B1 W pass B A3"), "");
  EXPECT_EQ(game.board().hash(), before.board().hash());
  EXPECT_EQ(render(game.board()), render(before.board()));
  EXPECT_EQ(game.moves(), before.moves());
  EXPECT_EQ(game.board().captures(Color::Black), 0);
  EXPECT_EQ(game.endReason(), EndReason::Passes);
  EXPECT_EQ(c.board().captures(Color::Black), 7);  // A1, then the six of the group
  // The count of the stopped game takes the verdict through settle().
  const PointSet dead = c.settle({});
  EXPECT_EQ(dead, game.board().chainStones(vertex(game.geometry(), "B3")));
  EXPECT_EQ(scoreGame(game, dead).black.deadStones, 6);
}

// White's C4 D4 are taken, and White plays again on D4: a stone of the owner stands on a
// disputed point, so they are alive as the verdict counts.
TEST(Confirmation, OwnerReplayingOnADisputedPointIsAlive) {
  Confirmation c = confirm(stopped(R"(
   A B C D E F G
 7 . . . . . . .
 6 . . . . . . .
 5 . . X X . . .
 4 . X O O X . .
 3 . . X . . . .
 2 . . . . . . .
 1 . . . . . . .
)"),
                           {"C4"});
  ASSERT_EQ(playOut(c, "B D3"), "");
  EXPECT_EQ(c.verdict(), LifeVerdict::Dead);
  ASSERT_EQ(playOut(c, "W D4"), "");
  EXPECT_EQ(c.verdict(), LifeVerdict::Alive);
  PointSet dead = c.disputed();
  EXPECT_TRUE(c.settle(dead).empty());
}

TEST(Confirmation, Errors) {
  EXPECT_EQ(refusal(parseGame(kOpenKo, "japanese"), {"B3"}), "the game has not stopped");
  Game resigned = parseGame(kOpenKo, "japanese");
  resigned.resign(Color::White);
  EXPECT_EQ(refusal(resigned, {"B3"}), "the game ended by resignation, not by passes");
  EXPECT_EQ(refusal(stopped(kOpenKo, "chinese"), {"B3"}),
            "these rules have no confirmation play (confirmation=0)");
  EXPECT_EQ(refusal(stopped(kOpenKo, "japanese confirmation=0"), {"B3"}),
            "these rules have no confirmation play (confirmation=0)");
  const Game game = stopped(kOpenKo);
  EXPECT_EQ(refusal(game, {"B3", "D3", "C4", "B4"}), "B3 and B4 are stones of different colours");
  EXPECT_EQ(refusal(game, {"B3", "A1"}), "no stone at A1");
  EXPECT_EQ(refusal(game, {}), "no stones named");
  EXPECT_EQ(refusal(game, {"B3", "D3", "C4"}), "started");
}

}  // namespace
}  // namespace tengen::go::test
