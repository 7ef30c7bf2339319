#include "learn/life_solver.h"

#include <unordered_map>

#include "go/benson.h"
#include "go/zobrist.h"

namespace tengen::learn {

namespace {

class LifeSearch {
 public:
  LifeSearch(const LifeProblem& problem, int budget, int maxDepth)
      : problem_(problem), budget_(budget), maxDepth_(maxDepth) {
    problem.area.forEach([&](go::Point p) { moves_.push_back(p); });
  }

  LifeVerdict solve(const go::Board& board, go::Color toMove) {
    go::Point best = go::kPass;
    const Fate fate = search(board, toMove, 0, 0, &best);
    return LifeVerdict{fate, best, nodes_ <= budget_, nodes_};
  }

 private:
  bool captured(const go::Board& board) const {
    for (go::Point p : problem_.targets) {
      if (board.at(p) != problem_.defender) return true;
    }
    return false;
  }

  bool passAlive(const go::Board& board) const {
    const go::PassAlive alive = go::passAlive(board);
    const go::PointSet& stones = alive.stones[go::colorIndex(problem_.defender)];
    for (go::Point p : problem_.targets) {
      if (!stones.contains(p)) return false;
    }
    return true;
  }

  // The fate of the targets with `toMove` to play, after `passes` passes in a row.
  Fate search(const go::Board& board, go::Color toMove, int passes, int depth, go::Point* best) {
    ++nodes_;
    if (captured(board)) return Fate::Dies;
    if (passes >= 2 || depth >= maxDepth_ || nodes_ > budget_ || passAlive(board)) {
      return Fate::Lives;
    }
    // The board hash leaves out the ko point and the side to move; both change what follows.
    const std::uint64_t key =
        board.hash() ^ (toMove == go::Color::White ? 0x9e3779b97f4a7c15u : 0) ^
        (std::uint64_t{board.koPoint()} << 40) ^ (std::uint64_t(passes) << 60);
    if (!best) {
      if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    }
    const Fate wanted = toMove == problem_.defender ? Fate::Lives : Fate::Dies;
    Fate result = wanted == Fate::Lives ? Fate::Dies : Fate::Lives;
    go::Point chosen = go::kPass;
    for (go::Point p : moves_) {
      if (board.check(p, toMove, problem_.allowSuicide) != go::MoveVerdict::Legal) continue;
      go::Board next(board);
      next.play(p, toMove);
      if (search(next, go::opponent(toMove), 0, depth + 1, nullptr) == wanted) {
        result = wanted;
        chosen = p;
        break;
      }
    }
    if (result != wanted) {
      go::Board next(board);
      next.pass();
      if (search(next, go::opponent(toMove), passes + 1, depth + 1, nullptr) == wanted) {
        result = wanted;
      }
      chosen = go::kPass;
      // Losing either way: answer on the first legal point rather than pass, so that a lost
      // defence still shows a move the player can read.
      if (result != wanted) {
        for (go::Point p : moves_) {
          if (board.check(p, toMove, problem_.allowSuicide) == go::MoveVerdict::Legal) {
            chosen = p;
            break;
          }
        }
      }
    }
    memo_[key] = result;
    if (best) *best = chosen;
    return result;
  }

  const LifeProblem& problem_;
  int budget_;
  int maxDepth_;
  int nodes_ = 0;
  std::vector<go::Point> moves_;
  std::unordered_map<std::uint64_t, Fate> memo_;
};

}  // namespace

LifeVerdict solveLife(const go::Board& board, const LifeProblem& problem, go::Color toMove,
                      int nodeBudget) {
  LifeSearch search(problem, nodeBudget, 2 * problem.area.count() + 6);
  return search.solve(board, toMove);
}

}  // namespace tengen::learn
