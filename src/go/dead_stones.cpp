#include "go/dead_stones.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "go/benson.h"
#include "go/enclosures.h"
#include "go/ownership.h"
#include "go/random.h"
#include "go/regions.h"
#include "go/seki.h"

namespace tengen::go {

namespace {

// A chain's mean ownership (its own colour positive) at or above which it is judged on its
// own: a clearly living chain that shares a liberty with dead stones must not be dragged
// into their group, nor lend them its life.
constexpr float kClearlyAlive = kUncertainOwnership;
// The whole-board mean ownership at or above which an enclosed chain is not settled dead:
// random playouts let a group with one small eye and room around it live more often than
// not, so only near-certain life overrules the enclosure.
constexpr float kSurelyAlive = 0.9f;
constexpr float stoneSign(Color c) { return c == Color::Black ? 1.0f : -1.0f; }

struct ChainInfo {
  Color color = Color::Empty;
  PointSet stones;
  int size = 0;
  float ownership = 0;  // sum over the stones, positive when the chain's own colour owns
  bool passAlive = false;
  bool inPassAliveTerritory = false;  // of the opponent: certainly dead
  bool enclosed = false;              // settled dead: walled in, or in pass-alive territory
  float mean() const { return ownership / static_cast<float>(size); }
};

class UnionFind {
 public:
  explicit UnionFind(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  int find(int i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  // The smaller index stays the root, so the grouping does not depend on the order of unions.
  void unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (b < a) std::swap(a, b);
    parent_[b] = a;
  }

 private:
  std::vector<int> parent_;
};

std::vector<ChainInfo> collectChains(const Board& board, const PassAlive& certain,
                                     const PointSet& enclosed, const std::vector<float>& ownership,
                                     std::vector<int>& chainOf) {
  const Geometry& g = board.geometry();
  std::vector<ChainInfo> chains;
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      const Color c = board.at(p);
      if (!isStone(c)) continue;
      const Point head = board.chainHead(p);
      if (chainOf[head] < 0) {
        chainOf[head] = static_cast<int>(chains.size());
        ChainInfo info;
        info.color = c;
        info.stones = board.chainStones(head);
        info.passAlive = certain.stones[colorIndex(c)].contains(head);
        info.inPassAliveTerritory = certain.territory[colorIndex(opponent(c))].contains(head);
        info.enclosed = enclosed.contains(head);
        chains.push_back(info);
      }
      ChainInfo& info = chains[chainOf[head]];
      chainOf[p] = chainOf[head];
      ++info.size;
      info.ownership += stoneSign(c) * ownership[p];
    }
  }
  return chains;
}

// Whether some chain's mean ownership is within kContestedOwnership of even.
bool anyChainContested(const Board& board, const std::vector<float>& ownership) {
  PointSet seen;
  bool contested = false;
  const Geometry& g = board.geometry();
  for (Point p = g.first(); p <= g.last() && !contested; ++p) {
    if (!g.onBoard(p) || !isStone(board.at(p)) || seen.contains(p)) continue;
    const PointSet stones = board.chainStones(p);
    seen |= stones;
    float sum = 0;
    stones.forEach([&](Point s) { sum += ownership[s]; });
    contested = std::fabs(sum) < kContestedOwnership * static_cast<float>(stones.count());
  }
  return contested;
}

// Joins chains of one colour that share a liberty into groups, unless either is pass-alive
// or clearly alive: a dead group of several chains (a diagonal or one-point jump apart) is
// judged as one, so its chains are proposed together.
void joinGroups(const Board& board, const std::vector<ChainInfo>& chains,
                const std::vector<int>& chainOf, UnionFind& groups) {
  const Geometry& g = board.geometry();
  auto joinable = [&](int i) { return !chains[i].passAlive && chains[i].mean() < kClearlyAlive; };
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      if (board.at(p) != Color::Empty) continue;
      int last[2] = {-1, -1};
      for (int d : board.neighbourOffsets()) {
        const Point n = static_cast<Point>(p + d);
        if (!isStone(board.at(n))) continue;
        const int i = chainOf[n];
        if (!joinable(i)) continue;
        int& previous = last[colorIndex(chains[i].color)];
        if (previous >= 0) groups.unite(previous, i);
        previous = i;
      }
    }
  }
}

// Whether the opponent cannot take some liberty of these stones from outside: the
// liberty touches an opponent chain, and the opponent playing there captures nothing and
// is left in atari. The shared liberties of a seki are like that; the liberties of dead
// stones inside territory are not, so only such groups need the seki analysis (whose
// dame filling is meant for the space between living groups, not inside territory).
bool hasUnapproachableLiberty(const Board& board, const PointSet& stones, Color c) {
  const Color o = opponent(c);
  const auto offsets = board.neighbourOffsets();
  auto touches = [&](Point p, Color colour) {
    for (int d : offsets) {
      if (board.at(static_cast<Point>(p + d)) == colour) return true;
    }
    return false;
  };
  PointSet liberties;
  stones.forEach([&](Point s) {
    for (int d : offsets) {
      const Point n = static_cast<Point>(s + d);
      if (board.at(n) == Color::Empty) liberties.insert(n);
    }
  });
  bool found = false;
  liberties.forEach([&](Point p) {
    if (found || !touches(p, o) || !board.isLegal(p, o, false)) return;
    Board trial = board;
    trial.play(p, o);
    found = trial.captures(o) == board.captures(o) && trial.libertyCount(p) == 1;
  });
  return found;
}

// Enclosed chains that playouts on the whole board find surely alive (mean ownership for
// their colour at least kSurelyAlive) are not settled after all: the enclosure test
// counts eye space only, and an open area the opponent has a stone in (a game ended by
// passes before the territory was closed) has no eye by that count yet plenty of room.
PointSet withoutSurelyAlive(const Board& board, const PointSet& enclosed,
                            const std::vector<float>& ownership) {
  PointSet out = enclosed;
  PointSet seen;
  enclosed.forEach([&](Point p) {
    if (seen.contains(p)) return;
    const PointSet chain = board.chainStones(p);
    seen |= chain;
    float sum = 0;
    chain.forEach([&](Point s) { sum += stoneSign(board.at(s)) * ownership[s]; });
    if (sum >= kSurelyAlive * static_cast<float>(chain.count())) {
      chain.forEach([&](Point s) { out.erase(s); });
    }
  });
  return out;
}

// The stones to take off before the playouts: enclosed ones (as vetted by the caller) and
// those inside pass-alive territory, never pass-alive ones.
PointSet settledDead(const Board& board, const PassAlive& certain, PointSet enclosed) {
  PointSet dead = std::move(enclosed);
  for (Color c : {Color::Black, Color::White}) {
    certain.territory[colorIndex(c)].forEach([&](Point p) {
      if (board.at(p) == opponent(c)) dead.insert(p);
    });
  }
  for (const PointSet& alive : certain.stones) alive.forEach([&](Point p) { dead.erase(p); });
  return dead;
}

// The largest empty region a liberty of a throw-in victim may lie in: in a finished game
// the race is closed (its liberties are single points, or the few of an eye); in a larger
// region the game is still open, and the dame filling that precedes the throw-in test
// (seki.h) would be an invasion.
constexpr int kClosedRegionMaxPoints = 3;

// Stones a throw-in kills (seki.h, killedByThrowIn) on `board`, keeping only the chains
// whose liberties all lie in small empty regions (kClosedRegionMaxPoints).
PointSet closedThrowInVictims(const Board& board) {
  const PointSet victims = killedByThrowIn(board);
  if (victims.empty()) return victims;
  PointSet open;  // points of the larger empty regions
  for (const EmptyRegion& region : emptyRegions(board)) {
    if (region.size > kClosedRegionMaxPoints) open |= region.points;
  }
  PointSet out;
  PointSet seen;
  victims.forEach([&](Point v) {
    if (seen.contains(v) || !isStone(board.at(v))) return;
    const PointSet chain = board.chainStones(v);
    seen |= chain;
    bool closed = true;
    board.liberties(v).forEach([&](Point l) { closed = closed && !open.contains(l); });
    if (closed) out |= chain;
  });
  return out;
}

// Throw-in victims on the board before any judgement, with only the stones in pass-alive
// territory off; never pass-alive stones. They must be found first: the playouts, whose
// policy never throws in, take the stones to be thrown in for dead and the victims for
// alive, and once those stones are off the board the throw-in is gone (a corner group
// whose last liberties it shares with a stone inside, against an enclosing group with one
// eye: the race is the thrower's).
PointSet throwInVictimsAsItStands(const Board& board, const PassAlive& certain) {
  PointSet inTerritory;
  for (Color c : {Color::Black, Color::White}) {
    certain.territory[colorIndex(c)].forEach([&](Point p) {
      if (board.at(p) == opponent(c)) inTerritory.insert(p);
    });
  }
  PointSet out = closedThrowInVictims(withoutStones(board, inTerritory));
  for (const PointSet& alive : certain.stones) out -= alive;
  return out;
}

// The verdict per chain from certainty, enclosure and the mean ownership of its group.
std::vector<bool> judgeChains(const std::vector<ChainInfo>& chains, UnionFind& groups) {
  std::vector<float> groupOwnership(chains.size(), 0);
  for (std::size_t i = 0; i < chains.size(); ++i) {
    groupOwnership[groups.find(static_cast<int>(i))] += chains[i].ownership;
  }
  std::vector<bool> dead(chains.size(), false);
  for (std::size_t i = 0; i < chains.size(); ++i) {
    const ChainInfo& chain = chains[i];
    const int root = groups.find(static_cast<int>(i));
    // "Mostly the opponent's": the group's mean ownership, as its own colour sees it, is
    // below 0 (the sum is, as the stone count is positive).
    const bool mostlyLost = groupOwnership[root] < 0;
    dead[i] = chain.inPassAliveTerritory || (!chain.passAlive && (chain.enclosed || mostlyLost));
  }
  return dead;
}

// Stones a throw-in kills (seki.h, killedByThrowIn) look alive to the playouts, whose
// policy never fills a liberty into atari: with the dead stones so far off the board, they
// are dead too unless pass-alive.
void addThrowInVictims(const Board& board, const std::vector<ChainInfo>& chains,
                       std::vector<bool>& dead) {
  PointSet removed;
  for (std::size_t i = 0; i < chains.size(); ++i) {
    if (dead[i]) removed |= chains[i].stones;
  }
  const PointSet victims = closedThrowInVictims(withoutStones(board, removed));
  if (victims.empty()) return;
  for (std::size_t i = 0; i < chains.size(); ++i) {
    PointSet hit = chains[i].stones;
    hit &= victims;
    if (!dead[i] && !chains[i].passAlive && !hit.empty()) dead[i] = true;
  }
}

// Seki (Japanese 1989 art. 7: stones in seki are alive). Random playouts fill the shared
// liberties that real players leave alone, and a seki inside a living group looks like
// stones walled in without eyes, so the judgement so far may call a seki dead. Dead groups
// that keep a liberty the opponent cannot take are put back, the other dead stones
// removed, and seki.h decides. Returns the stones of groups found in seki.
PointSet keepSeki(const Board& board, const std::vector<ChainInfo>& chains, UnionFind& groups,
                  std::vector<bool>& dead) {
  std::vector<PointSet> groupStones(chains.size());
  for (std::size_t i = 0; i < chains.size(); ++i) {
    if (dead[i] && !chains[i].inPassAliveTerritory) {
      groupStones[groups.find(static_cast<int>(i))] |= chains[i].stones;
    }
  }
  std::vector<bool> candidate(chains.size(), false);
  bool anyCandidate = false;
  for (std::size_t root = 0; root < chains.size(); ++root) {
    if (groupStones[root].empty()) continue;
    const Color c = board.at(groupStones[root].first());
    candidate[root] = hasUnapproachableLiberty(board, groupStones[root], c);
    anyCandidate = anyCandidate || candidate[root];
  }
  PointSet kept;
  if (!anyCandidate) return kept;
  PointSet removed;
  for (std::size_t i = 0; i < chains.size(); ++i) {
    if (dead[i] && !candidate[groups.find(static_cast<int>(i))]) removed |= chains[i].stones;
  }
  const SekiAnalysis seki = analyseSeki(withoutStones(board, removed));
  for (std::size_t root = 0; root < chains.size(); ++root) {
    PointSet inSeki = groupStones[root];
    inSeki &= seki.sekiStones;
    if (!candidate[root] || inSeki.empty()) continue;
    kept |= groupStones[root];  // a seki keeps the whole group
  }
  for (std::size_t i = 0; i < chains.size(); ++i) {
    if (kept.contains(chains[i].stones.first())) dead[i] = false;
  }
  return kept;
}

// Dead stones whose own colour alone surrounds them once every dead stone is off the board:
// they stand in their own side's territory (inside a group found dead, say, which was all
// that hemmed them in), so nothing can capture them, and as prisoners they would cost their
// side under territory counting. Returns those chains, to be put back as living.
PointSet deadInOwnTerritory(const Board& board, const PointSet& dead) {
  PointSet alive;
  for (const EmptyRegion& region : emptyRegions(withoutStones(board, dead))) {
    const Color owner = region.owner();
    if (owner == Color::Empty) continue;
    region.points.forEach([&](Point p) {
      if (board.at(p) == owner) alive.insert(p);
    });
  }
  return alive;
}

}  // namespace

DeadStoneProposal proposeDeadStones(const Game& game, const DeadStoneOptions& options) {
  const Board& board = game.board();
  const Geometry& g = board.geometry();
  DeadStoneProposal out;

  const PassAlive certain = passAlive(board);
  const int playouts = options.playouts > 0      ? options.playouts
                       : options.defaultPlayouts ? options.defaultPlayouts(g.size())
                                                 : defaultOwnershipPlayouts(g.size());
  const auto estimate = [&](const Board& b, int n, Random& rng) {
    const bool suicide = game.rules().allowsSuicide();
    return options.estimator ? options.estimator(b, game.toMove(), suicide, n, rng)
                             : estimateOwnership(b, game.toMove(), suicide, n, rng);
  };
  // Throw-in victims are dead before anything else is judged: they wall nothing in. (The
  // board as it is when there are none: a rebuilt one would forget the ko.)
  const PointSet thrownIn = throwInVictimsAsItStands(board, certain);
  const Board withoutVictims = thrownIn.empty() ? board : withoutStones(board, thrownIn);
  PointSet enclosed = enclosedStones(withoutVictims);
  if (!enclosed.empty()) {
    // A quick look at the whole board vets the enclosures (half the playouts, its own seed).
    Random check(options.seed + 1);
    enclosed = withoutSurelyAlive(withoutVictims, enclosed,
                                  estimate(withoutVictims, std::max(1, playouts / 2), check));
  }
  enclosed |= thrownIn;
  const PointSet settled = settledDead(board, certain, std::move(enclosed));
  // The playouts run without the settled dead stones: fighting over settled territory is
  // exactly what random play does badly.
  Random rng(options.seed);
  const Board unsettled = withoutStones(board, settled);
  out.ownership = estimate(unsettled, playouts, rng);
  // Where the reading replaces the playouts, the points they were unsure of stay marked
  // uncertain too: reading out one line of play does not make a fight's outcome obvious to
  // the players, who should look there.
  PointSet doubted;
  if (options.refine && anyChainContested(unsettled, out.ownership)) {
    const std::vector<float> read = options.refine(game, unsettled, out.ownership, options.seed);
    for (int row = 0; row < g.size(); ++row) {
      for (int col = 0; col < g.size(); ++col) {
        const Point p = g.point(col, row);
        const float before = out.ownership[p];
        if (std::fabs(before) < kUncertainOwnership || before * read[p] < 0) doubted.insert(p);
      }
    }
    out.ownership = read;
  }
  for (Color c : {Color::Black, Color::White}) {
    certain.stones[colorIndex(c)].forEach([&](Point p) { out.ownership[p] = stoneSign(c); });
    certain.territory[colorIndex(c)].forEach([&](Point p) { out.ownership[p] = stoneSign(c); });
    doubted -= certain.stones[colorIndex(c)];
    doubted -= certain.territory[colorIndex(c)];
  }
  out.uncertain = doubted;

  std::vector<int> chainOf(out.ownership.size(), -1);
  const std::vector<ChainInfo> chains =
      collectChains(board, certain, settled, out.ownership, chainOf);
  UnionFind groups(chains.size());
  joinGroups(board, chains, chainOf, groups);
  std::vector<bool> dead = judgeChains(chains, groups);
  addThrowInVictims(board, chains, dead);

  // Seki stones stay, their liberties are nobody's territory, and the playouts (which may
  // have run without them) do not know it: nobody owns them for sure.
  const PointSet seki = keepSeki(board, chains, groups, dead);
  seki.forEach([&](Point s) {
    out.uncertain.insert(s);
    out.ownership[s] = 0;
    for (int d : board.neighbourOffsets()) {
      const Point n = static_cast<Point>(s + d);
      if (board.at(n) != Color::Empty) continue;
      out.uncertain.insert(n);
      out.ownership[n] = 0;
    }
  });

  for (std::size_t i = 0; i < chains.size(); ++i) {
    if (dead[i]) out.dead |= chains[i].stones;
  }
  const PointSet revived = deadInOwnTerritory(board, out.dead);
  out.dead -= revived;
  revived.forEach([&](Point p) { out.ownership[p] = stoneSign(board.at(p)); });
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      if (std::fabs(out.ownership[p]) < kUncertainOwnership) out.uncertain.insert(p);
    }
  }
  return out;
}

PointSet finalDeadStones(const Game& game) { return finalDeadStones(game, {}); }

PointSet finalDeadStones(const Game& game, const DeadStoneOptions& options) {
  if (game.rules().preset == Preset::TrompTaylor) return {};
  return proposeDeadStones(game, options).dead;
}

}  // namespace tengen::go
