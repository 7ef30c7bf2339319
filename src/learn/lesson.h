#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "go/game.h"
#include "go/point.h"
#include "go/point_set.h"
#include "go/rules.h"

// One lesson of the "Learn to play" track as the judge uses it: boards with a goal the rules
// engine checks. docs/lessons.md describes the file each Lesson is read from
// (lesson_parser.h) and what every goal means.
namespace tengen::learn {

enum class GoalKind {
  // Move goals: the player plays, the opponent answers.
  Capture,
  Save,
  Atari,
  Connect,
  Cut,
  Live,
  Kill,
  End,
  // Question goals: the player answers, nothing is played.
  Legal,
  Liberties,
  Score,
};

bool isQuestion(GoalKind kind);
const char* goalName(GoalKind kind);

struct Goal {
  GoalKind kind = GoalKind::Capture;
  std::vector<go::Point> targets;      // capture, save, atari, connect, cut, live, kill
  std::optional<go::PointSet> area;    // live, kill: where the solver plays (default: empty points)
  int liberties = 3;                   // save: liberties that count as safe
  std::string result;                  // end: the count the game must end with ("B+4")
  go::Point point = go::kNoPoint;      // legal, liberties
  go::Color color = go::Color::Black;  // legal
};

// An answer the judge must refuse, with the reason it must give (tests/learn checks both).
struct WrongAnswer {
  std::vector<go::Point> moves;  // for move goals
  std::string answer;            // for questions
  std::string reason;
};

struct LessonBoard {
  // The position the task starts from: the diagram's stones as setup, then the setup moves.
  go::Game start{9};
  go::Color player = go::Color::Black;
  go::PointSet dead;  // x / o in the diagram: stones a score question counts as dead
  Goal goal;
  // The opponent's answers, keyed by the player's moves so far ("D4 E3").
  std::map<std::string, go::Point> replies;
  int maxMoves = 10;
  std::vector<go::Point> solution;  // move goals: one winning line of the player's moves
  std::string solutionAnswer;       // questions (optional): the answer the author expects
  std::vector<WrongAnswer> wrong;
};

struct Lesson {
  std::string id;
  std::vector<LessonBoard> boards;
};

}  // namespace tengen::learn
