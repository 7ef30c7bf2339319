// Stones, chains and captures on the bare board. A move places a stone, removes the
// opponent's chains left without liberties, then the mover's own (Tromp-Taylor rules 5-6: capture
// of the enemy takes precedence over self-capture).
#include "go/board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "diagram.h"
#include "go/playout.h"
#include "go/random.h"

namespace tengen::go::test {
namespace {

// Plays one move on a bare board, failing the test if the board refuses it.
void playOn(Board& board, std::string_view where, Color c, bool allowSuicide = false) {
  const Point p = vertex(board.geometry(), where);
  ASSERT_EQ(board.check(p, c, allowSuicide), MoveVerdict::Legal) << where;
  board.play(p, c);
  ASSERT_TRUE(board.checkInvariants()) << where;
}

TEST(Capture, SingleStoneInTheCentre) {
  Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . X . .
 3 . X O X .
 2 . . . . .
 1 . . . . .
)");
  EXPECT_TRUE(board.inAtari(vertex(board.geometry(), "C3")));
  playOn(board, "C2", Color::Black);
  EXPECT_EQ(render(board), R"(
   A B C D E
 5 . . . . .
 4 . . X . .
 3 . X . X .
 2 . . X . .
 1 . . . . .
)");
  EXPECT_EQ(board.captures(Color::Black), 1);
  EXPECT_EQ(board.captures(Color::White), 0);
}

TEST(Capture, TwoStoneChainOnTheEdge) {
  Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . . X X .
 1 . X O O .
)");
  EXPECT_EQ(board.libertyCount(vertex(board.geometry(), "C1")), 1);
  playOn(board, "E1", Color::Black);
  EXPECT_EQ(render(board), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . . X X .
 1 . X . . X
)");
  EXPECT_EQ(board.captures(Color::Black), 2);
}

TEST(Capture, CornerStoneHasTwoLiberties) {
  Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . . . . .
 1 O X . . .
)");
  EXPECT_EQ(board.libertyCount(vertex(board.geometry(), "A1")), 1);
  playOn(board, "A2", Color::Black);
  EXPECT_EQ(render(board), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 X . . . .
 1 . X . . .
)");
}

TEST(Capture, OneMoveTakesTwoChains) {
  Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . X . X .
 1 X O . O X
)");
  playOn(board, "C1", Color::Black);
  EXPECT_EQ(render(board), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . X . X .
 1 X . X . X
)");
  EXPECT_EQ(board.captures(Color::Black), 2);
}

// A point without liberties is playable when the stone captures: the opponent's chains go
// first, and the stone then has liberties where they stood.
TEST(Capture, TakesPrecedenceOverSelfCapture) {
  Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X . . . .
 2 O X . . .
 1 . O X . .
)");
  const Point a1 = vertex(board.geometry(), "A1");
  EXPECT_EQ(board.check(a1, Color::Black, false), MoveVerdict::Legal);
  EXPECT_EQ(board.check(a1, Color::White, false), MoveVerdict::Suicide);
  playOn(board, "A1", Color::Black);
  EXPECT_EQ(render(board), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X . . . .
 2 . X . . .
 1 X . X . .
)");
  EXPECT_EQ(board.captures(Color::Black), 2);
  EXPECT_EQ(board.libertyCount(a1), 2);
}

TEST(Capture, JoiningChainsSharesTheirLiberties) {
  Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . X . X .
 2 . O . O .
 1 . . . . .
)");
  playOn(board, "C3", Color::Black);
  const Geometry& g = board.geometry();
  EXPECT_EQ(board.chainHead(vertex(g, "B3")), board.chainHead(vertex(g, "D3")));
  EXPECT_EQ(board.chainSize(vertex(g, "B3")), 3);
  // B3 D3 C3: A3 B4 C4 D4 E3 C2; B2 and D2 are White's.
  EXPECT_EQ(board.libertyCount(vertex(g, "D3")), 6);
}

TEST(BoardCheck, ReportsOccupiedPoints) {
  Board board = parseBoard(R"(
   A B C
 3 . . .
 2 . X .
 1 . . .
)");
  const Point b2 = vertex(board.geometry(), "B2");
  EXPECT_EQ(board.check(b2, Color::Black, true), MoveVerdict::Occupied);
  EXPECT_EQ(board.check(b2, Color::White, true), MoveVerdict::Occupied);
}

TEST(BoardNeighbours, CountsTheEmptyOrthogonalNeighboursOnly) {
  const Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . X . . .
 3 X . O . .
 2 . . . . .
 1 . . . . .
)");
  const auto empties = [&](const char* where) {
    return board.emptyNeighbours(vertex(board.geometry(), where));
  };
  EXPECT_EQ(empties("B3"), 1);  // B4, A3 and C3 hold stones of either colour
  EXPECT_EQ(empties("A4"), 1);  // the edge is no liberty
  EXPECT_EQ(empties("C4"), 2);
  EXPECT_EQ(empties("D3"), 3);
  EXPECT_EQ(empties("A1"), 2);  // a corner has two neighbours
  EXPECT_EQ(empties("B2"), 4);  // stones on the diagonals do not count
  EXPECT_EQ(empties("E5"), 2);
  // All eight, bit 4i for the i-th of +1, -1, +stride, -stride (up), then the diagonals
  // up-right, up-left, down-right, down-left.
  EXPECT_EQ(board.emptyAround(vertex(board.geometry(), "B3")), 0x1111'1000u);  // C3 A3 B4 held
  EXPECT_EQ(board.emptyAround(vertex(board.geometry(), "A1")), 0x0001'0101u);  // B1 A2 B2
}

TEST(BoardSetup, RemovingAStoneSplitsItsChain) {
  Board board = parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . X X X .
 2 . . . . .
 1 . . . . .
)");
  const Geometry& g = board.geometry();
  board.removeStone(vertex(g, "C3"));
  ASSERT_TRUE(board.checkInvariants());
  EXPECT_NE(board.chainHead(vertex(g, "B3")), board.chainHead(vertex(g, "D3")));
  EXPECT_EQ(board.libertyCount(vertex(g, "B3")), 4);
  EXPECT_EQ(board.hash(), parseBoard(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . X . X .
 2 . . . . .
 1 . . . . .
)")
                              .hash());
}

TEST(BoardSetup, CopiesAreIndependent) {
  Board board = parseBoard(R"(
   A B C
 3 . . .
 2 . X .
 1 . . .
)");
  Board copy = board;
  playOn(copy, "A1", Color::White);
  EXPECT_EQ(render(board), R"(
   A B C
 3 . . .
 2 . X .
 1 . . .
)");
  EXPECT_NE(copy.hash(), board.hash());
  board = copy;
  EXPECT_EQ(board.hash(), copy.hash());
  EXPECT_TRUE(board.checkInvariants());
}

// Random playouts, the board's hot path: before every move the playout test agrees with
// legality and eye shape at every empty point, the move chosen is one of those points,
// and after it every incremental structure (colours around each point, packed chain
// liberties, empty list, hash) matches a recount.
TEST(BoardInvariants, HoldThroughoutRandomPlayouts) {
  Random rng(7);
  for (int size : {2, 3, 4, 5, 7, 9, 13, 19, 25}) {
    const int playouts = size <= 9 ? 12 : 3;
    for (int n = 0; n < playouts; ++n) {
      const bool allowSuicide = n % 2 == 1;
      Board board(size);
      Color toMove = Color::Black;
      int passes = 0;
      for (int move = 0; move < 3 * size * size && passes < 2; ++move) {
        bool anyCandidate = false;
        for (int i = 0; i < board.emptyCount(); ++i) {
          const Point q = board.emptyAt(i);
          const bool candidate =
              board.isLegal(q, toMove, allowSuicide) && !board.isEyeLike(q, toMove);
          ASSERT_EQ(board.isPlayoutCandidate(q, toMove, allowSuicide), candidate)
              << board.geometry().toGtp(q) << render(board);
          anyCandidate = anyCandidate || candidate;
        }
        const Point p = randomMove(board, toMove, rng, allowSuicide);
        ASSERT_EQ(p == kPass, !anyCandidate) << render(board);
        if (p == kPass) {
          board.pass();
          ++passes;
        } else {
          ASSERT_TRUE(board.isLegal(p, toMove, allowSuicide) && !board.isEyeLike(p, toMove));
          board.play(p, toMove);
          passes = 0;
        }
        ASSERT_TRUE(board.checkInvariants()) << render(board);
        toMove = opponent(toMove);
      }
    }
  }
}

// fewLiberties reads one or two liberties from the chain's packed sums after finding the
// first, atariLiberty the only one from the sums alone: on every chain of random games they
// name exactly the liberties the full set holds.
TEST(FewLiberties, AgreeWithTheLibertySetInRandomGames) {
  Random rng(11);
  int seen[4] = {};
  for (int size : {2, 3, 5, 9, 19, 25}) {
    for (int game = 0; game < (size <= 9 ? 12 : 3); ++game) {
      Board board(size);
      Color toMove = Color::Black;
      for (int move = 0; move < 3 * size * size; ++move) {
        const Point p = randomMove(board, toMove, rng, false);
        if (p == kPass) break;
        board.play(p, toMove);
        toMove = opponent(toMove);
        const Geometry& g = board.geometry();
        for (int q = g.first(); q <= g.last(); ++q) {
          if (board.at(q) != Color::Black && board.at(q) != Color::White) continue;
          const PointSet libs = board.liberties(q);
          Point few[2] = {kNoPoint, kNoPoint};
          const int n = board.fewLiberties(q, few);
          ++seen[n];
          ASSERT_EQ(n, std::min(libs.count(), 3)) << g.toGtp(q) << render(board);
          for (int i = 0; i < (n <= 2 ? n : 0); ++i) {
            ASSERT_TRUE(libs.contains(few[i])) << g.toGtp(q) << render(board);
          }
          if (n == 2) {
            ASSERT_NE(few[0], few[1]);
          }
          if (n == 1) {
            ASSERT_EQ(board.atariLiberty(q), few[0]);
          }
        }
      }
    }
  }
  // The games reach every answer, so each branch was checked.
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[2], 0);
  EXPECT_GT(seen[3], 0);
}

// randomMove samples without replacement, so every acceptable point is equally likely,
// whatever unacceptable points lie among them. Black's candidates here are A1 to E1; A5,
// B4 and D4 would fill its own eyes.
TEST(RandomMove, ChoosesEveryCandidateEquallyOften) {
  const Board position = parseBoard(R"(
   A B C D E
 5 . X X X X
 4 X . X . X
 3 X X X X X
 2 O O O O O
 1 . . . . .
)");
  const Geometry& g = position.geometry();
  const std::vector<std::string> candidates{"A1", "B1", "C1", "D1", "E1"};
  std::vector<int> counts(candidates.size());
  Random rng(11);
  constexpr int kDraws = 60000;
  for (int draw = 0; draw < kDraws; ++draw) {
    Board board = position;
    const Point p = randomMove(board, Color::Black, rng, false);
    const auto at = std::find_if(candidates.begin(), candidates.end(),
                                 [&](const std::string& v) { return vertex(g, v) == p; });
    ASSERT_NE(at, candidates.end()) << g.toGtp(p);
    ++counts[at - candidates.begin()];
  }
  // 12000 expected each, with a binomial standard deviation of about 98.
  for (size_t i = 0; i < counts.size(); ++i) {
    EXPECT_NEAR(counts[i], kDraws / static_cast<int>(candidates.size()), 500) << candidates[i];
  }
}

// An independent, obviously correct board: flood fills on a plain grid, and simple ko as
// "no move may recreate the board as it was before the opponent's last move".
class NaiveBoard {
 public:
  explicit NaiveBoard(int size) : size_(size), cells_(size * size, Color::Empty) {}

  Color at(int i) const { return cells_[i]; }
  int captures(Color c) const { return captures_[colorIndex(c)]; }

  bool legal(int i, Color c, bool allowSuicide) const {
    if (cells_[i] != Color::Empty) return false;
    const Outcome o = after(i, c);
    if (o.cells == cells_) return false;                   // single-stone suicide
    if (o.capturedOwn > 0 && !allowSuicide) return false;  // multi-stone suicide
    if (hasPrevious_ && o.cells == previous_) return false;
    return true;
  }
  void play(int i, Color c) {
    const Outcome o = after(i, c);
    previous_ = cells_;
    hasPrevious_ = true;
    cells_ = o.cells;
    captures_[colorIndex(c)] += o.capturedOpponent;
    captures_[colorIndex(opponent(c))] += o.capturedOwn;
  }
  void pass() { hasPrevious_ = false; }

 private:
  struct Outcome {
    std::vector<Color> cells;
    int capturedOpponent = 0;
    int capturedOwn = 0;
  };

  std::vector<int> neighbours(int i) const {
    std::vector<int> out;
    const int col = i % size_, row = i / size_;
    if (col > 0) out.push_back(i - 1);
    if (col + 1 < size_) out.push_back(i + 1);
    if (row > 0) out.push_back(i - size_);
    if (row + 1 < size_) out.push_back(i + size_);
    return out;
  }
  // Removes the chain through i if it has no liberty; returns how many stones went.
  int removeIfDead(std::vector<Color>& cells, int i) const {
    const Color c = cells[i];
    std::vector<int> chain{i};
    std::vector<bool> seen(cells.size());
    seen[i] = true;
    for (size_t k = 0; k < chain.size(); ++k) {
      for (int n : neighbours(chain[k])) {
        if (cells[n] == Color::Empty) return 0;
        if (cells[n] == c && !seen[n]) {
          seen[n] = true;
          chain.push_back(n);
        }
      }
    }
    for (int s : chain) cells[s] = Color::Empty;
    return static_cast<int>(chain.size());
  }
  Outcome after(int i, Color c) const {
    Outcome o{cells_};
    o.cells[i] = c;
    for (int n : neighbours(i)) {
      if (o.cells[n] == opponent(c)) o.capturedOpponent += removeIfDead(o.cells, n);
    }
    o.capturedOwn = removeIfDead(o.cells, i);
    return o;
  }

  int size_;
  std::vector<Color> cells_;
  std::vector<Color> previous_;
  bool hasPrevious_ = false;
  int captures_[2] = {0, 0};
};

// Random games on every kind of board, suicide allowed or not: after every move the
// incremental board (chains, pseudo-liberties, Zobrist hash, empty list, simple ko)
// matches the naive one, hashAfter predicted the hash, and checkInvariants holds.
TEST(BoardInvariants, AgreeWithANaiveBoardInRandomGames) {
  Random rng(2024);
  for (int size : {2, 3, 4, 5, 7, 9, 13, 19, 25}) {
    const int games = size <= 9 ? 24 : 4;
    for (int game = 0; game < games; ++game) {
      const bool allowSuicide = game % 2 == 1;
      Board board(size);
      NaiveBoard naive(size);
      const Geometry& g = board.geometry();
      auto index = [&](Point p) { return g.row(p) * size + g.col(p); };
      Color toMove = Color::Black;
      for (int attempt = 0; attempt < 4 * size * size; ++attempt) {
        if (board.emptyCount() == 0 || rng.below(40) == 0) {
          board.pass();
          naive.pass();
          toMove = opponent(toMove);
          continue;
        }
        // Small boards: every point's legality; large ones: the point we try.
        if (size <= 9) {
          for (int i = 0; i < board.emptyCount(); ++i) {
            const Point q = board.emptyAt(i);
            ASSERT_EQ(board.isLegal(q, toMove, allowSuicide),
                      naive.legal(index(q), toMove, allowSuicide))
                << "size " << size << " point " << g.toGtp(q) << render(board);
            const int s = g.stride();
            const int offsets[8] = {1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1};
            int emptyOrthogonal = 0;
            std::uint32_t emptyAround = 0;
            for (int i = 0; i < 8; ++i) {
              const auto n = static_cast<Point>(q + offsets[i]);
              const bool empty = g.onBoard(n) && naive.at(index(n)) == Color::Empty;
              emptyOrthogonal += i < 4 && empty;
              emptyAround |= static_cast<std::uint32_t>(empty) << (4 * i);
            }
            ASSERT_EQ(board.emptyNeighbours(q), emptyOrthogonal) << g.toGtp(q) << render(board);
            ASSERT_EQ(board.emptyAround(q), emptyAround) << g.toGtp(q) << render(board);
          }
        }
        const Point p = board.emptyAt(static_cast<int>(rng.below(board.emptyCount())));
        const bool legal = board.isLegal(p, toMove, allowSuicide);
        ASSERT_EQ(legal, naive.legal(index(p), toMove, allowSuicide))
            << g.toGtp(p) << render(board);
        if (!legal) continue;
        const std::uint64_t predicted = board.hashAfter(p, toMove);
        board.play(p, toMove);
        naive.play(index(p), toMove);
        ASSERT_TRUE(board.checkInvariants()) << render(board);
        ASSERT_EQ(board.hash(), predicted) << g.toGtp(p) << render(board);
        for (int row = 0; row < size; ++row) {
          for (int col = 0; col < size; ++col) {
            ASSERT_EQ(board.at(g.point(col, row)), naive.at(row * size + col)) << render(board);
          }
        }
        ASSERT_EQ(board.captures(Color::Black), naive.captures(Color::Black));
        ASSERT_EQ(board.captures(Color::White), naive.captures(Color::White));
        if (attempt % 13 == 0) {
          const Board copy(board);
          board = copy;
          ASSERT_TRUE(board.checkInvariants());
        }
        toMove = opponent(toMove);
      }
    }
  }
}

}  // namespace
}  // namespace tengen::go::test
