#include "sgf/sgf_tree.h"

namespace tengen::sgf {

const Property* Node::find(std::string_view id) const {
  for (const Property& p : properties) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const std::string* Node::value(std::string_view id) const {
  const Property* p = find(id);
  return p == nullptr || p->values.empty() ? nullptr : &p->values.front();
}

int GameTree::addNode(int parent, SourcePos position) {
  const int index = size();
  Node& node = nodes_.emplace_back();
  node.position = position;
  node.parent = parent;
  if (parent >= 0) nodes_[parent].children.push_back(index);
  return index;
}

void GameTree::addValue(int index, std::string_view id, std::string rawValue, SourcePos idPosition,
                        SourcePos valuePosition) {
  Node& node = nodes_[index];
  Property* target = nullptr;
  for (Property& p : node.properties) {
    if (p.id == id) target = &p;
  }
  if (target == nullptr) {
    target = &node.properties.emplace_back();
    target->id = std::string(id);
    target->position = idPosition;
  }
  target->values.push_back(std::move(rawValue));
  target->valuePositions.push_back(valuePosition);
}

std::vector<int> GameTree::mainLine() const {
  std::vector<int> line;
  if (empty()) return line;
  for (int at = 0;;) {
    line.push_back(at);
    const auto& children = nodes_[at].children;
    if (children.empty()) break;
    at = children.front();
  }
  return line;
}

}  // namespace tengen::sgf
