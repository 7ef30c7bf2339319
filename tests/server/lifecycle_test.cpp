// Starting and stopping a Server outside the fixture.

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include <future>
#include <thread>

#include "base/log.h"
#include "server/server.h"
#include "server/server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

ServerOptions freePortOptions() {
  log::setLevel(log::Level::Warn);
  ServerOptions options;
  options.port = 0;
  options.webRoot = "/nonexistent/tengen/web";
  return options;
}

TEST(ServerLifecycle, PortZeroPicksAFreePortAndServes) {
  Server server(freePortOptions());
  ASSERT_TRUE(server.start());
  EXPECT_NE(server.port(), 0);
  EXPECT_EQ(httpRequest(server.port(), "GET", "/healthz").status, 200);
  // Without a web root there are simply no files.
  EXPECT_EQ(httpRequest(server.port(), "GET", "/").status, 404);
}

TEST(ServerLifecycle, StartFailsWhenThePortIsTaken) {
  Server first(freePortOptions());
  ASSERT_TRUE(first.start());
  ServerOptions options = freePortOptions();
  options.port = first.port();
  Server second(options);
  const auto started = second.start();
  ASSERT_FALSE(started);
  EXPECT_NE(started.error().message.find("cannot listen"), std::string::npos)
      << started.error().message;
  second.stop();  // harmless on a server that never started
}

TEST(ServerLifecycle, BadAddressFails) {
  ServerOptions options = freePortOptions();
  options.address = "not-an-address";
  Server server(options);
  const auto started = server.start();
  ASSERT_FALSE(started);
  EXPECT_NE(started.error().message.find("not-an-address"), std::string::npos);
}

TEST(ServerLifecycle, StopWithoutStartAndTwiceIsHarmless) {
  Server never(freePortOptions());
  never.stop();
  Server twice(freePortOptions());
  ASSERT_TRUE(twice.start());
  twice.stop();
  twice.stop();
}

TEST(ServerLifecycle, ExtraRoutesAreServed) {
  Server server(freePortOptions());
  server.router().add(HttpMethod::Post, "/api/echo", [](const HttpRequestView& request) {
    HttpResponse response;
    response.contentType = "application/json";
    response.body = std::string(request.body);
    return response;
  });
  ASSERT_TRUE(server.start());
  const auto reply = httpRequest(server.port(), "POST", "/api/echo",
                                 {{"Content-Type", "application/json"}}, R"({"a":1})");
  EXPECT_EQ(reply.status, 200) << reply.error;
  EXPECT_EQ(reply.header("content-type"), "application/json");
  EXPECT_EQ(reply.body, R"({"a":1})");
}

// tengen serve runs the sessions on the site's io_context: the server starts no thread of its
// own, serves on the owner's, and stop() leaves the owner's context running, with nothing of
// the server's left queued on it.
TEST(ServerLifecycle, ASharedContextServesOnItsOwnersThreadsAndOutlivesTheServer) {
  boost::asio::io_context owner;
  auto work = boost::asio::make_work_guard(owner);
  std::thread ownerThread([&owner] { owner.run(); });
  {
    ServerOptions options = freePortOptions();
    options.sharedContext = &owner;
    options.stopGracePeriod =
        std::chrono::milliseconds(200);  // the test client never answers a close
    Server server(options);
    ASSERT_TRUE(server.start());
    EXPECT_EQ(httpRequest(server.port(), "GET", "/healthz").status, 200);
    auto client = WsClient::connect(server.port(), std::nullopt);
    ASSERT_NE(client, nullptr);
    ASSERT_TRUE(client->send(R"({"type":"ping","id":"p-1"})"));
    const auto pong = client->receive();
    ASSERT_TRUE(pong) << client->error();
    EXPECT_NE(pong->find("\"pong\""), std::string::npos) << *pong;
    server.stop();  // the client is still open: its session is closed and waited for
    EXPECT_EQ(server.sessionCount(), 0u);
  }
  // The server is gone and the owner's context still runs what it is given.
  std::promise<void> ran;
  boost::asio::post(owner, [&ran] { ran.set_value(); });
  EXPECT_EQ(ran.get_future().wait_for(std::chrono::seconds(5)), std::future_status::ready);
  work.reset();
  ownerThread.join();
}

using Upgrade = ServerFixture;

TEST_F(Upgrade, WebSocketUpgradeElsewhereIsNotAccepted) {
  const std::string response =
      rawExchange(port_,
                  "GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  "Connection: Upgrade, close\r\nSec-WebSocket-Version: 13\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
  EXPECT_TRUE(response.starts_with("HTTP/1.1 404")) << response.substr(0, 80);
}

}  // namespace
}  // namespace tengen::server::test
