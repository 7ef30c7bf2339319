// Every scripted threat of the ko-threat lessons (lessons/*ko-threat*.json) is a real one,
// judged by the rules engine rather than by a list kept beside the file: a threat gains
// stones if the opponent ignores it and connects the ko instead, and the opponent's scripted
// answer saves those stones even against two moves in a row. A "threat" whose answer does not
// help is none: the opponent would simply connect the ko.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "learn/lesson_judge.h"
#include "learn/lesson_parser.h"

namespace tengen::learn::test {
namespace {

namespace fs = std::filesystem;

std::vector<Lesson> koThreatLessons() {
  std::vector<Lesson> lessons;
  for (const auto& entry : fs::directory_iterator(fs::path(TENGEN_SOURCE_DIR) / "lessons")) {
    if (entry.path().filename().string().find("ko-threat") == std::string::npos) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    auto lesson = parseLesson(text.str());
    if (!lesson) throw std::runtime_error(lesson.error().toString());
    lessons.push_back(std::move(*lesson));
  }
  return lessons;
}

std::vector<go::Point> allPoints(const go::Geometry& g) {
  std::vector<go::Point> points;
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) points.push_back(g.point(col, row));
  }
  return points;
}

// The stones of `victim` that `mover` can take off the board with one move now.
std::set<go::Point> capturable(const go::Game& game, go::Color mover) {
  const go::Color victim = go::opponent(mover);
  std::set<go::Point> out;
  for (go::Point p : allPoints(game.geometry())) {
    if (game.check(mover, p) != go::MoveVerdict::Legal || game.preview(mover, p).captures == 0) {
      continue;
    }
    go::Game after = game;
    after.play(mover, p);
    for (go::Point q : allPoints(game.geometry())) {
      if (game.board().at(q) == victim && after.board().at(q) == go::Color::Empty) out.insert(q);
    }
  }
  return out;
}

// Whether `mover`, playing twice while the other side passes, can take any of `stones` off.
bool capturesInTwoMoves(const go::Game& game, go::Color mover, const std::set<go::Point>& stones) {
  const auto points = allPoints(game.geometry());
  for (go::Point first : points) {
    go::Game one = game;
    if (one.play(mover, first) != go::MoveVerdict::Legal) continue;
    one.play(go::opponent(mover), go::kPass);
    for (go::Point second : points) {
      go::Game two = one;
      if (two.play(mover, second) != go::MoveVerdict::Legal) continue;
      for (go::Point s : stones) {
        if (two.board().at(s) == go::Color::Empty) return true;
      }
    }
  }
  return false;
}

TEST(KoThreatLesson, EveryScriptedThreatGainsIfIgnoredAndItsAnswerSavesTheStones) {
  const auto lessons = koThreatLessons();
  ASSERT_FALSE(lessons.empty());
  for (const Lesson& lesson : lessons) {
    for (std::size_t b = 0; b < lesson.boards.size(); ++b) {
      const LessonBoard& board = lesson.boards[b];
      const go::Game start = startingGame(board);
      const go::Geometry& g = start.geometry();
      const go::Color player = board.player;
      const go::Color other = go::opponent(player);
      SCOPED_TRACE(lesson.id + " board " + std::to_string(b + 1));
      // The ko the player may not retake yet, which the opponent connects to end it.
      std::vector<go::Point> koPoints;
      for (go::Point p : allPoints(g)) {
        if (start.check(player, p) == go::MoveVerdict::Ko) koPoints.push_back(p);
      }
      ASSERT_EQ(koPoints.size(), 1u) << "a ko-threat board starts with one ko just taken";
      const go::Point ko = koPoints.front();
      // What the player could take anyway once the opponent has connected the ko.
      go::Game baseline = start;
      baseline.play(player, go::kPass);
      ASSERT_EQ(baseline.play(other, ko), go::MoveVerdict::Legal);
      const std::set<go::Point> anyway = capturable(baseline, player);

      std::set<std::string> threats;
      for (const auto& [key, answer] : board.replies) {
        if (key.find(' ') != std::string::npos || answer == ko) continue;  // a later reply
        SCOPED_TRACE("threat " + key + ", answer " + g.toGtp(answer));
        const go::Point threat = *g.fromGtp(key);
        // Ignored: the opponent connects the ko, and the player takes stones.
        go::Game ignored = start;
        ASSERT_EQ(ignored.play(player, threat), go::MoveVerdict::Legal);
        ASSERT_EQ(ignored.play(other, ko), go::MoveVerdict::Legal);
        std::set<go::Point> gained;
        for (go::Point s : capturable(ignored, player)) {
          if (!anyway.contains(s)) gained.insert(s);
        }
        EXPECT_FALSE(gained.empty()) << "ignoring it costs the opponent nothing";
        // Answered: those stones are safe even if the player plays twice.
        go::Game answered = start;
        answered.play(player, threat);
        ASSERT_EQ(answered.play(other, answer), go::MoveVerdict::Legal);
        EXPECT_FALSE(capturesInTwoMoves(answered, player, gained))
            << "the answer does not save the stones, so the opponent need not answer";
        threats.insert(key);
      }
      ASSERT_FALSE(board.solution.empty());
      EXPECT_TRUE(threats.contains(g.toGtp(board.solution.front())))
          << "the solution starts with a checked threat";
    }
  }
}

}  // namespace
}  // namespace tengen::learn::test
