#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "go/game.h"
#include "learn/lesson.h"
#include "learn/lesson_reasons.h"

// Judges a player's attempt at one lesson board with the rules engine: replays the player's
// moves from the board's start, answers each from the lesson's reply table or the goal's
// policy (opponent_policy.h, life_solver.h), and tests the goal after each (docs/lessons.md,
// "Goals"). Keeps no state between calls: the page sends every move so far.
namespace tengen::learn {

enum class Status { Continue, Solved, Wrong };
const char* statusName(Status status);

// One stone (or pass) put down, what it took off the board, and the game after it.
struct Step {
  go::Move move;
  std::vector<go::Point> captured;
  go::Game after;
};

struct Judgement {
  Status status = Status::Continue;
  std::optional<Reason> reason;
  // The last player move and the opponent's answer (none, one or two steps).
  std::vector<Step> steps;
};

// The player's moves so far, the newest last. An error (not a verdict) when the list is
// empty or longer than the board allows, or when an earlier move had already ended the
// board: the page never sends those. A lesson whose reply is illegal is an authoring error,
// reported the same way (tests/learn keeps the files free of them).
Result<Judgement> judgeMoves(const LessonBoard& board, const std::vector<go::Point>& moves);

// A question's answer: "yes"/"no" (legal), a number (liberties), a result such as "B+5.5",
// "W+0.5" or "0" (score). Solved or Wrong, with the engine's explanation as the reason.
Result<Judgement> judgeAnswer(const LessonBoard& board, std::string_view answer);

// The board's start with the player to move: what the page first shows.
go::Game startingGame(const LessonBoard& board);

}  // namespace tengen::learn
