#pragma once

// The built-in player: Monte Carlo tree search over the shared rules engine.
//
//   bot::Bot bot({.threads = 2, .limits = {.seconds = 1.0}});
//   bot::Decision d = bot.genmove(game, go::Color::Black, &clock);
//
// One Bot plays one game at a time (GTP engine, one site game): it keeps its tree between
// calls and reuses the subtree of the moves played since. genmove blocks the calling thread
// and runs `threads` search threads; stop() from any thread ends it early.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "bot/playout_policy.h"
#include "go/game.h"

namespace tengen::bot {

// What one move may cost. The search stops at whichever set limit comes first; at least one
// must be set (a Bot with neither searches 1 second).
struct SearchLimits {
  int playouts = 0;    // 0: no playout limit
  double seconds = 0;  // 0: no time limit (wall clock)
};

// The mover's clock, as time management needs it. Seconds are what is left now.
struct ClockView {
  enum class System { None, Absolute, Byoyomi, Canadian, Fischer };
  System system = System::None;
  double mainSeconds = 0;       // main time left (Fischer: all the time left)
  double periodSeconds = 0;     // overtime: seconds left in the current period (its length
                                // while still in main time)
  int periods = 0;              // byoyomi: periods left
  int periodStones = 0;         // canadian: stones still to play in the current period
  double incrementSeconds = 0;  // fischer
};

inline constexpr int kPlayoutKoRate = 102;  // of 256

struct BotOptions {
  int threads = 1;
  std::uint64_t seed = 1;
  // The most a move may cost; time management spends less when the clock requires it.
  SearchLimits limits{.playouts = 0, .seconds = 1.0};
  // Resign when the best move's win rate stays below this after a full search; 0: never.
  double resignWinRate = 0.05;
  bool reuseTree = true;
  // Past how many consecutive hopeless searches the bot resigns (see resignWinRate); a
  // hopeless search whose best move is pass resigns at once.
  int resignAfterMoves = 2;
  // Uniformly random playouts and an even prior instead of the playout policy and priors
  // (playout_policy.h, priors.h): the baseline, for measuring what the knowledge adds.
  bool lightPlayouts = false;
  // The heavy playouts' rules (playout_policy.h), unless lightPlayouts; their patternChoice
  // is playoutPatterns', their enclosedNakade enclosedNakade's and their koRate fightKos'.
  PlayoutOptions playout{};
  // Whether the playouts fight kos (PlayoutOptions::koRate at kPlayoutKoRate, Pachi's 40%).
  // Off by default: against Pachi on 9x9 it won 17.5 of 48 games where the bot without it
  // won 15.5 on the same seeds, no measurable gain (docs/strength.md, "Against Pachi").
  bool fightKos = false;
  // The largest enclosed nakade (PlayoutOptions::enclosedNakade, tactics.h isEnclosedNakade)
  // the playouts play and the priors do not count as a bad self-atari; 0 off. Off by
  // default on every board: though it judges a dead bent three or square four dead, with
  // three or four stones it won no more 19x19 games against GNU Go than without, and fewer
  // on 9x9 and 13x13 (docs/strength.md, "Enclosed nakade").
  int enclosedNakade = 0;
  // How the playouts' pattern rule draws. Unset: weighed by the learned strengths
  // (PatternChoice::MogoWeighted) on boards of kLearnedPriorsMinSize and up, where matches
  // against GNU Go found it stronger (docs/strength.md, "Learned patterns in the playouts"),
  // uniformly below.
  std::optional<PatternChoice> playoutPatterns = std::nullopt;
  // The weight of the learned move priors (PriorOptions::learned); 0: the hand-made priors.
  // Unset: kLearnedPriorWeight on boards of kLearnedPriorsMinSize and up, where matches
  // against GNU Go found them at least as strong (docs/strength.md, "Learned move priors"
  // and "9x9 at half a core-second"), twice that from kLargeBoardMinSize, where the heavier
  // weight leaned better in paired matches (docs/strength.md, "Large-board defaults"),
  // and the hand-made priors on the smaller boards, which neither the training corpus nor
  // any match covers.
  std::optional<float> learnedPriors = std::nullopt;
  // PriorOptions::learnedNormalised: each move's learned prior from its share of all the
  // candidates' strength (Pachi's weighting) rather than its ratio to the strongest's. Off
  // by default until matches decide (docs/strength.md, "Against Pachi").
  bool normalisedPriors = false;
  // Virtual wins for an opening move in an empty corner (PriorOptions::emptyCorner). Unset:
  // kCornerPriorWeight on boards of kCornerPriorMinSize and up, where it makes the bot take
  // the corners first as players do, for the same results against GNU Go
  // (docs/strength.md, "Fill-board and empty corners"); 0 below, where it was not measured.
  std::optional<float> cornerPrior = std::nullopt;
  // Progressive widening (SearchConfig::widening, widening.h): the children a new node
  // selects among, more as it is visited; 0: all. Unset: kWideningInitial on boards of
  // kWideningMinSize and up, where it won more games against GNU Go (docs/strength.md,
  // "Progressive widening"); off below, where it was not measured.
  std::optional<int> widening = std::nullopt;
  // SearchConfig::amafPrior: how much of each child's prior seeds its AMAF statistics too.
  // Off by default: at 1 it won fewer 19x19 games against GNU Go (docs/strength.md,
  // "Disputed counts played out").
  double amafPrior = 0;
  // Virtual wins for the moves that decide two-liberty chains by ladders
  // (PriorOptions::ladderFights, ladder_fights.h). Off by default until matches decide.
  float ladderPrior = 0;
  // SearchConfig::weightedAmaf: moves played soon after a node weigh more in its AMAF
  // statistics than those near the simulation's end (Fuego's default). Unset: on from
  // kLargeBoardMinSize (docs/strength.md, "Large-board defaults"), off on the smaller
  // boards, where it was not measured.
  std::optional<bool> weightedAmaf = std::nullopt;
  // With a playout limit and no clock: the playouts a search saves by stopping early (its
  // best move could no longer be overtaken) are banked for the game, and the next searches
  // may spend up to the limit again from the bank, so that the mean per move stays within
  // the limit, as a clock's main time spreads what easy moves save. Without it a 19x19
  // search at 6,800 playouts spends about two thirds of them. Off by default.
  bool bankPlayouts = false;
  // SearchConfig::lastGoodReply: the playouts replay the replies that won the search's last
  // simulations (last_good_reply.h); 0 off, 1 or 2 moves of context. Off by default until
  // matches show it pays (docs/strength.md, "Last good replies").
  int lastGoodReply = 0;
  // SearchConfig::scoreShare: the share of each simulation's value that comes from its
  // margin (score_result.h), so that ahead the bot keeps its lead and behind it loses by
  // less. Decision::winRate, and the resignation by it, are then that value. Off by
  // default: at 0.05 it won no more 19x19 games against GNU Go and kept no bigger leads
  // (docs/strength.md, "Score-aware results").
  double scoreShare = 0;
  // In handicap games, count the playouts with dynamic_komi.h's extra points for White
  // instead of the rules' komi alone. Off by default: against GNU Go it won no more games
  // (docs/strength.md, "Handicap games"); kept for the measurements still to make.
  bool dynamicKomi = false;
  // Three of the search's constants (SearchConfig), set from the literature: Silver's RAVE
  // equivalence, the real visits before a leaf is expanded, and the visits' growth factor
  // that lets progressive widening consider one more child. Unset: SearchConfig's (3000, 2
  // and 1.2). On 19x19 an equivalence of 1000 and expansion after 8 visits won no more
  // games than these (docs/strength.md, "Search constants measured"), factors 1.4 and 2
  // fewer than 1.2 (docs/strength.md, "Widening factor 1.2").
  std::optional<double> raveEquivalence = std::nullopt;
  std::optional<int> expandAfter = std::nullopt;
  std::optional<double> wideningFactor = std::nullopt;
  // The node pool's size as a share of the points at each expansion (SearchConfig::treeShare,
  // 0.5 unset): how soon a search's tree stops growing, for the paired measurement that
  // docs/strength.md ("A tree that stopped growing") asks for.
  std::optional<double> treeShare = std::nullopt;
};

inline constexpr float kLearnedPriorWeight = 30;
inline constexpr int kLearnedPriorsMinSize = 9;
// From this size the defaults whose paired 19x19 matches against GNU Go leaned better or
// tied (none significant): learned priors twice as heavy and weighted AMAF updates. On 40
// seeds no run had used they won 50.0% (docs/strength.md, "The 19x19 default on 40 fresh
// seeds"), the old defaults' level, so they are kept as no worse, not as a proven gain.
inline constexpr int kLargeBoardMinSize = 19;

// The learned-prior weight `options` give a board of `size`.
inline float learnedPriorWeight(const BotOptions& options, int size) {
  const float byBoard = size >= kLargeBoardMinSize      ? 2 * kLearnedPriorWeight
                        : size >= kLearnedPriorsMinSize ? kLearnedPriorWeight
                                                        : 0.0f;
  return options.learnedPriors.value_or(byBoard);
}

// Whether `options` weigh the AMAF updates on a board of `size`.
inline bool weightedAmafOn(const BotOptions& options, int size) {
  return options.weightedAmaf.value_or(size >= kLargeBoardMinSize);
}

inline constexpr float kCornerPriorWeight = 100;
inline constexpr int kCornerPriorMinSize = 19;

// The empty-corner prior weight `options` give a board of `size`.
inline float cornerPriorWeight(const BotOptions& options, int size) {
  return options.cornerPrior.value_or(size >= kCornerPriorMinSize ? kCornerPriorWeight : 0.0f);
}

// The playout rules `options` give a board of `size`.
inline PlayoutOptions playoutOptions(const BotOptions& options, int size) {
  PlayoutOptions chosen = options.playout;
  chosen.patternChoice = options.playoutPatterns.value_or(
      size >= kLearnedPriorsMinSize ? PatternChoice::MogoWeighted : PatternChoice::Mogo);
  chosen.enclosedNakade = options.enclosedNakade;
  if (options.fightKos) chosen.koRate = kPlayoutKoRate;
  return chosen;
}

inline constexpr int kWideningInitial = 6;
inline constexpr int kWideningMinSize = 19;

// The progressive widening's initial children `options` give a board of `size` (0: off).
inline int wideningInitial(const BotOptions& options, int size) {
  return options.widening.value_or(size >= kWideningMinSize ? kWideningInitial : 0);
}

enum class DecisionKind { Play, Pass, Resign };

struct Decision {
  DecisionKind kind = DecisionKind::Pass;
  go::Point point = go::kPass;  // the move when kind == Play
  double winRate = 0.5;         // the mover's, as the search estimates it (in handicap
                                // games with dynamic komi, against that komi)
  int playouts = 0;             // spent on this decision
  double seconds = 0;           // wall time spent
};

// What the last genmove's search did, for tests, logs and analysis.
struct SearchInfo {
  int reusedVisits = 0;          // root visits carried over from the previous move's tree
  int playouts = 0;              // this move's
  std::size_t nodes = 0;         // tree nodes in use after the search
  double winRate = 0.5;          // the chosen move's, for the mover
  bool stoppedEarly = false;     // the best move could no longer be overtaken
  int playoutBank = 0;           // BotOptions::bankPlayouts: banked playouts after this search
  int playoutsWithFullTree = 0;  // simulations that found the node pool full (SearchStats)
};

class Bot {
 public:
  explicit Bot(BotOptions options = {});
  ~Bot();
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  // A move for `toMove` under `game`'s rules (ko, suicide, scoring, komi, handicap bonus).
  // Never an illegal move. `clock` (may be null) lets time management spend less than
  // the limits. `cleanup` (kgs-genmove_cleanup): do not pass while stones the search
  // thinks dead remain on the board, so a Tromp-Taylor count is right.
  Decision genmove(const go::Game& game, go::Color toMove, const ClockView* clock = nullptr,
                   bool cleanup = false);

  // Ends a genmove running on another thread early; it returns its best move so far.
  // Thread-safe; a no-op when none runs.
  void stop();

  void setLimits(SearchLimits limits);
  const BotOptions& options() const;
  // The last genmove's search (zeros before the first, or when no search was needed).
  const SearchInfo& lastSearch() const;
  // Forgets the tree (a new game); genmove also starts afresh whenever the position is not
  // reached from the last one by the moves played since.
  void clearTree();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tengen::bot
