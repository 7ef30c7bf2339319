// The Host check (server/host_policy.h): a request naming a host the server was not told about
// is refused, plain HTTP and WebSocket upgrades alike (DNS rebinding), over a real socket.

#include "server/host_policy.h"

#include <gtest/gtest.h>

#include <string>

#include "server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

TEST(HostName, DropsThePortTheTrailingDotAndTheBrackets) {
  EXPECT_EQ(hostName("Go.Example.org:8080"), "go.example.org");
  EXPECT_EQ(hostName("localhost."), "localhost");
  EXPECT_EQ(hostName("127.0.0.1"), "127.0.0.1");
  EXPECT_EQ(hostName("[::1]:80"), "::1");
  EXPECT_EQ(hostName("[::1]"), "::1");
  for (const char* bad : {"", ":80", "::1", "[::1", "[example]", "a b", "x:port", "x:123456",
                          "evil.example/x", "[::1]x"}) {
    EXPECT_EQ(hostName(bad), std::nullopt) << bad;
  }
}

TEST(HostAllowed, LocalhostAndAddressesAlwaysOtherNamesOnlyWhenListed) {
  const std::vector<std::string> none;
  for (const char* host : {"localhost", "LOCALHOST:8080", "127.0.0.1:8080", "[::1]:8080",
                           "192.168.1.5:8080", "[2001:db8::1]"}) {
    EXPECT_TRUE(isHostAllowed(host, none)) << host;
  }
  EXPECT_TRUE(isHostAllowed(std::nullopt, none)) << "HTTP/1.0 clients and health checks";
  for (const char* host : {"evil.example", "evil.example:8080", "127.0.0.1.nip.io", "", "a b"}) {
    EXPECT_FALSE(isHostAllowed(host, none)) << host;
  }
  const std::vector<std::string> listed{"go.example.org", "play.example.org:443"};
  EXPECT_TRUE(isHostAllowed("go.example.org", listed));
  EXPECT_TRUE(isHostAllowed("Go.Example.Org:8443", listed));
  EXPECT_TRUE(isHostAllowed("play.example.org", listed));
  EXPECT_FALSE(isHostAllowed("evil.example", listed));
  EXPECT_TRUE(isHostAllowed("evil.example", {"*"}));
}

std::string statusLine(const std::string& reply) { return reply.substr(0, reply.find("\r\n")); }

std::string upgrade(std::uint16_t port, std::string_view host, std::string_view origin) {
  return rawExchange(port,
                     "GET /ws HTTP/1.1\r\nHost: " + std::string(host) +
                         "\r\nOrigin: " + std::string(origin) +
                         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                         "Sec-WebSocket-Version: 13\r\n\r\n",
                     std::chrono::milliseconds(500));
}

std::string get(std::uint16_t port, std::string_view host) {
  return rawExchange(port, "GET /healthz HTTP/1.1\r\nHost: " + std::string(host) +
                               "\r\nConnection: close\r\n\r\n");
}

using HostCheck = ServerFixture;

TEST_F(HostCheck, AForeignHostIsRefusedWith421OnPagesAndUpgrades) {
  const std::string port = std::to_string(port_);
  const std::string plain = get(port_, "evil.example:" + port);
  EXPECT_EQ(statusLine(plain), "HTTP/1.1 421 Misdirected Request") << plain;
  EXPECT_NE(plain.find("\"code\":\"unknown_host\""), std::string::npos) << plain;
  EXPECT_NE(plain.find("--host"), std::string::npos) << plain;
  // The attacker's page and its socket agree on Origin and Host: only the Host gives it away.
  const std::string socket = upgrade(port_, "evil.example:" + port, "http://evil.example:" + port);
  EXPECT_EQ(statusLine(socket), "HTTP/1.1 421 Misdirected Request") << socket;
}

TEST_F(HostCheck, LocalNamesAndAddressesAreServed) {
  const std::string port = std::to_string(port_);
  for (const std::string& host : std::vector<std::string>{"localhost:" + port, "127.0.0.1:" + port,
                                                          "127.0.0.1", "[::1]:" + port}) {
    EXPECT_EQ(statusLine(get(port_, host)), "HTTP/1.1 200 OK") << host;
  }
  const std::string socket = upgrade(port_, "localhost:" + port, "http://localhost:" + port);
  EXPECT_EQ(statusLine(socket), "HTTP/1.1 101 Switching Protocols") << socket;
  // No Host at all: an HTTP/1.0 client such as HAProxy's health check.
  EXPECT_EQ(statusLine(rawExchange(port_, "GET /healthz HTTP/1.0\r\n\r\n")), "HTTP/1.0 200 OK");
}

TEST_F(HostCheck, AHugeHostIsQuotedShort) {
  const std::string reply = get(port_, std::string(6000, 'a') + ".example");
  EXPECT_EQ(statusLine(reply), "HTTP/1.1 421 Misdirected Request") << reply.substr(0, 300);
  EXPECT_LT(reply.size(), 1000u);
}

class HostCheckListed : public ServerFixture {
 protected:
  void configure(ServerOptions& options) override { options.allowedHosts = {"go.example.org"}; }
};

TEST_F(HostCheckListed, AListedNameIsServedOnAnyPort) {
  EXPECT_EQ(statusLine(get(port_, "go.example.org")), "HTTP/1.1 200 OK");
  EXPECT_EQ(statusLine(get(port_, "GO.example.org:8443")), "HTTP/1.1 200 OK");
  const std::string socket = upgrade(port_, "go.example.org", "https://go.example.org");
  EXPECT_EQ(statusLine(socket), "HTTP/1.1 101 Switching Protocols") << socket;
  EXPECT_EQ(statusLine(get(port_, "evil.example")), "HTTP/1.1 421 Misdirected Request");
}

}  // namespace
}  // namespace tengen::server::test
