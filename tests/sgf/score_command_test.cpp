// `tengen score` run as a user would: the built binary on real-shaped files.
#include <array>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>
#include <sys/wait.h>

namespace {

struct CommandRun {
  std::string out;  // stdout and stderr, in that order
  int exitCode = -1;
};

// Runs `tengen score ARGS` from the repository root, stderr sent after stdout.
CommandRun score(const std::string& args) {
  const std::string command =
      std::string("cd '") + TENGEN_SOURCE_DIR + "' && '" + TENGEN_BINARY + "' score " + args +
      " 2>/tmp/tengen_score_test_err.$$; s=$?; cat "
      "/tmp/tengen_score_test_err.$$; rm -f /tmp/tengen_score_test_err.$$; exit $s";
  CommandRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buf;
  while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) run.out.append(buf.data(), n);
  const int status = pclose(pipe);
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

constexpr const char* kOgs = "tests/data/sgf/ogs_japanese.sgf";

// Japanese territory scoring: Black has 27 points left of the wall; White's side holds a
// Black stone at H5, so it is nobody's territory while H5 counts as alive.
TEST(ScoreCommand, ScoresUnderTheFilesRules) {
  const CommandRun run = score(kOgs);
  EXPECT_EQ(run.out, std::string(kOgs) + "\tB+20.5\tW+16.5\n");
  EXPECT_EQ(run.exitCode, 0);
}

// H5 dead: White's 36 points of territory plus the prisoner, 6.5 komi, against 27.
TEST(ScoreCommand, DeadStonesAreRemovedAsPrisoners) {
  const CommandRun run = score(std::string("--dead H5 ") + kOgs);
  EXPECT_EQ(run.out, std::string(kOgs) + "\tW+16.5\tW+16.5\n");
}

// Area scoring: 27 + 9 stones against 36 + 9 and the file's komi 6.5; with komi in the
// spec, the spec's komi wins.
TEST(ScoreCommand, RulesOptionOverridesRu) {
  EXPECT_EQ(score(std::string("--rules chinese --dead h5 ") + kOgs).out,
            std::string(kOgs) + "\tW+15.5\tW+16.5\n");
  EXPECT_EQ(score(std::string("--rules 'chinese komi=0' --dead H5 ") + kOgs).out,
            std::string(kOgs) + "\tW+9\tW+16.5\n");
}

// Chinese handicap bonus n: 3 Black stones against 2 White, 0.5 komi and 2 for the
// handicap; the file has no RE.
TEST(ScoreCommand, HandicapBonusAndMissingRe) {
  const CommandRun run = score("tests/data/sgf/free_handicap_no_ha.sgf");
  EXPECT_EQ(run.out, "tests/data/sgf/free_handicap_no_ha.sgf\tW+1.5\t?\n");
  EXPECT_EQ(run.exitCode, 0);
}

TEST(ScoreCommand, BadFilesAreReportedAndTheRestScored) {
  const CommandRun run = score(
      std::string("tests/data/sgf/no_such_file.sgf tests/data/sgf/bad_truncated.sgf ") + kOgs);
  EXPECT_EQ(
      run.out,
      std::string(kOgs) + "\tB+20.5\tW+16.5\n" +
          "tests/data/sgf/no_such_file.sgf: error: cannot open: No such file or directory\n"
          "tests/data/sgf/bad_truncated.sgf: error: line 3, column 7: unexpected end of the "
          "file: expected ')' to close the game tree or variation opened at line 1, column 1\n");
  EXPECT_EQ(run.exitCode, 1);
}

TEST(ScoreCommand, DeadVertexMustHoldAStone) {
  const CommandRun run = score(std::string("--dead A1 ") + kOgs);
  EXPECT_EQ(run.out,
            std::string(kOgs) + ": error: --dead A1: no stone there in the final position\n");
  EXPECT_EQ(run.exitCode, 1);
}

TEST(ScoreCommand, BadRulesSpecIsAUsageError) {
  const CommandRun run = score(std::string("--rules klingon ") + kOgs);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.out.find("unknown ruleset 'klingon'"), std::string::npos) << run.out;
}

TEST(ScoreCommand, HelpDocumentsTheFormat) {
  const CommandRun run = score("--help");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_NE(run.out.find("FILE <TAB> RESULT <TAB> FILE_RE"), std::string::npos) << run.out;
}

}  // namespace
