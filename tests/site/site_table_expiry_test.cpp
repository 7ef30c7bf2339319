// Open tables whose owner has gone (site/lobby/table_expiry.h, docs/protocol.md "Lobby"): a
// table is cancelled once its owner has had no socket on the site for the limit, a
// correspondence table waits for its own longer limit, and a present owner's table stays.
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

class SiteTableExpiry : public SiteFixture {
 protected:
  void configure(SiteOptions& options) override {
    options.limits.abandonedTableLimit = 400ms;
    options.limits.abandonedCorrespondenceTableLimit = std::chrono::hours(1);
    options.limits.abandonedTableCheck = 100ms;
  }

  std::string phaseOf(SiteClient& client, int64_t gameId) {
    return text(stateOf(client, gameId).at("state").as_object(), "phase");
  }

  // The phase once it is no longer "open", or "open" after a few seconds.
  std::string phaseSoon(SiteClient& client, int64_t gameId) {
    for (int i = 0; i < 60; ++i) {
      const std::string phase = phaseOf(client, gameId);
      if (phase != "open") return phase;
      std::this_thread::sleep_for(50ms);
    }
    return "open";
  }
};

TEST_F(SiteTableExpiry, AGoneOwnersTableIsCancelledAPresentOnesAndACorrespondenceOneStay) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t alicesLive = createTable(*alice, liveTable());
  const int64_t alicesSlow = createTable(*alice, correspondenceTable());
  const int64_t bobsLive = createTable(*bob, liveTable());
  // Alice still here past the limit: nothing happens to her tables.
  std::this_thread::sleep_for(700ms);
  EXPECT_EQ(phaseOf(*bob, alicesLive), "open");

  alice.reset();  // her only tab closes
  EXPECT_EQ(phaseSoon(*bob, alicesLive), "cancelled");
  EXPECT_EQ(phaseOf(*bob, alicesSlow), "open");  // correspondence: an hour here
  EXPECT_EQ(phaseOf(*bob, bobsLive), "open");
  // The lobby no longer offers it.
  const json::object lobby = bob->request({{"type", "lobby_subscribe"}});
  for (const json::value& table : lobby.at("tables").as_array()) {
    EXPECT_NE(table.at("id"), alicesLive) << json::serialize(lobby);
  }
}

}  // namespace
}  // namespace tengen::site::test
