// How each way an engine can misbehave comes back: real processes scripted to fail.
#include "client_fixture.h"

namespace tengen::gtp::testing {
namespace {

TEST_F(ClientTest, ProgramThatDoesNotExistFailsToStart) {
  auto client =
      GtpClient::start(io_.get_executor(), {.name = "GNU Go", .command = "nosuchprogram --gtp"});
  ASSERT_FALSE(client.has_value());
  EXPECT_EQ(client.error().message,
            "cannot start GNU Go: `nosuchprogram`: No such file or directory");
}

TEST_F(ClientTest, EmptyCommandFailsToStart) {
  auto client = GtpClient::start(io_.get_executor(), {.name = "Nobody", .command = "  "});
  ASSERT_FALSE(client.has_value());
  EXPECT_EQ(client.error().message, "cannot start Nobody: the command is empty");
}

TEST_F(ClientTest, EngineThatExitsAtOnceIsExitedWithStatusAndStderr) {
  auto engine = start("Quitter", testing::engine("exits_at_once.sh"));
  ASSERT_TRUE(engine);
  const GtpReply reply = ask(*engine, "name");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Exited);
  // The exit may be seen before or after `name` was written.
  EXPECT_TRUE(reply.error().message ==
                  "Quitter exited (exit status 3) during `name`. Its last error output: "
                  "\"fatal: cannot load the opening book\"." ||
              reply.error().message ==
                  "Quitter exited (exit status 3). Its last error output: "
                  "\"fatal: cannot load the opening book\".")
      << reply.error().message;
  EXPECT_FALSE(engine->alive());
  EXPECT_TRUE(reapedSoon(engine->pid()));
}

TEST_F(ClientTest, EngineThatCrashesMidCommandIsExitedWithTheSignal) {
  auto engine = start("Crasher", testing::engine("crashes.sh"));
  ASSERT_TRUE(engine);
  EXPECT_EQ(ask(*engine, "name").value_or("error"), "crasher");
  const GtpReply reply = ask(*engine, "genmove b");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Exited);
  EXPECT_EQ(reply.error().message,
            "Crasher exited (signal 11: Segmentation fault) during `genmove b`. Its last error "
            "output: \"thinking hard about b\".");
  // Every later command fails at once with the same failure.
  const GtpReply later = ask(*engine, "name");
  ASSERT_FALSE(later.has_value());
  EXPECT_EQ(later.error().kind, GtpFailure::Exited);
  EXPECT_EQ(later.error().message, reply.error().message);
  EXPECT_TRUE(reapedSoon(engine->pid()));
}

TEST_F(ClientTest, EngineThatNeverAnswersTimesOutAndIsKilledWithItsChildren) {
  auto engine = start("Sleeper", testing::engine("silent.sh"));
  ASSERT_TRUE(engine);
  EXPECT_EQ(ask(*engine, "name").value_or("error"), "silent");
  EXPECT_GE(runningInGroup(engine->pid()), 2);  // the script and its `sleep 1000`
  const GtpReply reply = ask(*engine, "genmove b", 200ms);
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Timeout);
  EXPECT_EQ(reply.error().message,
            "Sleeper did not answer `genmove b` within 200 ms and was stopped.");
  EXPECT_FALSE(engine->alive());
  EXPECT_TRUE(reapedSoon(engine->pid()));
  EXPECT_TRUE(groupGoneSoon(engine->pid()));  // the script's `sleep 1000` too
  const GtpReply later = ask(*engine, "name");
  ASSERT_FALSE(later.has_value());
  EXPECT_EQ(later.error().kind, GtpFailure::Timeout);
}

TEST_F(ClientTest, GarbageIsAProtocolFailure) {
  auto engine = start("Babbler", testing::engine("garbage.sh"));
  ASSERT_TRUE(engine);
  const GtpReply reply = ask(*engine, "genmove b");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Protocol);
  EXPECT_EQ(reply.error().message,
            "Babbler answered `genmove b` with text that is not GTP: \"hello\".");
  EXPECT_FALSE(engine->alive());
  EXPECT_TRUE(reapedSoon(engine->pid()));
}

TEST_F(ClientTest, HugeReplyIsAProtocolFailure) {
  auto engine = start("Talker", testing::engine("huge_reply.sh"), 64 * 1024);
  ASSERT_TRUE(engine);
  const GtpReply reply = ask(*engine, "showboard");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Protocol);
  EXPECT_EQ(reply.error().message,
            "Talker answered `showboard` with a reply longer than 65536 bytes.");
  EXPECT_TRUE(reapedSoon(engine->pid()));
}

TEST_F(ClientTest, NulByteIsAProtocolFailure) {
  auto engine = start("Nully", testing::engine("nul_byte.sh"));
  ASSERT_TRUE(engine);
  const GtpReply reply = ask(*engine, "genmove b");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Protocol);
  EXPECT_EQ(reply.error().message, "Nully answered `genmove b` with a NUL byte in its reply.");
  EXPECT_TRUE(reapedSoon(engine->pid()));
}

TEST_F(ClientTest, WrongIdIsAProtocolFailure) {
  auto engine = start("Miscounter", testing::engine("wrong_id.sh"));
  ASSERT_TRUE(engine);
  const GtpReply reply = ask(*engine, "name");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Protocol);
  EXPECT_EQ(reply.error().message, "Miscounter answered `name` with the id 2 instead of 1.");
}

TEST_F(ClientTest, MegabytesOnStderrDoNotBlockTheReply) {
  auto engine = start("Noisy", testing::engine("stderr_flood.sh"));
  ASSERT_TRUE(engine);
  for (int i = 0; i < 3; ++i) {
    const GtpReply reply = ask(*engine, "genmove b");
    ASSERT_TRUE(reply.has_value()) << reply.error().message;
    EXPECT_EQ(*reply, "C3");
  }
  EXPECT_TRUE(engine->alive());
}

TEST_F(ClientTest, ClosingStdoutWhileRunningIsExited) {
  auto engine = start("Half", testing::engine("closes_stdout.sh"));
  ASSERT_TRUE(engine);
  EXPECT_EQ(ask(*engine, "name").value_or("error"), "half-dead");
  const GtpReply reply = ask(*engine, "genmove b");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Exited);
  EXPECT_EQ(reply.error().message, "Half closed its output during `genmove b` and was stopped.");
  EXPECT_TRUE(reapedSoon(engine->pid()));
  EXPECT_TRUE(groupGoneSoon(engine->pid()));
}

TEST_F(ClientTest, CommandWithANewlineIsRefusedBeforeSending) {
  auto engine = start("Echo", testing::engine("echo.sh"));
  ASSERT_TRUE(engine);
  const GtpReply reply = ask(*engine, "play b C3\ngenmove w");
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Protocol);
  EXPECT_EQ(reply.error().message,
            "The command \"play b C3\\ngenmove w\" was not sent to Echo: a GTP command is a "
            "single line.");
  EXPECT_TRUE(engine->alive());
  EXPECT_EQ(ask(*engine, "echo still here").value_or("error"), "still here");
}

}  // namespace
}  // namespace tengen::gtp::testing
