#pragma once

#include <functional>
#include <string>

#include "base/result.h"
#include "gnugo/gtp_peer.h"
#include "gnugo/random_mover.h"
#include "gnugo/snapshot.h"
#include "go/game.h"
#include "go/rules.h"

namespace tengen::testing {

// $TENGEN_GNUGO if set, else Debian's /usr/games/gnugo.
std::string gnugoPath();
// GNU Go in GTP mode under `rules`' ko and suicide dimensions (--simple-ko,
// --positional-superko, --situational-superko; --forbid-suicide, or --allow-suicide:
// multi-stone suicide only, as tengen's suicide=allowed). When it is missing the error
// says how to install it.
Result<GtpPeer> startGnugo(const go::Rules& rules);

// The rules tengen plays under: igs, whose territory scoring does not matter here, with
// cycles=allowed so a random game that repeats a ko is never voided, and the given ko and
// suicide dimensions (simple ko, suicide forbidden unless told).
go::Rules comparedRules(go::KoRule ko = go::KoRule::Simple,
                        go::SuicideRule suicide = go::SuicideRule::Forbidden);

// What a run compared, for the summary line and for checks that the run was meaningful.
struct Tally {
  long games = 0;
  long moves = 0;               // moves and passes played on both engines
  long undos = 0;               // moves taken back on both engines
  long pointsCompared = 0;      // board points compared, for both colours' legality
  long koBans = 0;              // positions with a simple-ko ban in force
  long suicidePoints = 0;       // empty points that were suicide for the side to move
  long suicidesPlayed = 0;      // multi-stone suicides played (suicide=allowed only)
  long superkoPoints = 0;       // empty points refused by superko only, for the side to move
  long gnugoSuicideQuirks = 0;  // superko suicides GNU Go wrongly allows (see referee.cpp)
  long refusalsChecked = 0;     // `play` commands GNU Go was expected to refuse
  std::string toString() const;
};

// One tengen go::Game and one GNU Go process kept in the same position. Every failure is
// an Error whose message holds the report (diagrams of both sides) and the game so far
// in GTP form, enough to reproduce it by hand.
class Referee {
 public:
  // `rules` must be those GNU Go was started with.
  Referee(GtpPeer& gnugo, Tally& tally, go::Rules rules = comparedRules())
      : gnugo_(gnugo), tally_(tally), rules_(rules) {}

  // boardsize + clear_board on GNU Go, a fresh Game on tengen.
  Result<void> newGame(int size);
  // fixed_handicap on both, right after newGame; an error if they differ in the stones
  // placed or in whether n is refused.
  Result<void> fixedHandicap(int n);
  // Plays `m` on both engines (tengen must find it legal), then compares snapshots.
  Result<void> playAndCompare(go::Move m);
  // `undo` on both engines, then compares snapshots. Precondition: a move was played.
  Result<void> undoAndCompare();
  // Compares the current snapshots of both engines.
  Result<void> compare();
  // Whether GNU Go accepts `play` of `m` here; an accepted move is taken back with
  // `undo`. tengen's game is left alone.
  Result<bool> gnugoAccepts(go::Move m);

  const go::Game& game() const { return game_; }
  // "boardsize 9, fixed_handicap 2, moves: B D4 W C3 B pass" for the failure report.
  std::string transcript() const;
  // An error carrying `what` and the transcript.
  std::unexpected<Error> failure(const std::string& what) const;

 private:
  Result<void> compareWith(const std::vector<GtpReply>& replies);
  // Marks in tengen's snapshot the points where GNU Go is known to answer wrongly.
  void allowGnugoSuicideQuirk(Snapshot& mine);

  GtpPeer& gnugo_;
  Tally& tally_;
  go::Rules rules_;
  go::Game game_{9, rules_};
  int handicap_ = 0;
};

// Plays random moves from the current position on both engines, comparing after each,
// until two consecutive passes end it (see MovePolicy::resumePercent) or after
// `maxMoves` steps. `beforeMove`, if given, runs at every position before the move is
// chosen (the illegal-move checks hook in there).
Result<void> playRandomGame(Referee& referee, go::Random& rng, const MovePolicy& policy,
                            int maxMoves,
                            const std::function<Result<void>(Referee&)>& beforeMove = {});

}  // namespace tengen::testing
