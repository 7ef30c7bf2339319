// The store is the truth: when an append conflicts (another writer got there first) the command
// is refused with store_failed, the room reloads from the store and its watchers catch up.

#include <boost/json/serialize.hpp>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteStoreTest : public SiteFixture {};

TEST_F(SiteStoreTest, ConflictingAppendIsRefusedAndTheRoomReloads) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  play(*alice, *bob, game, "B E5");
  json::object said = command(*bob, game, "chat", {{"text", "first"}});
  ASSERT_EQ(text(said, "type"), "ok");
  const int64_t version = integer(said, "version");
  auto chat = alice->event(game, version);
  ASSERT_TRUE(chat);

  // Another writer appends the next event behind the room's back.
  json::object payload = chat->at("event").as_object();
  payload["text"] = "from another node";
  store::GameEvent foreign{game, version + 1, "chat", json::serialize(payload),
                           integer(payload, "timeMs")};
  ASSERT_TRUE(store_->appendEventSync(foreign).ok());

  json::object refused = command(*bob, game, "move", {{"point", "C3"}});
  EXPECT_EQ(text(refused, "code"), "store_failed") << json::serialize(refused);
  // The watchers receive the event the room did not know, then play goes on on top of it.
  auto caughtUp = alice->event(game, version + 1);
  ASSERT_TRUE(caughtUp) << "no catch-up event";
  EXPECT_EQ(text(caughtUp->at("event").as_object(), "text"), "from another node");
  json::object moved = command(*bob, game, "move", {{"point", "C3"}});
  ASSERT_EQ(text(moved, "type"), "ok") << json::serialize(moved);
  EXPECT_EQ(integer(moved, "version"), version + 2);
  auto loaded = store_->loadGame(game);
  ASSERT_TRUE(loaded && *loaded);
  EXPECT_EQ(static_cast<int64_t>((*loaded)->events.size()), version + 2);
}

// A batch cut short (here: another writer's pass ended the game, but nobody wrote the
// removal_start that pass owes) is completed by the room before it serves anything else, so
// the log always says how the game ended.
TEST_F(SiteStoreTest, ReloadCompletesABatchCutShort) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {{"rules", "japanese"}});
  play(*alice, *bob, game, "B E5 W C3 B pass");
  auto loaded = store_->loadGame(game);
  ASSERT_TRUE(loaded && *loaded);
  const int64_t version = static_cast<int64_t>((*loaded)->events.size());
  const int64_t timeMs = (*loaded)->events.back().timeMs + 1;
  store::GameEvent pass{
      game, version + 1, "pass",
      json::serialize(json::object{{"kind", "pass"}, {"colour", "white"}, {"timeMs", timeMs}}),
      timeMs};
  ASSERT_TRUE(store_->appendEventSync(pass).ok());

  json::object refused = command(*bob, game, "chat", {{"text", "still there?"}});
  EXPECT_EQ(text(refused, "code"), "store_failed") << json::serialize(refused);
  auto removal = alice->event(game, version + 2);
  ASSERT_TRUE(removal) << "no removal_start after the reload";
  EXPECT_EQ(text(removal->at("event").as_object(), "kind"), "removal_start");
  EXPECT_EQ(text(removal->at("state").as_object(), "phase"), "removal");
  auto after = store_->loadGame(game);
  ASSERT_TRUE(after && *after);
  ASSERT_EQ(static_cast<int64_t>((*after)->events.size()), version + 2);
  EXPECT_EQ((*after)->events.back().type, "removal_start");
}

}  // namespace
}  // namespace tengen::site::test
