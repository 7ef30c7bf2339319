// libFuzzer target for the JSON envelope of WebSocket messages (src/server/envelope.h): every
// frame a client sends goes through parseEnvelope before any handler sees it. Run by
// scripts/fuzz.sh from fuzz/corpus/envelope_fuzz. Any input must give an envelope or an error
// with a known code and a message, never a crash; the reply that echoes the id, and the message
// itself, must serialize to JSON that parses back to the same envelope.
#include <boost/json/parse.hpp>
#include <boost/json/src.hpp>  // Boost.JSON compiled in: the fuzzer sees its branches too

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "server/envelope.h"

namespace {

namespace json = boost::json;
using namespace tengen::server;

void require(bool condition) {
  if (!condition) std::abort();
}

bool isKnownCode(std::string_view code) {
  return code == errorCode::kBadJson || code == errorCode::kBadRequest;
}

// The error reply a session would send for this id must be JSON a client can read.
void requireReplyParses(const json::value& id) {
  const auto reply = serializeMessage(makeError(errorCode::kBadRequest, "fuzz", id));
  json::error_code ec;
  const json::value back = json::parse(*reply, ec);
  require(!ec && back.is_object() && back.as_object().contains("id"));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto envelope = parseEnvelope(text);
  if (!envelope) {
    require(isKnownCode(envelope.error().code));
    require(!envelope.error().message.empty());
    const json::value& id = envelope.error().id;
    require(id.is_null() || id.is_number() || id.is_string());
    requireReplyParses(id);
    return 0;
  }
  require(!envelope->type.empty());
  require(envelope->id.is_number() ||
          (envelope->id.is_string() && envelope->id.as_string().size() <= kMaxIdBytes));
  require(envelope->message.at("type").as_string() == envelope->type);
  requireReplyParses(envelope->id);

  // What the server relays (a chat line, a move) is the message re-serialized: it must read
  // back as an envelope of the same type and keys. (Values are not compared: a double need not
  // survive a round trip bit for bit.)
  const auto again = parseEnvelope(*serializeMessage(envelope->message));
  require(again.has_value());
  require(again->type == envelope->type);
  require(again->message.size() == envelope->message.size());
  return 0;
}
