// Every lesson of the track (web/lessons/*.json), judged by the engine: each board's solution
// reaches its goal, each wrong answer the file lists is refused with the reason it names, and
// every text the page shows exists in the three catalogues (web/i18n).
#include "learn/lesson_catalog.h"

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "learn/lesson_judge.h"
#include "lesson_test_support.h"

namespace tengen::learn::test {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The files as the site embeds them: paths relative to web/.
struct TrackFiles {
  std::vector<std::string> paths;
  std::vector<std::string> texts;

  std::vector<LessonFile> files() const {
    std::vector<LessonFile> out;
    for (std::size_t i = 0; i < paths.size(); ++i) out.push_back({paths[i], texts[i]});
    return out;
  }
};

TrackFiles trackFiles() {
  TrackFiles track;
  const fs::path folder = fs::path(TENGEN_SOURCE_DIR) / "web" / "lessons";
  if (!fs::exists(folder)) return track;
  for (const auto& entry : fs::directory_iterator(folder)) {
    track.paths.push_back("lessons/" + entry.path().filename().string());
    track.texts.push_back(readFile(entry.path()));
  }
  return track;
}

const LessonCatalog& catalog() {
  static const TrackFiles files = trackFiles();
  static const LessonCatalog loaded = [] {
    auto catalog = LessonCatalog::load(files.files());
    if (!catalog) throw std::runtime_error(catalog.error().toString());
    return *catalog;
  }();
  return loaded;
}

std::string where(const Lesson& lesson, std::size_t board) {
  return lesson.id + " board " + std::to_string(board + 1);
}

std::string movesText(const LessonBoard& board, const std::vector<go::Point>& moves) {
  std::string text;
  for (go::Point p : moves) {
    text += (text.empty() ? "" : " ") +
            (p == go::kPass ? std::string("pass") : board.start.geometry().toGtp(p));
  }
  return text;
}

TEST(LessonTrack, EveryFileLoads) {
  auto loaded = LessonCatalog::load(trackFiles().files());
  ASSERT_TRUE(loaded) << loaded.error().toString();
}

TEST(LessonTrack, EverySolutionReachesItsGoal) {
  for (const Lesson& lesson : catalog().lessons()) {
    for (std::size_t b = 0; b < lesson.boards.size(); ++b) {
      const LessonBoard& board = lesson.boards[b];
      if (isQuestion(board.goal.kind)) {
        if (board.solutionAnswer.empty()) continue;
        EXPECT_EQ(answer(board, board.solutionAnswer).substr(0, 6), "solved")
            << where(lesson, b) << ": " << answer(board, board.solutionAnswer);
        continue;
      }
      // Every prefix continues, the whole line solves (judgeMoves refuses moves after an end).
      const std::string verdict = describe(judgeMoves(board, board.solution));
      EXPECT_EQ(verdict.substr(0, 6), "solved")
          << where(lesson, b) << " " << movesText(board, board.solution) << ": " << verdict;
    }
  }
}

TEST(LessonTrack, EveryListedWrongAnswerIsRefusedForItsReason) {
  for (const Lesson& lesson : catalog().lessons()) {
    for (std::size_t b = 0; b < lesson.boards.size(); ++b) {
      const LessonBoard& board = lesson.boards[b];
      for (const WrongAnswer& wrong : board.wrong) {
        auto judgement = isQuestion(board.goal.kind) ? judgeAnswer(board, wrong.answer)
                                                     : judgeMoves(board, wrong.moves);
        const std::string said =
            isQuestion(board.goal.kind) ? wrong.answer : movesText(board, wrong.moves);
        ASSERT_TRUE(judgement) << where(lesson, b) << " " << said << ": "
                               << judgement.error().toString();
        EXPECT_EQ(judgement->status, Status::Wrong) << where(lesson, b) << " " << said;
        EXPECT_EQ(judgement->reason ? judgement->reason->key : "", wrong.reason)
            << where(lesson, b) << " " << said << ": " << describe(judgement);
      }
    }
  }
}

TEST(LessonTrack, EveryTextIsInTheThreeCatalogues) {
  for (const std::string lang : {"ru", "kk", "en"}) {
    const fs::path path = fs::path(TENGEN_SOURCE_DIR) / "web" / "i18n" / (lang + ".json");
    const boost::json::object messages = boost::json::parse(readFile(path)).as_object();
    for (const Lesson& lesson : catalog().lessons()) {
      std::vector<std::string> keys{"lesson." + lesson.id + ".title"};
      for (std::size_t b = 1; b <= lesson.boards.size(); ++b) {
        keys.push_back("lesson." + lesson.id + "." + std::to_string(b) + ".task");
        keys.push_back("lesson." + lesson.id + "." + std::to_string(b) + ".done");
      }
      for (const std::string& key : keys) {
        EXPECT_TRUE(messages.contains(key)) << lang << " lacks " << key;
      }
    }
  }
}

TEST(LessonCatalog, OrdersByFileNameAndRefusesAMismatchedId) {
  const std::string one = R"({"id": "one", "boards": [{"diagram": [". .", ". ."],
                              "goal": {"kind": "score"}}]})";
  const std::string two = R"({"id": "two", "boards": [{"diagram": [". .", ". ."],
                              "goal": {"kind": "score"}}]})";
  auto catalog = LessonCatalog::load({{"lessons/02-one.json", one},
                                      {"lessons/01-two.json", two},
                                      {"lessons/README.md", "ignored"},
                                      {"index.html", "ignored"}});
  ASSERT_TRUE(catalog) << catalog.error().toString();
  ASSERT_EQ(catalog->lessons().size(), 2u);
  EXPECT_EQ(catalog->lessons()[0].id, "two");
  EXPECT_EQ(catalog->nextAfter("two"), "one");
  EXPECT_EQ(catalog->nextAfter("one"), "");
  EXPECT_EQ(catalog->find("three"), nullptr);
  auto mismatched = LessonCatalog::load({{"lessons/01-uno.json", one}});
  ASSERT_FALSE(mismatched);
  EXPECT_EQ(mismatched.error().toString(),
            "lessons/01-uno.json: the id 'one' differs from the file name");
}

}  // namespace
}  // namespace tengen::learn::test
