#include "site/review/review_handlers.h"

#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>

#include "game/command.h"
#include "site/moderation_state.h"
#include "site/rooms/game_handlers.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

std::unexpected<server::HandlerError> reviewRefused(const ReviewRefusal& refusal) {
  return std::unexpected(handlerError(refusal.code, refusal.message));
}

HandlerResult reviewOk() { return json::object{{"type", "ok"}}; }

std::expected<int64_t, server::HandlerError> readReviewId(const json::object& message) {
  auto id = readInt(message, "reviewId", 1, INT64_MAX);
  if (!id) return std::unexpected(id.error());
  if (!id->present) return std::unexpected(handlerError("bad_request", "missing \"reviewId\""));
  return id->value;
}

ReviewUser reviewUserOf(const SessionContext& session) {
  return session.user ? ReviewUser{session.user->id, session.user->name} : ReviewUser{};
}

std::expected<ReviewSource, server::HandlerError> readReviewSource(const json::object& message) {
  const json::value* from = message.if_contains("source");
  if (!from || !from->is_string()) {
    return std::unexpected(handlerError("bad_request", "\"source\" is game, upload or empty"));
  }
  ReviewSource source;
  const std::string_view kind = from->as_string();
  if (kind == "game") {
    auto id = readGameId(message);
    if (!id) return std::unexpected(id.error());
    source.kind = ReviewSource::Kind::Game;
    source.id = *id;
  } else if (kind == "upload") {
    auto id = readInt(message, "uploadId", 1, INT64_MAX);
    if (!id) return std::unexpected(id.error());
    if (!id->present) return std::unexpected(handlerError("bad_request", "missing \"uploadId\""));
    auto index = readInt(message, "game", 1, 1000);
    if (!index) return std::unexpected(index.error());
    source.kind = ReviewSource::Kind::Upload;
    source.id = id->value;
    source.gameIndex = index->present ? static_cast<int>(index->value) - 1 : 0;
  } else if (kind == "empty") {
    auto size = readInt(message, "size", 2, 25);
    if (!size) return std::unexpected(size.error());
    source.kind = ReviewSource::Kind::Empty;
    source.size = size->present ? static_cast<int>(size->value) : 19;
    if (const json::value* rules = message.if_contains("rules")) {
      if (!rules->is_string()) {
        return std::unexpected(handlerError("bad_request", "\"rules\" is a rules spec string"));
      }
      auto parsed = go::Rules::parse(rules->as_string());
      if (!parsed) return std::unexpected(handlerError("bad_rules", parsed.error().toString()));
      source.rules = *parsed;
    }
  } else {
    return std::unexpected(handlerError("bad_request", "\"source\" is game, upload or empty"));
  }
  return source;
}

HandlerResult createReview(SiteContext& context, ReviewService& reviews, SessionContext& session,
                           const json::object& message) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  if (session.user->guest) {
    return std::unexpected(
        handlerError("registered_only", "reviews are kept for registered accounts"));
  }
  auto source = readReviewSource(message);
  if (!source) return std::unexpected(source.error());
  boost::asio::post(context.blocking, [&reviews, owner = reviewUserOf(session), source = *source,
                                       send = session.send, id = message.at("id")] {
    auto created = reviews.create(owner, source);
    send(created
             ? replyMessage(json::object{{"type", "review_created"}, {"reviewId", *created}}, id)
             : errorMessage(id, created.error().code, created.error().message));
  });
  return std::nullopt;
}

HandlerResult followReview(SiteContext& context, ReviewService& reviews, SessionContext& session,
                           const json::object& message) {
  auto reviewId = readReviewId(message);
  if (!reviewId) return std::unexpected(reviewId.error());
  ReviewFollower follower{session.sessionId, reviewUserOf(session), session.send};
  boost::asio::post(context.blocking, [&reviews, reviewId = *reviewId,
                                       follower = std::move(follower), id = message.at("id")] {
    const SendFunction send = follower.send;
    auto state = reviews.follow(reviewId, follower);
    send(state ? withId(**state, id) : errorMessage(id, state.error().code, state.error().message));
  });
  return std::nullopt;
}

HandlerResult editReview(ReviewService& reviews, SessionContext& session,
                         const json::object& message) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto reviewId = readReviewId(message);
  if (!reviewId) return std::unexpected(reviewId.error());
  auto decoded = decodeReviewEdit(message);
  if (!decoded) return reviewRefused(decoded.error());
  if (auto applied = reviews.edit(*reviewId, reviewUserOf(session), *decoded); !applied) {
    return reviewRefused(applied.error());
  }
  return reviewOk();
}

HandlerResult controlReview(ReviewService& reviews, SessionContext& session,
                            const json::object& message) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto reviewId = readReviewId(message);
  if (!reviewId) return std::unexpected(reviewId.error());
  auto userId = readInt(message, "userId", 1, INT64_MAX);
  if (!userId) return std::unexpected(userId.error());
  if (!userId->present) return std::unexpected(handlerError("bad_request", "missing \"userId\""));
  const json::value* grant = message.if_contains("grant");
  if (!grant || !grant->is_bool()) {
    return std::unexpected(handlerError("bad_request", "\"grant\" is required: a bool"));
  }
  auto changed =
      reviews.setControl(*reviewId, reviewUserOf(session), userId->value, grant->as_bool());
  if (!changed) return reviewRefused(changed.error());
  return reviewOk();
}

HandlerResult reviewChat(SiteContext& context, ReviewService& reviews, SessionContext& session,
                         const json::object& message) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto reviewId = readReviewId(message);
  if (!reviewId) return std::unexpected(reviewId.error());
  // The game chat's own checks: a muted player is refused, and the text has its limits.
  if (context.moderation) {
    if (auto mute = context.moderation->muteOf(session.user->id, nowMs())) {
      return std::unexpected(handlerError("muted", muteRefusal(*mute)));
    }
  }
  const game::Command decoded = game::decodeCommand(game::CommandKind::Chat, message);
  if (decoded.malformed) {
    return std::unexpected(handlerError(decoded.malformed->code, decoded.malformed->message));
  }
  auto said =
      reviews.chat(*reviewId, reviewUserOf(session), std::get<game::ChatArgs>(decoded.args).text);
  if (!said) return reviewRefused(said.error());
  return reviewOk();
}

}  // namespace

void addReviewHandlers(server::MessageHandlers& handlers, SiteContext& context,
                       ReviewService& reviews) {
  handlers.add("review_create",
               rateLimited([&context, &reviews](SessionContext& s, const json::object& m) {
                 return createReview(context, reviews, s, m);
               }));
  handlers.add("review_follow",
               rateLimited([&context, &reviews](SessionContext& s, const json::object& m) {
                 return followReview(context, reviews, s, m);
               }));
  handlers.add("review_unfollow",
               rateLimited([&reviews](SessionContext& s, const json::object& m) -> HandlerResult {
                 auto reviewId = readReviewId(m);
                 if (!reviewId) return std::unexpected(reviewId.error());
                 reviews.unfollow(*reviewId, s.sessionId);
                 return reviewOk();
               }));
  handlers.add("review_edit", rateLimited([&reviews](SessionContext& s, const json::object& m) {
                 return editReview(reviews, s, m);
               }));
  handlers.add("review_control", rateLimited([&reviews](SessionContext& s, const json::object& m) {
                 return controlReview(reviews, s, m);
               }));
  handlers.add("review_chat",
               rateLimited([&context, &reviews](SessionContext& s, const json::object& m) {
                 return reviewChat(context, reviews, s, m);
               }));
  handlers.onSessionClose([&reviews](SessionContext& s) { reviews.sessionClosed(s.sessionId); });
}

}  // namespace tengen::site
