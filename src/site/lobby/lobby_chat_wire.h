#pragma once

// The lobby chat's shapes on the wire (docs/protocol.md, "Lobby chat"): a line as the pages
// read it, and a line as one node tells the others on the bus. Decoded once into the store's
// typed row, so no part reads a field back out of JSON text.

#include <boost/json/object.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "store/lobby_chat_rows.h"

namespace tengen::site {

// {"id","from":{"id","name"},"text","timeMs"}
boost::json::object lobbyChatLineJson(const store::LobbyChatRow& line);

// What a node publishes for each line written on it: its own name (so that it skips its own
// message when the bus hands it back) and the line.
struct LobbyChatNews {
  std::string node;
  store::LobbyChatRow line;
};
std::string encodeLobbyChatNews(const LobbyChatNews& news);
// nullopt for anything that is not a well-formed message of encodeLobbyChatNews.
std::optional<LobbyChatNews> decodeLobbyChatNews(std::string_view text);

}  // namespace tengen::site
