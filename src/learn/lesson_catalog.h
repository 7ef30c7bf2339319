#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "learn/lesson.h"

namespace tengen::learn {

// A lesson file as the site embeds it: its path under web/ and its text.
struct LessonFile {
  std::string_view path;  // "lessons/03-atari.json"
  std::string_view text;
};

// The track: every lesson in the order of the NN prefix of its file name.
class LessonCatalog {
 public:
  // Reads the files under lessons/ whose names are NN-<id>.json (other files are ignored)
  // and fails on the first bad one, naming it: the site refuses to start with a broken
  // lesson rather than serve a track with a hole in it.
  static Result<LessonCatalog> load(const std::vector<LessonFile>& files);

  const std::vector<Lesson>& lessons() const { return lessons_; }
  // nullptr for an unknown id.
  const Lesson* find(std::string_view id) const;
  // The id of the lesson after `id`, or "" after the last.
  std::string nextAfter(std::string_view id) const;

 private:
  std::vector<Lesson> lessons_;
};

}  // namespace tengen::learn
