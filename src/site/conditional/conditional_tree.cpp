#include "site/conditional/conditional_tree.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "base/quote_input.h"
#include "go/board.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

using Failure = std::unexpected<std::string>;

std::string boardName(const go::Geometry& geometry) {
  const std::string size = std::to_string(geometry.size());
  return "a " + size + "x" + size + " board";
}

class Reader {
 public:
  explicit Reader(const go::Geometry& geometry) : geometry_(geometry) {}

  std::expected<ConditionalTree, std::string> tree(const json::value& value,
                                                   const std::string& where, int depth) {
    if (!value.is_array()) return Failure(where + ": must be an array of branches");
    if (depth > kMaxConditionalDepth) {
      return Failure(where + ": deeper than " + std::to_string(kMaxConditionalDepth) +
                     " moves of the opponent");
    }
    ConditionalTree tree;
    const json::array& branches = value.get_array();
    for (size_t i = 0; i < branches.size(); ++i) {
      const std::string at = where + "[" + std::to_string(i) + "]";
      if (++branches_ > kMaxConditionalBranches) {
        return Failure(at + ": more than " + std::to_string(kMaxConditionalBranches) +
                       " branches in one tree");
      }
      auto read = branch(branches[i], at, depth);
      if (!read) return Failure(read.error());
      if (branchFor(tree, read->move)) {
        return Failure(at + ".move: " + geometry_.toGtp(read->move) +
                       " is planned twice at the same point of the tree");
      }
      tree.push_back(std::move(*read));
    }
    return tree;
  }

 private:
  std::expected<ConditionalBranch, std::string> branch(const json::value& value,
                                                       const std::string& at, int depth) {
    const json::object* object = value.if_object();
    if (!object) return Failure(at + ": must be an object with move, answer and then");
    for (const auto& field : *object) {
      if (field.key() != "move" && field.key() != "answer" && field.key() != "then") {
        return Failure(at + ": unknown field " + quoteInput(field.key()));
      }
    }
    auto move = point(*object, "move", at);
    if (!move) return Failure(move.error());
    auto answer = point(*object, "answer", at);
    if (!answer) return Failure(answer.error());
    ConditionalBranch branch{*move, *answer, {}};
    if (const json::value* then = object->if_contains("then")) {
      auto below = tree(*then, at + ".then", depth + 1);
      if (!below) return Failure(below.error());
      branch.then = std::move(*below);
    }
    return branch;
  }

  std::expected<go::Point, std::string> point(const json::object& object, const char* key,
                                              const std::string& at) {
    const std::string where = at + "." + key;
    const json::value* value = object.if_contains(key);
    if (!value) return Failure(where + ": missing");
    const json::string* text = value->if_string();
    if (!text) return Failure(where + ": must be a point such as \"D4\"");
    const std::optional<go::Point> point = geometry_.fromGtp(*text);
    if (!point) {
      return Failure(where + ": " + quoteInput(*text) + " is not a point of " +
                     boardName(geometry_));
    }
    if (*point == go::kPass) return Failure(where + ": a pass cannot be planned, only points");
    return *point;
  }

  const go::Geometry& geometry_;
  int branches_ = 0;
};

std::expected<void, std::string> check(const ConditionalTree& tree, const go::Game& position,
                                       go::Color player, const std::string& where,
                                       const go::Geometry& geometry) {
  const go::Color opponent = go::opponent(player);
  for (size_t i = 0; i < tree.size(); ++i) {
    const ConditionalBranch& branch = tree[i];
    const std::string at = where + "[" + std::to_string(i) + "]";
    go::Game next = position;
    if (const go::MoveVerdict verdict = next.play(opponent, branch.move, go::PlayMode::Strict);
        verdict != go::MoveVerdict::Legal) {
      return Failure(at + ".move: the opponent cannot play " + geometry.toGtp(branch.move) +
                     " here (" + go::verdictName(verdict) + ")");
    }
    if (const go::MoveVerdict verdict = next.play(player, branch.answer, go::PlayMode::Strict);
        verdict != go::MoveVerdict::Legal) {
      return Failure(at + ".answer: " + geometry.toGtp(branch.answer) + " is not legal after " +
                     geometry.toGtp(branch.move) + " (" + go::verdictName(verdict) + ")");
    }
    if (auto below = check(branch.then, next, player, at + ".then", geometry); !below) {
      return below;
    }
  }
  return {};
}

}  // namespace

std::expected<ConditionalTree, std::string> parseConditionalTree(const json::value& value,
                                                                 const go::Geometry& geometry) {
  return Reader(geometry).tree(value, "tree", 1);
}

json::array conditionalTreeJson(const ConditionalTree& tree, const go::Geometry& geometry) {
  json::array out;
  out.reserve(tree.size());
  for (const ConditionalBranch& branch : tree) {
    out.push_back(json::object{{"move", geometry.toGtp(branch.move)},
                               {"answer", geometry.toGtp(branch.answer)},
                               {"then", conditionalTreeJson(branch.then, geometry)}});
  }
  return out;
}

std::string conditionalTreeText(const ConditionalTree& tree, const go::Geometry& geometry) {
  return json::serialize(conditionalTreeJson(tree, geometry));
}

std::expected<void, std::string> checkConditionalTree(const ConditionalTree& tree,
                                                      const go::Game& position,
                                                      go::Color player) {
  if (position.toMove() == player) {
    return Failure("conditional moves are planned while the opponent is to move");
  }
  return check(tree, position, player, "tree", position.geometry());
}

const ConditionalBranch* branchFor(const ConditionalTree& tree, go::Point move) {
  for (const ConditionalBranch& branch : tree) {
    if (branch.move == move) return &branch;
  }
  return nullptr;
}

}  // namespace tengen::site
