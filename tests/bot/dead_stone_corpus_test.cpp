// The dead-stone proposal (with the bot's heavy-playout ownership and, where a fight is left
// open, its search's reading: bot/ownership_estimate.h)
// against GNU Go 3.8 on finished GNU Go self-play games (issue #4
// "Dead stones and the score estimate": the proposed dead stones equal GNU Go's
// `final_status_list dead`, and final_score equals GNU Go's, on at least 98% of the
// positions; kDeadListsAgreeing and kScoresAgreeing say what is enforced). The corpus
// and GNU Go's answers, its point statuses included, are recorded in tests/data/deadstones
// by tools/deadstones/make_corpus.py, so GNU Go is not needed here. Every disagreement is
// printed as two diagrams (X / O alive, x / o dead) with the scores, then the totals per
// board size. A second test separates counting from dead stones: GNU Go's own dead stones,
// counted by the rules engine, against GNU Go's final_score.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "bot/ownership_estimate.h"
#include "go/dead_stones.h"
#include "go/game.h"
#include "go/rules.h"
#include "go/scoring.h"
#include "support/files.h"

namespace tengen::bot::test {
using namespace tengen::go;
namespace {

namespace fs = std::filesystem;
using tengen::test::readFile;

// TENGEN_DEADSTONE_CORPUS names another directory made by make_corpus.py (a held-out set,
// docs/strength.md): its figures are printed, and only the checked-in corpus is held to
// the floors and the list of counting exceptions below.
const char* const kOtherCorpus = std::getenv("TENGEN_DEADSTONE_CORPUS");
const fs::path kCorpusDir = kOtherCorpus != nullptr
                                ? fs::path(kOtherCorpus)
                                : fs::path(TENGEN_SOURCE_DIR) / "tests" / "data" / "deadstones";
constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

struct Entry {
  std::string file;
  int size = 0;
  std::string rules;  // chinese | japanese, GNU Go's rules for the game
  double komi = 0;
  std::vector<std::string> dead;  // GNU Go's final_status_list dead, sorted vertices
  std::string score;              // GNU Go's final_score
  // GNU Go's final_status_list black_territory / white_territory (empty points; the rest of
  // the empty points are its dame).
  std::vector<std::string> blackTerritory, whiteTerritory;
};

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) out.push_back(part);
  return out;
}

std::vector<Entry> readManifest() {
  std::vector<Entry> out;
  std::ifstream in(kCorpusDir / "manifest.tsv");
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split(line, '\t');
    if (f.size() < 7) continue;
    const auto list = [](const std::string& field) {
      std::vector<std::string> out;
      if (field != "-") out = split(field, ',');
      std::sort(out.begin(), out.end());
      return out;
    };
    Entry e{f[0], std::stoi(f[1]), f[2], std::stod(f[3]), list(f[4]), f[6], {}, {}};
    if (f.size() >= 14) {
      e.blackTerritory = list(f[11]);
      e.whiteTerritory = list(f[12]);
    }
    out.push_back(e);
  }
  return out;
}

// GNU Go's rules as ours: its default is Japanese (territory + prisoners + dead stones, no
// points in seki), --chinese-rules counts area. Both use the simple ko rule only, and a
// self-play game may repeat a whole-board position, so superko is off for the replay.
Rules rulesOf(const Entry& e) {
  Rules rules = Rules::parse(e.rules + " ko=simple").value();
  rules.komi = e.komi;
  return rules;
}

// The moves of the generator's SGF files: `;B[cd]`, `;W[]` for a pass.
Game replay(const Entry& e) {
  const std::string sgf = readFile(kCorpusDir / e.file);
  Game game(e.size, rulesOf(e));
  const Geometry& g = game.geometry();
  for (std::size_t i = sgf.find(';', 1); i != std::string::npos; i = sgf.find(';', i + 1)) {
    if (i + 2 >= sgf.size() || sgf[i + 2] != '[') continue;
    const Color c = sgf[i + 1] == 'B' ? Color::Black : Color::White;
    const bool pass = sgf[i + 3] == ']';
    const Point p = pass ? kPass : g.point(sgf[i + 3] - 'a', e.size - 1 - (sgf[i + 4] - 'a'));
    EXPECT_EQ(game.play(c, p), MoveVerdict::Legal) << e.file << " move at offset " << i;
  }
  return game;
}

std::vector<std::string> vertices(const Geometry& g, const PointSet& stones) {
  std::vector<std::string> out;
  stones.forEach([&](Point p) { out.push_back(g.toGtp(p)); });
  std::sort(out.begin(), out.end());
  return out;
}

// Two diagrams side by side: tengen's proposal on the left, GNU Go's on the right.
std::string diagrams(const Board& board, const PointSet& ours, const PointSet& theirs) {
  const Geometry& g = board.geometry();
  auto row = [&](int r, const PointSet& dead) {
    std::string out;
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, r);
      const Color c = board.at(p);
      const bool d = dead.contains(p);
      out += ' ';
      out += c == Color::Black ? (d ? 'x' : 'X') : c == Color::White ? (d ? 'o' : 'O') : '.';
    }
    return out;
  };
  std::string letters;
  for (int col = 0; col < g.size(); ++col) (letters += ' ') += kColumns[col];
  std::string out = "   tengen" + std::string(2 * g.size() - 6, ' ') + "     GNU Go\n";
  out += "  " + letters + "     " + letters + "\n";
  for (int r = g.size() - 1; r >= 0; --r) {
    const std::string label = std::to_string(r + 1);
    const std::string padded = std::string(2 - label.size(), ' ') + label;
    out += padded + row(r, ours) + "   " + padded + row(r, theirs) + "\n";
  }
  return out;
}

// GNU Go's own dead stones counted by tengen's rules engine: the score GNU Go's final_score
// should be if both count alike, and the empty points the two classify differently
// (territory of one side, or nobody's) by GNU Go's final_status_list.
struct CountOfGnuGosDeadStones {
  std::string result;
  std::vector<std::string> classifiedDifferently;
};

CountOfGnuGosDeadStones countGnuGosDeadStones(const Entry& e, const Game& game) {
  const Geometry& g = game.geometry();
  PointSet dead;
  for (const std::string& v : e.dead) dead.insert(*g.fromGtp(v));
  const ScoreBreakdown count = scoreGame(game, dead);
  const auto has = [](const std::vector<std::string>& sorted, const std::string& v) {
    return std::binary_search(sorted.begin(), sorted.end(), v);
  };
  CountOfGnuGosDeadStones out{count.result, {}};
  for (Point p = g.first(); p <= g.last(); ++p) {
    if (!g.onBoard(p) || game.board().at(p) != Color::Empty) continue;
    const std::string v = g.toGtp(p);
    const char ours = count.territory[colorIndex(Color::Black)].contains(p)   ? 'B'
                      : count.territory[colorIndex(Color::White)].contains(p) ? 'W'
                                                                              : '-';
    const char theirs = has(e.blackTerritory, v) ? 'B' : has(e.whiteTerritory, v) ? 'W' : '-';
    if (ours != theirs) out.classifiedDifferently.push_back(v);
  }
  return out;
}

// The target is 98% on both counts. The proposal reaches it on dead lists (222 of
// 225, 98.7%) but not on scores (219, 97.3%): five of the six score disagreements are
// positions where GNU Go's final_score is not the count of its own dead stones (the next
// test), so no proposal that agrees with GNU Go's dead stones can match its score there.
// docs/strength.md lists every disagreement. These floors are what is reached, so any
// regression fails here.
constexpr int kDeadListsAgreeing = 222;
constexpr int kScoresAgreeing = 219;

struct Tally {
  int positions = 0;
  int deadAgree = 0;
  int scoreAgree = 0;
  double cpuMs = 0;  // process CPU time of the proposals (informative; nothing asserts it)
  double worstMs = 0;
};

TEST(DeadStoneCorpus, AgreesWithGnuGoOnTheRecordedNumberOfPositions) {
  const std::vector<Entry> corpus = readManifest();
  EXPECT_GE(corpus.size(), kOtherCorpus != nullptr ? 1u : 210u)
      << "corpus missing: run tools/deadstones/make_corpus.py";
  std::map<int, Tally> bySize;
  Tally total;
  for (const Entry& e : corpus) {
    const Game game = replay(e);
    const Geometry& g = game.geometry();
    const std::clock_t start = std::clock();
    const PointSet dead = bot::finalDeadStones(game);
    const double ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    const std::string score = scoreGame(game, dead).result;
    const bool deadAgree = vertices(g, dead) == e.dead;
    const bool scoreAgree = score == e.score;
    Tally& t = bySize[e.size];
    for (Tally* each : {&t, &total}) {
      ++each->positions;
      each->deadAgree += deadAgree;
      each->scoreAgree += scoreAgree;
      each->cpuMs += ms;
      each->worstMs = std::max(each->worstMs, ms);
    }
    if (deadAgree && scoreAgree) continue;
    PointSet theirs;
    for (const std::string& v : e.dead) theirs.insert(*g.fromGtp(v));
    std::cout << e.file << " (" << e.rules << ", komi " << e.komi << "): dead "
              << (deadAgree ? "agree" : "DIFFER") << ", score tengen " << score << " GNU Go "
              << e.score << " (GNU Go's dead stones counted by tengen: "
              << countGnuGosDeadStones(e, game).result << ")\n"
              << diagrams(game.board(), dead, theirs) << "\n";
  }
  for (const auto& [size, t] : bySize) {
    std::cout << size << "x" << size << ": " << t.positions << " positions, dead lists agree on "
              << t.deadAgree << ", final_score on " << t.scoreAgree << "; CPU per position mean "
              << t.cpuMs / t.positions << " ms, worst " << t.worstMs << " ms\n";
  }
  std::cout << "all: " << total.positions << " positions, dead lists agree on " << total.deadAgree
            << ", final_score on " << total.scoreAgree << "\n";
  if (kOtherCorpus != nullptr) return;
  EXPECT_GE(total.deadAgree, kDeadListsAgreeing);
  EXPECT_GE(total.scoreAgree, kScoresAgreeing);
}

// Counting alone: GNU Go's own dead stones, counted by the rules engine, give GNU Go's
// final_score on all but five positions. In three the dead stones are also tengen's, and the
// difference is one point GNU Go calls dame although, by its own lists, every neighbour is
// one side's living stone or territory (diagrams in docs/strength.md): B7 inside White's
// territory (9x9-0050), D7 inside Black's (13x13-0028), White's eye in a seki, which area
// scoring counts (9x9-0097, Chinese). In the other two (whose dead lists tengen does not
// share) GNU Go counts as territory points that, with its dead stones taken off, lie in a
// region touching both colours.
TEST(DeadStoneCorpus, GnuGosDeadStonesCountToGnuGosScoreOnAllButFive) {
  struct Difference {
    std::string count;                // GNU Go's dead stones counted by tengen
    std::vector<std::string> points;  // empty points the two count differently
  };
  const std::map<std::string, Difference> expected = {
      {"9x9-0050.sgf", {"W+0.5", {"B7"}}},
      {"9x9-0097.sgf", {"W+7.5", {"C1"}}},
      {"13x13-0028.sgf", {"B+72.5", {"D7"}}},
      {"19x19-0002.sgf", {"W+88.5", {"E4", "E5", "E6", "E7", "F3", "F5", "F6", "G4", "G5"}}},
      {"9x9-0130.sgf", {"W+27.5", {"C1", "D1", "F5", "H2", "J1", "J5"}}},
  };
  int differing = 0;
  for (const Entry& e : readManifest()) {
    const Game game = replay(e);
    CountOfGnuGosDeadStones count = countGnuGosDeadStones(e, game);
    if (count.result == e.score) continue;
    ++differing;
    std::sort(count.classifiedDifferently.begin(), count.classifiedDifferently.end());
    std::string listed;
    for (const std::string& v : count.classifiedDifferently) listed += " " + v;
    if (kOtherCorpus != nullptr) {
      std::cout << e.file << ": GNU Go " << e.score << ", its dead stones count " << count.result
                << "; points counted differently:" << listed << "\n";
      continue;
    }
    const auto it = expected.find(e.file);
    ASSERT_NE(it, expected.end()) << e.file << ": GNU Go " << e.score << ", its dead stones count "
                                  << count.result << "; points counted differently:" << listed;
    EXPECT_EQ(count.result, it->second.count) << e.file;
    EXPECT_EQ(count.classifiedDifferently, it->second.points) << e.file;
  }
  if (kOtherCorpus != nullptr) {
    std::cout << differing << " positions where GNU Go's score is not its dead stones' count\n";
    return;
  }
  EXPECT_EQ(differing, 5);
}

}  // namespace
}  // namespace tengen::bot::test
