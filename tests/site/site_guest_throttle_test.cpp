// Guest floods (site/accounts/guest_throttle.h): guests are limited per client address, a
// refused one is told when to come back, and other addresses are served. The limit is set
// small and never refills here, so nothing depends on timing.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "site/accounts/guest_throttle.h"
#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using server::test::HttpReply;

HttpReply guestFrom(const std::string& from, std::uint16_t port) {
  return server::test::httpRequestFrom(from, port, "POST", "/api/guest",
                                       {{"Content-Type", "application/json"}});
}

class SiteGuestThrottle : public SiteFixture {
 protected:
  void configureAccounts(AccountsOptions& options) override {
    options.guestLimits.perAddress = {5, std::chrono::hours(1)};
  }
};

TEST_F(SiteGuestThrottle, ABurstFromOneAddressIsRefusedAndAnotherAddressIsServed) {
  for (int i = 0; i < 5; ++i) EXPECT_EQ(guestFrom("127.0.0.7", port_).status, 201) << i;
  const HttpReply refused = guestFrom("127.0.0.7", port_);
  ASSERT_EQ(refused.status, 429) << refused.body;
  const json::value body = json::parse(refused.body);
  EXPECT_EQ(body.at("error").at("code"), "rate_limited");
  EXPECT_NE(std::string(body.at("error").at("message").as_string())
                .find("too many guest accounts from this address; try again in "),
            std::string::npos)
      << refused.body;
  EXPECT_TRUE(refused.header("set-cookie").empty());
  ASSERT_FALSE(refused.header("retry-after").empty());
  EXPECT_GE(std::stoi(refused.header("retry-after")), 1);
  EXPECT_EQ(guestFrom("127.0.0.8", port_).status, 201) << "another address is not limited";
  // Logins from the limited address are a budget of their own.
  registered("alice");
  const HttpReply login = server::test::httpRequestFrom(
      "127.0.0.7", port_, "POST", "/api/login", {{"Content-Type", "application/json"}},
      R"({"name":"alice","password":"correct horse battery"})");
  EXPECT_EQ(login.status, 200) << login.body;
}

// The shipped limit: a client that asks for guests as fast as it can gets 30, not thousands.
class SiteGuestDefaultLimit : public SiteFixture {};

TEST_F(SiteGuestDefaultLimit, AFloodGetsThirtyGuests) {
  int created = 0;
  int refused = 0;
  for (int i = 0; i < 60; ++i) {
    const int status = guestFrom("127.0.0.9", port_).status;
    created += status == 201;
    refused += status == 429;
  }
  // One may have refilled while the flood ran (one every 20 s).
  EXPECT_GE(created, 30);
  EXPECT_LE(created, 31);
  EXPECT_EQ(created + refused, 60);
}

TEST(GuestLimitKey, AnIpv6AddressCountsByItsSlash64) {
  EXPECT_EQ(guestLimitKey("203.0.113.7"), "203.0.113.7");
  EXPECT_EQ(guestLimitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::/64");
  EXPECT_EQ(guestLimitKey("2001:db8:1:2::1"), guestLimitKey("2001:db8:1:2:ffff::9"));
  EXPECT_NE(guestLimitKey("2001:db8:1:2::1"), guestLimitKey("2001:db8:1:3::1"));
  EXPECT_EQ(guestLimitKey("::ffff:203.0.113.7"), "203.0.113.7");
  EXPECT_EQ(guestLimitKey("not an address"), "not an address");
}

}  // namespace
}  // namespace tengen::site::test
