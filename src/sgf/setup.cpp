#include "sgf/setup.h"

#include "sgf/coordinates.h"
#include "sgf/text.h"

namespace tengen::sgf {

namespace {

// PL: "B"/"W" (FF[4]), also "b", "black", and the FF[1] numbers 1 and 2.
std::optional<go::Color> parsePlayer(std::string_view raw) {
  const std::string text = decodeSimpleText(raw);
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return std::nullopt;
  const char c = text[first];
  if (c == 'B' || c == 'b' || c == '1') return go::Color::Black;
  if (c == 'W' || c == 'w' || c == '2') return go::Color::White;
  return std::nullopt;
}

// AE first: FF[4] forbids AE and AB/AW on one point in one node, and this order is what
// such a node can only mean.
constexpr std::pair<std::string_view, go::Color> kSetupProperties[] = {
    {"AE", go::Color::Empty}, {"AB", go::Color::Black}, {"AW", go::Color::White}};

}  // namespace

Result<std::vector<go::SetupChange>> readSetupChanges(const Node& node,
                                                      const go::Geometry& geometry) {
  std::vector<go::SetupChange> changes;
  for (const auto& [id, color] : kSetupProperties) {
    const Property* property = node.find(id);
    if (property == nullptr) continue;
    for (std::size_t i = 0; i < property->values.size(); ++i) {
      auto points = parsePointRange(property->values[i], geometry);
      if (!points) {
        return fail(std::string(id) + ": " + points.error().message,
                    property->valuePositions[i].toString());
      }
      for (go::Point p : *points) changes.push_back({p, color});
    }
  }
  return changes;
}

Result<void> Setup::add(const Node& node) {
  for (const auto& [id, color] : kSetupProperties) {
    const Property* property = node.find(id);
    if (property == nullptr) continue;
    for (std::size_t i = 0; i < property->values.size(); ++i) {
      auto points = parsePointRange(property->values[i], geometry_);
      if (!points) {
        return fail(std::string(id) + ": " + points.error().message,
                    property->valuePositions[i].toString());
      }
      for (go::Point p : *points) {
        colors_[p] = color;
        placedAt_[p] = property->valuePositions[i];
      }
    }
  }
  if (const Property* pl = node.find("PL")) {
    const auto player = parsePlayer(pl->values.front());
    if (!player) {
      return fail("bad PL[" + pl->values.front() + "]: expected B or W",
                  pl->valuePositions.front().toString());
    }
    playerToMove_ = player;
  }
  return {};
}

Result<void> Setup::checkLiberties() const {
  std::vector<bool> seen(colors_.size(), false);
  std::vector<go::Point> chain;
  const int stride = geometry_.stride();
  const int offsets[] = {1, -1, stride, -stride};
  for (go::Point start = geometry_.first(); start <= geometry_.last(); ++start) {
    if (!geometry_.onBoard(start) || !go::isStone(colors_[start]) || seen[start]) continue;
    bool free = false;
    chain.assign(1, start);
    seen[start] = true;
    for (std::size_t i = 0; i < chain.size(); ++i) {
      for (int d : offsets) {
        const auto n = static_cast<go::Point>(chain[i] + d);
        if (!geometry_.onBoard(n)) continue;
        free = free || colors_[n] == go::Color::Empty;
        if (colors_[n] == colors_[start] && !seen[n]) {
          seen[n] = true;
          chain.push_back(n);
        }
      }
    }
    if (!free) {
      return fail("setup leaves the " + std::string(go::colorName(colors_[start])) + " chain at " +
                      geometry_.toGtp(start) + " (" + formatPoint(start, geometry_) +
                      ") without liberties: expected a position where every chain has one",
                  placedAt_[start].toString());
    }
  }
  return {};
}

std::vector<go::Point> Setup::stones(go::Color c) const {
  std::vector<go::Point> out;
  for (go::Point p = geometry_.first(); p <= geometry_.last(); ++p) {
    if (geometry_.onBoard(p) && colors_[p] == c) out.push_back(p);
  }
  return out;
}

void Setup::applyTo(go::Game& game, std::optional<int> handicap,
                    std::optional<go::Color> firstMove) const {
  const auto black = stones(go::Color::Black);
  const auto white = stones(go::Color::White);
  const bool asHandicap =
      readsAsHandicap(static_cast<int>(black.size()), static_cast<int>(white.size()), handicap,
                      playerToMove_ ? playerToMove_ : firstMove);
  if (asHandicap) {
    game.placeHandicap(black);
  } else {
    for (go::Point p : black) game.setupStone(p, go::Color::Black);
    for (go::Point p : white) game.setupStone(p, go::Color::White);
  }
  if (handicap) game.setHandicapCount(*handicap);
  game.setToMove(playerToMove_.value_or(defaultFirstPlayer(asHandicap, firstMove)));
}

bool readsAsHandicap(int blackStones, int whiteStones, std::optional<int> handicap,
                     std::optional<go::Color> firstPlayer) {
  if (blackStones == 0 || whiteStones != 0) return false;
  if (handicap) return *handicap >= 1;
  return firstPlayer == go::Color::White;
}

go::Color defaultFirstPlayer(bool handicapStones, std::optional<go::Color> firstMove) {
  if (firstMove) return *firstMove;
  return handicapStones ? go::Color::White : go::Color::Black;
}

}  // namespace tengen::sgf
