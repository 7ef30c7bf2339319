// Login and registration floods (site/accounts/login_throttle.h): attempts are limited per address
// and per account name before they are hashed, and guests never wait behind them. The limits are
// set small and never refill here, so nothing depends on timing.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <atomic>
#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using server::test::HttpReply;

class SiteLoginThrottle : public SiteFixture {
 protected:
  void configureAccounts(AccountsOptions& options) override {
    options.loginLimits.perAddress = {5, std::chrono::hours(1)};
    options.loginLimits.perAccount = {3, std::chrono::hours(1)};
  }
  HttpReply login(const std::string& from, const std::string& name, const std::string& password) {
    return server::test::httpRequestFrom(
        from, port_, "POST", "/api/login", {{"Content-Type", "application/json"}},
        json::serialize(json::object{{"name", name}, {"password", password}}));
  }
  HttpReply guestFrom(const std::string& from) {
    return server::test::httpRequestFrom(from, port_, "POST", "/api/guest",
                                         {{"Content-Type", "application/json"}});
  }
  static std::string codeOf(const HttpReply& reply) {
    auto parsed = json::parse(reply.body);
    return std::string(parsed.at("error").at("code").as_string());
  }
};

TEST_F(SiteLoginThrottle, RapidWrongLoginsFromOneAddressGet429ButGuestsElsewhereAreServed) {
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(login("127.0.0.5", "nobody" + std::to_string(i), "wrong password").status, 401) << i;
  }
  const HttpReply refused = login("127.0.0.5", "nobody9", "wrong password");
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(codeOf(refused), "rate_limited");
  EXPECT_FALSE(refused.header("retry-after").empty());
  EXPECT_GE(std::stoi(refused.header("retry-after")), 1);
  // Registration costs a hash too: the same budget.
  const HttpReply registration = server::test::httpRequestFrom(
      "127.0.0.5", port_, "POST", "/api/register", {{"Content-Type", "application/json"}},
      R"({"name":"newcomer","password":"correct horse battery"})");
  EXPECT_EQ(registration.status, 429) << registration.body;

  EXPECT_EQ(guestFrom("127.0.0.2").status, 201);
  EXPECT_EQ(guestFrom("127.0.0.5").status, 201);  // guests cost no hash and are not limited here
  EXPECT_EQ(login("127.0.0.2", "nobody", "wrong password").status, 401);
}

TEST_F(SiteLoginThrottle, TheAccountLimitHoldsAcrossAddresses) {
  registered("alice");
  for (int i = 0; i < 3; ++i) {
    const std::string from = "127.0.0." + std::to_string(20 + i);
    EXPECT_EQ(login(from, "alice", "wrong password").status, 401) << from;
  }
  const HttpReply refused = login("127.0.0.30", "ALICE", "wrong password");
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_NE(refused.body.find("account"), std::string::npos) << refused.body;
  // Another account from the same address is not affected.
  registered("bob");
  EXPECT_EQ(login("127.0.0.30", "bob", "correct horse battery").status, 200);
}

TEST_F(SiteLoginThrottle, ACorrectLoginDoesNotUseUpTheBudget) {
  registered("carol");
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(login("127.0.0.40", "carol", "correct horse battery").status, 200) << i;
  }
}

TEST_F(SiteLoginThrottle, AGuestDoesNotQueueBehindAFloodOfLogins) {
  // 4 addresses x 5 attempts: 20 hashes queue on the one hashing thread (seconds of work).
  std::atomic<int> answered{0};
  std::vector<std::thread> attackers;
  for (int a = 0; a < 4; ++a) {
    for (int i = 0; i < 5; ++i) {
      attackers.emplace_back([this, a, i, &answered] {
        login("127.0.1." + std::to_string(a + 1), "victim" + std::to_string(i), "guess");
        ++answered;
      });
    }
  }
  // Let the flood arrive first: once one attempt has been answered the others are queued.
  while (answered.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const HttpReply guest = guestFrom("127.0.0.2");
  const int answeredWhenGuestWasServed = answered.load();
  for (auto& attacker : attackers) attacker.join();
  EXPECT_EQ(guest.status, 201) << guest.body << guest.error;
  EXPECT_EQ(answered.load(), 20);
  // Ordering, not timing: the guest was served while hashes were still waiting.
  EXPECT_LT(answeredWhenGuestWasServed, 20);
}

}  // namespace
}  // namespace tengen::site::test
