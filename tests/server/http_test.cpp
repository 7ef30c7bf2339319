// HTTP over a real socket: health check, static files, refusals and limits.

#include <gtest/gtest.h>

#include <string>

#include "server/server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

using Http = ServerFixture;

TEST_F(Http, HealthzAnswersOk) {
  const auto reply = httpRequest(port_, "GET", "/healthz");
  ASSERT_EQ(reply.status, 200) << reply.error;
  EXPECT_EQ(reply.body, "ok\n");
}

TEST_F(Http, RootServesIndexHtml) {
  const auto reply = httpRequest(port_, "GET", "/");
  ASSERT_EQ(reply.status, 200) << reply.error;
  EXPECT_EQ(reply.header("content-type"), "text/html; charset=utf-8");
  EXPECT_EQ(reply.header("cache-control"), "no-cache");
  EXPECT_EQ(reply.body, "<!doctype html><title>tengen</title>");
}

TEST_F(Http, StaticFilesCarryTheirContentType) {
  const std::pair<const char*, const char*> cases[] = {
      {"/app.js", "text/javascript; charset=utf-8"},
      {"/style.css", "text/css; charset=utf-8"},
      {"/data.json", "application/json"},
      {"/board.svg", "image/svg+xml"},
      {"/logo.png", "image/png"},
      {"/favicon.ico", "image/x-icon"},
      {"/sub/", "text/html; charset=utf-8"},
      {"/app.js?v=3", "text/javascript; charset=utf-8"},
  };
  for (const auto& [target, type] : cases) {
    const auto reply = httpRequest(port_, "GET", target);
    EXPECT_EQ(reply.status, 200) << target << " " << reply.error;
    EXPECT_EQ(reply.header("content-type"), type) << target;
  }
  EXPECT_EQ(httpRequest(port_, "GET", "/logo.png").body, std::string("\x89PNG\r\n\x1a\n", 8));
}

TEST_F(Http, EtagRevalidationGives304) {
  const auto first = httpRequest(port_, "GET", "/app.js");
  const std::string etag = first.header("etag");
  ASSERT_FALSE(etag.empty());
  const auto second = httpRequest(port_, "GET", "/app.js", {{"If-None-Match", etag}});
  EXPECT_EQ(second.status, 304);
  EXPECT_TRUE(second.body.empty());
}

TEST_F(Http, HeadSendsHeadersOnly) {
  const auto reply = httpRequest(port_, "HEAD", "/app.js");
  EXPECT_EQ(reply.status, 200) << reply.error;
  EXPECT_EQ(reply.header("content-length"), "20");
  EXPECT_TRUE(reply.body.empty());
}

TEST_F(Http, TraversalAttemptsAreRefused) {
  for (const char* target :
       {"/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2fsecret.txt",
        "/..%2f..%2fsecret.txt", "/..%5csecret.txt", "/app.js%00", "/%2Fetc%2Fpasswd",
        "//etc/passwd", "/escape.txt", "/.hidden"}) {
    const auto reply = httpRequest(port_, "GET", target);
    EXPECT_TRUE(reply.status == 400 || reply.status == 404) << target << " → " << reply.status;
    EXPECT_EQ(reply.body.find("secret"), std::string::npos) << target;
  }
  // Targets a well-behaved client would not send: absolute-form and a raw NUL byte.
  const std::string absolute = rawExchange(
      port_, "GET http://x/../secret.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  EXPECT_TRUE(absolute.starts_with("HTTP/1.1 404")) << absolute;
  static constexpr char kNul[] = "GET /app.js\0.png HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const std::string nul = rawExchange(port_, std::string(kNul, sizeof kNul - 1));
  EXPECT_TRUE(nul.starts_with("HTTP/1.1 400")) << nul;
}

TEST_F(Http, MissingFileIs404) {
  EXPECT_EQ(httpRequest(port_, "GET", "/nope.js").status, 404);
  EXPECT_EQ(httpRequest(port_, "GET", "/sub/nope/").status, 404);
}

TEST_F(Http, OtherMethodsAre405) {
  const auto post = httpRequest(port_, "POST", "/index.html", {}, "x=1");
  EXPECT_EQ(post.status, 405) << post.error;
  EXPECT_EQ(post.header("allow"), "GET, HEAD");
  EXPECT_EQ(httpRequest(port_, "DELETE", "/healthz").status, 405);
  EXPECT_EQ(httpRequest(port_, "BREW", "/").status, 405);
}

TEST_F(Http, PlainGetOnWebSocketPathIs426) {
  EXPECT_EQ(httpRequest(port_, "GET", "/ws").status, 426);
}

TEST_F(Http, OversizeHeaderIs413) {
  const std::string request =
      "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + std::string(20 * 1024, 'a') +
      "\r\n\r\n";
  const std::string response = rawExchange(port_, request);
  EXPECT_TRUE(response.starts_with("HTTP/1.1 413")) << response.substr(0, 80);
}

TEST_F(Http, OversizeBodyIs413) {
  // The declared length alone is refused; the client need not send the body.
  const std::string declared = rawExchange(
      port_, "POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000000\r\n\r\n");
  EXPECT_TRUE(declared.starts_with("HTTP/1.1 413")) << declared.substr(0, 80);
  // And a client that does send it still reads the answer (the server drains before closing).
  const auto sent = httpRequest(port_, "POST", "/healthz", {}, std::string(2 * 1024 * 1024, 'b'));
  EXPECT_EQ(sent.status, 413) << sent.error;
}

TEST_F(Http, ExpectContinueGetsTheGoAhead) {
  const std::string response =
      rawExchange(port_,
                  "POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n"
                  "Content-Length: 5\r\nConnection: close\r\n\r\nhello");
  EXPECT_TRUE(response.starts_with("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 405")) << response;
}

TEST_F(Http, KeepAliveServesSeveralRequestsOnOneConnection) {
  HttpConnection connection(port_);
  for (int i = 0; i < 3; ++i) {
    const auto reply = connection.request("GET", i % 2 ? "/healthz" : "/app.js");
    ASSERT_EQ(reply.status, 200) << reply.error;
    EXPECT_EQ(reply.header("connection"), "");  // HTTP/1.1 default: keep-alive
  }
}

TEST_F(Http, MalformedRequestIs400) {
  const std::string response = rawExchange(port_, "GARBAGE\r\n\r\n");
  EXPECT_TRUE(response.starts_with("HTTP/1.1 400")) << response;
}

class HttpShortTimeout : public ServerFixture {
 protected:
  void configure(ServerOptions& options) override {
    options.httpReadTimeout = std::chrono::milliseconds(300);
  }
};

TEST_F(HttpShortTimeout, SlowRequestIsCutOff) {
  HttpConnection connection(port_);
  EXPECT_TRUE(connection.closedAfterPartialRequest(5s));
}

TEST_F(HttpShortTimeout, IdleKeepAliveConnectionIsClosed) {
  HttpConnection connection(port_);
  ASSERT_EQ(connection.request("GET", "/healthz").status, 200);
  EXPECT_TRUE(connection.closedByServer(5s));
}

}  // namespace
}  // namespace tengen::server::test
