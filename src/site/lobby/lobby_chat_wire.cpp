#include "site/lobby/lobby_chat_wire.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace tengen::site {

namespace json = boost::json;

namespace {

std::optional<int64_t> intField(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  if (!v || !v->is_int64()) return std::nullopt;
  return v->as_int64();
}

std::optional<std::string> stringField(const json::object& o, std::string_view key) {
  const json::value* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->get_string());
}

}  // namespace

json::object lobbyChatLineJson(const store::LobbyChatRow& line) {
  return json::object{{"id", line.id},
                      {"from", json::object{{"id", line.from.id}, {"name", line.from.name}}},
                      {"text", line.text},
                      {"timeMs", line.createdMs}};
}

std::string encodeLobbyChatNews(const LobbyChatNews& news) {
  return json::serialize(json::object{{"node", news.node}, {"line", lobbyChatLineJson(news.line)}});
}

std::optional<LobbyChatNews> decodeLobbyChatNews(std::string_view text) {
  boost::system::error_code ec;
  json::value value = json::parse(text, ec);
  if (ec || !value.is_object()) return std::nullopt;
  const json::object& o = value.as_object();
  auto node = stringField(o, "node");
  const json::value* line = o.if_contains("line");
  if (!node || !line || !line->is_object()) return std::nullopt;
  const json::object& l = line->as_object();
  const json::value* from = l.if_contains("from");
  if (!from || !from->is_object()) return std::nullopt;
  auto id = intField(l, "id");
  auto fromId = intField(from->as_object(), "id");
  auto fromName = stringField(from->as_object(), "name");
  auto said = stringField(l, "text");
  auto timeMs = intField(l, "timeMs");
  if (!id || !fromId || !fromName || !said || !timeMs) return std::nullopt;
  return LobbyChatNews{*node, store::LobbyChatRow{*id, {*fromId, *fromName}, *said, *timeMs}};
}

}  // namespace tengen::site
