#include "learn/lesson_catalog.h"

#include <algorithm>
#include <cctype>

#include "learn/lesson_parser.h"

namespace tengen::learn {

namespace {

constexpr std::string_view kFolder = "lessons/";
constexpr std::string_view kSuffix = ".json";

// "lessons/03-atari.json" -> "atari"; "" when the name does not follow NN-<id>.json.
std::string_view idOfPath(std::string_view path) {
  if (!path.starts_with(kFolder) || !path.ends_with(kSuffix)) return {};
  std::string_view name =
      path.substr(kFolder.size(), path.size() - kFolder.size() - kSuffix.size());
  if (name.size() < 4 || !std::isdigit(static_cast<unsigned char>(name[0])) ||
      !std::isdigit(static_cast<unsigned char>(name[1])) || name[2] != '-') {
    return {};
  }
  return name.substr(3);
}

}  // namespace

Result<LessonCatalog> LessonCatalog::load(const std::vector<LessonFile>& files) {
  std::vector<LessonFile> sorted;
  for (const LessonFile& file : files) {
    if (!idOfPath(file.path).empty()) sorted.push_back(file);
  }
  std::sort(sorted.begin(), sorted.end(),
            [](const LessonFile& a, const LessonFile& b) { return a.path < b.path; });
  LessonCatalog catalog;
  for (const LessonFile& file : sorted) {
    const std::string where(file.path);
    auto lesson = parseLesson(file.text);
    if (!lesson) return fail(lesson.error().toString(), where);
    if (lesson->id != idOfPath(file.path)) {
      return fail("the id '" + lesson->id + "' differs from the file name", where);
    }
    if (catalog.find(lesson->id)) return fail("a second lesson '" + lesson->id + "'", where);
    catalog.lessons_.push_back(std::move(*lesson));
  }
  return catalog;
}

const Lesson* LessonCatalog::find(std::string_view id) const {
  auto it = std::find_if(lessons_.begin(), lessons_.end(),
                         [&](const Lesson& lesson) { return lesson.id == id; });
  return it == lessons_.end() ? nullptr : &*it;
}

std::string LessonCatalog::nextAfter(std::string_view id) const {
  for (std::size_t i = 0; i + 1 < lessons_.size(); ++i) {
    if (lessons_[i].id == id) return lessons_[i + 1].id;
  }
  return {};
}

}  // namespace tengen::learn
