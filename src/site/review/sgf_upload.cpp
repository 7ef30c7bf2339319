#include "site/review/sgf_upload.h"

#include "sgf/charset.h"
#include "sgf/game_record.h"
#include "sgf/parser.h"
#include "sgf/writer.h"

namespace tengen::site {

Result<ReadUpload> readUpload(std::string_view bytes, const UploadLimits& limits) {
  if (bytes.empty()) return fail("the file is empty");
  if (bytes.size() > limits.maxBytes) {
    return fail("the file has " + std::to_string(bytes.size()) + " bytes; at most " +
                std::to_string(limits.maxBytes) + " are taken");
  }
  auto decoded = sgf::decodeSgfBytes(bytes);
  if (!decoded) return std::unexpected(decoded.error());
  // One game more than allowed is read, so that "too many" is told apart from "just enough".
  auto games = sgf::parseCollection(decoded->utf8, limits.maxGames + 1);
  if (!games) return std::unexpected(games.error());
  if (games->empty()) return fail("the file holds no game: SGF starts with \"(;\"");
  if (games->size() > limits.maxGames) {
    return fail("the file holds more than " + std::to_string(limits.maxGames) + " games");
  }
  ReadUpload read;
  read.warning = decoded->warning;
  for (std::size_t i = 0; i < games->size(); ++i) {
    const sgf::GameTree& tree = (*games)[i];
    const std::string which = games->size() > 1 ? "game " + std::to_string(i + 1) + ": " : "";
    if (tree.size() > limits.maxNodes) {
      return fail(which + "the game has " + std::to_string(tree.size()) +
                  " nodes; a review holds at most " + std::to_string(limits.maxNodes));
    }
    auto loaded = sgf::loadGame(tree);
    if (!loaded) return fail(which + loaded.error().message, loaded.error().where);
    if (i == 0) {
      read.black = loaded->info.blackName;
      read.white = loaded->info.whiteName;
      if (read.warning.empty() && !loaded->warnings.empty()) read.warning = loaded->warnings[0];
    }
  }
  read.games = static_cast<int>(games->size());
  read.utf8 = std::move(decoded->utf8);
  return read;
}

Result<std::string> uploadGame(std::string_view utf8, int index) {
  if (index < 0) return fail("the game number starts at 1");
  auto games = sgf::parseCollection(utf8, static_cast<std::size_t>(index) + 1);
  if (!games) return std::unexpected(games.error());
  if (static_cast<int>(games->size()) <= index) {
    return fail("the file holds " + std::to_string(games->size()) + " games, not " +
                std::to_string(index + 1));
  }
  return sgf::writeTree((*games)[index]);
}

}  // namespace tengen::site
