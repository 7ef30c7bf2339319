// clientAddress: which address the per-address limits count, behind a proxy and without one.

#include "server/client_address.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace tengen::server {
namespace {

const std::vector<std::string> kHaproxy{"127.0.0.1"};

std::string from(std::string_view peer, std::vector<std::string_view> forwardedFor,
                 const std::vector<std::string>& trusted = kHaproxy) {
  return clientAddress(peer, forwardedFor, trusted);
}

TEST(ClientAddress, ATrustedProxyNamesTheClientLastInItsHeader) {
  EXPECT_EQ(from("127.0.0.1", {"203.0.113.7"}), "203.0.113.7");
  EXPECT_EQ(from("127.0.0.1", {"2001:db8::1"}), "2001:db8::1");
  // Whatever the client wrote before the proxy's own entry is not believed.
  EXPECT_EQ(from("127.0.0.1", {"10.0.0.1, 203.0.113.7"}), "203.0.113.7");
  EXPECT_EQ(from("127.0.0.1", {"10.0.0.1", " 203.0.113.7 "}), "203.0.113.7");
}

TEST(ClientAddress, AnyOtherPeerIsItself) {
  EXPECT_EQ(from("198.51.100.2", {"203.0.113.7"}), "198.51.100.2");
  EXPECT_EQ(from("127.0.0.1", {"203.0.113.7"}, {}), "127.0.0.1");
  EXPECT_EQ(from("127.0.0.1", {}), "127.0.0.1");
}

TEST(ClientAddress, AnEntryThatIsNotAnAddressLeavesThePeer) {
  EXPECT_EQ(from("127.0.0.1", {"unknown"}), "127.0.0.1");
  EXPECT_EQ(from("127.0.0.1", {"203.0.113.7,"}), "127.0.0.1");
  EXPECT_EQ(from("127.0.0.1", {""}), "127.0.0.1");
  EXPECT_EQ(from("127.0.0.1", {"203.0.113.7:4711"}), "127.0.0.1");
  EXPECT_EQ(from("127.0.0.1", {std::string_view("203.0.113.7\0x", 13)}), "127.0.0.1");
  EXPECT_EQ(from("127.0.0.1", {std::string(300, '1')}), "127.0.0.1");
}

TEST(IsIpAddress, BothFamiliesAndNothingElse) {
  EXPECT_TRUE(isIpAddress("127.0.0.1"));
  EXPECT_TRUE(isIpAddress("::1"));
  EXPECT_FALSE(isIpAddress("localhost"));
  EXPECT_FALSE(isIpAddress("1.2.3"));
  EXPECT_FALSE(isIpAddress("1.2.3.4 "));
}

}  // namespace
}  // namespace tengen::server
