#include "learn/lesson.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "learn/lesson_reasons.h"

namespace tengen::learn {

namespace {

// The reasons of docs/lessons.md: the move verdicts, the goals' failures and the questions'
// explanations.
constexpr std::array<std::string_view, 18> kReasonKeys{
    "occupied", "suicide", "ko",       "superko",      "selfAtari", "captured",
    "escaped",  "lost",    "notAtari", "notConnected", "notCut",    "dies",
    "lives",    "result",  "tooLong",  "legal",        "liberties", "score"};

}  // namespace

bool isReasonKey(std::string_view key) {
  return std::find(kReasonKeys.begin(), kReasonKeys.end(), key) != kReasonKeys.end();
}

bool isQuestion(GoalKind kind) {
  return kind == GoalKind::Legal || kind == GoalKind::Liberties || kind == GoalKind::Score;
}

}  // namespace tengen::learn
