#pragma once

#include <string>

#include "sgf/sgf_tree.h"

namespace tengen::sgf {

// Writes a game tree as SGF text: values are written raw (they are kept escaped, see
// Property), variations in parentheses, the root node on its own line and later nodes
// wrapped near 80 columns. parseFirstGame(writeTree(t)) gives back t's nodes, properties
// and values. Precondition: !tree.empty(). No recursion.
std::string writeTree(const GameTree& tree);

}  // namespace tengen::sgf
