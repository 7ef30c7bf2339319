#include "site/moderation/moderation_requests.h"

#include <algorithm>

#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

std::unexpected<server::HandlerError> bad(std::string message) {
  return std::unexpected(handlerError("bad_request", std::move(message)));
}

// A string field of at most maxChars characters; required ones may not be blank.
std::expected<std::string, server::HandlerError> readText(const json::object& m,
                                                          std::string_view field,
                                                          std::size_t maxChars, bool required) {
  const json::value* value = m.if_contains(field);
  if (!value) {
    if (required) return bad("missing \"" + std::string(field) + "\": a string");
    return std::string();
  }
  if (!value->is_string()) return bad("\"" + std::string(field) + "\" must be a string");
  const std::string_view text = value->get_string();
  if (required && std::all_of(text.begin(), text.end(), [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
      })) {
    return bad("\"" + std::string(field) + "\" is empty");
  }
  if (utf8Chars(text) > maxChars) {
    return bad("\"" + std::string(field) + "\" is longer than " + std::to_string(maxChars) +
               " characters");
  }
  return std::string(text);
}

template <typename Enum, std::size_t N>
std::string namesOf(const std::array<store::Named<Enum>, N>& table) {
  std::string names;
  for (const auto& entry : table) {
    if (!names.empty()) names += ", ";
    names += entry.name;
  }
  return names;
}

}  // namespace

std::size_t utf8Chars(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

std::expected<ReportRequest, server::HandlerError> decodeReport(const json::object& m) {
  ReportRequest request;
  auto name = readText(m, "name", 64, true);
  if (!name) return std::unexpected(name.error());
  request.name = std::move(*name);
  auto game = readInt(m, "gameId", 1, INT64_MAX);
  if (!game) return std::unexpected(game.error());
  request.gameId = game->present ? game->value : 0;
  const json::value* reason = m.if_contains("reason");
  if (!reason || !reason->is_string()) {
    return bad("missing \"reason\": one of " + namesOf(store::kReportReasons));
  }
  auto parsed = store::parseIn(store::kReportReasons, reason->get_string());
  if (!parsed) return bad("unknown \"reason\": one of " + namesOf(store::kReportReasons));
  request.reason = *parsed;
  auto text = readText(m, "text", kMaxReportChars, false);
  if (!text) return std::unexpected(text.error());
  request.text = std::move(*text);
  return request;
}

std::expected<ModeratorRequest, server::HandlerError> decodeModeratorRequest(
    const json::object& m) {
  using store::ModerationKind;
  ModeratorRequest request;
  const json::value* action = m.if_contains("action");
  const auto kind = action && action->is_string()
                        ? store::parseIn(store::kModerationKinds, action->get_string())
                        : std::nullopt;
  if (!kind || *kind == ModerationKind::Grant || *kind == ModerationKind::Revoke) {
    return bad("\"action\" must be one of mute, unmute, ban, unban, annul, resolve");
  }
  request.kind = *kind;
  auto reason = readText(m, "reason", kMaxReasonChars, true);
  if (!reason) return std::unexpected(reason.error());
  request.reason = std::move(*reason);
  switch (request.kind) {
    case ModerationKind::Annul: {
      auto game = readGameId(m);
      if (!game) return std::unexpected(game.error());
      request.gameId = *game;
      return request;
    }
    case ModerationKind::Resolve: {
      auto report = readInt(m, "reportId", 1, INT64_MAX);
      if (!report) return std::unexpected(report.error());
      if (!report->present) return bad("missing \"reportId\": a positive integer");
      request.reportId = report->value;
      return request;
    }
    default:
      break;
  }
  auto name = readText(m, "name", 64, true);
  if (!name) return std::unexpected(name.error());
  request.name = std::move(*name);
  if (request.kind == ModerationKind::Mute || request.kind == ModerationKind::Ban) {
    auto minutes = readInt(m, "minutes", 1, kMaxRestrictionMinutes);
    if (!minutes) return std::unexpected(minutes.error());
    if (request.kind == ModerationKind::Mute && !minutes->present) {
      return bad("missing \"minutes\": how long the mute lasts, 1 to " +
                 std::to_string(kMaxRestrictionMinutes));
    }
    request.minutes = minutes->present ? minutes->value : 0;
  }
  return request;
}

}  // namespace tengen::site
