#include "site/moderation/moderation_news.h"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <array>
#include <utility>

namespace tengen::site {

namespace json = boost::json;

namespace {

constexpr std::array<std::pair<ModerationNewsKind, std::string_view>, 5> kKinds{{
    {ModerationNewsKind::Block, "block"},
    {ModerationNewsKind::Unblock, "unblock"},
    {ModerationNewsKind::Mute, "mute"},
    {ModerationNewsKind::Unmute, "unmute"},
    {ModerationNewsKind::Ban, "ban"},
}};

std::string_view kindName(ModerationNewsKind kind) {
  for (const auto& [k, name] : kKinds) {
    if (k == kind) return name;
  }
  return "block";
}

std::optional<ModerationNewsKind> kindOf(std::string_view name) {
  for (const auto& [k, n] : kKinds) {
    if (n == name) return k;
  }
  return std::nullopt;
}

}  // namespace

std::string encodeModerationNews(const ModerationNews& news) {
  json::array sessions;
  for (const std::string& key : news.endedSessions) sessions.push_back(json::value(key));
  return json::serialize(json::object{{"node", news.node},
                                      {"kind", kindName(news.kind)},
                                      {"userId", news.userId},
                                      {"otherId", news.otherId},
                                      {"untilMs", news.untilMs},
                                      {"reason", news.reason},
                                      {"endedSessions", std::move(sessions)}});
}

std::optional<ModerationNews> decodeModerationNews(std::string_view text) {
  boost::system::error_code ec;
  json::value value = json::parse(text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  const json::object& o = value.as_object();
  const json::value* node = o.if_contains("node");
  const json::value* kind = o.if_contains("kind");
  const json::value* userId = o.if_contains("userId");
  const json::value* otherId = o.if_contains("otherId");
  const json::value* untilMs = o.if_contains("untilMs");
  const json::value* reason = o.if_contains("reason");
  const json::value* sessions = o.if_contains("endedSessions");
  if (!node || !node->is_string() || !kind || !kind->is_string() || !userId ||
      !userId->is_int64() || !otherId || !otherId->is_int64() || !untilMs || !untilMs->is_int64() ||
      !reason || !reason->is_string() || !sessions || !sessions->is_array()) {
    return std::nullopt;
  }
  ModerationNews news;
  const auto k = kindOf(kind->get_string());
  if (!k) return std::nullopt;
  news.node = std::string(node->get_string());
  news.kind = *k;
  news.userId = userId->as_int64();
  news.otherId = otherId->as_int64();
  news.untilMs = untilMs->as_int64();
  news.reason = std::string(reason->get_string());
  for (const json::value& key : sessions->as_array()) {
    if (!key.is_string()) return std::nullopt;
    news.endedSessions.emplace_back(key.get_string());
  }
  return news;
}

}  // namespace tengen::site
