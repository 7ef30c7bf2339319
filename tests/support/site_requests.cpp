#include "support/site_requests.h"

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace tengen::server::test {

namespace json = boost::json;

std::string guestCookie(std::uint16_t port) {
  const auto reply =
      httpRequest(port, "POST", "/api/guest", {{"Content-Type", "application/json"}});
  EXPECT_EQ(reply.status, 201) << reply.body << reply.error;
  const std::string setCookie = reply.header("set-cookie");
  return setCookie.substr(0, setCookie.find(';'));
}

std::unique_ptr<WsClient> connectWithCookie(std::uint16_t port, const std::string& cookie) {
  return WsClient::connect(port, std::nullopt, nullptr, nullptr, {{"Cookie", cookie}});
}

json::object request(WsClient& socket, json::object message, int64_t id,
                     std::chrono::milliseconds timeout, std::vector<json::object>* pushes) {
  message["id"] = id;
  EXPECT_TRUE(socket.send(json::serialize(message)));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto text = socket.receive(left);
    if (!text) break;
    json::object reply = json::parse(*text).as_object();
    if (const json::value* got = reply.if_contains("id"); got && *got == id) return reply;
    if (pushes) pushes->push_back(std::move(reply));
  }
  return json::object{{"type", "timeout"}};
}

}  // namespace tengen::server::test
