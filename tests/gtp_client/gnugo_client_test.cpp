// GtpClient against the real GNU Go 3.8 (/usr/games/gnugo): the engine the site seats first.
#include <regex>

#include "client_fixture.h"

namespace tengen::gtp::testing {
namespace {

constexpr const char* kGnuGo = "/usr/games/gnugo --mode gtp --level 1";

TEST_F(ClientTest, GnuGoPlaysAGameOverGtp) {
  auto gnugo = start("GNU Go", kGnuGo);
  ASSERT_TRUE(gnugo);
  EXPECT_EQ(ask(*gnugo, "name").value_or("error"), "GNU Go");
  EXPECT_EQ(ask(*gnugo, "protocol_version").value_or("error"), "2");
  EXPECT_TRUE(ask(*gnugo, "boardsize 9").has_value());
  EXPECT_TRUE(ask(*gnugo, "clear_board").has_value());
  EXPECT_TRUE(ask(*gnugo, "komi 7").has_value());
  EXPECT_TRUE(ask(*gnugo, "play b E5").has_value());
  const GtpReply move = ask(*gnugo, "genmove w");
  ASSERT_TRUE(move.has_value()) << move.error().message;
  EXPECT_TRUE(std::regex_match(*move, std::regex("[A-HJ][1-9]|PASS"))) << *move;
  const GtpReply score = ask(*gnugo, "final_score");
  ASSERT_TRUE(score.has_value()) << score.error().message;
  EXPECT_TRUE(std::regex_match(*score, std::regex("[BW]\\+[0-9.]+|0"))) << *score;
  EXPECT_TRUE(gnugo->alive());
  const int pid = gnugo->pid();
  closeAndWait(*gnugo);
  EXPECT_FALSE(gnugo->alive());
  EXPECT_TRUE(reapedSoon(pid));
}

TEST_F(ClientTest, GnuGoRefusesAnUnknownCommandAndLivesOn) {
  auto gnugo = start("GNU Go", kGnuGo);
  ASSERT_TRUE(gnugo);
  const GtpReply refused = ask(*gnugo, "no_such_command");
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().kind, GtpFailure::Refused);
  EXPECT_EQ(refused.error().message, "GNU Go refused `no_such_command`: \"unknown command\".");
  EXPECT_TRUE(gnugo->alive());
  const GtpReply illegal = ask(*gnugo, "play b Z99");
  ASSERT_FALSE(illegal.has_value());
  EXPECT_EQ(illegal.error().kind, GtpFailure::Refused);
  EXPECT_EQ(ask(*gnugo, "name").value_or("error"), "GNU Go");
}

TEST_F(ClientTest, GnuGoMultiLineReplyKeepsItsLines) {
  auto gnugo = start("GNU Go", kGnuGo);
  ASSERT_TRUE(gnugo);
  ASSERT_TRUE(ask(*gnugo, "boardsize 5").has_value());
  const GtpReply board = ask(*gnugo, "showboard");
  ASSERT_TRUE(board.has_value());
  EXPECT_NE(board->find("A B C D E"), std::string::npos) << *board;
  EXPECT_GE(std::count(board->begin(), board->end(), '\n'), 6) << *board;
  EXPECT_NE(board->back(), '\n');
}

}  // namespace
}  // namespace tengen::gtp::testing
