#pragma once

// The JSON envelope of every WebSocket message (docs/protocol.md). A client message is an
// object with `type` (non-empty string) and `id` (string of at most kMaxIdBytes, or number);
// replies echo the id. Errors are `{"type":"error","id":...,"code":...,"message":...}`.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstddef>
#include <expected>
#include <memory>
#include <string>
#include <string_view>

namespace tengen::server {

// Error codes sent to clients; stable strings, documented in docs/protocol.md.
namespace errorCode {
inline constexpr std::string_view kBadJson = "bad_json";
inline constexpr std::string_view kBadRequest = "bad_request";
inline constexpr std::string_view kUnknownType = "unknown_type";
inline constexpr std::string_view kMessageTooBig = "message_too_big";
inline constexpr std::string_view kInternalError = "internal_error";
}  // namespace errorCode

inline constexpr std::size_t kMaxIdBytes = 128;

struct Envelope {
  std::string type;
  boost::json::value id;        // string or number
  boost::json::object message;  // the whole message, type and id included
};

struct EnvelopeError {
  std::string_view code;
  std::string message;
  boost::json::value id;  // null unless the message had a valid id
};

// Never throws; malformed JSON names the line, column and byte offset of the fault.
std::expected<Envelope, EnvelopeError> parseEnvelope(std::string_view text);

boost::json::object makeError(std::string_view code, std::string_view message,
                              const boost::json::value& id);

// Serialized once (numbers as JavaScript writes them, base/json_text.h), then shared by every send
// queue it goes on.
std::shared_ptr<const std::string> serializeMessage(const boost::json::object& message);

}  // namespace tengen::server
