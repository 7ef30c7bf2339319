#include "site/automatch/automatch_handlers.h"

#include <boost/asio/post.hpp>

#include <utility>

#include "base/log.h"
#include "base/quote_input.h"
#include "go/rules.h"
#include "rating/rank.h"
#include "server/envelope.h"
#include "server/http_message.h"
#include "site/automatch/bot_levels.h"
#include "site/automatch/matchmaker.h"
#include "site/automatch/pair_terms.h"
#include "site/bots/bot_service.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/table_settings.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

std::shared_ptr<const std::string> fieldError(const json::value& id, std::string_view message,
                                              std::string_view field) {
  json::object error = server::makeError("bad_request", message, id);
  error["field"] = field;
  return server::serializeMessage(error);
}

// Automatch and challenges pair people by rating and by name: a guest has neither (a
// generated name, no rating), and plays at open tables instead.
std::optional<server::HandlerError> registeredOnly(const SessionContext& session) {
  if (!session.user) return handlerError("not_logged_in", "log in first");
  if (session.user->guest) {
    return handlerError("registered_only",
                        "automatch and challenges need a registered account; guests play at "
                        "open tables");
  }
  return std::nullopt;
}

struct FindFields {
  int size = 19;
  Speed speed = Speed::Live;
  std::string rules;  // "" = any
  bool handicap = true;
  std::optional<int64_t> botAfterMs;
  std::optional<int> rankRange;
};

// automatch_find's fields; the error names the field.
std::expected<FindFields, std::pair<std::string, std::string>> readFind(const json::object& m) {
  FindFields fields;
  const json::value* size = m.if_contains("size");
  if (!size || !size->is_int64() ||
      (size->get_int64() != 9 && size->get_int64() != 13 && size->get_int64() != 19)) {
    return std::unexpected(
        std::pair{std::string("size"), std::string("\"size\" must be 9, 13 or 19")});
  }
  fields.size = static_cast<int>(size->get_int64());
  const json::value* speed = m.if_contains("speed");
  std::optional<Speed> parsed;
  if (speed && speed->is_string()) parsed = speedFromName(std::string_view(speed->get_string()));
  if (!parsed) {
    return std::unexpected(std::pair{
        std::string("speed"), std::string("\"speed\" must be one of blitz, live, correspondence")});
  }
  fields.speed = *parsed;
  if (const json::value* rules = m.if_contains("rules"); rules && !rules->is_null()) {
    const bool text = rules->is_string() && rules->get_string().size() <= 40;
    if (!text || rules->get_string() != "any") {
      std::optional<go::Rules> parsed;
      if (text) {
        if (auto read = go::Rules::parse(std::string_view(rules->get_string()))) parsed = *read;
      }
      if (!parsed) {
        return std::unexpected(std::pair{
            std::string("rules"),
            std::string("\"rules\" must be \"any\" or a rules preset such as \"japanese\"")});
      }
      fields.rules = std::string(go::presetName(parsed->preset));
    }
  }
  if (const json::value* handicap = m.if_contains("handicap"); handicap && !handicap->is_null()) {
    if (!handicap->is_bool()) {
      return std::unexpected(
          std::pair{std::string("handicap"), std::string("\"handicap\" must be true or false")});
    }
    fields.handicap = handicap->get_bool();
  }
  if (const json::value* bot = m.if_contains("botAfterSeconds"); bot && !bot->is_null()) {
    if (!bot->is_int64() || bot->get_int64() < 1 || bot->get_int64() > 3600) {
      return std::unexpected(std::pair{
          std::string("botAfterSeconds"),
          std::string("\"botAfterSeconds\" must be an integer in 1..3600, or null for never")});
    }
    fields.botAfterMs = bot->get_int64() * 1000;
  }
  if (const json::value* range = m.if_contains("rankRange"); range && !range->is_null()) {
    if (!range->is_int64() || range->get_int64() < 0 || range->get_int64() > 39) {
      return std::unexpected(
          std::pair{std::string("rankRange"),
                    std::string("\"rankRange\" must be an integer in 0..39, or null for any")});
    }
    fields.rankRange = static_cast<int>(range->get_int64());
  }
  return fields;
}

HandlerResult find(SiteContext& context, Matchmaker& matchmaker, SessionContext& session,
                   const json::object& message) {
  if (auto refused = registeredOnly(session)) return std::unexpected(*refused);
  const json::value& id = message.at("id");
  auto fields = readFind(message);
  if (!fields) {
    session.send(fieldError(id, fields.error().second, fields.error().first));
    return std::nullopt;
  }
  SearchRequest request;
  request.userId = session.user->id;
  request.name = session.user->name;
  request.sessionId = session.sessionId;
  request.send = session.send;
  request.size = fields->size;
  request.speed = fields->speed;
  request.entry.rules = fields->rules;
  request.entry.handicapAllowed = fields->handicap;
  request.entry.maxRankDifference = fields->rankRange;
  request.botAfterMs = fields->botAfterMs;
  // The rating and the bot to offer are store reads: on the blocking pool.
  boost::asio::post(
      context.blocking, [&context, &matchmaker, request = std::move(request), id]() mutable {
        auto ratings = context.store.ratingsOf(request.userId);
        if (!ratings) {
          log::error("automatch_rating_failed", {{"user", request.userId}});
          return request.send(errorMessage(id, "store_failed", "the store did not answer"));
        }
        for (const store::CategoryRating& r : *ratings) {
          if (r.category == "overall") {
            request.entry.rating = r.rating;
            request.entry.deviation = r.deviation;
          }
        }
        if (request.botAfterMs) request.bot = nearestBuiltinBot(context, request.entry.rating);
        json::object reply{{"type", "automatch_searching"},
                           {"size", request.size},
                           {"speed", speedName(request.speed)},
                           {"rules", request.entry.rules.empty() ? "any" : request.entry.rules},
                           {"handicap", request.entry.handicapAllowed},
                           {"rating", request.entry.rating},
                           {"rank", rating::rankLabel(request.entry.rating)},
                           {"time", poolClock(request.size, request.speed).toJson()}};
        if (request.botAfterMs) reply["botAfterSeconds"] = *request.botAfterMs / 1000;
        SendFunction send = request.send;
        if (matchmaker.search(std::move(request))) send(replyMessage(reply, id));
      });
  return std::nullopt;
}

HandlerResult cancel(Matchmaker& matchmaker, SessionContext& session) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  const bool was = matchmaker.cancelSearch(session.user->id);
  return json::object{{"type", "automatch_cancelled"}, {"reason", "cancelled"}, {"was", was}};
}

HandlerResult challengePlayer(SiteContext& context, Matchmaker& matchmaker, SessionContext& session,
                              const json::object& message) {
  if (auto refused = registeredOnly(session)) return std::unexpected(*refused);
  const json::value& id = message.at("id");
  const json::value* name = message.if_contains("name");
  if (!name || !name->is_string() || name->get_string().empty() || name->get_string().size() > 40) {
    session.send(fieldError(id, "missing \"name\": the player to challenge", "name"));
    return std::nullopt;
  }
  const std::string toName(name->get_string());
  if (server::equalsIgnoreCase(toName, session.user->name)) {
    return std::unexpected(handlerError("self_challenge", "you cannot challenge yourself"));
  }
  if (context.bots && context.bots->roster().find(toName)) {
    return std::unexpected(handlerError(
        "is_bot", toName + " is a bot: challenge it with challenge_bot (the lobby's bot list)"));
  }
  auto settings = tableSettingsFromJson(message, session.user->id);
  if (!settings) {
    session.send(fieldError(id, settings.error().message, settings.error().where));
    return std::nullopt;
  }
  json::object table;
  for (const char* key :
       {"size", "rules", "time", "komi", "handicap", "handicapPlacement", "colour", "rated"}) {
    if (const json::value* value = message.if_contains(key); value && !value->is_null()) {
      table[key] = *value;
    }
  }
  table["size"] = settings->size;
  table["rules"] = settings->rules.toString();
  table["komi"] = settings->rules.komi;
  table["handicap"] = settings->handicap;
  table["colour"] = game::colourChoiceName(settings->colourChoice);
  table["rated"] = settings->rated;
  if (!table.contains("time")) table["time"] = json::object{{"kind", "none"}};
  ChallengeRequest request{
      session.user->id, session.user->name, session.sessionId, session.send, toName, table};
  if (matchmaker.isOnline(toName)) {
    auto made = matchmaker.challenge(std::move(request));
    if (!made) return std::unexpected(made.error());
    return json::object{
        {"type", "challenge_sent"}, {"challengeId", *made}, {"to", toName}, {"table", table}};
  }
  // Offline or unknown: the store says which.
  boost::asio::post(context.blocking, [&context, toName, send = session.send, id] {
    auto user = context.store.findUserByName(toName);
    if (user && !*user) {
      return send(errorMessage(id, "not_found", "no player " + quoteInput(toName)));
    }
    send(
        errorMessage(id, "player_offline", toName + " is not online; a challenge needs them here"));
  });
  return std::nullopt;
}

std::expected<int64_t, server::HandlerError> challengeId(const json::object& message) {
  const json::value* value = message.if_contains("challengeId");
  if (!value || !value->is_int64() || value->get_int64() < 1) {
    return std::unexpected(
        handlerError("bad_request", "\"challengeId\" must be the id of a challenge"));
  }
  return value->get_int64();
}

HandlerResult answer(Matchmaker& matchmaker, SessionContext& session, const json::object& message) {
  if (auto refused = registeredOnly(session)) return std::unexpected(*refused);
  auto challenge = challengeId(message);
  if (!challenge) return std::unexpected(challenge.error());
  const json::value* accept = message.if_contains("accept");
  if (!accept || !accept->is_bool()) {
    return std::unexpected(handlerError("bad_request", "\"accept\" must be true or false"));
  }
  if (auto refused =
          matchmaker.answer(session.user->id, session.send, *challenge, accept->get_bool())) {
    return std::unexpected(*refused);
  }
  return json::object{{"type", "ok"}};
}

HandlerResult withdraw(Matchmaker& matchmaker, SessionContext& session,
                       const json::object& message) {
  if (auto refused = registeredOnly(session)) return std::unexpected(*refused);
  auto challenge = challengeId(message);
  if (!challenge) return std::unexpected(challenge.error());
  if (auto refused = matchmaker.withdraw(session.user->id, *challenge)) {
    return std::unexpected(*refused);
  }
  return json::object{{"type", "ok"}};
}

}  // namespace

void addAutomatchHandlers(server::MessageHandlers& handlers, SiteContext& context,
                          Matchmaker& matchmaker) {
  handlers.add("automatch_find",
               rateLimited([&context, &matchmaker](SessionContext& s, const json::object& m) {
                 return find(context, matchmaker, s, m);
               }));
  handlers.add("automatch_cancel",
               rateLimited([&matchmaker](SessionContext& s, const json::object&) {
                 return cancel(matchmaker, s);
               }));
  handlers.add("challenge_player",
               rateLimited([&context, &matchmaker](SessionContext& s, const json::object& m) {
                 return challengePlayer(context, matchmaker, s, m);
               }));
  handlers.add("challenge_answer",
               rateLimited([&matchmaker](SessionContext& s, const json::object& m) {
                 return answer(matchmaker, s, m);
               }));
  handlers.add("challenge_cancel",
               rateLimited([&matchmaker](SessionContext& s, const json::object& m) {
                 return withdraw(matchmaker, s, m);
               }));
  handlers.onSessionOpen([&matchmaker](SessionContext& session) {
    if (session.user) {
      matchmaker.online(session.sessionId, session.user->id, session.user->name,
                        session.user->guest, session.send);
    }
  });
  handlers.onSessionClose(
      [&matchmaker](SessionContext& session) { matchmaker.offline(session.sessionId); });
}

}  // namespace tengen::site
