#pragma once

#include <boost/json/object.hpp>

#include "go/game.h"
#include "learn/lesson.h"
#include "learn/lesson_judge.h"

// The JSON the Learn page reads (docs/lessons.md, "API"): a board as BoardView.setPosition
// takes it, a lesson without its solutions, and a judgement.
namespace tengen::site {

// {size, stones, toMove, legal, reasons, lastMove}; `legal` and `reasons` for the side to
// move, so the page draws the engine's red crosses.
boost::json::object positionJson(const go::Game& game);

// {id, next, boards: [{goal, maxMoves, position}]}: no solution, reply or wrong answer.
boost::json::object lessonJson(const learn::Lesson& lesson, const std::string& next);

// {status, reason, steps}.
boost::json::object judgementJson(const learn::Judgement& judgement);

}  // namespace tengen::site
