// libFuzzer target for the Learn track (src/learn): a lesson file read by parseLesson, then
// judged as the server would, with the file's solution, its wrong answers and the input's own
// bytes as moves and answers. Run by scripts/fuzz.sh from fuzz/corpus/lesson_fuzz. Any input
// must parse or give an error with a message, and every judgement must end with a verdict or
// an error with a message, never a crash or a hang.
#include <boost/json/src.hpp>  // Boost.JSON compiled in: the fuzzer sees its branches too

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "learn/lesson_judge.h"
#include "learn/lesson_parser.h"

namespace {

using namespace tengen;

void require(bool condition) {
  if (!condition) std::abort();
}

void check(const Result<learn::Judgement>& judgement) {
  if (!judgement) {
    require(!judgement.error().message.empty());
    return;
  }
  require(judgement->steps.size() <= 2);
  if (judgement->status == learn::Status::Wrong && judgement->reason) {
    require(learn::isReasonKey(judgement->reason->key));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto lesson = learn::parseLesson(text);
  if (!lesson) {
    require(!lesson.error().message.empty());
    return 0;
  }
  // Bounded work per input, so that one input stays well inside libFuzzer's timeout even when
  // every board is a life-and-death search at its full budget.
  constexpr size_t kBoards = 3;
  constexpr size_t kWrongAnswers = 2;
  constexpr size_t kByteMoves = 4;
  for (size_t b = 0; b < lesson->boards.size() && b < kBoards; ++b) {
    const learn::LessonBoard& board = lesson->boards[b];
    const go::Geometry& g = board.start.geometry();
    if (learn::isQuestion(board.goal.kind)) {
      check(learn::judgeAnswer(board, board.solutionAnswer));
      check(learn::judgeAnswer(board, text.substr(0, 8)));
      for (size_t w = 0; w < board.wrong.size() && w < kWrongAnswers; ++w) {
        check(learn::judgeAnswer(board, board.wrong[w].answer));
      }
      continue;
    }
    check(learn::judgeMoves(board, board.solution));
    for (size_t w = 0; w < board.wrong.size() && w < kWrongAnswers; ++w) {
      check(learn::judgeMoves(board, board.wrong[w].moves));
    }
    // The input's bytes as a line of moves (a pass for bytes off the board).
    std::vector<go::Point> moves;
    for (size_t i = 0; i < size && moves.size() < kByteMoves; ++i) {
      const int index = data[i] % (g.size() * g.size() + 1);
      moves.push_back(index == g.size() * g.size() ? go::kPass
                                                   : g.point(index % g.size(), index / g.size()));
      check(learn::judgeMoves(board, moves));
    }
  }
  return 0;
}
