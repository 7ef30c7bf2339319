// WebSocket over a real socket: the Origin check, the envelope and its errors, size limits.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include <random>
#include <string>
#include <thread>

#include "server/server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

namespace json = boost::json;

class WebSocket : public ServerFixture {
 protected:
  std::unique_ptr<WsClient> connect() {
    std::string error;
    auto client = WsClient::connect(port_, origin(), nullptr, &error);
    EXPECT_TRUE(client) << error;
    return client;
  }

  // Sends one message and parses the one reply.
  json::object roundTrip(WsClient& client, std::string_view text) {
    EXPECT_TRUE(client.send(text)) << client.error();
    const auto reply = client.receive();
    EXPECT_TRUE(reply) << client.error();
    if (!reply) return {};
    return json::parse(*reply).as_object();
  }
};

TEST_F(WebSocket, SameHostOriginIsAccepted) {
  int status = 0;
  auto client = WsClient::connect(port_, origin(), &status);
  ASSERT_TRUE(client);
  EXPECT_EQ(status, 101);
}

TEST_F(WebSocket, ForeignOriginIsRefusedWith403) {
  int status = 0;
  EXPECT_FALSE(WsClient::connect(port_, "http://evil.example", &status));
  EXPECT_EQ(status, 403);
  EXPECT_FALSE(WsClient::connect(port_, "null", &status));
  EXPECT_EQ(status, 403);
}

TEST_F(WebSocket, ClientWithoutOriginIsAccepted) {
  EXPECT_TRUE(WsClient::connect(port_, std::nullopt));
}

class WebSocketAllowList : public WebSocket {
 protected:
  void configure(ServerOptions& options) override {
    options.allowedOrigins = {"https://go.example.org"};
  }
};

TEST_F(WebSocketAllowList, OnlyListedOriginsAreAccepted) {
  int status = 0;
  EXPECT_TRUE(WsClient::connect(port_, "https://go.example.org", &status));
  EXPECT_FALSE(WsClient::connect(port_, origin(), &status));
  EXPECT_EQ(status, 403);
}

TEST_F(WebSocket, PingGetsPongWithTheSameId) {
  auto client = connect();
  ASSERT_TRUE(client);
  const auto pong = roundTrip(*client, R"({"type":"ping","id":"p-1"})");
  EXPECT_EQ(pong.at("type"), "pong");
  EXPECT_EQ(pong.at("id"), "p-1");
  EXPECT_TRUE(pong.at("serverTimeMs").is_int64());
  const auto numeric = roundTrip(*client, R"({"type":"ping","id":17})");
  EXPECT_EQ(numeric.at("id"), 17);
}

TEST_F(WebSocket, HelloGetsWelcome) {
  auto client = connect();
  ASSERT_TRUE(client);
  const auto welcome = roundTrip(*client, R"({"type":"hello","id":1})");
  EXPECT_EQ(welcome.at("type"), "welcome");
  EXPECT_EQ(welcome.at("id"), 1);
  EXPECT_EQ(welcome.at("protocol"), 1);
}

TEST_F(WebSocket, BadMessagesGetErrorsAndTheSessionGoesOn) {
  auto client = connect();
  ASSERT_TRUE(client);
  const auto badJson = roundTrip(*client, R"({"type":"ping", "id":)");
  EXPECT_EQ(badJson.at("type"), "error");
  EXPECT_EQ(badJson.at("code"), "bad_json");
  EXPECT_TRUE(badJson.at("id").is_null());
  EXPECT_NE(std::string(badJson.at("message").as_string()).find("line 1, column"),
            std::string::npos);

  const auto notObject = roundTrip(*client, "[1,2,3]");
  EXPECT_EQ(notObject.at("code"), "bad_request");
  EXPECT_TRUE(notObject.at("id").is_null());

  const auto noType = roundTrip(*client, R"({"id":"x1"})");
  EXPECT_EQ(noType.at("code"), "bad_request");
  EXPECT_EQ(noType.at("id"), "x1");

  const auto unknown = roundTrip(*client, R"({"type":"fly","id":"x2"})");
  EXPECT_EQ(unknown.at("code"), "unknown_type");
  EXPECT_EQ(unknown.at("id"), "x2");

  ASSERT_TRUE(client->sendBinary("\x01\x02"));
  const auto binary = client->receive();
  ASSERT_TRUE(binary);
  EXPECT_EQ(json::parse(*binary).at("code"), "bad_request");

  EXPECT_EQ(roundTrip(*client, R"({"type":"ping","id":"still-here"})").at("type"), "pong");
}

TEST_F(WebSocket, TenMegabyteMessageClosesWithPolicyViolation) {
  auto big = connect();
  auto bystander = connect();
  ASSERT_TRUE(big && bystander);
  const std::string huge = R"({"type":"ping","id":1,"pad":")" + std::string(10 << 20, 'x') + "\"}";
  big->send(huge);  // may fail part-way once the server closes; the replies below tell
  const auto error = big->receive();
  ASSERT_TRUE(error) << big->error();
  const auto parsed = json::parse(*error).as_object();
  EXPECT_EQ(parsed.at("type"), "error");
  EXPECT_EQ(parsed.at("code"), "message_too_big");
  EXPECT_FALSE(big->receive());
  EXPECT_EQ(big->closeCode(), 1008) << big->error();

  // Other clients, new and old, are still served.
  EXPECT_EQ(roundTrip(*bystander, R"({"type":"ping","id":2})").at("type"), "pong");
  auto fresh = connect();
  ASSERT_TRUE(fresh);
  EXPECT_EQ(roundTrip(*fresh, R"({"type":"ping","id":3})").at("type"), "pong");
}

TEST_F(WebSocket, MessageJustUnderTheLimitIsAccepted) {
  auto client = connect();
  ASSERT_TRUE(client);
  const std::string prefix = R"({"type":"ping","id":1,"pad":")";
  const std::string text = prefix + std::string(64 * 1024 - prefix.size() - 2, 'x') + "\"}";
  ASSERT_EQ(text.size(), 64u * 1024);
  EXPECT_EQ(roundTrip(*client, text).at("type"), "pong");
}

TEST_F(WebSocket, ArbitraryTextNeverBreaksTheSession) {
  auto client = connect();
  ASSERT_TRUE(client);
  const std::string valid = R"({"type":"ping","id":"r","pad":[1,2.5e300,"\u00e9",{"a":null}]})";
  std::mt19937 random(12345);
  for (int i = 0; i < 300; ++i) {
    // Mutations of a valid message: cut, spliced and with random ASCII bytes.
    std::string text = valid.substr(0, random() % (valid.size() + 1));
    for (int edits = static_cast<int>(random() % 4); edits > 0; --edits) {
      const std::size_t at = text.empty() ? 0 : random() % text.size();
      text.insert(at, 1, static_cast<char>(0x20 + random() % 0x5f));
    }
    ASSERT_TRUE(client->send(text)) << client->error();
    const auto reply = client->receive();
    ASSERT_TRUE(reply) << "after " << text << ": " << client->error();
    EXPECT_TRUE(json::parse(*reply).as_object().contains("type")) << *reply;
  }
  EXPECT_EQ(roundTrip(*client, R"({"type":"ping","id":"end"})").at("id"), "end");
}

TEST_F(WebSocket, InvalidUtf8ClosesThatClientOnly) {
  auto bad = connect();
  auto good = connect();
  ASSERT_TRUE(bad && good);
  bad->send("{\"type\":\"ping\",\"id\":\"\xff\xfe\"}");
  EXPECT_FALSE(bad->receive());
  EXPECT_EQ(bad->closeCode(), 1007) << bad->error();  // invalid frame payload data
  EXPECT_EQ(roundTrip(*good, R"({"type":"ping","id":1})").at("type"), "pong");
}

// A handler that answers later through SessionContext::send, many times over.
class WebSocketFlood : public WebSocket {
 protected:
  void configure(ServerOptions& options) override { options.maxQueuedMessages = 8; }
  void registerHandlers(Server& server) override {
    server.messageHandlers().add(
        "flood", [](SessionContext& session, const json::object& message) -> HandlerResult {
          const int count = static_cast<int>(message.at("count").as_int64());
          auto spam = std::make_shared<const std::string>(R"({"type":"spam"})");
          for (int i = 0; i < count; ++i) session.send(spam);
          return std::optional<json::object>();
        });
  }
};

TEST_F(WebSocketFlood, DeferredMessagesArriveInOrder) {
  auto client = connect();
  ASSERT_TRUE(client);
  ASSERT_TRUE(client->send(R"({"type":"flood","id":1,"count":3})"));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(client->receive(), R"({"type":"spam"})");
  EXPECT_EQ(roundTrip(*client, R"({"type":"ping","id":2})").at("id"), 2);
}

TEST_F(WebSocketFlood, ClientThatFallsTooFarBehindIsClosed) {
  auto client = connect();
  ASSERT_TRUE(client);
  ASSERT_TRUE(client->send(R"({"type":"flood","id":1,"count":1000})"));
  int received = 0;
  while (client->receive()) ++received;
  EXPECT_LE(received, 9);
  EXPECT_EQ(client->closeCode(), 1013) << client->error();  // try again later
}

// "flood" answers with `count` messages of 16 KiB.
void addBigFlood(Server& server) {
  server.messageHandlers().add(
      "flood", [](SessionContext& session, const json::object& message) -> HandlerResult {
        const int count = static_cast<int>(message.at("count").as_int64());
        auto big = std::make_shared<const std::string>(R"({"type":"big","pad":")" +
                                                       std::string(16 * 1024, 'x') + "\"}");
        for (int i = 0; i < count; ++i) session.send(big);
        return std::optional<json::object>();
      });
}

// Few but large messages: the byte cap closes the session long before the message cap would.
class WebSocketByteFlood : public WebSocket {
 protected:
  void configure(ServerOptions& options) override { options.maxQueuedBytes = 64 * 1024; }
  void registerHandlers(Server& server) override { addBigFlood(server); }
};

TEST_F(WebSocketByteFlood, QueuedBytesPastTheCapCloseTheSession) {
  auto client = connect();
  ASSERT_TRUE(client);
  ASSERT_TRUE(client->send(R"({"type":"flood","id":1,"count":100})"));
  int received = 0;
  while (client->receive()) ++received;
  EXPECT_LE(received, 5);                                   // 64 KiB of 16 KiB messages
  EXPECT_EQ(client->closeCode(), 1013) << client->error();  // try again later
}

// 8 MiB of queue, more than the kernel's socket buffers hold, so a client that does not read
// leaves the server's write stuck.
class WebSocketStuckReader : public WebSocket {
 protected:
  void configure(ServerOptions& options) override {
    options.maxQueuedBytes = 8 * 1024 * 1024;
    options.wsHandshakeTimeout = std::chrono::milliseconds(300);
  }
  void registerHandlers(Server& server) override { addBigFlood(server); }
};

// A client that never reads cannot take even the close frame: it is cut off once the close
// handshake's time is up, and the server keeps nothing of it.
TEST_F(WebSocketStuckReader, AClientThatNeverReadsIsCutOff) {
  auto client = connect();
  ASSERT_TRUE(client);
  // 32 MiB: more than the kernel's socket buffers take, so the server's writes back up.
  ASSERT_TRUE(client->send(R"({"type":"flood","id":1,"count":2000})"));
  std::this_thread::sleep_for(1500ms);
  int received = 0;
  while (client->receive(3s)) ++received;
  EXPECT_LT(received, 2000);
  EXPECT_EQ(client->error().find("timeout"), std::string::npos) << client->error();
}

class WebSocketShortIdle : public WebSocket {
 protected:
  void configure(ServerOptions& options) override {
    options.wsIdleTimeout = std::chrono::milliseconds(600);
  }
};

TEST_F(WebSocketShortIdle, QuietClientThatAnswersPingsStays) {
  auto client = connect();
  ASSERT_TRUE(client);
  // Reading lets the client answer the server's keep-alive pings; no message arrives.
  EXPECT_FALSE(client->receive(1500ms));
  EXPECT_NE(client->error().find("timeout"), std::string::npos) << client->error();
  EXPECT_GT(client->pingsReceived(), 0);
}

TEST_F(WebSocketShortIdle, DeadClientIsDropped) {
  auto client = connect();
  ASSERT_TRUE(client);
  std::this_thread::sleep_for(1500ms);  // not reading: pings go unanswered
  // The server has hung up: whatever is buffered, the stream ends without a reply.
  EXPECT_FALSE(client->receive(3s));
  EXPECT_EQ(client->error().find("Operation canceled"), std::string::npos) << client->error();
  EXPECT_EQ(client->error().find("timeout"), std::string::npos) << client->error();
}

}  // namespace
}  // namespace tengen::server::test
