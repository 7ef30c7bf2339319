#include "server/router.h"

#include <gtest/gtest.h>

namespace tengen::server {
namespace {

HttpRequestView request(HttpMethod method, std::string_view path) {
  HttpRequestView view;
  view.method = method;
  view.target = path;
  view.path = path;
  return view;
}

HttpHandler answer(std::string body) {
  return [body](const HttpRequestView&) { return HttpResponse::text(200, body); };
}

TEST(Router, ExactPathBeatsPrefix) {
  Router router;
  router.addPrefix(HttpMethod::Get, "/", answer("files"));
  router.add(HttpMethod::Get, "/healthz", answer("health"));
  EXPECT_EQ(router.route(request(HttpMethod::Get, "/healthz"))->body, "health\n");
  EXPECT_EQ(router.route(request(HttpMethod::Get, "/healthz/x"))->body, "files\n");
}

TEST(Router, LongerPrefixWins) {
  Router router;
  router.addPrefix(HttpMethod::Get, "/", answer("files"));
  router.addPrefix(HttpMethod::Get, "/api/", answer("api"));
  EXPECT_EQ(router.route(request(HttpMethod::Get, "/api/games"))->body, "api\n");
  EXPECT_EQ(router.route(request(HttpMethod::Get, "/apiary"))->body, "files\n");
}

TEST(Router, OtherMethodOnKnownPathIs405WithAllow) {
  Router router;
  router.add(HttpMethod::Get, "/healthz", answer("health"));
  router.add(HttpMethod::Post, "/healthz", answer("posted"));
  const auto response = router.route(request(HttpMethod::Delete, "/healthz"));
  ASSERT_TRUE(response);
  EXPECT_EQ(response->status, 405);
  ASSERT_EQ(response->headers.size(), 1u);
  EXPECT_EQ(response->headers[0].second, "GET, HEAD, POST");
  EXPECT_EQ(router.route(request(HttpMethod::Post, "/healthz"))->body, "posted\n");
}

TEST(Router, GetRouteAnswersHead) {
  Router router;
  router.add(HttpMethod::Get, "/healthz", answer("health"));
  EXPECT_EQ(router.route(request(HttpMethod::Head, "/healthz"))->status, 200);
}

TEST(Router, NothingMatchesGivesNullopt) {
  Router router;
  router.add(HttpMethod::Get, "/healthz", answer("health"));
  EXPECT_FALSE(router.route(request(HttpMethod::Get, "/other")));
}

TEST(Router, AsyncRouteRespondsThroughItsResponder) {
  Router router;
  HttpResponder kept;
  router.addAsync(HttpMethod::Post, "/api/slow",
                  [&kept](const HttpRequestView&, HttpResponder respond) { kept = respond; });
  std::optional<HttpResponse> answer;
  EXPECT_TRUE(router.dispatch(request(HttpMethod::Post, "/api/slow"),
                              [&answer](HttpResponse response) { answer = std::move(response); }));
  EXPECT_FALSE(answer) << "nothing until the handler's work is done";
  ASSERT_TRUE(kept);
  kept(HttpResponse::text(200, "done"));
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->body, "done\n");
}

TEST(Router, AsyncRouteSharesThe405AndHeadRules) {
  Router router;
  router.addAsync(HttpMethod::Get, "/api/me", [](const HttpRequestView&, HttpResponder respond) {
    respond(HttpResponse::text(200, "me"));
  });
  EXPECT_EQ(router.route(request(HttpMethod::Head, "/api/me"))->status, 200);
  const auto refused = router.route(request(HttpMethod::Post, "/api/me"));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 405);
  EXPECT_EQ(refused->headers.at(0).second, "GET, HEAD");
}

TEST(Router, AsyncExactRouteBeatsPrefix) {
  Router router;
  router.addPrefix(HttpMethod::Get, "/", answer("files"));
  router.addAsync(HttpMethod::Get, "/api/me", [](const HttpRequestView&, HttpResponder respond) {
    respond(HttpResponse::text(200, "me"));
  });
  EXPECT_EQ(router.route(request(HttpMethod::Get, "/api/me"))->body, "me\n");
  EXPECT_EQ(router.route(request(HttpMethod::Get, "/api/mex"))->body, "files\n");
}

TEST(Router, DispatchReportsNoMatchWithoutResponding) {
  Router router;
  router.add(HttpMethod::Get, "/healthz", answer("health"));
  bool responded = false;
  EXPECT_FALSE(router.dispatch(request(HttpMethod::Get, "/other"),
                               [&responded](HttpResponse) { responded = true; }));
  EXPECT_FALSE(responded);
}

TEST(HttpRequestView, HeaderLookupIgnoresCase) {
  HttpRequestView view;
  view.headers = {{"Content-Type", "text/plain"}, {"X-A", "1"}};
  EXPECT_EQ(view.header("content-type"), "text/plain");
  EXPECT_FALSE(view.header("x-b"));
}

}  // namespace
}  // namespace tengen::server
