// The public SGF records of tests/sgf/corpus read by tengen and by GNU Go, a second reader
// written by others: after the whole main line the two boards must hold the same stones.
// One GNU Go process reads them all (restarted only if a record crashes it).
//
// Records GNU Go cannot be compared on are counted, not compared: those it refuses or
// crashes on (UTF-16, boards over 19x19), those whose main line has AE, which GNU Go 3.8
// ignores (it applies AB and AW in any node, but never AE), and those whose board differs
// while GNU Go's move_history is not the record's main line (see below).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "gnugo/referee.h"
#include "sgf/charset.h"
#include "sgf/corpus_files.h"
#include "sgf/game_record.h"
#include "sgf/parser.h"
#include "support/files.h"

namespace tengen::testing {
namespace {

std::set<std::string> stonesOf(const go::Game& game, go::Color c) {
  std::set<std::string> out;
  const go::Geometry& g = game.geometry();
  for (go::Point p = g.first(); p <= g.last(); ++p) {
    if (g.onBoard(p) && game.board().at(p) == c) out.insert(g.toGtp(p));
  }
  return out;
}

std::set<std::string> vertices(const std::string& text) {
  std::istringstream in(text);
  std::set<std::string> out;
  for (std::string v; in >> v;) out.insert(v);
  return out;
}

std::string join(const std::set<std::string>& points) {
  std::string out;
  for (const std::string& p : points) out += (out.empty() ? "" : " ") + p;
  return out;
}

// Whether the main line clears points with AE anywhere (GNU Go 3.8 applies AB and AW but
// ignores AE, so its board keeps the stones the record takes off).
bool clearsWithAe(const std::string& bytes) {
  auto text = sgf::decodeSgfBytes(bytes);
  if (!text) return false;
  auto tree = sgf::parseFirstGame(text->utf8);
  if (!tree) return false;
  return std::ranges::any_of(tree->mainLine(),
                             [&](int node) { return tree->node(node).find("AE") != nullptr; });
}

// GNU Go replays under simple ko with suicide allowed, so that it keeps every move a
// record from anywhere may hold.
Result<GtpPeer> startReader() {
  go::Rules rules = go::Rules::fromPreset(go::Preset::TrompTaylor);
  rules.ko = go::KoRule::Simple;
  return startGnugo(rules);
}

TEST(SgfCorpus, TengenAndGnuGoReadTheSamePositions) {
  // GtpPeer moves but is not assignable: a restart builds a fresh one in place.
  std::optional<GtpPeer> gnugo;
  const auto start = [&gnugo]() -> Result<void> {
    gnugo.reset();
    auto started = startReader();
    if (!started) return std::unexpected(started.error());
    gnugo.emplace(std::move(*started));
    return {};
  };
  auto started = start();
  ASSERT_TRUE(started) << started.error().toString();
  int files = 0, matched = 0, refused = 0, otherHistory = 0, withAe = 0;
  for (const auto& path : sgf::test::corpusFiles(false)) {
    const std::string name = sgf::test::corpusName(path);
    ++files;
    const std::string bytes = tengen::test::readFile(path);
    auto loaded = sgf::loadGame(bytes);
    if (!loaded) {
      ADD_FAILURE() << name << ": " << loaded.error().toString();
      continue;
    }
    if (clearsWithAe(bytes)) {
      ++withAe;
      continue;
    }
    auto replies = gnugo->sendAll(
        {"loadsgf " + path.string(), "move_history", "list_stones black", "list_stones white"});
    if (!replies) {  // GNU Go crashed on this record: a fresh one reads the rest
      ++refused;
      auto restarted = start();
      ASSERT_TRUE(restarted) << restarted.error().toString();
      continue;
    }
    if (!(*replies)[0].ok) {
      ++refused;
      continue;
    }
    const auto black = vertices((*replies)[2].text), white = vertices((*replies)[3].text);
    const auto ourBlack = stonesOf(loaded->game, go::Color::Black);
    const auto ourWhite = stonesOf(loaded->game, go::Color::White);
    if (black == ourBlack && white == ourWhite) {
      ++matched;
      continue;
    }
    // GNU Go restarts its history at setup after a move and ignores AB/AW on an occupied
    // point (FF[4] overwrites it), drops moves it finds illegal and keeps at most 500: a
    // history that is not the record's main line means GNU Go read another game.
    const auto history =
        std::ranges::count((*replies)[1].text, '\n') + ((*replies)[1].text.empty() ? 0 : 1);
    if (history != static_cast<long>(loaded->game.moves().size())) {
      ++otherHistory;
      continue;
    }
    ADD_FAILURE() << name << ": the boards differ\n  GNU Go black: " << join(black)
                  << "\n  tengen black: " << join(ourBlack) << "\n  GNU Go white: " << join(white)
                  << "\n  tengen white: " << join(ourWhite);
  }
  std::cout << "sgf corpus: files=" << files << " matched_gnugo=" << matched
            << " gnugo_refused=" << refused << " gnugo_other_history=" << otherHistory
            << " with_ae=" << withAe << "\n";
  // Most of the corpus must really be compared, or the test proves little.
  EXPECT_GE(matched, files * 4 / 5);
}

}  // namespace
}  // namespace tengen::testing
