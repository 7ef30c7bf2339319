#include "site/learn/lesson_json.h"

#include <boost/json/array.hpp>

namespace tengen::site {

namespace json = boost::json;

namespace {

std::string vertex(const go::Geometry& g, go::Point p) {
  return p == go::kPass ? "pass" : g.toGtp(p);
}

json::array vertices(const go::Geometry& g, const std::vector<go::Point>& points) {
  json::array out;
  for (go::Point p : points) out.push_back(json::value(vertex(g, p)));
  return out;
}

json::object goalJson(const learn::Goal& goal, const go::Geometry& g) {
  json::object out{{"kind", learn::goalName(goal.kind)}, {"targets", vertices(g, goal.targets)}};
  if (goal.point != go::kNoPoint) out["point"] = vertex(g, goal.point);
  if (goal.kind == learn::GoalKind::Legal) out["color"] = go::colorName(goal.color);
  if (goal.kind == learn::GoalKind::End) out["result"] = goal.result;
  return out;
}

}  // namespace

json::object positionJson(const go::Game& game) {
  const go::Geometry& g = game.geometry();
  const go::Board& board = game.board();
  json::array black, white, legal;
  json::object reasons;
  const go::Color toMove = game.isOver() ? go::Color::Empty : game.toMove();
  for (go::Point p = g.first(); p <= g.last(); ++p) {
    if (!g.onBoard(p)) continue;
    if (board.at(p) == go::Color::Black) black.push_back(json::value(g.toGtp(p)));
    if (board.at(p) == go::Color::White) white.push_back(json::value(g.toGtp(p)));
    if (toMove == go::Color::Empty || board.at(p) != go::Color::Empty) continue;
    const go::MoveVerdict verdict = game.check(toMove, p);
    if (verdict == go::MoveVerdict::Legal) {
      legal.push_back(json::value(g.toGtp(p)));
    } else {
      reasons[g.toGtp(p)] = go::verdictName(verdict);
    }
  }
  json::value lastMove = nullptr;
  if (!game.moves().empty()) {
    const go::Move& last = game.moves().back();
    lastMove =
        json::object{{"color", go::colorName(last.color)}, {"vertex", vertex(g, last.point)}};
  }
  return json::object{
      {"size", g.size()},
      {"stones", json::object{{"black", std::move(black)}, {"white", std::move(white)}}},
      {"toMove",
       toMove == go::Color::Empty ? json::value(nullptr) : json::value(go::colorName(toMove))},
      {"legal", std::move(legal)},
      {"reasons", std::move(reasons)},
      {"lastMove", std::move(lastMove)}};
}

json::object lessonJson(const learn::Lesson& lesson, const std::string& next) {
  json::array boards;
  for (const learn::LessonBoard& board : lesson.boards) {
    const go::Geometry& g = board.start.geometry();
    std::vector<go::Point> dead;
    board.dead.forEach([&](go::Point p) { dead.push_back(p); });
    json::object position = positionJson(learn::startingGame(board));
    // Nothing is played on a question's board, and its legal points and their reasons would
    // answer "May Black play at A1?" before it is asked ("A1": "suicide").
    if (learn::isQuestion(board.goal.kind)) {
      position["legal"] = nullptr;
      position["reasons"] = json::object{};
    }
    boards.push_back(json::object{{"goal", goalJson(board.goal, g)},
                                  {"player", go::colorName(board.player)},
                                  {"dead", vertices(g, dead)},
                                  {"maxMoves", board.maxMoves},
                                  {"position", std::move(position)}});
  }
  return json::object{{"id", lesson.id},
                      {"next", next.empty() ? json::value(nullptr) : json::value(next)},
                      {"boards", std::move(boards)}};
}

json::object judgementJson(const learn::Judgement& judgement) {
  json::value reason = nullptr;
  if (judgement.reason && !judgement.reason->key.empty()) {
    json::object params;
    for (const auto& [name, value] : judgement.reason->params) params[name] = value;
    reason = json::object{{"key", judgement.reason->key}, {"params", std::move(params)}};
  }
  json::array steps;
  for (const learn::Step& step : judgement.steps) {
    const go::Geometry& g = step.after.geometry();
    steps.push_back(json::object{{"move", json::object{{"color", go::colorName(step.move.color)},
                                                       {"vertex", vertex(g, step.move.point)}}},
                                 {"captured", vertices(g, step.captured)},
                                 {"position", positionJson(step.after)}});
  }
  return json::object{{"status", learn::statusName(judgement.status)},
                      {"reason", std::move(reason)},
                      {"steps", std::move(steps)}};
}

}  // namespace tengen::site
