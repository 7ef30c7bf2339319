#include <gtest/gtest.h>

#include "backend.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;
using testing::openStore;
using testing::TempDir;

class UsersAndSessions : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};

  User create(const std::string& name, bool guest = false) {
    auto user = store_->createUser(User{0, name, "$argon2id$hash-of-" + name, guest, 1000});
    EXPECT_TRUE(user && *user) << name;
    return user && *user ? **user : User{};
  }
};

TENGEN_ON_BOTH_STORES(UsersAndSessions);

TEST_P(UsersAndSessions, CreateAssignsIdsAndFindsByNameAndId) {
  const User alice = create("alice");
  const User guest = create("guest-4711", true);
  EXPECT_GT(alice.id, 0);
  EXPECT_NE(alice.id, guest.id);

  auto byName = store_->findUserByName("alice").value();
  ASSERT_TRUE(byName);
  EXPECT_EQ(byName->id, alice.id);
  EXPECT_EQ(byName->passwordHash, "$argon2id$hash-of-alice");
  EXPECT_FALSE(byName->guest);
  EXPECT_EQ(byName->createdMs, 1000);

  auto byId = store_->findUserById(guest.id).value();
  ASSERT_TRUE(byId);
  EXPECT_EQ(byId->name, "guest-4711");
  EXPECT_TRUE(byId->guest);
}

TEST_P(UsersAndSessions, UnknownUsersAreNotFound) {
  EXPECT_FALSE(store_->findUserByName("nobody").value());
  EXPECT_FALSE(store_->findUserById(12345).value());
}

TEST_P(UsersAndSessions, TakenNameGivesNulloptEvenInAnotherCase) {
  create("Alice");
  EXPECT_FALSE(store_->createUser(User{0, "Alice", "x", false, 0}).value());
  EXPECT_FALSE(store_->createUser(User{0, "aLICE", "x", false, 0}).value());
  auto found = store_->findUserByName("ALICE").value();
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "Alice");
}

TEST_P(UsersAndSessions, NonAsciiNamesAreKeptExactly) {
  const User user = create("Айгерім");
  EXPECT_EQ(store_->findUserById(user.id).value()->name, "Айгерім");
  EXPECT_TRUE(store_->findUserByName("Айгерім").value());
}

TEST_P(UsersAndSessions, ZeroCreatedMsIsStampedWithNow) {
  auto user = store_->createUser(User{0, "bob", "h", false, 0}).value();
  ASSERT_TRUE(user);
  EXPECT_GT(user->createdMs, 1'600'000'000'000);  // after 2020
}

TEST_P(UsersAndSessions, SessionLivesUntilItExpiresOrIsDeleted) {
  const User alice = create("alice");
  ASSERT_TRUE(store_->createSession(Session{"sha256:abc", alice.id, 5000}));

  auto found = store_->findSession("sha256:abc", 4999).value();
  ASSERT_TRUE(found);
  EXPECT_EQ(found->userId, alice.id);
  EXPECT_EQ(found->expiresMs, 5000);
  EXPECT_FALSE(store_->findSession("sha256:abc", 5000).value()) << "expired at its expiry";
  EXPECT_FALSE(store_->findSession("sha256:other", 0).value());

  ASSERT_TRUE(store_->deleteSession("sha256:abc"));
  EXPECT_FALSE(store_->findSession("sha256:abc", 0).value());
  EXPECT_TRUE(store_->deleteSession("sha256:abc")) << "deleting twice is harmless";
}

TEST_P(UsersAndSessions, DeleteExpiredSessionsCountsThem) {
  const User alice = create("alice");
  ASSERT_TRUE(store_->createSession(Session{"t1", alice.id, 100}));
  ASSERT_TRUE(store_->createSession(Session{"t2", alice.id, 200}));
  ASSERT_TRUE(store_->createSession(Session{"t3", alice.id, 300}));
  EXPECT_EQ(store_->deleteExpiredSessions(200).value(), 2);
  EXPECT_TRUE(store_->findSession("t3", 250).value());
  EXPECT_EQ(store_->deleteExpiredSessions(200).value(), 0);
}

TEST_P(UsersAndSessions, SessionForUnknownUserIsAnError) {
  auto created = store_->createSession(Session{"t", 999, 100});
  ASSERT_FALSE(created);
  EXPECT_NE(created.error().message.find("user 999 does not exist"), std::string::npos)
      << created.error().toString();
}

TEST_P(UsersAndSessions, DuplicateTokenHashIsAnError) {
  const User alice = create("alice");
  ASSERT_TRUE(store_->createSession(Session{"same", alice.id, 100}));
  EXPECT_FALSE(store_->createSession(Session{"same", alice.id, 200}));
  EXPECT_EQ(store_->findSession("same", 0).value()->expiresMs, 100);
}

// Guests created before the cut-off go unless they sit at a game (as owner or player) or
// hold a session still valid; registered accounts are never pruned.
TEST_P(UsersAndSessions, DeleteIdleGuestsKeepsPlayersSessionsAndRegisteredAccounts) {
  const User idle = create("guest-000001", true);
  const User owner = create("guest-000002", true);
  const User player = create("guest-000003", true);
  const User loggedIn = create("guest-000004", true);
  const User expired = create("guest-000005", true);
  const User registered = create("alice");
  GameSettings table;
  table.ownerUserId = owner.id;
  ASSERT_TRUE(store_->createGame(table));
  GameSettings game;
  game.blackUserId = registered.id;
  game.whiteUserId = player.id;
  ASSERT_TRUE(store_->createGame(game));
  ASSERT_TRUE(store_->createSession(Session{"live", loggedIn.id, 9000}));
  ASSERT_TRUE(store_->createSession(Session{"old", expired.id, 4000}));

  // Created at 1000; nobody is older than a cut-off of 1000.
  EXPECT_EQ(store_->deleteIdleGuests(1000, 5000).value(), 0);
  EXPECT_EQ(store_->deleteIdleGuests(2000, 5000).value(), 2);
  EXPECT_FALSE(store_->findUserById(idle.id).value());
  EXPECT_FALSE(store_->findUserById(expired.id).value());
  EXPECT_FALSE(store_->findSession("old", 0).value());
  for (const User& kept : {owner, player, loggedIn, registered}) {
    EXPECT_TRUE(store_->findUserById(kept.id).value()) << kept.name;
  }
}

}  // namespace
}  // namespace tengen::store
