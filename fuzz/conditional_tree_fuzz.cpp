// libFuzzer target for conditional move trees (src/site/conditional/conditional_tree.h): a
// player's plan arrives as JSON inside a message and is read, written back and checked
// against a position. Run by scripts/fuzz.sh from fuzz/corpus/conditional_tree_fuzz. The first
// byte picks the board (2x2 .. 25x25); the rest is the tree's JSON. Any input must give a tree
// or an error naming where, never a crash; a tree read must write back to text that reads to
// the same text again, and checking it against a position must end.
#include <boost/json/parse.hpp>
#include <boost/json/src.hpp>  // Boost.JSON compiled in: the fuzzer sees its branches too

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "go/game.h"
#include "site/conditional/conditional_tree.h"

namespace {

namespace json = boost::json;
using namespace tengen;

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const int boardSize = 2 + data[0] % 24;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  json::parse_options options;
  options.max_depth = 32;  // as the envelope parses a message (src/server/envelope.cpp)
  json::error_code ec;
  const json::value value = json::parse(text, ec, {}, options);
  if (ec) return 0;
  go::Game position(boardSize);
  const go::Geometry& geometry = position.geometry();
  auto tree = site::parseConditionalTree(value, geometry);
  if (!tree) {
    require(tree.error().rfind("tree", 0) == 0);  // every error names its place
    return 0;
  }
  const std::string written = site::conditionalTreeText(*tree, geometry);
  auto again = site::parseConditionalTree(json::parse(written), geometry);
  require(again.has_value());
  require(site::conditionalTreeText(*again, geometry) == written);
  // Black has played in the centre; White waits and plans, Black plans nothing (White to move).
  const go::Point centre = geometry.point(boardSize / 2, boardSize / 2);
  require(position.play(go::Color::Black, centre) == go::MoveVerdict::Legal);
  auto checked = site::checkConditionalTree(*tree, position, go::Color::Black);
  if (!checked) require(!checked.error().empty());
  require(!site::checkConditionalTree(*tree, position, go::Color::White));
  return 0;
}
