#pragma once

#include <string_view>

#include "base/result.h"
#include "learn/lesson.h"

namespace tengen::learn {

// Reads one lesson file (docs/lessons.md, "A lesson file"). Every error names the field it
// is in ("boards[2].goal.targets[0]: E9 is not a point on a 5x5 board"), so an author can fix
// the file from the message alone. Checks what the file alone can decide: a legal diagram,
// legal setup moves, vertices on the board, known goal kinds and reasons. Whether the
// solution solves the board is the judge's to say (tests/learn).
Result<Lesson> parseLesson(std::string_view text);

// Whether `id` may name a lesson: 1..40 characters of a-z, 0-9 and '-'.
bool isLessonId(std::string_view id);

}  // namespace tengen::learn
