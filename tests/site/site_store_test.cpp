// The store is the truth: when an append conflicts (another writer got there first) the command
// is refused with store_failed, the room reloads from the store and its watchers catch up.

#include <boost/json/serialize.hpp>

#include <chrono>
#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteStoreTest : public SiteFixture {
 protected:
  // The liveness beat is a writer job of its own: one landing between the two stats readings
  // below would be counted as a second job of the pass. The first beat is written as the site
  // starts, before the test reads anything, and the next one comes an hour later.
  void configure(SiteOptions& options) override { options.aliveInterval = std::chrono::hours(1); }
};

TEST_F(SiteStoreTest, ConflictingAppendIsRefusedAndTheRoomReloads) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  play(*alice, *bob, game, "B E5");
  json::object said = command(*bob, game, "chat", {{"text", "first"}});
  ASSERT_EQ(verdict(said), "ok");
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
  ASSERT_EQ(verdict(moved), "ok") << json::serialize(moved);
  EXPECT_EQ(integer(moved, "version"), version + 2);
  auto loaded = store_->loadGame(game);
  ASSERT_TRUE(loaded && *loaded);
  EXPECT_EQ(static_cast<int64_t>((*loaded)->events.size()), version + 2);
}

// The pass that ends the game and the removal phase it opens are one append: the store's
// writer takes them as one job, so no crash can log the one without the other.
TEST_F(SiteStoreTest, APassThatEndsTheGameIsLoggedWithItsRemovalStartInOneAppend) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {{"rules", "japanese"}});
  play(*alice, *bob, game, "B E5 W C3 B pass");
  // The games row's start (seats, then "playing") is written after the start's reply, on a
  // pool a loaded machine may hold up: it must land before the count below starts.
  for (int tries = 0; tries < 500; ++tries) {
    auto row = store_->loadGame(game);
    if (row && *row && (*row)->settings.status == game::GameStatus::Playing) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const auto before = store_->writerStats();
  json::object passed = command(*bob, game, "pass", {});
  ASSERT_EQ(verdict(passed), "ok") << json::serialize(passed);
  EXPECT_EQ(store_->writerStats().jobs - before.jobs, 1);
  auto loaded = store_->loadGame(game);
  ASSERT_TRUE(loaded && *loaded);
  const auto& events = (*loaded)->events;
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events[events.size() - 2].type, "pass");
  EXPECT_EQ(events.back().type, "removal_start");
  EXPECT_EQ(integer(passed, "version"), events.back().seq);
}

}  // namespace
}  // namespace tengen::site::test
