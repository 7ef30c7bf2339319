// WebSockets per client address (ServerOptions::maxSocketsPerAddress): the cap holds for
// loopback too, other addresses are not affected, and a closed socket gives its place back.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include <chrono>
#include <thread>

#include "server/server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

namespace json = boost::json;

class SocketCap : public ServerFixture {
 protected:
  void configure(ServerOptions& options) override { options.maxSocketsPerAddress = 3; }

  std::unique_ptr<WsClient> open(std::string_view from, int* status = nullptr) {
    return WsClient::connect(port_, origin(), status, nullptr, {}, from);
  }
};

TEST_F(SocketCap, TheFourthSocketFromOneAddressIsRefusedWith429) {
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 3; ++i) {
    sockets.push_back(open("127.0.0.1"));
    ASSERT_TRUE(sockets.back()) << i;
  }
  int status = 0;
  EXPECT_FALSE(open("127.0.0.1", &status));
  EXPECT_EQ(status, 429);

  // The refusal explains itself to a client that reads it.
  const auto reply = httpRequest(port_, "GET", "/ws",
                                 {{"Upgrade", "websocket"},
                                  {"Connection", "Upgrade"},
                                  {"Sec-WebSocket-Version", "13"},
                                  {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}});
  EXPECT_EQ(reply.status, 429);
  EXPECT_FALSE(reply.header("retry-after").empty());
  EXPECT_EQ(json::parse(reply.body).at("error").at("code").as_string(), "too_many_sockets");
}

TEST_F(SocketCap, OtherAddressesAreNotAffected) {
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 3; ++i) sockets.push_back(open("127.0.0.1"));
  auto other = open("127.0.0.2");
  ASSERT_TRUE(other);
  ASSERT_TRUE(other->send(R"({"type":"ping","id":1})"));
  EXPECT_TRUE(other->receive());
}

TEST_F(SocketCap, AClosedSocketGivesItsPlaceBack) {
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 3; ++i) sockets.push_back(open("127.0.0.3"));
  sockets.pop_back();  // closes it
  // The server learns of the close asynchronously: try until it has (bounded).
  std::unique_ptr<WsClient> again;
  for (int attempt = 0; attempt < 100 && !again; ++attempt) {
    again = open("127.0.0.3");
    if (!again) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(again);
}

// Behind a load balancer every socket comes from its address: a trusted proxy's sockets count
// against the client it names in X-Forwarded-For, and anyone else's header is ignored.
class SocketCapBehindProxy : public SocketCap {
 protected:
  void configure(ServerOptions& options) override {
    SocketCap::configure(options);
    options.trustedProxies = {"127.0.0.4"};
  }

  std::unique_ptr<WsClient> openVia(std::string_view from, const std::string& client,
                                    int* status = nullptr) {
    return WsClient::connect(port_, origin(), status, nullptr, {{"X-Forwarded-For", client}}, from);
  }
};

TEST_F(SocketCapBehindProxy, TheProxysSocketsCountPerForwardedClient) {
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int client = 1; client <= 5; ++client) {
    for (int i = 0; i < 3; ++i) {
      sockets.push_back(openVia("127.0.0.4", "203.0.113." + std::to_string(client)));
      ASSERT_TRUE(sockets.back()) << client << " " << i;
    }
  }
  int status = 0;
  EXPECT_FALSE(openVia("127.0.0.4", "203.0.113.1", &status));
  EXPECT_EQ(status, 429);
}

TEST_F(SocketCapBehindProxy, AnUntrustedPeerCannotNameAnotherClient) {
  std::vector<std::unique_ptr<WsClient>> sockets;
  for (int i = 0; i < 3; ++i) {
    sockets.push_back(openVia("127.0.0.5", "203.0.113." + std::to_string(i)));
    ASSERT_TRUE(sockets.back()) << i;
  }
  int status = 0;
  EXPECT_FALSE(openVia("127.0.0.5", "203.0.113.9", &status));
  EXPECT_EQ(status, 429);
}

}  // namespace
}  // namespace tengen::server::test
