// `tengen gtp`'s command line: options whose values the parser's range checks let through but
// the engine cannot use are refused with a message and exit status 2, before any GTP.
#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <utility>

#include <gtest/gtest.h>

namespace tengen::gtp::command_line_test {
namespace {

struct Finished {
  std::string output;  // stdout and stderr together
  int exitStatus = -1;
};

Finished runGtp(const std::string& arguments) {
  const std::string command =
      "echo quit | '" + std::string(TENGEN_BINARY) + "' gtp " + arguments + " 2>&1";
  Finished run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

TEST(GtpCommandLine, AOneStoneEnclosedNakadeIsRefused) {
  // 0..4 passes the range check, but a nakade has two to four stones.
  const Finished one = runGtp("--enclosed-nakade 1");
  EXPECT_EQ(one.exitStatus, 2);
  EXPECT_EQ(one.output,
            "tengen gtp: --enclosed-nakade: a nakade has 2 to 4 stones; 0, 2, 3 or 4\n");
  for (const char* good : {"0", "2", "3", "4"}) {
    const Finished run = runGtp(std::string("--enclosed-nakade ") + good);
    EXPECT_EQ(run.exitStatus, 0) << good;
    EXPECT_EQ(run.output, "= \n\n") << good;
  }
  EXPECT_NE(runGtp("--enclosed-nakade 5").exitStatus, 0);
}

TEST(GtpCommandLine, TheSearchsConstantsTakeOnlyValuesItCanUse) {
  // An equivalence of 0 would divide by zero, a leaf must wait for at least one visit, and
  // widening by a factor of 1 would never add a child; the tree's share sizes an allocation.
  for (const char* bad :
       {"--rave-equivalence 0", "--rave-equivalence -5", "--expand-after 0", "--expand-after 65",
        "--widen-factor 1", "--widen-factor x", "--tree-share 0", "--tree-share 2.5",
        "--ladder-prior -1", "--ladder-prior x"}) {
    EXPECT_NE(runGtp(bad).exitStatus, 0) << bad;
  }
  for (const char* good : {"--rave-equivalence 500", "--expand-after 1", "--expand-after 64",
                           "--widen-factor 1.6 --widen 6", "--tree-share 1", "--ladder-prior 40"}) {
    const Finished run = runGtp(good);
    EXPECT_EQ(run.exitStatus, 0) << good;
    EXPECT_EQ(run.output, "= \n\n") << good;
  }
}

TEST(GtpCommandLine, WeightedAmafIsAskedForOneWayOnly) {
  // Both flags at once would leave the last one silently winning.
  const Finished both = runGtp("--weighted-amaf --no-weighted-amaf");
  EXPECT_NE(both.exitStatus, 0);
  EXPECT_NE(both.output.find("--weighted-amaf excludes --no-weighted-amaf"), std::string::npos)
      << both.output;
  for (const char* one : {"--weighted-amaf", "--no-weighted-amaf"}) {
    const Finished run = runGtp(one);
    EXPECT_EQ(run.exitStatus, 0) << one;
    EXPECT_EQ(run.output, "= \n\n") << one;
  }
}

TEST(GtpCommandLine, ThePlayoutRulesTakeARateOf0To256AndTheSwitchesNoValue) {
  // --self-atari-redirect and --nakade-vital are rates out of 256 (PlayoutOptions); a value
  // the parser lets through reaches the playouts unchecked, so the range is the only guard.
  for (const char* good : {"--fight-kos", "--normalised-priors", "--self-atari-redirect 0",
                           "--self-atari-redirect 256", "--nakade-vital 0", "--nakade-vital 204",
                           "--fight-kos --normalised-priors --self-atari-redirect 256 "
                           "--nakade-vital 204"}) {
    const Finished run = runGtp(good);
    EXPECT_EQ(run.exitStatus, 0) << good;
    EXPECT_EQ(run.output, "= \n\n") << good;
  }
  const std::pair<const char*, const char*> refused[] = {
      {"--self-atari-redirect 257", "--self-atari-redirect: Value 257 not in range 0 to 256"},
      {"--self-atari-redirect -1", "--self-atari-redirect: Value -1 not in range 0 to 256"},
      {"--self-atari-redirect x", "--self-atari-redirect: Value x not in range 0 to 256"},
      {"--nakade-vital 257", "--nakade-vital: Value 257 not in range 0 to 256"},
      {"--nakade-vital 2.5", "--nakade-vital: Value 2.5 not in range 0 to 256"},
      {"--fight-kos 3", "The following argument was not expected: 3"},
      {"--normalised-priors=x", "Could not convert: --normalised-priors = x"},
  };
  for (const auto& [arguments, message] : refused) {
    const Finished run = runGtp(arguments);
    EXPECT_NE(run.exitStatus, 0) << arguments;
    EXPECT_NE(run.output.find(message), std::string::npos) << arguments << ": " << run.output;
  }
}

}  // namespace
}  // namespace tengen::gtp::command_line_test
