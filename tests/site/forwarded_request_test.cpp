// A room request on its way to the owning node (site/cluster/forwarded_request.h): whatever a
// request holds but its `send` comes back the same, and a malformed one is refused with the
// field it got wrong.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "site/cluster/forwarded_request.h"

namespace tengen::site {
namespace {

namespace json = boost::json;

RoomRequest requestWith(game::CommandKind kind, game::CommandArgs args) {
  RoomRequest request;
  request.actor = game::Actor{42, "Мария"};
  request.command.kind = kind;
  request.command.args = std::move(args);
  request.expectedVersion = 17;
  request.id = json::value("a7");
  request.reply = ReplyKind::Joined;
  return request;
}

// Through the wire as the bus carries it: serialised and parsed again.
RoomRequest roundTrip(const RoomRequest& request) {
  const std::string wire = json::serialize(encodeRequest(request));
  auto decoded = decodeRequest(json::parse(wire).as_object());
  EXPECT_TRUE(decoded) << decoded.error().toString() << "\n" << wire;
  return decoded ? *decoded : RoomRequest{};
}

TEST(ForwardedRequest, EveryKindOfArgumentsComesBackTheSame) {
  const std::vector<std::pair<game::CommandKind, game::CommandArgs>> cases = {
      {game::CommandKind::Pass, game::NoArgs{}},
      {game::CommandKind::Move, game::PointArgs{"D4"}},
      {game::CommandKind::PlaceHandicap, game::HandicapArgs{{"D4", "Q16", "K10"}}},
      {game::CommandKind::UndoReply, game::UndoReplyArgs{true}},
      {game::CommandKind::Chat, game::ChatArgs{"удачи! \"quoted\" \\ and a tab\t"}},
      {game::CommandKind::Join, game::JoinArgs{1, go::Color::White, true}},
      {game::CommandKind::Join, game::JoinArgs{std::nullopt, std::nullopt, false}},
      {game::CommandKind::Forfeit, game::ForfeitArgs{"engine_crashed", "exit 139"}},
      {game::CommandKind::InactivityEnd, game::InactivityArgs{1'209'600'000}},
      {game::CommandKind::ClockRestart, game::ClockRestartArgs{1'796'000'000'123}},
      {game::CommandKind::ClockRestart, game::ClockRestartArgs{std::nullopt}},
      {game::CommandKind::Vacation, game::VacationArgs{true}},
  };
  for (const auto& [kind, args] : cases) {
    const RoomRequest back = roundTrip(requestWith(kind, args));
    EXPECT_EQ(back.command.kind, kind) << game::commandName(kind);
    EXPECT_EQ(json::serialize(encodeRequest(back)),
              json::serialize(encodeRequest(requestWith(kind, args))))
        << game::commandName(kind);
    EXPECT_EQ(back.actor.userId, 42);
    EXPECT_EQ(back.actor.name, "Мария");
    EXPECT_EQ(back.expectedVersion, 17);
    EXPECT_EQ(back.id, json::value("a7"));
    EXPECT_EQ(back.reply, ReplyKind::Joined);
  }
}

TEST(ForwardedRequest, AClaimCarriesNoPresenceTheOwnerFillsItIn) {
  RoomRequest claim = requestWith(game::CommandKind::ClaimWin, game::ClaimArgs{12'000, 60'000});
  const RoomRequest back = roundTrip(claim);
  ASSERT_TRUE(std::holds_alternative<game::ClaimArgs>(back.command.args));
  EXPECT_EQ(std::get<game::ClaimArgs>(back.command.args).absentMs, std::nullopt);
}

TEST(ForwardedRequest, AMalformedCommandStaysMalformedForTheOwnerToRefuse) {
  RoomRequest request = requestWith(game::CommandKind::Move, game::PointArgs{});
  request.command.malformed = game::CommandError{"bad_request", "point: missing", ""};
  request.expectedVersion.reset();
  request.id = json::value(nullptr);
  const RoomRequest back = roundTrip(request);
  ASSERT_TRUE(back.command.malformed);
  EXPECT_EQ(back.command.malformed->message, "point: missing");
  EXPECT_EQ(back.expectedVersion, std::nullopt);
  EXPECT_TRUE(back.id.is_null());
}

TEST(ForwardedRequest, BadMessagesAreRefusedNamingTheField) {
  const json::object good =
      encodeRequest(requestWith(game::CommandKind::Move, game::PointArgs{"D4"}));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"actor", "no field \"actor\""}, {"command", "no field \"command\""},
      {"args", "no field \"args\""},   {"id", "no field \"id\""},
      {"reply", "no field \"reply\""},
  };
  for (const auto& [field, message] : cases) {
    json::object bad = good;
    bad.erase(field);
    auto decoded = decodeRequest(bad);
    ASSERT_FALSE(decoded) << field;
    EXPECT_NE(decoded.error().toString().find(message), std::string::npos)
        << decoded.error().toString();
  }
  const std::vector<std::pair<std::string, json::value>> replaced = {
      {"command", json::value("teleport")},
      {"command", json::value(7)},
      {"reply", json::value("shout")},
      {"expectedVersion", json::value("17")},
      {"actor", json::value("bob")},
      {"args", json::object{{"is", "warp"}}},
      {"args", json::object{{"is", "point"}}},
      {"args", json::object{{"is", "join"}, {"joinerBot", false}, {"coin", 2}}},
      {"args", json::object{{"is", "join"}, {"joinerBot", false}, {"nigiri", "red"}}},
      {"args", json::object{{"is", "handicap"}, {"points", json::array{"D4", 3}}}},
  };
  for (const auto& [field, value] : replaced) {
    json::object bad = good;
    bad[field] = value;
    EXPECT_FALSE(decodeRequest(bad)) << field << " = " << json::serialize(value);
  }
}

}  // namespace
}  // namespace tengen::site
