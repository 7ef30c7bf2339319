#include "site/vacation/vacation_handlers.h"

#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>

#include "site/rooms/game_handlers.h"
#include "site/site_messages.h"
#include "site/vacation/vacation_service.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

enum class Change { None, Start, End };

json::object statusJson(const VacationStatus& status, int64_t nowMs) {
  return json::object{{"type", "vacation"},
                      {"on", status.on},
                      {"bankMs", status.bankMs},
                      {"endsAtMs", status.endsAtMs ? json::value(*status.endsAtMs) : nullptr},
                      {"serverTimeMs", nowMs}};
}

// The bank is read and written on the blocking pool; the reply goes out from there.
HandlerResult answer(SiteContext& context, VacationService& vacations, SessionContext& session,
                     const json::object& message, Change change) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  if (session.user->guest) {
    return std::unexpected(
        handlerError("registered_only", "vacations are for registered accounts"));
  }
  boost::asio::post(context.blocking, [&vacations, change, userId = session.user->id,
                                       send = session.send, id = message.at("id")] {
    const int64_t now = nowMs();
    auto status = change == Change::Start ? vacations.start(userId, now)
                  : change == Change::End ? vacations.end(userId, now)
                                          : vacations.status(userId, now);
    send(status ? replyMessage(statusJson(*status, now), id)
                : errorMessage(id, status.error().code, status.error().message));
  });
  return std::nullopt;
}

}  // namespace

void addVacationHandlers(server::MessageHandlers& handlers, SiteContext& context,
                         VacationService& vacations) {
  const std::pair<const char*, Change> kinds[] = {{"vacation_status", Change::None},
                                                  {"vacation_start", Change::Start},
                                                  {"vacation_end", Change::End}};
  for (const auto& [type, change] : kinds) {
    handlers.add(
        type, rateLimited([&context, &vacations, change](SessionContext& s, const json::object& m) {
          return answer(context, vacations, s, m, change);
        }));
  }
}

}  // namespace tengen::site
