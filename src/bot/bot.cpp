#include "bot/bot.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <mutex>

#include "bot/bot_search_config.h"
#include "bot/dynamic_komi.h"
#include "bot/endgame.h"
#include "bot/search.h"
#include "bot/search_seam.h"
#include "bot/search_tree.h"
#include "bot/time_manager.h"

namespace tengen::bot {

namespace {

using Clock = std::chrono::steady_clock;

// Light-playout speed on one core, by board points (playouts/s for 81 points, scaled):
// only to size the node pool, so a rough figure is enough.
double estimatedPlayoutsPerSecond(int size) { return 25000.0 * 81.0 / (size * size); }

// The mover's legal moves (superko included) that fill no own eye-like point, in
// increasing point order.
std::vector<go::Point> candidateMoves(const go::Game& game, go::Color c) {
  std::vector<go::Point> out;
  const go::Board& board = game.board();
  game.legalPoints(c).forEach([&](go::Point p) {
    if (!board.isEyeLike(p, c)) out.push_back(p);
  });
  return out;
}

// Boards the tree must not return to: the root's and the game's most recent ones (the
// positional superko check below the root; see SearchPosition).
std::vector<std::uint64_t> recentBoardHashes(const go::Game& game, std::size_t keep) {
  std::vector<std::uint64_t> hashes;
  std::size_t moves = 0;
  go::Board board = game.initialBoard();
  hashes.push_back(board.hash());
  auto step = game.setupSteps().begin();
  for (const go::Move& m : game.moves()) {
    // Setup after some moves (a loaded SGF record) changes the board between two moves
    // and, as in go::Game, starts the history of positions afresh.
    for (; step != game.setupSteps().end() && step->afterMoves == moves; ++step) {
      go::applySetup(board, step->changes);
      hashes.assign(1, board.hash());
    }
    ++moves;
    if (m.point == go::kPass) {
      board.pass();
      continue;
    }
    board.play(m.point, m.color);
    hashes.push_back(board.hash());
  }
  if (step != game.setupSteps().end()) hashes.clear();  // setup after the last move
  if (hashes.size() > keep) hashes.erase(hashes.begin(), hashes.end() - static_cast<long>(keep));
  hashes.push_back(game.board().hash());
  return hashes;
}

}  // namespace

struct Bot::Impl {
  explicit Impl(BotOptions o) : options(o) {}

  BotOptions options;
  SearchConfig config;
  std::atomic<bool> stopRequested{false};
  std::array<NodePool, 2> pools;
  int active = 0;
  NodeIndex root = kNoNode;
  // The position the tree's root stands for: the game's first board and the moves since.
  std::vector<go::Move> rootMoves;
  std::uint64_t rootInitialHash = 0;
  int rootSize = 0;
  go::Color rootToMove = go::Color::Black;
  int hopelessMoves = 0;
  // BotOptions::bankPlayouts: playouts saved by early stops this game, not yet spent, and
  // the game's length at the last search (a shorter game is a new one).
  int playoutBank = 0;
  std::size_t bankMoves = 0;
  SearchInfo info;

  std::size_t poolCapacity(int size, const SearchLimitsResolved& limits) const {
    double playouts = limits.playouts > 0 ? limits.playouts : 1e9;
    const double seconds = limits.seconds > 0 ? limits.seconds : 1e9;
    playouts = std::min(
        playouts, seconds * estimatedPlayoutsPerSecond(size) * std::max(1, options.threads) * 2);
    return static_cast<std::size_t>(
        std::clamp(treeNodesFor(playouts, size, config), 50'000.0, 4'000'000.0));
  }

  // The root for this position: the old tree's node reached by the moves played since, or
  // a fresh one. Copies the kept subtree into the other pool, dropping the rest.
  NodeIndex findRoot(const go::Game& game, go::Color toMove, std::size_t capacity) {
    info.reusedVisits = 0;
    NodePool& current = pools[static_cast<std::size_t>(active)];
    NodeIndex node = kNoNode;
    const auto& moves = game.moves();
    if (options.reuseTree && root != kNoNode && current.capacity() == capacity &&
        rootSize == game.size() && rootInitialHash == game.initialBoard().hash() &&
        moves.size() >= rootMoves.size() &&
        std::equal(rootMoves.begin(), rootMoves.end(), moves.begin())) {
      node = root;
      go::Color c = rootToMove;
      for (std::size_t i = rootMoves.size(); i < moves.size() && node != kNoNode; ++i) {
        const Node& n = current[node];
        NodeIndex next = kNoNode;
        if (moves[i].color == c && n.state.load() == Node::Expanded) {
          for (int j = 0; j < n.childCount; ++j) {
            if (current[n.firstChild + static_cast<NodeIndex>(j)].move == moves[i].point) {
              next = n.firstChild + static_cast<NodeIndex>(j);
              break;
            }
          }
        }
        node = next;
        c = go::opponent(c);
      }
      if (c != toMove) node = kNoNode;
    }
    NodePool& other = pools[static_cast<std::size_t>(1 - active)];
    if (other.capacity() != capacity) other.resize(capacity);
    NodeIndex fresh = kNoNode;
    if (node != kNoNode) {
      fresh = copySubtree(current, node, other);
      if (fresh != kNoNode) info.reusedVisits = other[fresh].realVisits();
    }
    if (fresh == kNoNode) {
      other.clear();
      fresh = other.allocate(1);
    }
    current.clear();
    active = 1 - active;
    root = fresh;
    rootMoves = moves;
    rootInitialHash = game.initialBoard().hash();
    rootSize = game.size();
    rootToMove = toMove;
    return fresh;
  }
};

Bot::Bot(BotOptions options) : impl_(std::make_unique<Impl>(options)) {}
Bot::~Bot() = default;

Decision Bot::genmove(const go::Game& game, go::Color toMove, const ClockView* clock,
                      bool cleanup) {
  Impl& im = *impl_;
  const auto start = Clock::now();
  im.stopRequested.store(false);
  im.info = SearchInfo{};
  Decision d;
  auto finish = [&](Decision out) {
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
  };

  EndgamePlan plan = planEndgame(game, toMove, cleanup, candidateMoves(game, toMove));
  if (plan.passNow) {
    d.kind = DecisionKind::Pass;
    d.winRate = plan.marginIfPassed > 0 ? 1.0 : plan.marginIfPassed < 0 ? 0.0 : 0.5;
    return finish(d);
  }

  if (plan.moves.size() == 1 && !plan.passAllowed) {
    // One move the rules allow and no reason to pass: nothing to search.
    d.kind = DecisionKind::Play;
    d.point = plan.moves.front();
    return finish(d);
  }

  SearchPosition pos;
  pos.board = game.board();
  pos.toMove = toMove;
  const auto& moves = game.moves();
  if (!moves.empty()) pos.last = moves.back().point;
  if (moves.size() >= 2) pos.last2 = moves[moves.size() - 2].point;
  pos.allowSuicide = game.rules().allowsSuicide();
  pos.whiteBonus = game.rules().komi + game.rules().handicapPoints(game.handicap());
  if (im.options.dynamicKomi) {
    pos.whiteBonus += dynamicKomi(game.size(), game.handicap(), static_cast<int>(moves.size()));
  }
  pos.scoreAsItStands = cleanup || countsBoardAsItStands(game.rules());
  pos.rootMoves = plan.moves;
  if (plan.passAllowed) pos.rootMoves.push_back(go::kPass);
  pos.forbiddenHashes = recentBoardHashes(game, 16);

  SearchLimits wanted = im.options.limits;
  if (wanted.playouts <= 0 && wanted.seconds <= 0) wanted.seconds = 1.0;
  SearchLimitsResolved limits{wanted.playouts, wanted.seconds};
  const bool banking = im.options.bankPlayouts && wanted.playouts > 0 && clock == nullptr;
  if (moves.size() < im.bankMoves) im.playoutBank = 0;  // a new game
  im.bankMoves = moves.size();
  if (banking) limits.playouts += std::min(im.playoutBank, wanted.playouts);
  if (clock != nullptr) {
    TimeBudgetInput in{*clock, game.size(), game.board().emptyCount(),
                       static_cast<int>(moves.size())};
    limits.seconds = moveBudgetSeconds(in, wanted);
  }

  // Sized for the most a move may spend, the same every move: a pool of another size
  // cannot take the old tree over.
  SearchLimitsResolved most = limits;
  if (banking) most.playouts = 2 * wanted.playouts;
  im.config = searchConfigFor(im.options, game.size());
  const std::size_t capacity = im.poolCapacity(game.size(), most);
  const NodeIndex root = im.findRoot(game, toMove, capacity);
  NodePool& pool = im.pools[static_cast<std::size_t>(im.active)];
  // Read-only during the search: shared by its threads.
  const PlayoutPolicy policy(playoutOptions(im.options, game.size()));
  Search search(pool, im.config, im.options.lightPlayouts ? nullptr : &policy);
  if (root == kNoNode || !search.prepareRoot(root, pos)) {
    // No room even for the root's children: a fresh pool always has it; start over.
    pool.clear();
    im.root = pool.allocate(1);
    search.prepareRoot(im.root, pos);
  }
  const std::uint64_t seed = im.options.seed * 0x2545F4914F6CDD1Dull + moves.size();
  const SearchStats stats =
      search.run(im.root, pos, limits, std::max(1, im.options.threads), seed, im.stopRequested);
  const NodeIndex best = search.bestChild(im.root);
  im.info.playouts = stats.playouts;
  im.info.nodes = pool.used();
  im.info.stoppedEarly = stats.stoppedEarly;
  im.info.playoutsWithFullTree = stats.playoutsWithFullTree;
  if (banking) im.playoutBank = std::max(0, im.playoutBank + wanted.playouts - stats.playouts);
  im.info.playoutBank = im.playoutBank;
  d.playouts = stats.playouts;
  if (best == kNoNode) {
    d.kind = DecisionKind::Pass;
    return finish(d);
  }
  const Node& chosen = pool[best];
  d.winRate = chosen.realVisits() > 0 ? chosen.realMean() : chosen.mean();
  im.info.winRate = d.winRate;
  d.point = chosen.move;
  d.kind = chosen.move == go::kPass ? DecisionKind::Pass : DecisionKind::Play;

  // Resign only after several full searches in a row see no hope (or one that would pass),
  // and never in the opening, where the estimates are least reliable.
  const int area = game.size() * game.size();
  const bool pastOpening =
      static_cast<int>(moves.size()) >= area / 6 || area - game.board().emptyCount() >= area / 6;
  // Giving handicap stones, the count looks hopeless long before the game is: the stones were
  // given to a weaker player, whose errors the playouts do not foresee. White gives up only
  // once three quarters of the board are filled, when the count is nearly settled (Easy
  // giving Beginner 9 stones on 19x19 won 12 of 20 resigning as in even games, 16 never
  // resigning; docs/strength.md, "Levels").
  const bool givingHandicap =
      toMove == go::Color::White && game.handicap() >= 2 && 4 * game.board().emptyCount() > area;
  if (im.options.resignWinRate > 0 && pastOpening && !givingHandicap && !plan.capturing &&
      d.winRate < im.options.resignWinRate) {
    // A hopeless pass hands the opponent the end of the game: resign instead, at once.
    const bool passing = d.kind == DecisionKind::Pass;
    if (++im.hopelessMoves >= std::max(1, im.options.resignAfterMoves) || passing) {
      d.kind = DecisionKind::Resign;
      d.point = go::kPass;
    }
  } else {
    im.hopelessMoves = 0;
  }
  return finish(d);
}

void Bot::stop() { impl_->stopRequested = true; }
void Bot::setLimits(SearchLimits limits) { impl_->options.limits = limits; }
const BotOptions& Bot::options() const { return impl_->options; }
const SearchInfo& Bot::lastSearch() const { return impl_->info; }
void Bot::clearTree() {
  impl_->root = kNoNode;
  impl_->rootMoves.clear();
  impl_->hopelessMoves = 0;
  impl_->playoutBank = 0;
  impl_->bankMoves = 0;
}

}  // namespace tengen::bot
