#include "site/review/review_json.h"

#include <boost/json/array.hpp>

#include <algorithm>

namespace tengen::site {

namespace json = boost::json;

namespace {

const char* reviewColourName(go::Color c) {
  return c == go::Color::Black ? "black" : c == go::Color::White ? "white" : "";
}

std::string reviewVertexOf(go::Point p, const go::Geometry& geometry) {
  if (p == go::kPass) return "pass";
  if (p == go::kNoPoint) return "";
  return geometry.toGtp(p);
}

json::array reviewNodesJson(const ReviewTree& tree) {
  json::array nodes;
  nodes.reserve(tree.nodeCount());
  for (int i = 0; i < tree.nodeCount(); ++i) {
    const NodeSummary s = tree.summaryOf(i);
    // Compact: a 10,000-node tree is sent whole after each edit.
    nodes.push_back(json::array{s.parent,
                                s.color == go::Color::Black   ? "B"
                                : s.color == go::Color::White ? "W"
                                                              : "",
                                reviewVertexOf(s.point, tree.geometry()), s.annotated ? 1 : 0});
  }
  return nodes;
}

json::object reviewPositionJson(const ReviewTree& tree) {
  const go::Geometry& geometry = tree.geometry();
  json::object board{{"size", geometry.size()}};
  auto loaded = tree.positionAt(tree.current());
  if (!loaded) {
    // A variation of an uploaded file may hold an illegal move: the page says so.
    board["error"] = loaded.error().toString();
    return board;
  }
  const go::Game& game = loaded->game;
  json::array black, white;
  for (int row = 0; row < geometry.size(); ++row) {
    for (int col = 0; col < geometry.size(); ++col) {
      const go::Point p = geometry.point(col, row);
      const go::Color c = game.board().at(p);
      if (c == go::Color::Black) black.push_back(json::value(geometry.toGtp(p)));
      if (c == go::Color::White) white.push_back(json::value(geometry.toGtp(p)));
    }
  }
  board["stones"] = json::object{{"black", std::move(black)}, {"white", std::move(white)}};
  board["toMove"] = reviewColourName(game.toMove());
  board["moveNumber"] = static_cast<int64_t>(game.moves().size());
  if (!game.moves().empty()) {
    const go::Move& last = game.moves().back();
    board["lastMove"] = json::object{{"color", reviewColourName(last.color)},
                                     {"vertex", reviewVertexOf(last.point, geometry)}};
  } else {
    board["lastMove"] = nullptr;
  }
  board["captures"] = json::object{{"black", game.board().captures(go::Color::Black)},
                                   {"white", game.board().captures(go::Color::White)}};
  board["rules"] = game.rules().toString();
  board["komi"] = game.rules().komi;
  return board;
}

}  // namespace

json::object reviewUserJson(const ReviewUser& user) {
  return json::object{{"id", user.id}, {"name", user.name}};
}

json::object reviewFollowersJson(const ReviewBoard& board) {
  json::array controllers, followers;
  for (const ReviewUser& user : board.controllers) controllers.push_back(reviewUserJson(user));
  // One entry per account (a user may follow from several tabs); anonymous watchers counted.
  std::vector<int64_t> seen;
  int64_t anonymous = 0;
  for (const ReviewFollower& f : board.followers) {
    if (f.user.id == 0) {
      ++anonymous;
      continue;
    }
    if (std::find(seen.begin(), seen.end(), f.user.id) != seen.end()) continue;
    seen.push_back(f.user.id);
    followers.push_back(reviewUserJson(f.user));
  }
  return json::object{
      {"type", "review_followers"},           {"reviewId", board.id},
      {"owner", reviewUserJson(board.owner)}, {"controllers", std::move(controllers)},
      {"followers", std::move(followers)},    {"anonymous", anonymous}};
}

json::object reviewChatJson(int64_t reviewId, const ReviewChatLine& line) {
  return json::object{{"type", "review_chat"},
                      {"reviewId", reviewId},
                      {"from", reviewUserJson(line.from)},
                      {"text", line.text},
                      {"timeMs", line.atMs}};
}

json::object reviewStateJson(const ReviewBoard& board) {
  const ReviewTree& tree = board.tree;
  json::array marks;
  for (const Mark& mark : tree.marksAt(tree.current())) {
    json::object entry{{"vertex", tree.geometry().toGtp(mark.point)},
                       {"mark", markProperty(mark.kind)}};
    if (mark.kind == MarkKind::Label) entry["label"] = mark.label;
    marks.push_back(std::move(entry));
  }
  json::array chat;
  for (const ReviewChatLine& line : board.chat) {
    json::object entry = reviewChatJson(board.id, line);
    entry.erase("type");
    entry.erase("reviewId");
    chat.push_back(std::move(entry));
  }
  json::object followers = reviewFollowersJson(board);
  return json::object{{"type", "review_state"},
                      {"reviewId", board.id},
                      {"version", board.version},
                      {"title", board.title},
                      {"gameId", board.gameId},
                      {"owner", reviewUserJson(board.owner)},
                      {"controllers", followers["controllers"]},
                      {"followers", followers["followers"]},
                      {"node", tree.current()},
                      {"nodes", reviewNodesJson(tree)},
                      {"comment", tree.commentAt(tree.current())},
                      {"marks", std::move(marks)},
                      {"board", reviewPositionJson(tree)},
                      {"chat", std::move(chat)}};
}

}  // namespace tengen::site
