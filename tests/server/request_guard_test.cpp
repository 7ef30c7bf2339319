// Which REST calls may change state (server/request_guard.h): the rules on their own, then
// through a real server, where the refusal comes before any route runs.

#include "server/request_guard.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "server/server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

namespace json = boost::json;

HttpRequestView post(std::string_view path,
                     std::vector<std::pair<std::string_view, std::string_view>> headers) {
  HttpRequestView request;
  request.method = HttpMethod::Post;
  request.target = path;
  request.path = path;
  request.headers = std::move(headers);
  request.headers.emplace_back("Host", "go.example.org");
  return request;
}

std::string codeOf(const std::optional<HttpResponse>& response) {
  if (!response) return "accepted";
  return std::string(json::parse(response->body).at("error").at("code").as_string());
}

TEST(RequestGuard, JsonContentTypesAreRecognised) {
  EXPECT_TRUE(isJsonContentType("application/json"));
  EXPECT_TRUE(isJsonContentType("Application/JSON; charset=utf-8"));
  EXPECT_TRUE(isJsonContentType(" application/json ;charset=utf-8"));
  EXPECT_FALSE(isJsonContentType(""));
  EXPECT_FALSE(isJsonContentType("text/plain"));
  EXPECT_FALSE(isJsonContentType("application/x-www-form-urlencoded"));
  EXPECT_FALSE(isJsonContentType("multipart/form-data; boundary=x"));
  EXPECT_FALSE(isJsonContentType("application/jsonx"));
  EXPECT_FALSE(isJsonContentType("text/plain; application/json"));
}

TEST(RequestGuard, OnlyWritesUnderApiAreChecked) {
  HttpRequestView get = post("/api/login", {});
  get.method = HttpMethod::Get;
  EXPECT_EQ(codeOf(refuseUnsafeRequest(get, {})), "accepted");
  EXPECT_EQ(codeOf(refuseUnsafeRequest(post("/upload", {}), {})), "accepted");
  for (HttpMethod method :
       {HttpMethod::Post, HttpMethod::Put, HttpMethod::Delete, HttpMethod::Patch}) {
    HttpRequestView write = post("/api/x", {});
    write.method = method;
    EXPECT_EQ(codeOf(refuseUnsafeRequest(write, {})), "unsupported_media_type")
        << httpMethodName(method);
  }
}

TEST(RequestGuard, AJsonCallWithoutOriginPasses) {
  // Bots and curl send no Origin; only browsers do, and they cannot forge it.
  EXPECT_EQ(
      codeOf(refuseUnsafeRequest(post("/api/login", {{"Content-Type", "application/json"}}), {})),
      "accepted");
}

TEST(RequestGuard, ASameSiteOriginPasses) {
  const auto request = post("/api/login", {{"Content-Type", "application/json"},
                                           {"Origin", "https://go.example.org"},
                                           {"Sec-Fetch-Site", "same-origin"}});
  EXPECT_EQ(codeOf(refuseUnsafeRequest(request, {})), "accepted");
}

TEST(RequestGuard, AForeignOriginIsRefusedAndNamed) {
  const auto request = post(
      "/api/login", {{"Content-Type", "application/json"}, {"Origin", "https://evil.example"}});
  const auto refusal = refuseUnsafeRequest(request, {});
  ASSERT_TRUE(refusal);
  EXPECT_EQ(refusal->status, 403);
  EXPECT_EQ(codeOf(refusal), "cross_site_request");
  EXPECT_NE(refusal->body.find("https://evil.example"), std::string::npos) << refusal->body;
}

TEST(RequestGuard, TheConfiguredOriginListDecides) {
  const auto request = post(
      "/api/login", {{"Content-Type", "application/json"}, {"Origin", "https://play.example.org"}});
  EXPECT_EQ(codeOf(refuseUnsafeRequest(request, {})), "cross_site_request");
  EXPECT_EQ(codeOf(refuseUnsafeRequest(request, {"https://play.example.org"})), "accepted");
}

TEST(RequestGuard, SecFetchSiteCrossSiteIsRefusedEvenWithoutOrigin) {
  const auto request =
      post("/api/guest", {{"Content-Type", "application/json"}, {"Sec-Fetch-Site", "cross-site"}});
  const auto refusal = refuseUnsafeRequest(request, {});
  ASSERT_TRUE(refusal);
  EXPECT_EQ(refusal->status, 403);
  EXPECT_EQ(codeOf(refusal), "cross_site_request");
}

TEST(RequestGuard, TextPlainIsRefusedWith415) {
  const auto refusal =
      refuseUnsafeRequest(post("/api/login", {{"Content-Type", "text/plain"}}), {});
  ASSERT_TRUE(refusal);
  EXPECT_EQ(refusal->status, 415);
  EXPECT_EQ(codeOf(refusal), "unsupported_media_type");
  EXPECT_NE(refusal->body.find("application/json"), std::string::npos);
}

class RequestGuardServer : public ServerFixture {
 protected:
  void registerHandlers(Server& server) override {
    server.router().add(HttpMethod::Post, "/api/act", [this](const HttpRequestView&) {
      ++calls_;
      return HttpResponse::text(200, "done");
    });
  }
  std::atomic<int> calls_{0};
};

TEST_F(RequestGuardServer, ARefusedCallNeverReachesItsRoute) {
  const auto refused =
      httpRequest(port_, "POST", "/api/act", {{"Content-Type", "text/plain"}}, "{}");
  EXPECT_EQ(refused.status, 415) << refused.error;
  EXPECT_EQ(refused.header("content-type"), "application/json; charset=utf-8");
  const auto crossSite =
      httpRequest(port_, "POST", "/api/act",
                  {{"Content-Type", "application/json"}, {"Origin", "https://evil.example"}}, "{}");
  EXPECT_EQ(crossSite.status, 403);
  EXPECT_EQ(calls_.load(), 0);
  const auto accepted = httpRequest(port_, "POST", "/api/act",
                                    {{"Content-Type", "application/json"}, {"Origin", origin()}});
  EXPECT_EQ(accepted.status, 200) << accepted.body;
  EXPECT_EQ(calls_.load(), 1);
}

}  // namespace
}  // namespace tengen::server::test
