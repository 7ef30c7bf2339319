#include "bot/playout_policy.h"

#include <algorithm>
#include <bit>

#include "bot/last_good_reply.h"
#include "bot/nakade_vital_point.h"
#include "bot/pattern3_gammas.h"
#include "bot/patterns.h"
#include "bot/tactics.h"

namespace tengen::bot {

using go::Board;
using go::Color;
using go::Point;

namespace {

// Candidate moves of one rule, deduplicated, for a uniform pick.
struct Candidates {
  Point items[32];
  int size = 0;

  void add(Point p) {
    if (size == 32 || std::find(items, items + size, p) != items + size) return;
    items[size++] = p;
  }
  Point pick(go::Random& rng) const {
    if (size == 0) return go::kPass;
    return size == 1 ? items[0] : items[rng.below(static_cast<std::uint32_t>(size))];
  }
};

// Draws only for a rate strictly between off and always, so a rule left off changes nothing
// in the random stream.
bool applies(int rate, go::Random& rng) {
  return rate >= 256 || (rate > 0 && static_cast<int>(rng.below(256)) < rate);
}

// An index below n drawn in proportion to weights[0..n).
int drawWeighted(const float* weights, int n, go::Random& rng) {
  float total = 0;
  for (int i = 0; i < n; ++i) total += weights[i];
  // 24 random bits: a float holds them exactly.
  float r = static_cast<float>(rng.next() >> 40) * (total / 16777216.0f);
  for (int i = 0; i + 1 < n; ++i) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return n - 1;
}

}  // namespace

bool isOpenArea(const Board& board, Point p) {
  if (board.at(p) != go::Color::Empty) return false;
  const int s = board.geometry().stride();
  // Off-board neighbours hold the border colour, so a first-line point is never open.
  for (const int d : {1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1}) {
    if (board.at(static_cast<Point>(p + d)) != go::Color::Empty) return false;
  }
  return true;
}

PlayoutPolicy::PlayoutPolicy() : PlayoutPolicy(PlayoutOptions{}) {}

PlayoutPolicy::PlayoutPolicy(PlayoutOptions options)
    : options_(options),
      patterns_(&PatternTable::mogo()),
      gammas_(options.patternChoice == PatternChoice::Mogo && options.randomCandidates <= 1
                  ? nullptr
                  : &Pattern3Gammas::builtIn()) {}

Point PlayoutPolicy::choose(Board& board, Color c, Point last, Point last2, go::Random& rng,
                            bool allowSuicide, const LastGoodReplies* replies, Point openKo) const {
  if (options_.fillBoardTries > 0) {
    const Point p = fillBoardMove(board, rng);
    if (p != go::kPass) return p;
  }
  if (openKo != go::kNoPoint && applies(options_.koRate, rng)) {
    const Point p = koMove(board, c, openKo, allowSuicide);
    if (p != go::kPass) return p;
  }
  // The local rules answer an opponent stone still on the board (not a pass, nor a stone
  // that was captured or committed suicide).
  if (last < go::kPass && board.at(last) == go::opponent(c)) {
    // Last liberties of own chains whose extension does not save them (ladders): the
    // pattern rule must not suggest them either.
    Point futile[4];
    int numFutile = 0;
    if (applies(options_.saveRate, rng)) {
      const Point p = saveMove(board, c, last, rng, allowSuicide, futile, numFutile);
      if (p != go::kPass) return p;
    }
    if (applies(options_.captureRate, rng)) {
      const Point p = captureMove(board, c, last, rng, allowSuicide);
      if (p != go::kPass) return p;
    }
    if (replies != nullptr) {
      const Point p =
          replyMove(board, c, last, last2, allowSuicide, *replies, {futile, futile + numFutile});
      if (p != go::kPass) return p;
    }
    if (applies(options_.nakadeVitalRate, rng)) {
      const Point p = nakadeVitalPoint(board, last);
      if (p != go::kPass && board.isPlayoutCandidate(p, c, allowSuicide) &&
          !isBadSelfAtari(board, p, c, options_.nakadeStones, options_.enclosedNakade)) {
        return p;
      }
    }
    if (applies(options_.twoLibertyRate, rng)) {
      const Point p = twoLibertyMove(board, c, last, rng, allowSuicide);
      if (p != go::kPass) return p;
    }
    if (applies(options_.patternRate, rng)) {
      const Point p = patternMove(board, c, last, rng, allowSuicide, {futile, futile + numFutile});
      if (p != go::kPass) return p;
    }
  }
  return randomMove(board, c, rng, allowSuicide);
}

Point PlayoutPolicy::fillBoardMove(const Board& board, go::Random& rng) const {
  // Draws over the whole board, stones and edges included, as MoGo and Fuego do: the rule
  // fades by itself as the board fills up.
  const go::Geometry& g = board.geometry();
  const auto size = static_cast<std::uint64_t>(g.size());
  for (int i = 0; i < options_.fillBoardTries; ++i) {
    // Column and row from the two halves of one random word, by multiply-shift (no division:
    // the rule runs on every playout move).
    const std::uint64_t r = rng.next();
    const auto col = static_cast<int>(((r & 0xFFFFFFFFu) * size) >> 32);
    const auto row = static_cast<int>(((r >> 32) * size) >> 32);
    const Point p = g.point(col, row);
    if (isOpenArea(board, p)) return p;
  }
  return go::kPass;
}

Point PlayoutPolicy::koMove(const Board& board, Color c, Point openKo, bool allowSuicide) const {
  // The point may have been filled since, or its retake may now be a bad self-atari (the
  // capturer's stones around it were captured or changed): then no ko fight here.
  if (board.at(openKo) != Color::Empty || !board.isPlayoutCandidate(openKo, c, allowSuicide) ||
      isBadSelfAtari(board, openKo, c, options_.nakadeStones, options_.enclosedNakade)) {
    return go::kPass;
  }
  return openKo;
}

Point PlayoutPolicy::saveMove(const Board& board, Color c, Point last, go::Random& rng,
                              bool allowSuicide, Point* futile, int& numFutile) const {
  Candidates moves;
  Point heads[4];
  int numHeads = 0;
  for (const int d : board.neighbourOffsets()) {
    const Point q = static_cast<Point>(last + d);
    if (board.at(q) != c || !board.inAtari(q)) continue;
    const Point head = board.chainHead(q);
    if (std::find(heads, heads + numHeads, head) != heads + numHeads) continue;
    heads[numHeads++] = head;
    Point escapes[16];
    const int n = atariEscapes(board, q, escapes, 16, options_.ladderBudget);
    // Escapes capture or gain liberties, so they are no self-ataris: only legality and eyes.
    for (int i = 0; i < n; ++i) {
      if (board.isPlayoutCandidate(escapes[i], c, allowSuicide)) moves.add(escapes[i]);
    }
    const Point lib = lastLiberty(board, q);
    if (std::find(escapes, escapes + n, lib) == escapes + n) futile[numFutile++] = lib;
  }
  return moves.pick(rng);
}

Point PlayoutPolicy::captureMove(const Board& board, Color c, Point last, go::Random& rng,
                                 bool allowSuicide) const {
  const Color them = go::opponent(c);
  const int s = board.geometry().stride();
  // The last move's own chain (which holds its opponent-coloured orthogonal neighbours too)
  // and the chains on its diagonals.
  const int around[5] = {0, s + 1, s - 1, -s + 1, -s - 1};
  Candidates moves;
  for (const int d : around) {
    const Point q = static_cast<Point>(last + d);
    if (board.at(q) != them || !board.inAtari(q)) continue;
    const Point lib = lastLiberty(board, q);
    // A capture is never a self-atari; only ko and own eyes can forbid it.
    if (lib != go::kNoPoint && board.isPlayoutCandidate(lib, c, allowSuicide)) moves.add(lib);
  }
  return moves.pick(rng);
}

Point PlayoutPolicy::replyMove(const Board& board, Color c, Point last, Point last2,
                               bool allowSuicide, const LastGoodReplies& replies,
                               std::span<const Point> futile) const {
  const Point p = replies.replyTo(c, last2, last);
  // The reply was good in another position: only still-sensible moves are replayed.
  if (p == go::kNoPoint || board.at(p) != Color::Empty ||
      std::find(futile.begin(), futile.end(), p) != futile.end() ||
      !board.isPlayoutCandidate(p, c, allowSuicide) ||
      isBadSelfAtari(board, p, c, options_.nakadeStones, options_.enclosedNakade)) {
    return go::kPass;
  }
  return p;
}

Point PlayoutPolicy::twoLibertyMove(const Board& board, Color c, Point last, go::Random& rng,
                                    bool allowSuicide) const {
  Point found[8];
  const int n = twoLibertyMoves(board, c, last, found, 8);
  Candidates moves;
  for (int i = 0; i < n; ++i) {
    if (board.isPlayoutCandidate(found[i], c, allowSuicide) &&
        !isBadSelfAtari(board, found[i], c, options_.nakadeStones, options_.enclosedNakade)) {
      moves.add(found[i]);
    }
  }
  return moves.pick(rng);
}

Point PlayoutPolicy::patternMove(const Board& board, Color c, Point last, go::Random& rng,
                                 bool allowSuicide, std::span<const Point> futile) const {
  const go::Geometry& g = board.geometry();
  const int s = g.stride();
  // The 5x5 window around `last` holds the 3x3 neighbourhoods of its eight neighbours, which
  // share most of their cells: each window row is packed into one word once (2 bits a cell),
  // and a neighbour's code is four shifted slices instead of eight loads. The window lies
  // inside the padded board unless `last` is on the first line, where codes are read point by
  // point.
  const int row = g.row(last);
  const int col = g.col(last);
  const bool interior = row >= 1 && col >= 1 && row <= g.size() - 2 && col <= g.size() - 2;
  unsigned rows[5] = {};  // rows[0] is the top (dy = +2); cell x at bits 2x
  if (interior) {
    for (int r = 0; r < 5; ++r) {
      const Point base = static_cast<Point>(last + (2 - r) * s - 2);
      rows[r] = static_cast<unsigned>(board.at(base)) |
                (static_cast<unsigned>(board.at(static_cast<Point>(base + 1))) << 2) |
                (static_cast<unsigned>(board.at(static_cast<Point>(base + 2))) << 4) |
                (static_cast<unsigned>(board.at(static_cast<Point>(base + 3))) << 6) |
                (static_cast<unsigned>(board.at(static_cast<Point>(base + 4))) << 8);
    }
  }
  // Window positions (row, column) of the neighbours, in the order of `around`, which is
  // Board::aroundOffsets' (the bits of Board::emptyAround).
  static constexpr int kAt[8][2] = {{2, 3}, {2, 1}, {1, 2}, {3, 2}, {1, 3}, {1, 1}, {3, 3}, {3, 1}};
  const int around[8] = {1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1};
  Point moves[8];
  std::uint16_t codes[8];
  float weights[8];
  int n = 0;
  // Only the empty neighbours, in the same order, from one word the board keeps instead of
  // eight loads and as many unpredictable branches.
  for (std::uint32_t empty = board.emptyAround(last); empty != 0; empty &= empty - 1) {
    const int i = std::countr_zero(empty) / 4;
    const Point q = static_cast<Point>(last + around[i]);
    std::uint16_t code;
    if (interior) {
      const int r = kAt[i][0];
      const int shift = 2 * (kAt[i][1] - 1);
      unsigned v = ((rows[r - 1] >> shift) & 0x3Fu) | (((rows[r] >> shift) & 0x3u) << 6) |
                   (((rows[r] >> (shift + 4)) & 0x3u) << 8) |
                   (((rows[r + 1] >> shift) & 0x3Fu) << 10);
      const unsigned differ = (v ^ (v >> 1)) & 0x5555u;
      if (c == Color::White) v ^= differ * 3;
      code = static_cast<std::uint16_t>(v);
    } else {
      code = PatternTable::code(board, q, c);
    }
    // The MoGo table (8 KB) first: most neighbours match no pattern, and the strengths'
    // table (256 KB) costs a cache miss a read, so it is read only for a match.
    if (options_.patternChoice != PatternChoice::Learned && !patterns_->matchesCode(code)) {
      continue;
    }
    float weight = 1;
    if (options_.patternChoice != PatternChoice::Mogo) {
      weight = (*gammas_)[code] * (i < 4 ? gammas_->orthogonal() : gammas_->diagonal());
      if (options_.patternChoice == PatternChoice::Learned && weight < options_.learnedPatternMin) {
        continue;
      }
    }
    if (std::find(futile.begin(), futile.end(), q) != futile.end()) continue;
    moves[n] = q;
    codes[n] = code;
    weights[n++] = weight;
  }
  // Draw among the matches and test only the one drawn (most are fine): the same choice
  // among the acceptable ones, with fewer self-atari tests.
  const bool uniform = options_.patternChoice == PatternChoice::Mogo;
  while (n > 0) {
    const int i = n == 1    ? 0
                  : uniform ? static_cast<int>(rng.below(static_cast<std::uint32_t>(n)))
                            : drawWeighted(weights, n, rng);
    const Point q = moves[i];
    if (board.isPlayoutCandidate(q, c, allowSuicide) &&
        (PatternTable::emptyOrthogonal(codes[i]) >= 2 ||
         !isBadSelfAtari(board, q, c, options_.nakadeStones, options_.enclosedNakade))) {
      return q;
    }
    --n;
    moves[i] = moves[n];
    codes[i] = codes[n];
    weights[i] = weights[n];
  }
  return go::kPass;
}

Point selfAtariCousin(const Board& board, Point p, Color c, go::Random& rng, bool allowSuicide,
                      int nakadeStones, int enclosedNakade) {
  const Color them = go::opponent(c);
  const int s = board.geometry().stride();
  Candidates moves;
  for (const int d : {1, -1, s, -s}) {
    const Point q = static_cast<Point>(p + d);
    if (board.at(q) != them) continue;
    Point libs[2];
    if (board.fewLiberties(q, libs) != 2) continue;
    const Point other = libs[0] == p ? libs[1] : libs[0];
    if (board.isPlayoutCandidate(other, c, allowSuicide) &&
        !isBadSelfAtari(board, other, c, nakadeStones, enclosedNakade)) {
      moves.add(other);
    }
  }
  return moves.pick(rng);
}

Point PlayoutPolicy::randomMove(Board& board, Color c, go::Random& rng, bool allowSuicide) const {
  // A point with two empty neighbours is no self-atari: most are, on an open board, and the
  // colours around it are at hand after isPlayoutCandidate, so the test is skipped for them.
  const auto acceptable = [&](Point p) {
    return board.isPlayoutCandidate(p, c, allowSuicide) &&
           !(options_.rejectSelfAtari && board.emptyNeighbours(p) < 2 &&
             isBadSelfAtari(board, p, c, options_.nakadeStones, options_.enclosedNakade));
  };
  const int wanted = std::clamp(options_.randomCandidates, 1, kMostRandomCandidates);
  if (wanted == 1) {
    // go::randomMove's sampling without replacement: a rejected point is swapped behind the
    // range still to try, so every acceptable point is equally likely and none is tried twice.
    for (int remaining = board.emptyCount(); remaining > 0; --remaining) {
      const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(remaining)));
      const Point p = board.emptyAt(i);
      if (acceptable(p)) return p;
      // Rejected: as a bad self-atari (not an eye, not illegal), it may be redirected.
      if (options_.selfAtariRedirectRate > 0 && options_.rejectSelfAtari &&
          board.isPlayoutCandidate(p, c, allowSuicide) &&
          applies(options_.selfAtariRedirectRate, rng)) {
        const Point cousin = selfAtariCousin(board, p, c, rng, allowSuicide, options_.nakadeStones,
                                             options_.enclosedNakade);
        if (cousin != go::kPass) return cousin;
      }
      board.swapEmpties(i, remaining - 1);
    }
    return go::kPass;
  }
  // The same sampling fills a hand of `wanted` points; one is drawn by 3x3 strength and only
  // it is tested (most points are fine, and a test costs more than a pattern code); a
  // rejected one leaves the hand, which is refilled.
  Point hand[kMostRandomCandidates];
  float strengths[kMostRandomCandidates];
  int n = 0;
  int remaining = board.emptyCount();
  while (true) {
    for (; n < wanted && remaining > 0; --remaining) {
      const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(remaining)));
      const Point p = board.emptyAt(i);
      hand[n] = p;
      strengths[n++] = (*gammas_)[PatternTable::code(board, p, c)];
      board.swapEmpties(i, remaining - 1);
    }
    if (n == 0) return go::kPass;
    const int j = n == 1 ? 0 : drawWeighted(strengths, n, rng);
    if (acceptable(hand[j])) return hand[j];
    --n;
    hand[j] = hand[n];
    strengths[j] = strengths[n];
  }
}

}  // namespace tengen::bot
