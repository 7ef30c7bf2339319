// game/command_codec.h: every kind of command arguments comes back the same through JSON text,
// and what the encoder never writes is refused, naming the field.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <string>
#include <utility>
#include <vector>

#include "game/command_codec.h"

namespace tengen::game {
namespace {

namespace json = boost::json;

std::string wire(const Command& command) {
  json::object o;
  encodeCommand(command, o);
  return json::serialize(o);
}

TEST(CommandCodec, EveryKindOfArgumentsComesBackTheSame) {
  const std::vector<std::pair<CommandKind, CommandArgs>> cases = {
      {CommandKind::Pass, NoArgs{}},
      {CommandKind::Move, PointArgs{"D4"}},
      {CommandKind::PlaceHandicap, HandicapArgs{{"D4", "Q16", "K10"}}},
      {CommandKind::UndoReply, UndoReplyArgs{false}},
      {CommandKind::Chat, ChatArgs{"удачи! \"quoted\" \\ and a tab\t"}},
      {CommandKind::Join, JoinArgs{0, go::Color::Black, true}},
      {CommandKind::Join, JoinArgs{std::nullopt, std::nullopt, false}},
      {CommandKind::Forfeit, ForfeitArgs{"engine_crashed", "exit 139"}},
      {CommandKind::InactivityEnd, InactivityArgs{1'209'600'000}},
      {CommandKind::ClockRestart, ClockRestartArgs{1'796'000'000'123}},
      {CommandKind::ClockRestart, ClockRestartArgs{std::nullopt}},
      {CommandKind::Vacation, VacationArgs{false}},
  };
  for (const auto& [kind, args] : cases) {
    const Command command{kind, args, std::nullopt, std::nullopt};
    const std::string text = wire(command);
    auto back = decodeEncodedCommand(json::parse(text).as_object());
    ASSERT_TRUE(back) << back.error().toString() << "\n" << text;
    EXPECT_EQ(back->kind, kind) << text;
    EXPECT_EQ(back->args.index(), args.index()) << text;
    EXPECT_EQ(wire(*back), text);
  }
}

TEST(CommandCodec, AMalformedCommandKeepsItsReport) {
  Command command{CommandKind::Move, PointArgs{}, std::nullopt,
                  CommandError{"bad_request", "point: missing", ""}};
  auto back = decodeEncodedCommand(json::parse(wire(command)).as_object());
  ASSERT_TRUE(back && back->malformed);
  EXPECT_EQ(back->malformed->message, "point: missing");
}

TEST(CommandCodec, WhatTheEncoderNeverWritesIsRefusedNamingTheField) {
  const std::vector<std::pair<json::object, std::string>> cases = {
      {{{"args", json::object{{"is", "none"}}}}, "no field \"command\""},
      {{{"command", "pass"}}, "no field \"args\""},
      {{{"command", "teleport"}, {"args", json::object{{"is", "none"}}}}, "unknown command"},
      {{{"command", "move"}, {"args", json::object{{"is", "point"}}}}, "no field \"point\""},
      {{{"command", "move"}, {"args", json::object{{"is", "warp"}}}}, "unknown arguments"},
      {{{"command", "join"},
        {"args", json::object{{"is", "join"}, {"joinerBot", false}, {"coin", 2}}}},
       "coin"},
      {{{"command", "join"},
        {"args", json::object{{"is", "join"}, {"joinerBot", false}, {"nigiri", "red"}}}},
       "nigiri"},
      {{{"command", "place_handicap"},
        {"args", json::object{{"is", "handicap"}, {"points", json::array{"D4", 3}}}}},
       "handicap point"},
      {{{"command", "vacation"}, {"args", json::object{{"is", "vacation"}, {"on", 1}}}},
       "\"on\" is not true or false"},
      {{{"command", "move"},
        {"args", json::object{{"is", "point"}, {"point", "D4"}}},
        {"malformed", "yes"}},
       "malformed"},
  };
  for (const auto& [encoded, message] : cases) {
    auto decoded = decodeEncodedCommand(encoded);
    ASSERT_FALSE(decoded) << json::serialize(encoded);
    EXPECT_NE(decoded.error().toString().find(message), std::string::npos)
        << decoded.error().toString();
  }
}

}  // namespace
}  // namespace tengen::game
