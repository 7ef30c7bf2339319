#include "gnugo/referee.h"

#include <unistd.h>
#include <cstdlib>
#include <utility>

#include "go/handicap.h"

namespace tengen::testing {

std::string gnugoPath() {
  const char* path = std::getenv("TENGEN_GNUGO");
  return path && *path ? path : "/usr/games/gnugo";
}

Result<GtpPeer> startGnugo(const go::Rules& rules) {
  const std::string path = gnugoPath();
  // The CI installs GNU Go, so a missing one is a broken setup to fail on, not to skip.
  if (access(path.c_str(), X_OK) != 0) {
    return fail("GNU Go not found at " + path +
                "; install it with `apt-get install gnugo` (or set TENGEN_GNUGO)");
  }
  const char* koFlag = rules.ko == go::KoRule::Simple       ? "--simple-ko"
                       : rules.ko == go::KoRule::Positional ? "--positional-superko"
                                                            : "--situational-superko";
  const char* suicideFlag = rules.allowsSuicide() ? "--allow-suicide" : "--forbid-suicide";
  auto peer = GtpPeer::start({path, "--mode", "gtp", koFlag, suicideFlag});
  if (!peer) return peer;
  auto version = peer->expectOk("version");
  if (!version) return fail("GNU Go does not answer GTP: " + version.error().toString());
  return peer;
}

go::Rules comparedRules(go::KoRule ko, go::SuicideRule suicide) {
  go::Rules rules = go::Rules::fromPreset(go::Preset::Igs);
  rules.cycles = go::CycleRule::Allowed;
  rules.ko = ko;
  rules.suicide = suicide;
  return rules;
}

std::string Tally::toString() const {
  // Only what the run exercised: a zero line is noise in the test log.
  const std::pair<const char*, long> fields[] = {
      {"games", games},
      {"moves", moves},
      {"undos", undos},
      {"points_compared", pointsCompared},
      {"ko_bans", koBans},
      {"suicide_points", suicidePoints},
      {"suicides_played", suicidesPlayed},
      {"superko_points", superkoPoints},
      {"gnugo_suicide_quirks", gnugoSuicideQuirks},
      {"refusals_checked", refusalsChecked},
  };
  std::string out;
  for (const auto& [name, value] : fields) {
    if (value == 0) continue;
    if (!out.empty()) out += ' ';
    out += std::string(name) + "=" + std::to_string(value);
  }
  return out;
}

Result<void> Referee::newGame(int size) {
  const std::string sizeText = std::to_string(size);
  auto replies = gnugo_.sendAll({"boardsize " + sizeText, "clear_board"});
  if (!replies) return std::unexpected(replies.error());
  for (const auto& r : *replies) {
    if (!r.ok) return fail("GNU Go refuses board size " + sizeText + ": " + r.text);
  }
  game_ = go::Game(size, rules_);
  handicap_ = 0;
  ++tally_.games;
  return {};
}

Result<void> Referee::fixedHandicap(int n) {
  const go::Geometry& g = game_.geometry();
  const auto mine = go::fixedHandicap(game_.size(), n);
  auto reply = gnugo_.send("fixed_handicap " + std::to_string(n));
  if (!reply) return std::unexpected(reply.error());
  const std::string where = "fixed_handicap " + std::to_string(n) + " on " +
                            std::to_string(game_.size()) + "x" + std::to_string(game_.size());
  if (!mine && !reply->ok) return {};
  if (!mine) return fail("tengen refuses, gnugo places " + reply->text, where);
  go::PointSet mineSet;
  for (go::Point p : *mine) mineSet.insert(p);
  if (!reply->ok) {
    return fail("gnugo refuses (" + reply->text + "), tengen places " + formatVertices(g, mineSet),
                where);
  }
  auto theirs = parseVertices(g, reply->text);
  if (!theirs) return fail(theirs.error().message, where);
  if (*theirs != mineSet || static_cast<int>(mine->size()) != n) {
    return fail("tengen places " + formatVertices(g, mineSet) + ", gnugo places " +
                    formatVertices(g, *theirs),
                where);
  }
  if (!game_.placeHandicap(*mine)) return fail("go::Game refuses the stones", where);
  handicap_ = n;
  return {};
}

Result<void> Referee::playAndCompare(go::Move m) {
  const go::Geometry& g = game_.geometry();
  const std::string moveText = std::string(1, go::colorLetter(m.color)) + " " + g.toGtp(m.point);
  const go::MoveVerdict verdict = game_.check(m.color, m.point);
  if (verdict != go::MoveVerdict::Legal) {
    return failure("test bug: tengen refuses " + moveText + " (" + go::verdictName(verdict) + ")");
  }
  std::vector<std::string> commands = {"play " + moveText};
  for (auto& c : snapshotCommands()) commands.push_back(std::move(c));
  auto replies = gnugo_.sendAll(commands);
  if (!replies) return failure(replies.error().toString());
  const Snapshot before = tengenSnapshot(game_);
  if (m.point != go::kPass &&
      game_.board().check(m.point, m.color, false) == go::MoveVerdict::Suicide) {
    ++tally_.suicidesPlayed;
  }
  game_.play(m);
  if (!(*replies)[0].ok) {
    return failure("gnugo refuses " + moveText + " (" + (*replies)[0].text +
                   "), which tengen finds legal; the position before it:\n" + diagram(before));
  }
  ++tally_.moves;
  replies->erase(replies->begin());
  return compareWith(*replies);
}

Result<void> Referee::undoAndCompare() {
  std::vector<std::string> commands = {"undo"};
  for (auto& c : snapshotCommands()) commands.push_back(std::move(c));
  auto replies = gnugo_.sendAll(commands);
  if (!replies) return failure(replies.error().toString());
  if (!game_.undo()) return failure("test bug: tengen has no move to undo");
  if (!(*replies)[0].ok) return failure("gnugo refuses undo: " + (*replies)[0].text);
  ++tally_.undos;
  replies->erase(replies->begin());
  return compareWith(*replies);
}

Result<void> Referee::compare() {
  auto replies = gnugo_.sendAll(snapshotCommands());
  if (!replies) return failure(replies.error().toString());
  return compareWith(*replies);
}

Result<void> Referee::compareWith(const std::vector<GtpReply>& replies) {
  auto theirs = parseSnapshot(game_.size(), replies);
  if (!theirs) return failure("cannot read gnugo's position: " + theirs.error().toString());
  Snapshot mine = tengenSnapshot(game_);
  allowGnugoSuicideQuirk(mine);
  const std::string report = compareSnapshots(mine, *theirs);
  if (!report.empty()) return failure(report);
  const go::Board& board = game_.board();
  // The incremental chains and hash must still match a recount of the stones.
  if (!board.checkInvariants()) return failure("tengen's Board::checkInvariants() fails");
  tally_.pointsCompared += 2L * game_.size() * game_.size();
  if (board.koPoint() != go::kNoPoint) ++tally_.koBans;
  for (int i = 0; i < board.emptyCount(); ++i) {
    const go::Point p = board.emptyAt(i);
    if (board.check(p, game_.toMove(), false) == go::MoveVerdict::Suicide) ++tally_.suicidePoints;
    if (game_.check(game_.toMove(), p) == go::MoveVerdict::Superko) ++tally_.superkoPoints;
  }
  return {};
}

void Referee::allowGnugoSuicideQuirk(Snapshot& mine) {
  if (!rules_.allowsSuicide() || rules_.ko == go::KoRule::Simple) return;
  // GNU Go 3.8 tests superko on the board after placing the stone but before removing a
  // suicided chain (board.c: is_superko_violation -> really_do_trymove -> do_play_move,
  // which "assumes that the move is not a suicide"). That board never occurred, so GNU Go
  // lets every multi-stone suicide through superko, even one that recreates an earlier
  // board. tengen refuses those (Tromp-Taylor: suicide first, then the repetition test),
  // so expect GNU Go's answer there. Reproduction: `boardsize 2`, `play W A1`, `play W
  // B1`, `play W A2`, then `is_legal W B2` answers 1 though B2 empties the board again.
  const go::Board& board = game_.board();
  for (go::Color c : {go::Color::Black, go::Color::White}) {
    go::PointSet& legal = c == go::Color::Black ? mine.legalBlack : mine.legalWhite;
    for (int i = 0; i < board.emptyCount(); ++i) {
      const go::Point p = board.emptyAt(i);
      if (game_.check(c, p) == go::MoveVerdict::Superko &&
          board.check(p, c, false) == go::MoveVerdict::Suicide) {
        legal.insert(p);
        ++tally_.gnugoSuicideQuirks;
      }
    }
  }
}

Result<bool> Referee::gnugoAccepts(go::Move m) {
  const std::string moveText =
      std::string(1, go::colorLetter(m.color)) + " " + game_.geometry().toGtp(m.point);
  auto reply = gnugo_.send("play " + moveText);
  if (!reply) return failure(reply.error().toString());
  if (!reply->ok) {
    // GNU Go gives one message for every kind of illegal move (occupied, suicide, ko).
    if (reply->text != "illegal move") {
      return failure("gnugo: unexpected reply to play " + moveText + ": " + reply->text);
    }
    return false;
  }
  auto undone = gnugo_.expectOk("undo");
  if (!undone) return failure("gnugo cannot undo " + moveText + ": " + undone.error().toString());
  return true;
}

std::string Referee::transcript() const {
  const go::Geometry& g = game_.geometry();
  std::string out = "boardsize " + std::to_string(game_.size()) + ", ";
  if (handicap_ > 0) out += "fixed_handicap " + std::to_string(handicap_) + ", ";
  out += "moves:";
  for (const go::Move& m : game_.moves()) {
    out += ' ';
    out += go::colorLetter(m.color);
    out += ' ' + g.toGtp(m.point);
  }
  return out;
}

std::unexpected<Error> Referee::failure(const std::string& what) const {
  return fail(what + "\nreplay (" + std::to_string(game_.moves().size()) +
              " moves): " + transcript());
}

Result<void> playRandomGame(Referee& referee, go::Random& rng, const MovePolicy& policy,
                            int maxMoves, const std::function<Result<void>(Referee&)>& beforeMove) {
  if (auto r = referee.compare(); !r) return r;
  for (int n = 0; n < maxMoves; ++n) {
    if (referee.game().consecutivePasses() >= 2 &&
        rng.below(100) >= static_cast<unsigned>(policy.resumePercent)) {
      break;
    }
    if (!referee.game().moves().empty() &&
        rng.below(100) < static_cast<unsigned>(policy.undoPercent)) {
      if (auto r = referee.undoAndCompare(); !r) return r;
      continue;
    }
    if (beforeMove) {
      if (auto r = beforeMove(referee); !r) return r;
    }
    if (auto r = referee.playAndCompare(chooseMove(referee.game(), rng, policy)); !r) return r;
  }
  return {};
}

}  // namespace tengen::testing
