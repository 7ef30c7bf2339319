// Last good replies with forgetting (src/bot/last_good_reply.h): what a simulation teaches
// the table, and how the playout policy replays it (rule 2a of PlayoutPolicy::choose).
#include "bot/last_good_reply.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bot/bot.h"
#include "bot/playout_policy.h"
#include "bot/tactics.h"
#include "bot/test_positions.h"
#include "bot_test_options.h"
#include "go/diagram.h"

namespace tengen::bot::last_good_reply_test {
namespace {

using go::Board;
using go::Color;
using go::Point;

const go::Geometry& nine() {
  static const go::Geometry g(9);
  return g;
}

Point pt(const char* gtp) { return go::test::vertex(nine(), gtp); }

std::string text(Point p) { return p == go::kNoPoint ? "none" : nine().toGtp(p); }

// "B D4 W C3 ..." as the search records a simulation.
std::vector<PlayedStone> moves(const std::string& gtp) {
  std::vector<PlayedStone> out;
  std::size_t i = 0;
  while (i < gtp.size()) {
    const std::size_t end = std::min(gtp.find(' ', gtp.find(' ', i) + 1), gtp.size());
    const std::string move = gtp.substr(i, end - i);
    const Color c = move[0] == 'B' ? Color::Black : Color::White;
    const std::string vertex = move.substr(2);
    out.push_back({vertex == "pass" ? go::kPass : pt(vertex.c_str()), c});
    i = end + 1;
  }
  return out;
}

constexpr int kBlackWins = 2;
constexpr int kWhiteWins = 0;
constexpr int kDraw = 1;

TEST(LastGoodReplies, TheWinnersRepliesAreLearnedAndTheLosersAreNot) {
  LastGoodReplies r(1);
  r.learn(moves("B D4 W C3 B C4 W D3"), kBlackWins);
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, pt("C3"))), "C4");
  // White's replies lost: nothing stored for them.
  EXPECT_EQ(text(r.replyTo(Color::White, go::kNoPoint, pt("D4"))), "none");
  EXPECT_EQ(text(r.replyTo(Color::White, go::kNoPoint, pt("C4"))), "none");
  // The first move of a simulation answers a move before it, which it does not know.
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, go::kNoPoint)), "none");
}

TEST(LastGoodReplies, ALosingReplyIsForgottenOnlyWhereItIsTheStoredOne) {
  LastGoodReplies r(1);
  r.learn(moves("B D4 W C3 B C4"), kBlackWins);
  // Black answers C3 at D3 and loses: C4 was not that answer, so it stays.
  r.learn(moves("B E5 W C3 B D3"), kWhiteWins);
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, pt("C3"))), "C4");
  // Black answers C3 at C4 and loses: forgotten.
  r.learn(moves("B E5 W C3 B C4"), kWhiteWins);
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, pt("C3"))), "none");
}

TEST(LastGoodReplies, ANewerWinReplacesTheReply) {
  LastGoodReplies r(1);
  r.learn(moves("W C3 B C4"), kBlackWins);
  r.learn(moves("W C3 B D3"), kBlackWins);
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, pt("C3"))), "D3");
}

TEST(LastGoodReplies, DrawsAndPassesTeachNothing) {
  LastGoodReplies r(1);
  r.learn(moves("B D4 W C3 B C4"), kDraw);
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, pt("C3"))), "none");
  // A pass has no reply, and nothing replies to it.
  r.learn(moves("B D4 W pass B C4 W pass"), kBlackWins);
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, go::kPass)), "none");
  // Two stones of one colour in a row (a pass the playouts left out): no reply between them.
  r.learn(moves("B D4 B E4"), kBlackWins);
  EXPECT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, pt("D4"))), "none");
}

TEST(LastGoodReplies, LevelTwoPrefersTheReplyToBothMovesAndFallsBackToOne) {
  LastGoodReplies r(2);
  r.learn(moves("B D4 W C3 B C4"), kBlackWins);
  r.learn(moves("B E5 W C3 B D3"), kBlackWins);
  // After D4 then C3 the two-move reply, C4; after E5 then C3, D3.
  EXPECT_EQ(text(r.replyTo(Color::Black, pt("D4"), pt("C3"))), "C4");
  EXPECT_EQ(text(r.replyTo(Color::Black, pt("E5"), pt("C3"))), "D3");
  // An unseen move before C3: the one-move reply, the latest.
  EXPECT_EQ(text(r.replyTo(Color::Black, pt("G7"), pt("C3"))), "D3");
  // Level 1 knows only the latest.
  LastGoodReplies one(1);
  one.learn(moves("B D4 W C3 B C4"), kBlackWins);
  one.learn(moves("B E5 W C3 B D3"), kBlackWins);
  EXPECT_EQ(text(one.replyTo(Color::Black, pt("D4"), pt("C3"))), "D3");
}

// An empty 9x9 board but for White's last move at E5 (no local answer applies: no atari, no
// MoGo pattern around a lone stone).
Board loneStone() {
  Board board(9);
  board.play(pt("E5"), Color::White);
  return board;
}

// Every move the policy gives Black in 50 draws on copies of `board` after White's `last`,
// with the last good replies `replies` (null: none).
std::set<std::string> blackAnswers(const Board& board, const char* last,
                                   const LastGoodReplies* replies, std::uint64_t seed) {
  const PlayoutPolicy policy;
  go::Random rng(seed);
  std::set<std::string> out;
  for (int i = 0; i < 50; ++i) {
    Board copy = board;
    out.insert(text(policy.choose(copy, Color::Black, pt(last), go::kPass, rng, false, replies)));
  }
  return out;
}

TEST(LastGoodReplies, ThePolicyPlaysTheStoredReply) {
  LastGoodReplies r(1);
  r.learn(moves("W E5 B C7"), kBlackWins);
  EXPECT_EQ(blackAnswers(loneStone(), "E5", &r, 1), std::set<std::string>{"C7"});
  // Without the table the same position gives many moves.
  EXPECT_GT(blackAnswers(loneStone(), "E5", nullptr, 1).size(), 10u);
}

TEST(LastGoodReplies, ThePolicySkipsAReplyNoLongerPlayable) {
  // The stored reply to E5 is D5; here D5 is a bad self-atari (two stones with one liberty
  // next to White's three-liberty chain), so the policy answers otherwise.
  const Board board = go::test::parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . . . . . . . .
   6 . . . O . . . . .
   5 . . O . O . . . .
   4 . . . X O . . . .
   3 . . . O . . . . .
   2 . . . . . . . . .
   1 . . . . . . . . .
  )");
  LastGoodReplies r(1);
  r.learn(moves("W E5 B D5"), kBlackWins);
  ASSERT_EQ(text(r.replyTo(Color::Black, go::kNoPoint, pt("E5"))), "D5");
  ASSERT_TRUE(isBadSelfAtari(board, pt("D5"), Color::Black, 1));
  EXPECT_FALSE(blackAnswers(board, "E5", &r, 2).contains("D5"));
  // Nor an occupied point.
  LastGoodReplies occupied(1);
  occupied.learn(moves("W E5 B D6"), kBlackWins);
  EXPECT_FALSE(blackAnswers(board, "E5", &occupied, 3).contains("D6"));
}

TEST(LastGoodReplies, SavingAChainInAtariComesFirst) {
  // White's C1 has put Black C2 in atari; extending at C3 saves it (three liberties). A
  // stored reply elsewhere waits until that is done.
  const Board board = go::test::parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . . . . . . . .
   6 . . . . . . . . .
   5 . . . . . . . . .
   4 . . . . . . . . .
   3 . . . . . . . . .
   2 . O X O . . . . .
   1 . . O . . . . . .
  )");
  LastGoodReplies r(1);
  r.learn(moves("W C1 B G7"), kBlackWins);
  EXPECT_EQ(blackAnswers(board, "C1", &r, 4), std::set<std::string>{"C3"});
}

TEST(LastGoodReplies, TheBotPlaysWholeGamesWithThem) {
  // Self-play on 9x9 with both levels: every move legal, the game reaches its end.
  for (const int level : {1, 2}) {
    BotOptions o = test::fixedPlayouts(300);
    o.lastGoodReply = level;
    o.seed = 7;
    Bot bot(o);
    go::Game game(9, go::test::rulesFor("chinese komi=7"));
    Color c = Color::Black;
    for (int i = 0; i < 200 && !game.isOver(); ++i) {
      const Decision d = bot.genmove(game, c);
      if (d.kind == DecisionKind::Resign) break;
      ASSERT_EQ(game.play(c, d.kind == DecisionKind::Play ? d.point : go::kPass),
                go::MoveVerdict::Legal)
          << "level " << level << " move " << i;
      c = go::opponent(c);
    }
    EXPECT_GT(game.moves().size(), 30u) << "level " << level;
  }
}

}  // namespace
}  // namespace tengen::bot::last_good_reply_test
