#include "game_view.h"

#include <boost/json.hpp>

#include <algorithm>

namespace tengen::loadgen {

namespace json = boost::json;

std::optional<Colour> colourFromName(std::string_view name) {
  if (name == "black") return Colour::Black;
  if (name == "white") return Colour::White;
  return std::nullopt;
}

Result<GameView> parseGameView(const json::value& state, int size) {
  const auto* object = state.if_object();
  if (!object) return fail("not an object", "state");
  GameView view;
  const auto* phase = object->if_contains("phase");
  if (!phase || !phase->is_string()) return fail("missing or not a string", "state.phase");
  view.phase = std::string(phase->get_string());
  if (const auto* toMove = object->if_contains("toMove"); toMove && toMove->is_string()) {
    view.toMove = colourFromName(toMove->get_string());
  }
  if (const auto* moveNumber = object->if_contains("moveNumber"); moveNumber) {
    if (!moveNumber->is_int64()) return fail("not an integer", "state.moveNumber");
    view.moveNumber = static_cast<int>(moveNumber->get_int64());
  }
  if (view.phase == "play") {
    // The server sends "legal": null while the phase still says play but the game is over (the
    // state of a `resign` event, before its `end`): no point is playable then.
    const auto* legal = object->if_contains("legal");
    if (legal && legal->is_string()) {
      view.legal = std::string(legal->get_string());
      if (view.legal.size() != static_cast<std::size_t>(size * size)) {
        return fail("has " + std::to_string(view.legal.size()) + " characters, expected " +
                        std::to_string(size * size),
                    "state.legal");
      }
      if (!view.toMove) return fail("missing in phase play", "state.toMove");
    } else if (legal && !legal->is_null()) {
      return fail("neither a string nor null", "state.legal");
    }
  }
  return view;
}

std::string pointName(int index, int size) {
  static constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const int row = size - index / size;
  return std::string(1, kColumns[static_cast<std::size_t>(index % size)]) + std::to_string(row);
}

std::optional<int> randomLegalIndex(const std::string& legal, std::mt19937_64& random) {
  const auto count = std::count(legal.begin(), legal.end(), '1');
  if (count == 0) return std::nullopt;
  auto pick = std::uniform_int_distribution<std::ptrdiff_t>(0, count - 1)(random);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    if (legal[i] == '1' && pick-- == 0) return static_cast<int>(i);
  }
  return std::nullopt;
}

}  // namespace tengen::loadgen
