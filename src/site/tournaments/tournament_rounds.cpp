// TournamentService's rounds (tournament_service.h): paired first and shown to everyone, edited
// by a director while pending, then started, by a director or at the round's time, opening
// every game at once. The rest of the service is in tournament_service.cpp.
#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include <algorithm>
#include <utility>
#include <vector>

#include "base/log.h"
#include "go/handicap.h"
#include "go/rules.h"
#include "site/cluster/cluster.h"
#include "site/lobby/turn_board.h"
#include "site/tournaments/tournament_errors.h"
#include "site/tournaments/tournament_game.h"
#include "site/tournaments/tournament_json.h"
#include "site/tournaments/tournament_service.h"
#include "tournament/director_edits.h"
#include "tournament/next_round.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

constexpr int kRoundsScanLimit = 1000;

std::string roundLabel(int round) { return "round " + std::to_string(round); }

// The edited round's games as the store's boards (byes are not edited: they keep their rows).
std::vector<store::TournamentBoard> editedBoards(const TournamentState& s, int round,
                                                 const tournament::Round& edited) {
  std::vector<store::TournamentBoard> boards;
  for (const tournament::Pairing& p : edited.games) {
    boards.push_back(store::TournamentBoard{round, p.board, s.userOf(p.black), s.userOf(p.white),
                                            p.handicap, p.komi, 0, "", false, 0});
  }
  return boards;
}

}  // namespace

bool TournamentService::runsHere(int64_t id) {
  if (!context_.cluster) return true;
  auto taken = context_.store.takeTournament(id, context_.cluster->node(), nowMs());
  if (!taken) return (void)tournamentStoreFailed(taken.error()), false;
  return *taken;
}

std::expected<int, server::HandlerError> TournamentService::pairNext(const TournamentState& s) {
  const int64_t id = s.stored.row.id;
  if (s.stored.row.status == "finished")
    return tournamentRefusal("finished", tournamentLabel(id) + " has ended");
  if (s.hasPendingRound()) {
    return tournamentRefusal("round_paired",
                             roundLabel(s.roundsPaired()) + " is paired and waits to start");
  }
  if (!s.lastRoundDone()) {
    return tournamentRefusal("round_in_play",
                             roundLabel(s.roundsPaired()) + " still has games without a result");
  }
  if (s.roundsPaired() >= s.config.engine.rounds) {
    return tournamentRefusal(
        "finished", "all " + std::to_string(s.config.engine.rounds) + " rounds have been paired");
  }
  // Round 1 pairs those who checked in; every round leaves out those who withdrew.
  std::vector<tournament::PlayerId> absent;
  for (std::size_t p = 0; p < s.stored.entrants.size(); ++p) {
    const store::TournamentEntrant& e = s.stored.entrants[p];
    if (e.withdrawn || (s.roundsPaired() == 0 && !e.checkedIn)) {
      absent.push_back(static_cast<tournament::PlayerId>(p));
    }
  }
  if (s.stored.entrants.size() - absent.size() < 2) {
    return tournamentRefusal("too_few_players", "a round needs at least two players checked in");
  }
  auto round = tournament::pairNextRound(s.engine, absent);
  if (!round) return tournamentRefusal("cannot_pair", round.error().message);
  const int number = s.roundsPaired() + 1;
  std::vector<store::TournamentBoard> boards;
  // A small board holds fewer fixed handicap stones than the policy may give (7x7 and even sizes:
  // 4): the board gets what its game can place, and the standings count what was played.
  const int mostStones = go::maxFixedHandicap(s.config.size);
  for (const tournament::Pairing& p : round->games) {
    boards.push_back(store::TournamentBoard{
        number, p.board, s.userOf(p.black), s.userOf(p.white),
        p.handicap >= 2 ? std::min(p.handicap, mostStones) : p.handicap, p.komi, 0, "", false, 0});
  }
  int board = static_cast<int>(boards.size());
  for (tournament::PlayerId bye : round->byes) {
    boards.push_back(
        store::TournamentBoard{number, ++board, s.userOf(bye), 0, 0, 0, 0, "", false, 0});
  }
  auto created = context_.store.createTournamentRound(id, boards);
  if (!created) return tournamentStoreFailed(created.error());
  if (!*created) return tournamentRefusal("round_paired", roundLabel(number) + " is paired");
  // Registration closes with round 1's pairing.
  if (s.stored.row.status != "running") {
    if (auto ok = context_.store.updateTournamentStatus(id, "running"); !ok) {
      return tournamentStoreFailed(ok.error());
    }
  }
  log::info("tournament_round_paired",
            {{"tournament", id}, {"round", number}, {"games", round->games.size()}});
  return number;
}

std::expected<void, server::HandlerError> TournamentService::startPaired(int64_t id, int round) {
  auto started = context_.store.startTournamentRound(id, round);
  if (!started) return tournamentStoreFailed(started.error());
  if (!*started) return tournamentRefusal("round_started", roundLabel(round) + " has started");
  log::info("tournament_round_started", {{"tournament", id}, {"round", round}});
  auto state = load(id);
  if (state && *state) openGames(**state, round);
  return {};
}

TournamentAnswer TournamentService::pairRound(const TournamentActor& actor, int64_t id) {
  std::lock_guard lock(mutex_);
  auto state = directedBy(actor, id);
  if (!state) return std::unexpected(state.error());
  if (auto paired = pairNext(*state); !paired) return std::unexpected(paired.error());
  return answer(id);
}

TournamentAnswer TournamentService::startRound(const TournamentActor& actor, int64_t id) {
  std::lock_guard lock(mutex_);
  auto state = directedBy(actor, id);
  if (!state) return std::unexpected(state.error());
  int round = state->roundsPaired();
  if (!state->hasPendingRound()) {
    auto paired = pairNext(*state);
    if (!paired) return std::unexpected(paired.error());
    round = *paired;
  }
  if (auto started = startPaired(id, round); !started) return std::unexpected(started.error());
  return answer(id);
}

TournamentAnswer TournamentService::editPairing(const TournamentActor& actor, int64_t id,
                                                const PairingEdit& edit) {
  std::lock_guard lock(mutex_);
  auto state = directedBy(actor, id);
  if (!state) return std::unexpected(state.error());
  const TournamentState& s = *state;
  if (!s.hasPendingRound()) {
    return tournamentRefusal("no_pending_round",
                             "no round is paired and waiting to start: pair the next round first");
  }
  const int round = s.roundsPaired();
  const tournament::Round& pending = s.engine.rounds.back();
  Result<tournament::Round> edited = std::unexpected(Error{});
  switch (edit.kind) {
    case PairingEditKind::SwapColours:
      edited = tournament::swapColours(pending, edit.board);
      break;
    case PairingEditKind::Repair:
      edited = tournament::repairBoards(pending, edit.board, edit.otherBoard);
      break;
    case PairingEditKind::Handicap: {
      const int most = go::maxFixedHandicap(s.config.size);
      if (edit.handicap >= 2 && edit.handicap > most) {
        return tournamentRefusal("bad_request", "a " + std::to_string(s.config.size) + "x" +
                                                    std::to_string(s.config.size) +
                                                    " board holds at most " + std::to_string(most) +
                                                    " handicap stones");
      }
      if (!go::checkKomi(edit.komi))
        return tournamentRefusal("bad_request", "komi must be a whole or half number");
      edited = tournament::setHandicap(pending, edit.board, edit.handicap, edit.komi);
      break;
    }
  }
  if (!edited) return tournamentRefusal("bad_request", edited.error().message);
  auto written = context_.store.editTournamentBoards(id, editedBoards(s, round, *edited));
  if (!written) return tournamentStoreFailed(written.error());
  if (!*written) return tournamentRefusal("round_started", roundLabel(round) + " has started");
  log::info("tournament_pairing_edited",
            {{"tournament", id}, {"round", round}, {"board", edit.board}, {"user", actor.id}});
  return answer(id);
}

void TournamentService::openGames(const TournamentState& state, int round) {
  const int64_t id = state.stored.row.id;
  for (const store::TournamentBoard& b : state.stored.boards) {
    if (b.round != round || b.white == 0 || b.game != 0 || !b.result.empty()) continue;
    if (b.openingMs != 0) continue;  // claimed already: its opener (or resume()) opens it
    auto claimed = context_.store.claimTournamentBoard(id, round, b.board, nowMs());
    if (!claimed) {
      (void)tournamentStoreFailed(claimed.error());
      continue;
    }
    if (*claimed) openBoard(state, b, false);
  }
}

void TournamentService::openBoard(const TournamentState& state, const store::TournamentBoard& b,
                                  bool resuming) {
  const int64_t id = state.stored.row.id;
  const int round = b.round;
  const int board = b.board;
  const auto& black = state.stored.entrants[*state.playerOf(b.black)];
  const auto& white = state.stored.entrants[*state.playerOf(b.white)];
  if (resuming) {
    // The stop may have come after the game was created and before its board recorded it: that
    // game is the board's Black's own table, created after the claim, which no board names.
    for (const game::GameStatus status : {game::GameStatus::Open, game::GameStatus::Playing}) {
      auto games = context_.store.listGames(status, -1);
      if (!games) return (void)tournamentStoreFailed(games.error());
      for (const game::GameSettings& g : *games) {
        if (g.ownerUserId != black.user || g.blackUserId != black.user ||
            g.createdMs < b.openingMs || (g.whiteUserId != 0 && g.whiteUserId != white.user)) {
          continue;
        }
        auto other = context_.store.tournamentBoardOfGame(g.id);
        if (!other || *other) continue;
        log::info("tournament_game_found", {{"tournament", id}, {"round", round}, {"game", g.id}});
        if (auto ok = context_.store.setTournamentBoardGame(id, round, board, g.id); !ok) {
          return (void)tournamentStoreFailed(ok.error());
        }
        if (g.whiteUserId != 0) return boardOpened(id, round, board, g.id);
        seatTournamentWhite(
            context_, g.id, game::Player{white.user, white.name}, [](int64_t) {},
            [id, round, board](std::string message) {
              log::error(
                  "tournament_game_failed",
                  {{"tournament", id}, {"round", round}, {"board", board}, {"error", message}});
            });
        return;
      }
    }
  }
  openTournamentGame(
      context_, state.config, b, game::Player{black.user, black.name},
      game::Player{white.user, white.name},
      [this, id, round, board](int64_t game) {
        // On the blocking pool, before White sits: from now on a restart finds the game.
        if (auto ok = context_.store.setTournamentBoardGame(id, round, board, game); !ok) {
          log::error("tournament_board_game_failed",
                     {{"tournament", id}, {"game", game}, {"error", ok.error().toString()}});
        }
      },
      [this, id, round, board](int64_t game) {
        boost::asio::post(context_.blocking,
                          [this, id, round, board, game] { boardOpened(id, round, board, game); });
      },
      [id, round, board](std::string message) {
        log::error("tournament_game_failed",
                   {{"tournament", id}, {"round", round}, {"board", board}, {"error", message}});
      });
}

void TournamentService::boardOpened(int64_t id, int round, int board, int64_t game) {
  if (game == 0) return;
  auto ref = context_.store.tournamentBoardOfGame(game);
  if (ref && !*ref) {
    if (auto ok = context_.store.setTournamentBoardGame(id, round, board, game); !ok) {
      log::error("tournament_board_game_failed",
                 {{"tournament", id}, {"game", game}, {"error", ok.error().toString()}});
      return;
    }
  }
  // A game that ended before its board knew it was not heard by gameEnded.
  auto row = context_.store.loadGame(game);
  if (row && *row && (*row)->settings.status == game::GameStatus::Finished) {
    gameEnded(game, (*row)->settings.result);
    return;
  }
  auto state = load(id);
  if (!state || !*state || !context_.turns) return;
  const TournamentState& s = **state;
  for (const store::TournamentBoard& b : s.stored.boards) {
    if (b.round != round || b.board != board || b.white == 0) continue;
    const auto nameOf = [&](int64_t user) {
      const auto player = s.playerOf(user);
      return player ? s.stored.entrants[*player].name : std::string();
    };
    const store::TournamentGameInPlay opened{
        id, s.config.name, round, board, game, b.black, nameOf(b.black), b.white, nameOf(b.white)};
    // Both players hear of it wherever they are on the site (docs/protocol.md).
    for (const int64_t user : {b.black, b.white}) {
      json::object notice = tournamentGameJson(opened, user);
      notice.emplace("type", "tournament_game");
      context_.turns->notify(user, notice);
    }
  }
}

void TournamentService::resume() {
  auto rows = context_.store.listTournaments(kRoundsScanLimit);
  if (!rows) return (void)tournamentStoreFailed(rows.error());
  for (const store::TournamentRow& row : *rows) {
    if (row.status != "running") continue;
    auto state = load(row.id);
    if (!state || !*state) continue;
    for (const store::TournamentBoard& b : (*state)->stored.boards) {
      if (b.game == 0 || !b.result.empty()) continue;
      auto game = context_.store.loadGame(b.game);
      if (game && *game && (*game)->settings.status == game::GameStatus::Finished) {
        gameEnded(b.game, (*game)->settings.result);
      }
    }
    const int started = (*state)->roundsStarted();
    if (started == 0 || !runsHere(row.id)) continue;
    for (const store::TournamentBoard& b : (*state)->stored.boards) {
      if (b.round == started && b.white != 0 && b.game == 0 && b.result.empty() &&
          b.openingMs != 0) {
        openBoard(**state, b, true);
      }
    }
    openGames(**state, started);
  }
}

void TournamentService::startDueRounds(int64_t now) {
  auto rows = context_.store.listTournaments(kRoundsScanLimit);
  if (!rows) return (void)tournamentStoreFailed(rows.error());
  for (const store::TournamentRow& row : *rows) {
    if (row.status == "finished") continue;
    // The head row says whether a round is due: only then is the whole tournament read.
    json::error_code ec;
    const json::value settings = json::parse(row.settings, ec);
    if (ec || !settings.is_object()) continue;
    auto config = tournamentConfigFromJson(settings.get_object());
    if (!config) continue;
    const int64_t due = config->startMsOf(row.roundsStarted + 1);
    if (due == 0 || due > now) continue;
    auto state = load(row.id);
    if (!state || !*state) continue;
    const TournamentState& s = **state;
    const int next = s.roundsStarted() + 1;
    const int64_t at = s.config.startMsOf(next);
    if (next > s.config.engine.rounds || at == 0 || at > now || !s.startedRoundsDone()) continue;
    if (!runsHere(row.id)) continue;
    std::lock_guard lock(mutex_);
    // Read again under the lock: a director may have paired or started it meanwhile.
    auto fresh = load(row.id);
    if (!fresh || !*fresh || (*fresh)->roundsStarted() + 1 != next) continue;
    int round = next;
    if (!(*fresh)->hasPendingRound()) {
      auto paired = pairNext(**fresh);
      if (!paired) {
        // Logged once per round: the tick comes back every second.
        if (unpairable_.insert({row.id, next}).second) {
          log::warn("tournament_round_not_paired",
                    {{"tournament", row.id}, {"round", next}, {"error", paired.error().message}});
        }
        continue;
      }
      round = *paired;
    }
    if (auto started = startPaired(row.id, round); !started) {
      log::warn("tournament_round_not_started",
                {{"tournament", row.id}, {"round", round}, {"error", started.error().message}});
    }
  }
}

}  // namespace tengen::site
