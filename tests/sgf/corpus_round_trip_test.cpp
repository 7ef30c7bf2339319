// Every public record of tests/sgf/corpus is read, written and read again: the second
// reading must give the same game (setup, moves, setup between moves, rules, result and
// the other game info, times), and writing it again the same bytes, so that a round trip
// changes nothing but formatting. Records under refused/ must be refused with an error
// that says what and where.
#include <gtest/gtest.h>

#include "corpus_files.h"
#include "sgf/game_record.h"
#include "support/files.h"

namespace tengen::sgf {
namespace {

using test::corpusFiles;
using test::corpusName;

// A few hundred records keep the test meaningful; fewer means the corpus went missing.
constexpr std::size_t kMinimumRecords = 300;

void expectSameGame(const LoadedGame& a, const LoadedGame& b, const std::string& name) {
  SCOPED_TRACE(name);
  EXPECT_EQ(a.game.size(), b.game.size());
  EXPECT_EQ(a.game.initialBoard().hash(), b.game.initialBoard().hash());
  EXPECT_EQ(a.game.initialToMove(), b.game.initialToMove());
  EXPECT_EQ(a.game.handicap(), b.game.handicap());
  EXPECT_EQ(a.game.rules(), b.game.rules());
  EXPECT_EQ(a.game.moves(), b.game.moves());
  EXPECT_EQ(a.game.setupSteps(), b.game.setupSteps());
  EXPECT_EQ(a.game.board().hash(), b.game.board().hash());
  EXPECT_EQ(a.game.toMove(), b.game.toMove());
  EXPECT_EQ(a.game.endReason(), b.game.endReason());
  EXPECT_EQ(a.moveTimes, b.moveTimes);
  // The written RU is the rules as tengen names them; everything else comes back as read.
  GameInfo info = a.info;
  info.rulesText = b.info.rulesText;
  EXPECT_EQ(info, b.info);
}

TEST(SgfCorpus, EveryRecordReadsWritesAndReadsBackTheSame) {
  const auto files = corpusFiles(false);
  ASSERT_GE(files.size(), kMinimumRecords);
  for (const auto& path : files) {
    const std::string name = corpusName(path);
    auto first = loadGame(tengen::test::readFile(path));
    if (!first) {
      ADD_FAILURE() << name << ": " << first.error().toString();
      continue;
    }
    const std::string written = writeGame(first->game, first->info, first->moveTimes);
    auto second = loadGame(written);
    if (!second) {
      ADD_FAILURE() << name << " written: " << second.error().toString() << "\n" << written;
      continue;
    }
    EXPECT_TRUE(second->warnings.empty()) << name << ": " << second->warnings.front();
    expectSameGame(*first, *second, name);
    EXPECT_EQ(writeGame(second->game, second->info, second->moveTimes), written) << name;
  }
}

TEST(SgfCorpus, RefusedRecordsGetAnErrorThatSaysWhatAndWhere) {
  for (const auto& path : corpusFiles(true)) {
    auto loaded = loadGame(tengen::test::readFile(path));
    EXPECT_FALSE(loaded) << corpusName(path) << " was read";
    if (loaded) continue;
    EXPECT_FALSE(loaded.error().message.empty()) << corpusName(path);
    EXPECT_FALSE(loaded.error().where.empty()) << corpusName(path);
  }
}

}  // namespace
}  // namespace tengen::sgf
