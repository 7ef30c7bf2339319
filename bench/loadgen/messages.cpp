#include "messages.h"

namespace tengen::loadgen::messages {

namespace json = boost::json;

json::object hello() { return {{"type", "hello"}}; }

json::object createTable(int size) {
  return {{"type", "create_table"},
          {"size", size},
          {"rules", "tromp-taylor suicide=forbidden"},
          {"handicap", 0},
          {"handicapPlacement", "fixed"},
          {"colour", "black"},
          {"time", {{"kind", "none"}}}};
}

json::object joinTable(std::int64_t gameId) { return {{"type", "join_table"}, {"gameId", gameId}}; }
json::object watch(std::int64_t gameId) { return {{"type", "watch"}, {"gameId", gameId}}; }
json::object unwatch(std::int64_t gameId) { return {{"type", "unwatch"}, {"gameId", gameId}}; }

json::object move(std::int64_t gameId, std::int64_t expectedVersion, const std::string& point) {
  return {
      {"type", "move"}, {"gameId", gameId}, {"expectedVersion", expectedVersion}, {"point", point}};
}

json::object pass(std::int64_t gameId, std::int64_t expectedVersion) {
  return {{"type", "pass"}, {"gameId", gameId}, {"expectedVersion", expectedVersion}};
}

json::object resign(std::int64_t gameId, std::int64_t expectedVersion) {
  return {{"type", "resign"}, {"gameId", gameId}, {"expectedVersion", expectedVersion}};
}

}  // namespace tengen::loadgen::messages
