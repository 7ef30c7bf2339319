#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sgf/source_pos.h"

namespace tengen::sgf {

// One property of a node. Values are kept raw, exactly as between the brackets in the file
// (escapes included): what a value means depends on its property's type, which only the
// reader of that property knows (text.h decodes text, coordinates.h points).
struct Property {
  std::string id;  // uppercase letters only: "AB" (see Lexer for FF[3] "AddBlack")
  std::vector<std::string> values;
  std::vector<SourcePos> valuePositions;  // the '[' of each value
  SourcePos position;                     // the first letter of the identifier
};

struct Node {
  std::vector<Property> properties;
  SourcePos position;  // the ';'
  int parent = -1;
  std::vector<int> children;  // the first child continues the main line

  const Property* find(std::string_view id) const;
  // The first value of `id`, raw, or nullptr if the node lacks it.
  const std::string* value(std::string_view id) const;
};

// One game tree. Nodes live in one flat vector and refer to each other by index, so a
// 100,000-move file is built, walked and destroyed without recursion.
class GameTree {
 public:
  bool empty() const { return nodes_.empty(); }
  int size() const { return static_cast<int>(nodes_.size()); }
  // Precondition: !empty(). The root is always node 0.
  const Node& root() const { return nodes_.front(); }
  const Node& node(int index) const { return nodes_[index]; }
  Node& node(int index) { return nodes_[index]; }

  // Adds a node under `parent` (-1 for the root, which must come first); returns its index.
  int addNode(int parent, SourcePos position = {});
  // Appends a raw value to property `id` of node `index`, creating the property if needed
  // (a property repeated within a node is merged, as tolerant readers do).
  void addValue(int index, std::string_view id, std::string rawValue, SourcePos idPosition = {},
                SourcePos valuePosition = {});

  // The root, then the first child of each node: the line that is played.
  std::vector<int> mainLine() const;

 private:
  std::vector<Node> nodes_;
};

}  // namespace tengen::sgf
