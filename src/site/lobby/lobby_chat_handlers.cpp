// LobbyChat::install: the lobby chat's messages (docs/protocol.md, "Lobby chat"); the rest of
// the class is in lobby_chat.cpp.
#include "game/command.h"
#include "site/lobby/lobby_chat.h"
#include "site/rooms/game_handlers.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

void LobbyChat::install(server::MessageHandlers& handlers) {
  handlers.add("lobby_chat_subscribe",
               rateLimited([this](SessionContext& session, const json::object& m) -> HandlerResult {
                 join(session.sessionId, session.user ? session.user->id : 0, session.send,
                      m.at("id"));
                 return std::nullopt;
               }));
  handlers.add("lobby_chat_unsubscribe",
               rateLimited([this](SessionContext& session, const json::object&) -> HandlerResult {
                 leave(session.sessionId);
                 return json::object{{"type", "ok"}};
               }));
  handlers.add(
      "lobby_chat",
      rateLimited([this](SessionContext& session, const json::object& m) -> HandlerResult {
        if (!session.user) {
          return std::unexpected(handlerError("not_logged_in", "log in first"));
        }
        // The game chat's own text checks: not blank, at most 500 characters.
        game::Command decoded = game::decodeCommand(game::CommandKind::Chat, m);
        if (decoded.malformed) {
          return std::unexpected(handlerError(decoded.malformed->code, decoded.malformed->message));
        }
        auto refused = say(*session.user, std::move(std::get<game::ChatArgs>(decoded.args).text),
                           session.send, m.at("id"));
        if (refused) return std::unexpected(*refused);
        return std::nullopt;
      }));
  handlers.onSessionClose([this](SessionContext& session) { leave(session.sessionId); });
  if (context_.bus) {
    subscription_ = context_.bus->subscribe(
        kLobbyChatChannel, [this](std::string_view message) { received(message); });
  }
}

}  // namespace tengen::site
