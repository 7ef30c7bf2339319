// Commands are decoded once, where they enter (game/command.h): typed arguments, or the
// bad_request that decide() reports after the checks that say whether the command applies.

#include "game/command.h"

#include <gtest/gtest.h>

#include <string>

namespace tengen::game {
namespace {

namespace json = boost::json;

std::string malformed(CommandKind kind, json::object fields) {
  const Command c = decodeCommand(kind, fields);
  return c.malformed ? c.malformed->code + ": " + c.malformed->message : "";
}

TEST(Command, ArgumentsAreTyped) {
  Command move = decodeCommand(CommandKind::Move, {{"point", "D4"}, {"expectedVersion", 7}});
  EXPECT_FALSE(move.malformed);
  EXPECT_EQ(std::get<PointArgs>(move.args).point, "D4");
  EXPECT_EQ(move.expectedVersion, 7);
  EXPECT_EQ(decodeCommand(CommandKind::Pass, {}).expectedVersion, std::nullopt);
  EXPECT_TRUE(
      std::get<UndoReplyArgs>(decodeCommand(CommandKind::UndoReply, {{"accept", true}}).args)
          .accept);
  const Command handicap =
      decodeCommand(CommandKind::PlaceHandicap, {{"points", json::array{"C3", "Z99"}}});
  EXPECT_EQ(std::get<HandicapArgs>(handicap.args).points, (std::vector<std::string>{"C3", "Z99"}));
  const JoinArgs join =
      std::get<JoinArgs>(decodeCommand(CommandKind::Join, {{"coin", 1}, {"joinerBot", true}}).args);
  EXPECT_EQ(join.coin, 1);
  EXPECT_TRUE(join.joinerBot);
  EXPECT_EQ(std::get<JoinArgs>(decodeCommand(CommandKind::Join, {{"nigiri", "white"}}).args).nigiri,
            go::Color::White);
  // Fields a command does not take are ignored, as the envelope's own ("type", "id", "gameId").
  EXPECT_EQ(malformed(CommandKind::Resign, {{"point", "nonsense"}, {"gameId", 3}}), "");
}

TEST(Command, BadFieldsSayWhatWasExpected) {
  EXPECT_EQ(malformed(CommandKind::Move, {}),
            R"(bad_request: missing "point": a point such as "D4")");
  EXPECT_EQ(malformed(CommandKind::Move, {{"point", "I5"}}),
            R"(bad_request: "I5" is not a point such as "D4")");
  EXPECT_EQ(malformed(CommandKind::Move, {{"point", "pass"}}),
            R"(bad_request: "pass" is not a point such as "D4")");
  EXPECT_EQ(malformed(CommandKind::Move, {{"point", 44}}),
            R"(bad_request: missing "point": a point such as "D4")");
  EXPECT_EQ(malformed(CommandKind::RemovalToggle, {{"point", 4}}),
            R"(bad_request: point: expected a point such as "D4")");
  EXPECT_EQ(malformed(CommandKind::PlaceHandicap, {{"points", "C3"}}),
            "bad_request: points: expected a list of points");
  EXPECT_EQ(malformed(CommandKind::PlaceHandicap, {{"points", json::array{"C3", 5}}}),
            R"(bad_request: points[1]: expected a point such as "D4")");
  EXPECT_EQ(malformed(CommandKind::UndoReply, {{"accept", "yes"}}),
            R"(bad_request: missing "accept": a bool)");
  EXPECT_EQ(malformed(CommandKind::Chat, {{"text", " \t\n"}}),
            "bad_request: the chat text is empty");
  EXPECT_EQ(malformed(CommandKind::Chat, {{"text", std::string(501, 'a')}}),
            "bad_request: the chat text is longer than 500 characters");
  EXPECT_EQ(malformed(CommandKind::Join, {{"coin", 2}}), R"(bad_request: "coin" must be 0 or 1)");
  EXPECT_EQ(malformed(CommandKind::Forfeit, {{"reason", "x"}}),
            R"(bad_request: a forfeit needs "reason" and "detail" strings)");
  EXPECT_EQ(malformed(CommandKind::Pass, {{"expectedVersion", "3"}}),
            R"(bad_request: "expectedVersion" must be an integer)");
}

}  // namespace
}  // namespace tengen::game
