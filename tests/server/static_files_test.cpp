#include "server/static_files.h"

#include <gtest/gtest.h>

#include "server/server_fixture.h"

namespace tengen::server {
namespace {

using test::ServerFixture;

TEST(ContentType, KnownExtensions) {
  EXPECT_EQ(contentTypeFor("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(contentTypeFor("app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(contentTypeFor("style.css"), "text/css; charset=utf-8");
  EXPECT_EQ(contentTypeFor("ru.json"), "application/json");
  EXPECT_EQ(contentTypeFor("board.svg"), "image/svg+xml");
  EXPECT_EQ(contentTypeFor("logo.PNG"), "image/png");
  EXPECT_EQ(contentTypeFor("favicon.ico"), "image/x-icon");
  EXPECT_EQ(contentTypeFor("README"), "application/octet-stream");
}

TEST(PercentDecode, DecodesAndRejectsBadEscapes) {
  EXPECT_EQ(percentDecode("/a%20b%2F%2e").value(), "/a b/.");
  EXPECT_FALSE(percentDecode("/a%2"));
  EXPECT_FALSE(percentDecode("/a%zz"));
  EXPECT_FALSE(percentDecode("%"));
}

// Resolution against a real directory tree (the fixture's web root; no server needed).
class StaticFilesResolve : public ServerFixture {
 protected:
  int statusOf(std::string_view path) {
    StaticFiles files(webRoot_);
    int status = 0;
    files.resolve(path, status);
    return status;
  }
};

TEST_F(StaticFilesResolve, ServesFilesAndDirectoryIndexes) {
  EXPECT_EQ(statusOf("/"), 200);
  EXPECT_EQ(statusOf("/app.js"), 200);
  EXPECT_EQ(statusOf("/sub"), 200);
  EXPECT_EQ(statusOf("/sub/"), 200);
  EXPECT_EQ(statusOf("//app.js"), 200);
}

TEST_F(StaticFilesResolve, RefusesEveryWayOut) {
  EXPECT_EQ(statusOf("/../secret.txt"), 400);
  EXPECT_EQ(statusOf("/sub/../../secret.txt"), 400);
  EXPECT_EQ(statusOf("/%2e%2e/secret.txt"), 400);
  EXPECT_EQ(statusOf("/%2E%2E%2Fsecret.txt"), 400);
  EXPECT_EQ(statusOf("/..%2fsecret.txt"), 400);
  EXPECT_EQ(statusOf("/..%5csecret.txt"), 400);
  EXPECT_EQ(statusOf("/app.js%00.png"), 400);
  EXPECT_EQ(statusOf("/./app.js"), 400);
  EXPECT_EQ(statusOf("/%zz"), 400);
  EXPECT_EQ(statusOf("relative/app.js"), 400);
  EXPECT_EQ(statusOf(""), 400);
  // An absolute path inside the URL is just more segments under the root.
  EXPECT_EQ(statusOf("//etc/passwd"), 404);
  EXPECT_EQ(statusOf("/%2Fetc%2Fpasswd"), 404);
  // A symlink out of the root and hidden files are not served.
  EXPECT_EQ(statusOf("/escape.txt"), 404);
  EXPECT_EQ(statusOf("/.hidden"), 404);
  EXPECT_EQ(statusOf("/missing.js"), 404);
}

TEST(StaticFiles, MissingRootServesNothing) {
  StaticFiles files("/nonexistent/tengen/web");
  int status = 0;
  files.resolve("/index.html", status);
  EXPECT_EQ(status, 404);
}

}  // namespace
}  // namespace tengen::server
