#pragma once

// The moderation messages' fields, decoded once at the edge into typed requests
// (docs/protocol.md, "Moderation"): a report, and a moderator's action. Pure: the service
// checks who may do what and talks to the store.

#include <boost/json/object.hpp>

#include <cstdint>
#include <expected>
#include <string>

#include "server/message_handlers.h"
#include "store/moderation_rows.h"

namespace tengen::site {

inline constexpr std::size_t kMaxReportChars = 1000;
inline constexpr std::size_t kMaxReasonChars = 500;
// A mute lasts at least a minute and at most a year; a ban has no end unless given one.
inline constexpr int64_t kMaxRestrictionMinutes = 365 * 24 * 60;

struct ReportRequest {
  std::string name;    // whom it is about
  int64_t gameId = 0;  // 0: no game
  store::ReportReason reason = store::ReportReason::Other;
  std::string text;  // may be empty
};

// A moderator's action before the moderator is known: kind, target and reason. `minutes` is
// the length of a mute or a ban (0: a ban until lifted).
struct ModeratorRequest {
  store::ModerationKind kind = store::ModerationKind::Resolve;
  std::string name;      // mute, unmute, ban, unban
  int64_t gameId = 0;    // annul
  int64_t reportId = 0;  // resolve
  std::string reason;
  int64_t minutes = 0;
};

// `{"name":…,"gameId"?:…,"reason":"insults"|…,"text"?:…}`; the error names the field.
std::expected<ReportRequest, server::HandlerError> decodeReport(const boost::json::object& m);
// `{"action":"mute"|"unmute"|"ban"|"unban"|"annul"|"resolve", …}` with the fields its action
// needs; grant and revoke are the command line's alone (tengen admin).
std::expected<ModeratorRequest, server::HandlerError> decodeModeratorRequest(
    const boost::json::object& m);

// Code points of UTF-8 text (the socket has checked that it is UTF-8).
std::size_t utf8Chars(std::string_view text);

}  // namespace tengen::site
