#include "site/cluster/committed_codec.h"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include <charconv>
#include <utility>

namespace tengen::site {

namespace json = boost::json;

std::string encodeCommitted(const Committed& committed) {
  json::array events;
  events.reserve(committed.events.size());
  for (const store::GameEvent& e : committed.events) {
    events.push_back(json::array{e.seq, json::string(e.type), json::string(e.payload), e.timeMs});
  }
  return json::serialize(
      json::object{{"committed", committed.version}, {"events", std::move(events)}});
}

namespace {

std::optional<store::GameEvent> decodeRow(int64_t gameId, const json::value& value) {
  const json::array* row = value.if_array();
  if (!row || row->size() != 4) return std::nullopt;
  const json::value& seq = (*row)[0];
  const json::value& time = (*row)[3];
  if (!seq.is_int64() || !(*row)[1].is_string() || !(*row)[2].is_string() || !time.is_int64()) {
    return std::nullopt;
  }
  return store::GameEvent{gameId, seq.as_int64(), std::string((*row)[1].as_string()),
                          std::string((*row)[2].as_string()), time.as_int64()};
}

}  // namespace

std::optional<Committed> decodeCommitted(int64_t gameId, std::string_view text,
                                         const json::object* message) {
  Committed committed{gameId, 0, {}};
  if (!message) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), committed.version);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return committed;
  }
  const json::value* version = message->if_contains("committed");
  const json::value* events = message->if_contains("events");
  if (!version || !version->is_int64() || !events || !events->is_array()) return std::nullopt;
  committed.version = version->as_int64();
  int64_t previous = 0;
  for (const json::value& value : events->as_array()) {
    auto row = decodeRow(gameId, value);
    // Out of order or beyond the version: not what an owner sends; the store tells the truth.
    if (!row || row->seq <= previous || row->seq > committed.version) return std::nullopt;
    previous = row->seq;
    committed.events.push_back(std::move(*row));
  }
  if (!committed.events.empty() && previous != committed.version) return std::nullopt;
  return committed;
}

}  // namespace tengen::site
