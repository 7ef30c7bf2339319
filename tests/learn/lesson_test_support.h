#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "learn/lesson_judge.h"
#include "learn/lesson_parser.h"

// Builds lesson boards for the judge's tests from the JSON of one board, as a lesson file
// holds it, and plays GTP moves through the judge.
namespace tengen::learn::test {

// One board's JSON object (without the lesson around it); throws on a parse error, so that
// a test with a broken board fails loudly.
inline LessonBoard boardOf(std::string_view boardJson) {
  auto lesson = parseLesson(R"({"id": "t", "boards": [)" + std::string(boardJson) + "]}");
  if (!lesson) throw std::invalid_argument(lesson.error().toString());
  return lesson->boards.front();
}

inline std::vector<go::Point> movesOf(const LessonBoard& board, std::string_view text) {
  std::vector<go::Point> moves;
  std::istringstream in{std::string(text)};
  for (std::string word; in >> word;) {
    auto p = board.start.geometry().fromGtp(word);
    if (!p) throw std::invalid_argument("not a move: " + word);
    moves.push_back(*p);
  }
  return moves;
}

// "solved", "continue", or "wrong selfAtari vertex=C4", for one-line comparisons.
inline std::string describe(const Result<Judgement>& judgement) {
  if (!judgement) return "error: " + judgement.error().toString();
  std::string text = statusName(judgement->status);
  if (judgement->reason && !judgement->reason->key.empty()) {
    text += " " + judgement->reason->key;
    for (const auto& [name, value] : judgement->reason->params) text += " " + name + "=" + value;
  }
  return text;
}

inline std::string play(const LessonBoard& board, std::string_view moves) {
  return describe(judgeMoves(board, movesOf(board, moves)));
}

inline std::string answer(const LessonBoard& board, std::string_view text) {
  return describe(judgeAnswer(board, text));
}

}  // namespace tengen::learn::test
