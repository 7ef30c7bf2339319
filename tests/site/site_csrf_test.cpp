// Login CSRF and session replacement from other sites (server/request_guard.h): a browser on
// another site can POST text/plain (no preflight) with the visitor's cookies; the server must
// refuse it before any account route runs, and set no cookie.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using server::test::Headers;
using server::test::HttpReply;

class SiteCsrf : public SiteFixture {
 protected:
  HttpReply post(const std::string& target, const Headers& headers, std::string body = {}) {
    return server::test::httpRequest(port_, "POST", target, headers, std::move(body));
  }
  std::string sameOrigin() const { return "http://127.0.0.1:" + std::to_string(port_); }
  static std::string credentials() {
    return json::serialize(
        json::object{{"name", "mallory"}, {"password", "correct horse battery"}});
  }
  static std::string codeOf(const HttpReply& reply) {
    auto parsed = json::parse(reply.body);
    return std::string(parsed.at("error").at("code").as_string());
  }
};

TEST_F(SiteCsrf, ACrossSiteTextPlainLoginIsRefusedAndSetsNoCookie) {
  registered("mallory");
  // What an attacker's form or no-cors fetch sends: a foreign Origin, text/plain.
  const HttpReply crossSite =
      post("/api/login", {{"Content-Type", "text/plain"}, {"Origin", "https://evil.example"}},
           credentials());
  EXPECT_EQ(crossSite.status, 403) << crossSite.body;
  EXPECT_EQ(codeOf(crossSite), "cross_site_request");
  EXPECT_NE(crossSite.body.find("https://evil.example"), std::string::npos) << crossSite.body;
  EXPECT_EQ(crossSite.header("set-cookie"), "");

  // Without an Origin (an older browser, a proxy that strips it), text/plain is still refused.
  const HttpReply textPlain = post("/api/login", {{"Content-Type", "text/plain"}}, credentials());
  EXPECT_EQ(textPlain.status, 415) << textPlain.body;
  EXPECT_EQ(codeOf(textPlain), "unsupported_media_type");
  EXPECT_EQ(textPlain.header("set-cookie"), "");

  const HttpReply fetchMetadata =
      post("/api/login", {{"Content-Type", "application/json"}, {"Sec-Fetch-Site", "cross-site"}},
           credentials());
  EXPECT_EQ(fetchMetadata.status, 403);
  EXPECT_EQ(fetchMetadata.header("set-cookie"), "");
}

TEST_F(SiteCsrf, ASameSiteJsonLoginWorks) {
  registered("mallory");
  const HttpReply reply = post("/api/login",
                               {{"Content-Type", "application/json; charset=utf-8"},
                                {"Origin", sameOrigin()},
                                {"Sec-Fetch-Site", "same-origin"}},
                               credentials());
  EXPECT_EQ(reply.status, 200) << reply.body;
  EXPECT_TRUE(reply.header("set-cookie").starts_with("tengen_session=")) << reply.body;
}

TEST_F(SiteCsrf, ABodylessCrossSiteGuestIsRefused) {
  const HttpReply crossSite = post("/api/guest", {{"Origin", "https://evil.example"}});
  EXPECT_EQ(crossSite.status, 403) << crossSite.body;
  EXPECT_EQ(crossSite.header("set-cookie"), "");
  const HttpReply noType = post("/api/guest", {});
  EXPECT_EQ(noType.status, 415) << noType.body;
  EXPECT_EQ(noType.header("set-cookie"), "");
  // What the web client sends: JSON even without a body.
  const HttpReply ok =
      post("/api/guest", {{"Content-Type", "application/json"}, {"Origin", sameOrigin()}});
  EXPECT_EQ(ok.status, 201) << ok.body;
}

TEST_F(SiteCsrf, ACrossSiteLogoutDoesNotEndTheSession) {
  const TestUser user = registered("mallory");
  const HttpReply refused = post("/api/logout", {{"Content-Type", "application/json"},
                                                 {"Origin", "https://evil.example"},
                                                 {"Cookie", user.cookie}});
  EXPECT_EQ(refused.status, 403);
  const HttpReply me =
      server::test::httpRequest(port_, "GET", "/api/me", {{"Cookie", user.cookie}});
  EXPECT_EQ(me.status, 200) << me.body;
}

}  // namespace
}  // namespace tengen::site::test
