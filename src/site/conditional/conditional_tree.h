#pragma once

// A player's conditional moves in a correspondence game (docs/protocol.md, "Conditional
// moves"): while the opponent is to move, "if they play D4 I answer Q16, and if they then play
// C3 I answer R4, ...", as a tree. The server plays the answer the moment the opponent's move
// arrives (conditional_feed.h), then keeps the branch below it for the next move.
//
// On the wire and in the store a tree is JSON: an array of branches
//   [{"move":"D4","answer":"Q16","then":[{"move":"C3","answer":"R4","then":[]}]}]
// Points are GTP vertices; passes are not planned (a pass ends the plan, as any move the tree
// does not name does).

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include <expected>
#include <string>
#include <vector>

#include "go/color.h"
#include "go/game.h"
#include "go/point.h"

namespace tengen::site {

struct ConditionalBranch {
  go::Point move;    // the opponent's move this branch waits for
  go::Point answer;  // what the server plays for the player then
  std::vector<ConditionalBranch> then;
};
using ConditionalTree = std::vector<ConditionalBranch>;

// Enough for a joseki or a semeai read out several ways, small enough that checking a tree
// against the position (one board copy per branch) stays well under a millisecond. The depth
// is what a message can carry anyway: the envelope's parser nests at most 32 deep
// (src/server/envelope.cpp), and each move of the opponent takes two (an array, an object).
constexpr int kMaxConditionalBranches = 200;
constexpr int kMaxConditionalDepth = 15;

// Reads a tree from its JSON against a board's geometry. The error names where it went wrong
// ("tree[0].then[1].answer: \"Z99\" is not a point of a 19x19 board").
std::expected<ConditionalTree, std::string> parseConditionalTree(const boost::json::value& json,
                                                                 const go::Geometry& geometry);
boost::json::array conditionalTreeJson(const ConditionalTree& tree, const go::Geometry& geometry);
// The tree as the store keeps it (compact JSON).
std::string conditionalTreeText(const ConditionalTree& tree, const go::Geometry& geometry);

// Whether every branch can be played from `position`, where the opponent of `player` is to
// move: each move legal for the opponent, each answer legal for the player after it (ko and
// superko as the game's rules say). The error names the branch and the reason.
std::expected<void, std::string> checkConditionalTree(const ConditionalTree& tree,
                                                      const go::Game& position,
                                                      go::Color player);

// The branch waiting for `move`, nullptr when the tree has none.
const ConditionalBranch* branchFor(const ConditionalTree& tree, go::Point move);

}  // namespace tengen::site
