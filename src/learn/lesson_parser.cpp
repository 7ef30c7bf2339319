#include "learn/lesson_parser.h"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <array>
#include <sstream>
#include <utility>

#include "learn/lesson_reasons.h"

namespace tengen::learn {

namespace json = boost::json;

namespace {

constexpr int kMaxLessonBoards = 12;
constexpr int kMaxMovesLimit = 100;

struct GoalName {
  std::string_view name;
  GoalKind kind;
};
constexpr std::array<GoalName, 11> kGoalNames{{
    {"capture", GoalKind::Capture},
    {"save", GoalKind::Save},
    {"atari", GoalKind::Atari},
    {"connect", GoalKind::Connect},
    {"cut", GoalKind::Cut},
    {"live", GoalKind::Live},
    {"kill", GoalKind::Kill},
    {"end", GoalKind::End},
    {"legal", GoalKind::Legal},
    {"liberties", GoalKind::Liberties},
    {"score", GoalKind::Score},
}};

// Reads fields of one JSON object, naming each by its path in the file for errors.
class Fields {
 public:
  Fields(const json::object& object, std::string path) : object_(object), path_(std::move(path)) {}

  std::string path(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }
  const json::value* find(std::string_view key) const { return object_.if_contains(key); }

  Result<std::string> string(std::string_view key, bool required) const {
    const json::value* value = find(key);
    if (!value) {
      if (required) return fail("is missing", path(key));
      return std::string{};
    }
    if (!value->is_string()) return fail("must be a string", path(key));
    return std::string(value->as_string());
  }

  // Fails on keys the format does not have: a misspelt "replys" would otherwise be ignored.
  Result<void> onlyKnown(std::initializer_list<std::string_view> keys) const {
    for (const auto& entry : object_) {
      if (std::find(keys.begin(), keys.end(), entry.key()) == keys.end()) {
        return fail("unknown field", path(entry.key()));
      }
    }
    return {};
  }

 private:
  const json::object& object_;
  std::string path_;
};

std::string indexed(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

Result<go::Point> vertexAt(const go::Geometry& g, std::string_view text, const std::string& where,
                           bool passAllowed) {
  auto point = g.fromGtp(text);
  if (!point || (*point == go::kPass && !passAllowed)) {
    const std::string size = std::to_string(g.size());
    return fail("'" + std::string(text) + "' is not a " + (passAllowed ? "move" : "point") +
                    " on a " + size + "x" + size + " board",
                where);
  }
  return *point;
}

Result<std::vector<go::Point>> vertexList(const go::Geometry& g, const json::value* value,
                                          const std::string& where, bool passAllowed) {
  std::vector<go::Point> points;
  if (!value) return points;
  if (!value->is_array()) return fail("must be a list of vertices", where);
  const json::array& list = value->as_array();
  if (list.size() > kMaxMovesLimit) return fail("has more than 100 entries", where);
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].is_string()) return fail("must be a vertex like \"D4\"", indexed(where, i));
    auto point = vertexAt(g, list[i].as_string(), indexed(where, i), passAllowed);
    if (!point) return std::unexpected(point.error());
    points.push_back(*point);
  }
  return points;
}

// The diagram's rows, top first: X O . and x o (stones counted dead by a score question).
struct Diagram {
  int size = 0;
  std::vector<std::string> rows;  // one character per point
};

Result<Diagram> readDiagram(const json::value* value, const std::string& where) {
  if (!value || !value->is_array()) return fail("must be a list of rows, top row first", where);
  const json::array& lines = value->as_array();
  Diagram diagram;
  diagram.size = static_cast<int>(lines.size());
  if (diagram.size < go::kMinSize || diagram.size > 19) {
    return fail("has " + std::to_string(diagram.size) + " rows; a board has 2 to 19", where);
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].is_string()) return fail("must be a string", indexed(where, i));
    std::istringstream in{std::string(lines[i].as_string())};
    std::string row;
    for (std::string cell; in >> cell;) {
      if (cell.size() != 1 || std::string_view(".XOxo").find(cell[0]) == std::string_view::npos) {
        return fail("point '" + cell + "' is not one of . X O x o", indexed(where, i));
      }
      row += cell[0];
    }
    if (static_cast<int>(row.size()) != diagram.size) {
      return fail("has " + std::to_string(row.size()) + " points; the board is " +
                      std::to_string(diagram.size) + " wide",
                  indexed(where, i));
    }
    diagram.rows.push_back(std::move(row));
  }
  return diagram;
}

go::Color colorOf(char cell) {
  return cell == 'X' || cell == 'x' ? go::Color::Black : go::Color::White;
}

// The board's start: the diagram as setup stones, then the setup moves.
Result<void> setUp(LessonBoard& board, const Diagram& diagram, const go::Rules& rules,
                   std::string_view setup, const std::string& path) {
  board.start = go::Game(diagram.size, rules);
  const go::Geometry& g = board.start.geometry();
  for (int r = 0; r < diagram.size; ++r) {
    for (int c = 0; c < diagram.size; ++c) {
      const char cell = diagram.rows[r][c];
      if (cell == '.') continue;
      const go::Point p = g.point(c, diagram.size - 1 - r);
      if (!board.start.setupStone(p, colorOf(cell))) {
        return fail("the stone at " + g.toGtp(p) + " leaves a chain without liberties",
                    path + ".diagram");
      }
      if (cell == 'x' || cell == 'o') board.dead.insert(p);
    }
  }
  std::istringstream in{std::string(setup)};
  for (std::string colour, where; in >> colour;) {
    if (!(in >> where) || (colour != "B" && colour != "W")) {
      return fail("must be moves like \"B D4 W C3\"", path + ".setup");
    }
    auto point = vertexAt(g, where, path + ".setup", true);
    if (!point) return std::unexpected(point.error());
    const go::MoveVerdict verdict =
        board.start.play(colour == "B" ? go::Color::Black : go::Color::White, *point);
    if (verdict != go::MoveVerdict::Legal) {
      return fail(colour + " " + where + " is illegal (" + go::verdictName(verdict) + ")",
                  path + ".setup");
    }
  }
  return {};
}

Result<Goal> readGoal(const json::value* value, const go::Geometry& g, const std::string& where) {
  if (!value || !value->is_object()) return fail("must be an object with a \"kind\"", where);
  Fields fields(value->as_object(), where);
  if (auto known =
          fields.onlyKnown({"kind", "targets", "area", "liberties", "result", "point", "color"});
      !known) {
    return std::unexpected(known.error());
  }
  auto kindName = fields.string("kind", true);
  if (!kindName) return std::unexpected(kindName.error());
  Goal goal;
  auto kind = std::find_if(kGoalNames.begin(), kGoalNames.end(),
                           [&](const GoalName& n) { return n.name == *kindName; });
  if (kind == kGoalNames.end()) {
    return fail("'" + *kindName +
                    "' is not a goal (capture, save, atari, connect, cut, live, "
                    "kill, end, legal, liberties, score)",
                fields.path("kind"));
  }
  goal.kind = kind->kind;
  auto targets = vertexList(g, fields.find("targets"), fields.path("targets"), false);
  if (!targets) return std::unexpected(targets.error());
  goal.targets = std::move(*targets);
  const bool needsTargets = !isQuestion(goal.kind) && goal.kind != GoalKind::End;
  if (needsTargets && goal.targets.empty()) return fail("is missing", fields.path("targets"));
  if (goal.kind == GoalKind::Connect || goal.kind == GoalKind::Cut) {
    if (goal.targets.size() < 2) return fail("needs two stones or more", fields.path("targets"));
  }
  if (const json::value* area = fields.find("area")) {
    auto points = vertexList(g, area, fields.path("area"), false);
    if (!points) return std::unexpected(points.error());
    goal.area.emplace();
    for (go::Point p : *points) goal.area->insert(p);
  }
  if (const json::value* liberties = fields.find("liberties")) {
    if (!liberties->is_int64() || liberties->as_int64() < 1 || liberties->as_int64() > 8) {
      return fail("must be a whole number from 1 to 8", fields.path("liberties"));
    }
    goal.liberties = static_cast<int>(liberties->as_int64());
  }
  auto result = fields.string("result", goal.kind == GoalKind::End);
  if (!result) return std::unexpected(result.error());
  goal.result = *result;
  if (goal.kind == GoalKind::Legal || goal.kind == GoalKind::Liberties) {
    auto pointText = fields.string("point", true);
    if (!pointText) return std::unexpected(pointText.error());
    auto point = vertexAt(g, *pointText, fields.path("point"), false);
    if (!point) return std::unexpected(point.error());
    goal.point = *point;
  }
  if (goal.kind == GoalKind::Legal) {
    auto colour = fields.string("color", true);
    if (!colour) return std::unexpected(colour.error());
    if (*colour != "black" && *colour != "white") {
      return fail("must be \"black\" or \"white\"", fields.path("color"));
    }
    goal.color = *colour == "black" ? go::Color::Black : go::Color::White;
  }
  return goal;
}

// The player's moves joined by single spaces, as `replies` keys are written.
Result<std::string> replyKey(const go::Geometry& g, std::string_view key,
                             const std::string& where) {
  std::istringstream in{std::string(key)};
  std::string joined;
  for (std::string word; in >> word;) {
    auto point = vertexAt(g, word, where, true);
    if (!point) return std::unexpected(point.error());
    if (!joined.empty()) joined += ' ';
    joined += g.toGtp(*point);
  }
  return joined;
}

Result<void> readReplies(LessonBoard& board, const json::value* value, const std::string& where) {
  if (!value) return {};
  if (!value->is_object()) return fail("must map the player's moves to an answer", where);
  const go::Geometry& g = board.start.geometry();
  for (const auto& entry : value->as_object()) {
    const std::string path = where + "[\"" + std::string(entry.key()) + "\"]";
    auto key = replyKey(g, entry.key(), path);
    if (!key) return std::unexpected(key.error());
    if (!entry.value().is_string()) return fail("must be a vertex or \"pass\"", path);
    auto reply = vertexAt(g, entry.value().as_string(), path, true);
    if (!reply) return std::unexpected(reply.error());
    board.replies[*key] = *reply;
  }
  return {};
}

Result<void> readWrong(LessonBoard& board, const json::value* value, const std::string& where) {
  if (!value) return {};
  if (!value->is_array()) return fail("must be a list", where);
  const json::array& list = value->as_array();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = indexed(where, i);
    if (!list[i].is_object()) return fail("must be an object", path);
    Fields fields(list[i].as_object(), path);
    if (auto known = fields.onlyKnown({"moves", "answer", "reason"}); !known) {
      return std::unexpected(known.error());
    }
    WrongAnswer wrong;
    auto reason = fields.string("reason", true);
    if (!reason) return std::unexpected(reason.error());
    if (!isReasonKey(*reason))
      return fail("'" + *reason + "' is not a reason", fields.path("reason"));
    wrong.reason = *reason;
    if (isQuestion(board.goal.kind)) {
      auto answer = fields.string("answer", true);
      if (!answer) return std::unexpected(answer.error());
      wrong.answer = *answer;
    } else {
      auto moves =
          vertexList(board.start.geometry(), fields.find("moves"), fields.path("moves"), true);
      if (!moves) return std::unexpected(moves.error());
      if (moves->empty()) return fail("is missing", fields.path("moves"));
      wrong.moves = std::move(*moves);
    }
    board.wrong.push_back(std::move(wrong));
  }
  return {};
}

Result<LessonBoard> readBoard(const json::value& value, const std::string& path) {
  if (!value.is_object()) return fail("must be an object", path);
  Fields fields(value.as_object(), path);
  if (auto known = fields.onlyKnown({"rules", "diagram", "toPlay", "setup", "goal", "replies",
                                     "maxMoves", "solution", "wrong"});
      !known) {
    return std::unexpected(known.error());
  }
  LessonBoard board;
  auto spec = fields.string("rules", false);
  if (!spec) return std::unexpected(spec.error());
  go::Rules rules = go::Rules::forNewTable();
  if (!spec->empty()) {
    auto parsed = go::Rules::parse(*spec);
    if (!parsed) return fail(parsed.error().toString(), fields.path("rules"));
    rules = *parsed;
  }
  auto diagram = readDiagram(fields.find("diagram"), fields.path("diagram"));
  if (!diagram) return std::unexpected(diagram.error());
  auto setup = fields.string("setup", false);
  if (!setup) return std::unexpected(setup.error());
  if (auto done = setUp(board, *diagram, rules, *setup, path); !done) {
    return std::unexpected(done.error());
  }
  auto toPlay = fields.string("toPlay", false);
  if (!toPlay) return std::unexpected(toPlay.error());
  if (!toPlay->empty() && *toPlay != "black" && *toPlay != "white") {
    return fail("must be \"black\" or \"white\"", fields.path("toPlay"));
  }
  board.player = *toPlay == "white" ? go::Color::White : go::Color::Black;
  const go::Geometry& g = board.start.geometry();
  auto goal = readGoal(fields.find("goal"), g, fields.path("goal"));
  if (!goal) return std::unexpected(goal.error());
  board.goal = std::move(*goal);
  if (auto replies = readReplies(board, fields.find("replies"), fields.path("replies")); !replies) {
    return std::unexpected(replies.error());
  }
  if (const json::value* maxMoves = fields.find("maxMoves")) {
    if (!maxMoves->is_int64() || maxMoves->as_int64() < 1 ||
        maxMoves->as_int64() > kMaxMovesLimit) {
      return fail("must be a whole number from 1 to 100", fields.path("maxMoves"));
    }
    board.maxMoves = static_cast<int>(maxMoves->as_int64());
  }
  const json::value* solution = fields.find("solution");
  if (isQuestion(board.goal.kind)) {
    if (solution && !solution->is_string()) {
      return fail("must be the expected answer as a string", fields.path("solution"));
    }
    if (solution) board.solutionAnswer = std::string(solution->as_string());
  } else {
    auto moves = vertexList(g, solution, fields.path("solution"), true);
    if (!moves) return std::unexpected(moves.error());
    if (moves->empty()) return fail("is missing", fields.path("solution"));
    board.solution = std::move(*moves);
  }
  if (auto wrong = readWrong(board, fields.find("wrong"), fields.path("wrong")); !wrong) {
    return std::unexpected(wrong.error());
  }
  return board;
}

}  // namespace

bool isLessonId(std::string_view id) {
  return !id.empty() && id.size() <= 40 && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

Result<Lesson> parseLesson(std::string_view text) {
  boost::system::error_code ec;
  json::value root = json::parse(text, ec);
  if (ec) return fail("not JSON: " + ec.message());
  if (!root.is_object()) return fail("a lesson must be a JSON object");
  Fields fields(root.as_object(), "");
  if (auto known = fields.onlyKnown({"id", "boards"}); !known)
    return std::unexpected(known.error());
  Lesson lesson;
  auto id = fields.string("id", true);
  if (!id) return std::unexpected(id.error());
  if (!isLessonId(*id)) return fail("must be 1 to 40 of a-z, 0-9 and -", "id");
  lesson.id = *id;
  const json::value* boards = fields.find("boards");
  if (!boards || !boards->is_array() || boards->as_array().empty()) {
    return fail("must be a list of one board or more", "boards");
  }
  if (boards->as_array().size() > kMaxLessonBoards)
    return fail("has more than 12 boards", "boards");
  for (std::size_t i = 0; i < boards->as_array().size(); ++i) {
    auto board = readBoard(boards->as_array()[i], indexed("boards", i));
    if (!board) return std::unexpected(board.error());
    lesson.boards.push_back(std::move(*board));
  }
  return lesson;
}

const char* goalName(GoalKind kind) {
  for (const GoalName& name : kGoalNames) {
    if (name.kind == kind) return name.name.data();
  }
  return "?";
}

}  // namespace tengen::learn
