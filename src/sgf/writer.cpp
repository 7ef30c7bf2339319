#include "sgf/writer.h"

#include <utility>
#include <vector>

namespace tengen::sgf {

namespace {

constexpr std::size_t kWrapColumn = 78;

class TreeWriter {
 public:
  explicit TreeWriter(const GameTree& tree) : tree_(tree) {}

  std::string write() {
    // Each entry is a node whose children are written as variations, with the index of the
    // next child to write.
    std::vector<std::pair<int, std::size_t>> branches;
    put("(");
    int at = 0;
    for (;;) {
      writeNode(at);
      if (at == 0) newline();
      const auto& children = tree_.node(at).children;
      if (children.size() == 1) {
        at = children.front();
        continue;
      }
      if (children.size() > 1) {
        branches.emplace_back(at, 1);
        newline();
        put("(");
        at = children.front();
        continue;
      }
      // A leaf ends the innermost open variation; go on with its next sibling, if any.
      bool resumed = false;
      while (!branches.empty() && !resumed) {
        put(")");
        auto& [parent, next] = branches.back();
        const auto& siblings = tree_.node(parent).children;
        if (next < siblings.size()) {
          newline();
          put("(");
          at = siblings[next++];
          resumed = true;
        } else {
          branches.pop_back();
        }
      }
      if (!resumed) break;
    }
    put(")\n");
    return std::move(out_);
  }

 private:
  void put(std::string_view text) {
    out_ += text;
    const auto lastBreak = text.rfind('\n');
    column_ =
        lastBreak == std::string_view::npos ? column_ + text.size() : text.size() - lastBreak - 1;
  }
  void newline() {
    if (column_ > 0) put("\n");
  }

  void writeNode(int index) {
    const Node& node = tree_.node(index);
    if (column_ >= kWrapColumn) newline();
    put(";");
    for (const Property& p : node.properties) {
      // Keep the root readable: one property per line once it gets long.
      if (index == 0 && column_ >= kWrapColumn) newline();
      put(p.id);
      for (const std::string& value : p.values) {
        put("[");
        put(value);
        put("]");
      }
    }
  }

  const GameTree& tree_;
  std::string out_;
  std::size_t column_ = 0;
};

}  // namespace

std::string writeTree(const GameTree& tree) { return TreeWriter(tree).write(); }

}  // namespace tengen::sgf
