#include "server/envelope.h"

#include <boost/json/parser.hpp>

#include <algorithm>
#include <cmath>

#include "base/json_text.h"

namespace tengen::server {

namespace json = boost::json;

namespace {

std::string describeOffset(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const std::size_t line =
      1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const auto lastNewline = before.rfind('\n');
  const std::size_t column =
      1 + (lastNewline == std::string_view::npos ? offset : offset - lastNewline - 1);
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + " (offset " +
         std::to_string(offset) + ")";
}

// A number past the range of a double (1e400) parses as infinity, which JSON cannot write:
// echoed in a reply or relayed, it came out as `Infinity` and the client could not read the
// message. Recursion is bounded by the parser's max_depth.
bool holdsInfinity(const json::value& value) {
  switch (value.kind()) {
    case json::kind::double_:
      return !std::isfinite(value.get_double());
    case json::kind::array:
      return std::ranges::any_of(value.get_array(), holdsInfinity);
    case json::kind::object:
      return std::ranges::any_of(value.get_object(), [](const json::key_value_pair& entry) {
        return holdsInfinity(entry.value());
      });
    default:
      return false;
  }
}

}  // namespace

std::expected<Envelope, EnvelopeError> parseEnvelope(std::string_view text) {
  json::parse_options options;
  options.max_depth = 32;  // deep nesting is an error value, never a deep recursion
  json::parser parser(json::storage_ptr(), options);
  json::error_code ec;
  const std::size_t consumed = parser.write(text.data(), text.size(), ec);
  if (ec) {
    return std::unexpected(EnvelopeError{
        errorCode::kBadJson,
        "invalid JSON at " + describeOffset(text, consumed) + ": " + ec.message(), nullptr});
  }
  json::value value = parser.release();
  if (!value.is_object()) {
    return std::unexpected(
        EnvelopeError{errorCode::kBadRequest, "a message must be a JSON object", nullptr});
  }
  Envelope envelope;
  envelope.message = std::move(value.as_object());
  const json::value* id = envelope.message.if_contains("id");
  if (id == nullptr) {
    return std::unexpected(EnvelopeError{errorCode::kBadRequest,
                                         "missing \"id\": a string or number that the reply echoes",
                                         nullptr});
  }
  const bool idOk = (id->is_number() && !holdsInfinity(*id)) ||
                    (id->is_string() && id->as_string().size() <= kMaxIdBytes);
  if (!idOk) {
    return std::unexpected(
        EnvelopeError{errorCode::kBadRequest,
                      "\"id\" must be a number within range or a string of at most " +
                          std::to_string(kMaxIdBytes) + " bytes",
                      nullptr});
  }
  envelope.id = *id;
  if (holdsInfinity(envelope.message)) {
    return std::unexpected(EnvelopeError{
        errorCode::kBadRequest, "a number is out of range (beyond about 1.8e308)", envelope.id});
  }
  const json::value* type = envelope.message.if_contains("type");
  if (type == nullptr) {
    return std::unexpected(
        EnvelopeError{errorCode::kBadRequest, "missing \"type\": a string", envelope.id});
  }
  if (!type->is_string() || type->as_string().empty()) {
    return std::unexpected(
        EnvelopeError{errorCode::kBadRequest, "\"type\" must be a non-empty string", envelope.id});
  }
  envelope.type = std::string(type->as_string());
  return envelope;
}

json::object makeError(std::string_view code, std::string_view message, const json::value& id) {
  json::object error;
  error["type"] = "error";
  error["id"] = id;
  error["code"] = code;
  error["message"] = message;
  return error;
}

std::shared_ptr<const std::string> serializeMessage(const json::object& message) {
  return std::make_shared<const std::string>(jsonText(message));
}

}  // namespace tengen::server
