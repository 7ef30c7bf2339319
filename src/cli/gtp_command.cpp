#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <string>

#include "cli/commands.h"
#include "go/point.h"
#include "go/rules.h"
#include "gtp/engine.h"

namespace tengen::cli {

namespace {

struct GtpOptions {
  std::optional<std::uint64_t> seed;
  std::string rules;
  int size = gtp::kDefaultSize;
  std::string komi;
  int playouts = 0;
  double seconds = 1.0;
  int threads = 1;
  double resign = 0.05;
  bool lightPlayouts = false;
  float learnedPriors = -1;  // unset: bot::learnedPriorWeight's default by board size
  float cornerPrior = -1;    // unset: bot::cornerPriorWeight's default by board size
  int widening = -1;         // unset: bot::wideningInitial's default by board size
  bool normalisedPriors = false;
  double amafPrior = 0;
  float ladderPrior = 0;
  std::optional<bool> weightedAmaf;  // unset: bot::weightedAmafOn's default by board size
  int lastGoodReply = 0;
  double scoreShare = 0;
  bool bankPlayouts = false;
  bool dynamicKomi = false;
  bool fightKos = false;
  std::string playoutPatterns;  // mogo, weighted, learned; empty: bot::playoutOptions' default
  float learnedPatternMin = bot::PlayoutOptions{}.learnedPatternMin;
  int nakadeStones = bot::PlayoutOptions{}.nakadeStones;
  int enclosedNakade = bot::BotOptions{}.enclosedNakade;
  int fillBoardTries = bot::PlayoutOptions{}.fillBoardTries;
  int selfAtariRedirect = bot::PlayoutOptions{}.selfAtariRedirectRate;
  int nakadeVital = bot::PlayoutOptions{}.nakadeVitalRate;
  int randomCandidates = bot::PlayoutOptions{}.randomCandidates;
  std::optional<double> raveEquivalence;  // unset: the search's default
  std::optional<int> expandAfter;
  std::optional<double> wideningFactor;
  std::optional<double> treeShare;
};

std::uint64_t timeSeed() {
  std::random_device device;
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return (static_cast<std::uint64_t>(device()) << 32) ^ static_cast<std::uint64_t>(now);
}

// The engine's starting settings: chinese with komi 7.5 on 19x19 unless --rules (whose
// preset brings its own komi, or a komi= key), --komi or --size say otherwise.
int runGtp(const GtpOptions& options) {
  if (options.enclosedNakade == 1) {
    std::cerr << "tengen gtp: --enclosed-nakade: a nakade has 2 to 4 stones; 0, 2, 3 or 4\n";
    return 2;
  }
  gtp::EngineOptions engine;
  engine.size = options.size;
  engine.seed = options.seed ? *options.seed : timeSeed();
  engine.bot.threads = options.threads;
  engine.bot.limits = {.playouts = options.playouts, .seconds = options.seconds};
  engine.bot.resignWinRate = options.resign;
  engine.bot.lightPlayouts = options.lightPlayouts;
  if (options.learnedPriors >= 0) engine.bot.learnedPriors = options.learnedPriors;
  engine.bot.normalisedPriors = options.normalisedPriors;
  if (options.cornerPrior >= 0) engine.bot.cornerPrior = options.cornerPrior;
  if (options.widening >= 0) engine.bot.widening = options.widening;
  engine.bot.amafPrior = options.amafPrior;
  engine.bot.ladderPrior = options.ladderPrior;
  engine.bot.weightedAmaf = options.weightedAmaf;
  engine.bot.lastGoodReply = options.lastGoodReply;
  engine.bot.scoreShare = options.scoreShare;
  engine.bot.bankPlayouts = options.bankPlayouts;
  if (!options.playoutPatterns.empty()) {
    engine.bot.playoutPatterns = options.playoutPatterns == "mogo" ? bot::PatternChoice::Mogo
                                 : options.playoutPatterns == "weighted"
                                     ? bot::PatternChoice::MogoWeighted
                                     : bot::PatternChoice::Learned;
  }
  engine.bot.playout.learnedPatternMin = options.learnedPatternMin;
  engine.bot.playout.nakadeStones = options.nakadeStones;
  engine.bot.enclosedNakade = options.enclosedNakade;
  engine.bot.playout.fillBoardTries = options.fillBoardTries;
  engine.bot.playout.selfAtariRedirectRate = options.selfAtariRedirect;
  engine.bot.playout.nakadeVitalRate = options.nakadeVital;
  engine.bot.playout.randomCandidates = options.randomCandidates;
  engine.bot.dynamicKomi = options.dynamicKomi;
  engine.bot.fightKos = options.fightKos;
  engine.bot.raveEquivalence = options.raveEquivalence;
  engine.bot.expandAfter = options.expandAfter;
  engine.bot.wideningFactor = options.wideningFactor;
  engine.bot.treeShare = options.treeShare;
  if (!options.rules.empty()) {
    auto rules = go::Rules::parse(options.rules);
    if (!rules) {
      std::cerr << "tengen gtp: --rules: " << rules.error().toString() << "\n";
      return 2;
    }
    engine.rules = *rules;
  }
  if (!options.komi.empty()) {
    auto komi = go::parseKomi(options.komi);
    if (!komi) {
      std::cerr << "tengen gtp: --komi: " << komi.error().toString() << "\n";
      return 2;
    }
    engine.rules.komi = *komi;
  }
  std::ios::sync_with_stdio(false);
  gtp::Engine gtpEngine(engine);
  gtpEngine.run(std::cin, std::cout);
  return 0;
}

}  // namespace

void addGtpCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<GtpOptions>();
  auto* cmd = app.add_subcommand("gtp", "Play GTP version 2 on stdin/stdout");
  cmd->add_option("--seed", options->seed, "Seed for the bot's search (default: from time)");
  cmd->add_option("--rules", options->rules,
                  "Rules: a preset with key=value overrides (default: chinese)");
  cmd->add_option("--size", options->size, "Board size")
      ->check(CLI::Range(go::kMinSize, go::kMaxSize));
  cmd->add_option("--komi", options->komi, "Komi (default: the rules' komi, 7.5 for chinese)");
  cmd->add_option("--playouts", options->playouts, "Most playouts per move (default 0: no cap)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seconds", options->seconds,
                  "Most seconds per move, less if the clock requires (default 1; 0: no cap)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--threads", options->threads, "Search threads (default 1)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--resign", options->resign,
                  "Resign when the win rate stays below this (default 0.05; 0: never)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_flag("--light-playouts", options->lightPlayouts,
                "Uniformly random playouts without prior knowledge (the baseline)");
  cmd->add_option(
         "--learned-priors", options->learnedPriors,
         "Weight of the learned move priors in virtual wins (src/bot/move_weights.txt); "
         "0: the hand-made priors (default: 60 on 19x19 and larger, 30 on 9x9 to 18x18, 0 below)")
      ->check(CLI::Range(0.0, 1000.0));
  cmd->add_flag("--normalised-priors", options->normalisedPriors,
                "The learned priors give a move --learned-priors * sqrt(p) virtual wins, p its "
                "share of all the legal moves' learned strength (Pachi's weighting), instead of "
                "the square root of its ratio to the strongest move's (default: off)");
  cmd->add_option(
         "--corner-prior", options->cornerPrior,
         "Virtual wins for an opening move (lines 3-5) in an empty corner (default: 100 on "
         "19x19 and larger, 0 below)")
      ->check(CLI::Range(0.0, 1000.0));
  cmd->add_option("--ladder-prior", options->ladderPrior,
                  "Virtual wins for a ladder atari that captures an opponent two-liberty chain "
                  "its owner could still save, and for a move that saves an own one from a "
                  "ladder; half for a one-stone chain (default 0: none)")
      ->check(CLI::Range(0.0, 1000.0));
  cmd->add_option("--widen", options->widening,
                  "Progressive widening: the best-ranked moves a new tree node considers, one "
                  "more each time its visits grow by 1.2 (0: every move; default: 6 on 19x19 and "
                  "larger, 0 below)")
      ->check(CLI::Range(0, 361));
  cmd->add_option("--amaf-prior", options->amafPrior,
                  "How much of each move's prior also counts in its AMAF (RAVE) statistics "
                  "(default 0: the prior weighs on the mean only; 1: on both alike)")
      ->check(CLI::Range(0.0, 10.0));
  auto* weighted = cmd->add_flag_callback(
      "--weighted-amaf", [options] { options->weightedAmaf = true; },
      "Weigh each AMAF (RAVE) update by how soon after the node the move was played: 2 for the "
      "next move, falling linearly to 0 at the simulation's end (Fuego's weighting; default: "
      "on 19x19 and larger, off below: every update weighs 1)");
  cmd->add_flag_callback(
         "--no-weighted-amaf", [options] { options->weightedAmaf = false; },
         "Every AMAF (RAVE) update weighs 1, on any board")
      ->excludes(weighted);
  cmd->add_option("--last-good-reply", options->lastGoodReply,
                  "Playouts replay the reply that won the last simulation after the same move "
                  "(Drake's last good reply, with forgetting): 0 off (default), 1 keyed by the "
                  "last move, 2 by the last two")
      ->check(CLI::Range(0, 2));
  cmd->add_option("--score-share", options->scoreShare,
                  "The share of each playout's value that comes from its margin rather than "
                  "who won (0 to 1; default 0: who won alone), so that ahead the bot keeps its "
                  "lead and behind it loses by less")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_flag("--bank-playouts", options->bankPlayouts,
                "With --playouts and no clock: bank what a move saves by stopping early and "
                "let later moves spend up to --playouts more from the bank (the mean per move "
                "stays within --playouts)");
  cmd->add_option(
         "--playout-patterns", options->playoutPatterns,
         "The playouts' answer next to the last move: mogo (a MoGo 3x3 pattern, "
         "uniformly), weighted (the same, by learned strength) or learned (any 3x3 "
         "shape whose learned strength reaches --learned-pattern-min; default: weighted on "
         "9x9 and larger, mogo below)")
      ->check(CLI::IsMember({"mogo", "weighted", "learned"}));
  cmd->add_option("--nakade-stones", options->nakadeStones,
                  "The largest self-atari chain the playouts play next to an opponent chain "
                  "short of liberties (default 1: single-stone throw-ins; 3: nakade too)")
      ->check(CLI::Range(1, 3));
  cmd->add_option("--enclosed-nakade", options->enclosedNakade,
                  "The largest self-atari chain (2 to 4 stones; 4 only in a square or a T) "
                  "the playouts and the tree's priors may make inside a space the opponent "
                  "encloses, a nakade (default 0: off)")
      ->check(CLI::Range(0, 4));
  cmd->add_flag("--fight-kos", options->fightKos,
                "The playouts fight kos: after a ko capture whose ban is lifted (within three "
                "moves), the capturer connects or the other side takes back (default: off)");
  cmd->add_option("--nakade-vital", options->nakadeVital,
                  "How often (of 256) the playouts play the vital point of the last mover's "
                  "eye space of three to five points next to the last move (a straight or "
                  "bent three, a T four, a bulky or crossed five; default 0: off)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--self-atari-redirect", options->selfAtariRedirect,
                  "How often (of 256) the playouts' random move, rejected as a bad self-atari "
                  "next to an opponent chain of two liberties, is played at that chain's other "
                  "liberty instead (Pachi's redirect; default 0: off)")
      ->check(CLI::Range(0, 256));
  cmd->add_option("--fill-board-tries", options->fillBoardTries,
                  "Before answering the last move, the playouts play the first of this many "
                  "random points that is empty with its eight neighbours (default 0: off)")
      ->check(CLI::Range(0, 64));
  cmd->add_option("--random-candidates", options->randomCandidates,
                  "The playouts' random moves: draw this many acceptable points and play one "
                  "in proportion to its learned 3x3 strength (default 1: uniformly)")
      ->check(CLI::Range(1, bot::kMostRandomCandidates));
  cmd->add_option("--learned-pattern-min", options->learnedPatternMin,
                  "With --playout-patterns learned: the least strength of a candidate")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--rave-equivalence", options->raveEquivalence,
                  "The visits at which a move's own results weigh as much as its RAVE "
                  "(all-moves-as-first) results (default 3000)")
      ->check(CLI::Range(1.0, 1e7));
  cmd->add_option("--expand-after", options->expandAfter,
                  "Real visits before a leaf of the tree gets children (default 2)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--widen-factor", options->wideningFactor,
                  "With --widen: a node considers one more move each time its visits grow by "
                  "this factor (default 1.2)")
      ->check(CLI::Range(1.01, 10.0));
  cmd->add_option("--tree-share", options->treeShare,
                  "Size the search's node pool for this share of the board's points at each "
                  "expansion (default 0.5, which most searches from an open board fill)")
      ->check(CLI::Range(0.05, 2.0));
  cmd->add_flag("--dynamic-komi", options->dynamicKomi,
                "In handicap games on 13x13 and larger, search as if White had 7 points a "
                "handicap stone more, less with every move (docs/strength.md)");
  cmd->callback([options, &exitCode] { exitCode = runGtp(*options); });
}

}  // namespace tengen::cli
