#include "site/tournaments/tournament_handlers.h"

#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>

#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "site/rooms/game_handlers.h"
#include "site/site_messages.h"
#include "site/tournaments/tournament_service.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

constexpr std::size_t kMaxTournamentNameField = 40;
constexpr std::size_t kMaxTournamentRankField = 20;
constexpr int64_t kMaxTournamentBoard = 10000;
// A player list fits one WebSocket message (64 KiB): some 1,000 players.
constexpr std::size_t kMaxTournamentCsvField = 60000;

using TournamentAction =
    std::function<TournamentAnswer(TournamentService&, const TournamentActor&)>;

std::unexpected<server::HandlerError> tournamentBadRequest(std::string message) {
  return std::unexpected(handlerError("bad_request", std::move(message)));
}

// A required positive whole number field.
std::expected<int64_t, server::HandlerError> tournamentIdField(const json::object& m,
                                                               const char* field) {
  const json::value* v = m.if_contains(field);
  if (!v || !v->is_int64() || v->as_int64() < 1) {
    return tournamentBadRequest(std::string(field) + " must be a whole number from 1");
  }
  return v->as_int64();
}

// A text field of at most `most` bytes; "" when absent and not required.
std::expected<std::string, server::HandlerError> tournamentTextField(const json::object& m,
                                                                     const char* field,
                                                                     std::size_t most,
                                                                     bool required) {
  const json::value* v = m.if_contains(field);
  if (!v || v->is_null()) {
    if (required) return tournamentBadRequest(std::string(field) + " is required");
    return std::string();
  }
  if (!v->is_string() || v->get_string().size() > most || (required && v->get_string().empty())) {
    return tournamentBadRequest(std::string(field) + " must be text of at most " +
                                std::to_string(most) + " bytes");
  }
  return std::string(v->get_string());
}

// Checks the sender, then runs `action` on the blocking pool and sends its answer.
HandlerResult runTournamentAction(SiteContext& context, TournamentService& service,
                                  SessionContext& session, const json::object& message,
                                  TournamentAction action) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  if (session.user->guest) {
    return std::unexpected(
        handlerError("registered_only", "tournaments are for registered accounts"));
  }
  const json::value* id = message.if_contains("id");
  boost::asio::post(context.blocking,
                    [&service, action = std::move(action), send = session.send,
                     id = id ? *id : json::value(nullptr),
                     actor = TournamentActor{session.user->id, session.user->name}] {
                      auto answer = action(service, actor);
                      send(answer ? replyMessage(*answer, id)
                                  : errorMessage(id, answer.error().code, answer.error().message));
                    });
  return std::nullopt;
}

// A message whose fields are read first, then acted on.
using TournamentParser =
    std::function<std::expected<TournamentAction, server::HandlerError>(const json::object&)>;

void addTournamentMessage(server::MessageHandlers& handlers, SiteContext& context,
                          TournamentService& service, const char* type, TournamentParser parse) {
  handlers.add(type, rateLimited([&context, &service, parse = std::move(parse)](
                                     SessionContext& session, const json::object& message) {
                 auto action = parse(message);
                 if (!action) return HandlerResult(std::unexpected(action.error()));
                 return runTournamentAction(context, service, session, message, std::move(*action));
               }));
}

// The actions that take the tournament alone.
template <typename Method>
TournamentParser onTournament(Method method) {
  return [method](const json::object& m) -> std::expected<TournamentAction, server::HandlerError> {
    auto id = tournamentIdField(m, "tournament");
    if (!id) return std::unexpected(id.error());
    return TournamentAction([method, id = *id](TournamentService& s, const TournamentActor& actor) {
      return (s.*method)(actor, id);
    });
  };
}

// tournament_edit_pairing: {tournament, edit: "swap" | "repair" | "handicap", board,
// otherBoard (repair), handicap and komi (handicap)}.
std::expected<TournamentAction, server::HandlerError> parsePairingEdit(const json::object& m) {
  auto id = tournamentIdField(m, "tournament");
  if (!id) return std::unexpected(id.error());
  auto board = tournamentIdField(m, "board");
  if (!board) return std::unexpected(board.error());
  if (*board > kMaxTournamentBoard) return tournamentBadRequest("board is out of range");
  PairingEdit edit;
  edit.board = static_cast<int>(*board);
  const json::value* kind = m.if_contains("edit");
  const std::string_view name =
      kind && kind->is_string() ? std::string_view(kind->get_string()) : std::string_view();
  if (name == "swap") {
    edit.kind = PairingEditKind::SwapColours;
  } else if (name == "repair") {
    edit.kind = PairingEditKind::Repair;
    auto other = tournamentIdField(m, "otherBoard");
    if (!other) return std::unexpected(other.error());
    if (*other > kMaxTournamentBoard) return tournamentBadRequest("otherBoard is out of range");
    edit.otherBoard = static_cast<int>(*other);
  } else if (name == "handicap") {
    edit.kind = PairingEditKind::Handicap;
    const json::value* stones = m.if_contains("handicap");
    if (!stones || !stones->is_int64() || stones->as_int64() < 0 || stones->as_int64() > 9) {
      return tournamentBadRequest("handicap must be a whole number of stones from 0 to 9");
    }
    edit.handicap = static_cast<int>(stones->as_int64());
    const json::value* komi = m.if_contains("komi");
    if (!komi || !komi->is_number()) return tournamentBadRequest("komi must be a number");
    edit.komi = komi->to_number<double>();
  } else {
    return tournamentBadRequest("edit must be \"swap\", \"repair\" or \"handicap\"");
  }
  return TournamentAction([id = *id, edit](TournamentService& s, const TournamentActor& a) {
    return s.editPairing(a, id, edit);
  });
}

}  // namespace

void addTournamentHandlers(server::MessageHandlers& handlers, SiteContext& context,
                           TournamentService& service) {
  addTournamentMessage(
      handlers, context, service, "tournament_create",
      [](const json::object& m) -> std::expected<TournamentAction, server::HandlerError> {
        return TournamentAction(
            [m](TournamentService& s, const TournamentActor& actor) { return s.create(actor, m); });
      });
  addTournamentMessage(
      handlers, context, service, "tournament_join",
      [](const json::object& m) -> std::expected<TournamentAction, server::HandlerError> {
        auto id = tournamentIdField(m, "tournament");
        if (!id) return std::unexpected(id.error());
        auto rank = tournamentTextField(m, "rank", kMaxTournamentRankField, false);
        if (!rank) return std::unexpected(rank.error());
        return TournamentAction(
            [id = *id, rank = *rank](TournamentService& s, const TournamentActor& a) {
              return s.join(a, id, rank);
            });
      });
  addTournamentMessage(handlers, context, service, "tournament_withdraw",
                       onTournament(&TournamentService::withdraw));
  addTournamentMessage(handlers, context, service, "tournament_check_in",
                       onTournament(&TournamentService::checkIn));
  addTournamentMessage(
      handlers, context, service, "tournament_games",
      [](const json::object&) -> std::expected<TournamentAction, server::HandlerError> {
        return TournamentAction(
            [](TournamentService& s, const TournamentActor& a) { return s.gamesInPlay(a); });
      });
  addTournamentMessage(handlers, context, service, "tournament_pair_round",
                       onTournament(&TournamentService::pairRound));
  addTournamentMessage(handlers, context, service, "tournament_start_round",
                       onTournament(&TournamentService::startRound));
  addTournamentMessage(handlers, context, service, "tournament_edit_pairing", parsePairingEdit);
  addTournamentMessage(
      handlers, context, service, "tournament_import_players",
      [](const json::object& m) -> std::expected<TournamentAction, server::HandlerError> {
        auto id = tournamentIdField(m, "tournament");
        if (!id) return std::unexpected(id.error());
        auto csv = tournamentTextField(m, "csv", kMaxTournamentCsvField, true);
        if (!csv) return std::unexpected(csv.error());
        return TournamentAction(
            [id = *id, csv = *csv](TournamentService& s, const TournamentActor& a) {
              return s.importPlayers(a, id, csv);
            });
      });
  addTournamentMessage(
      handlers, context, service, "tournament_add_player",
      [](const json::object& m) -> std::expected<TournamentAction, server::HandlerError> {
        auto id = tournamentIdField(m, "tournament");
        if (!id) return std::unexpected(id.error());
        auto name = tournamentTextField(m, "name", kMaxTournamentNameField, true);
        if (!name) return std::unexpected(name.error());
        auto rank = tournamentTextField(m, "rank", kMaxTournamentRankField, true);
        if (!rank) return std::unexpected(rank.error());
        return TournamentAction(
            [id = *id, name = *name, rank = *rank](TournamentService& s, const TournamentActor& a) {
              return s.addPlayer(a, id, name, rank);
            });
      });
  for (const bool director : {false, true}) {
    addTournamentMessage(
        handlers, context, service,
        director ? "tournament_add_director" : "tournament_remove_player",
        [director](const json::object& m) -> std::expected<TournamentAction, server::HandlerError> {
          auto id = tournamentIdField(m, "tournament");
          if (!id) return std::unexpected(id.error());
          auto name = tournamentTextField(m, "name", kMaxTournamentNameField, true);
          if (!name) return std::unexpected(name.error());
          return TournamentAction(
              [director, id = *id, name = *name](TournamentService& s, const TournamentActor& a) {
                return director ? s.addDirector(a, id, name) : s.removePlayer(a, id, name);
              });
        });
  }
  addTournamentMessage(
      handlers, context, service, "tournament_set_result",
      [](const json::object& m) -> std::expected<TournamentAction, server::HandlerError> {
        auto id = tournamentIdField(m, "tournament");
        if (!id) return std::unexpected(id.error());
        auto round = tournamentIdField(m, "round");
        if (!round) return std::unexpected(round.error());
        auto board = tournamentIdField(m, "board");
        if (!board) return std::unexpected(board.error());
        auto result = tournamentTextField(m, "result", 8, true);
        if (!result) return std::unexpected(result.error());
        if (*round > 100 || *board > 10000)
          return tournamentBadRequest("round or board out of range");
        return TournamentAction([id = *id, round = static_cast<int>(*round),
                                 board = static_cast<int>(*board),
                                 result = *result](TournamentService& s, const TournamentActor& a) {
          return s.setResult(a, id, round, board, result);
        });
      });
}

}  // namespace tengen::site
