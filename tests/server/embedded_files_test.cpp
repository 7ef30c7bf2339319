// The web client built into the binary: the generated table against web/ on disk, and the
// embedded file server over a real socket.

#include "server/embedded_files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "server/server_fixture.h"
#include "server/web_files.h"
#include "support/files.h"
#include "support/test_client.h"

namespace tengen::server {
namespace {

namespace fs = std::filesystem;
using test::httpRequest;
using test::ServerFixture;
using tengen::test::readFile;

TEST(WebFiles, HoldEveryFileOfWebByteForByte) {
  const fs::path web = fs::path(TENGEN_SOURCE_DIR) / "web";
  std::set<std::string> onDisk;
  for (const auto& entry : fs::recursive_directory_iterator(web)) {
    const std::string name = fs::relative(entry.path(), web).generic_string();
    if (entry.is_regular_file() && name.front() != '.' && name.find("/.") == std::string::npos) {
      onDisk.insert(name);
    }
  }
  std::set<std::string> embedded;
  for (const EmbeddedFile& file : webFiles()) {
    embedded.insert(std::string(file.path));
    EXPECT_EQ(file.bytes, readFile(web / file.path)) << file.path;
  }
  EXPECT_EQ(embedded, onDisk);
  EXPECT_TRUE(embedded.contains("index.html"));
  EXPECT_TRUE(embedded.contains("i18n/en.json"));
}

TEST(WebFiles, SortedWithQuotedContentEtags) {
  const auto files = webFiles();
  EXPECT_TRUE(std::is_sorted(files.begin(), files.end(),
                             [](const auto& a, const auto& b) { return a.path < b.path; }));
  std::set<std::string_view> etags;
  for (const EmbeddedFile& file : files) {
    EXPECT_EQ(file.etag.size(), 34u) << file.path;
    EXPECT_EQ(file.etag.front(), '"');
    EXPECT_EQ(file.etag.back(), '"');
    etags.insert(file.etag);
  }
  // Every file of web/ differs from every other, so their hashes do too.
  EXPECT_EQ(etags.size(), files.size());
}

constexpr char kPng[] = "\x89PNG\r\n\x1a\n";
constexpr EmbeddedFile kTable[] = {
    {"app.js", "export const x = 1;\n", "\"a1\""},
    {"index.html", "<!doctype html><title>embedded</title>", "\"b2\""},
    {"logo.png", {kPng, sizeof kPng - 1}, "\"c3\""},
    {"sub/deeper/index.html", "<p>deeper</p>", "\"d4\""},
};

int statusOf(std::string_view path) {
  EmbeddedFiles files(kTable);
  int status = 0;
  files.resolve(path, status);
  return status;
}

TEST(EmbeddedFiles, ResolvesFilesAndDirectoryIndexes) {
  EXPECT_EQ(statusOf("/"), 200);
  EXPECT_EQ(statusOf("/app.js"), 200);
  EXPECT_EQ(statusOf("//app.js"), 200);
  EXPECT_EQ(statusOf("/sub/deeper"), 200);
  EXPECT_EQ(statusOf("/sub/deeper/"), 200);
  EXPECT_EQ(statusOf("/sub"), 404);  // no index.html of its own
  EXPECT_EQ(statusOf("/missing.js"), 404);
  EXPECT_EQ(statusOf("/app.j"), 404);
  EXPECT_EQ(statusOf("/.hidden"), 404);
  EXPECT_EQ(statusOf("/sub/../app.js"), 400);
  EXPECT_EQ(statusOf("/%2e%2e/app.js"), 400);
  EXPECT_EQ(statusOf("/%zz"), 400);
  EXPECT_EQ(statusOf("app.js"), 400);
}

TEST(EmbeddedFiles, EmptyTableServesNothing) {
  EmbeddedFiles files({});
  int status = 0;
  EXPECT_EQ(files.resolve("/", status), nullptr);
  EXPECT_EQ(status, 404);
}

class EmbeddedHttp : public ServerFixture {
 protected:
  void configure(ServerOptions& options) override {
    options.webRoot.clear();
    options.webFiles = kTable;
  }
};

TEST_F(EmbeddedHttp, ServesTheTableWithTypesAndEtags) {
  const auto index = httpRequest(port_, "GET", "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, "<!doctype html><title>embedded</title>");
  EXPECT_EQ(index.header("content-type"), "text/html; charset=utf-8");
  EXPECT_EQ(index.header("etag"), "\"b2\"");
  EXPECT_EQ(index.header("cache-control"), "no-cache");

  const auto logo = httpRequest(port_, "GET", "/logo.png");
  EXPECT_EQ(logo.status, 200);
  EXPECT_EQ(logo.body, std::string(kPng, sizeof kPng - 1));
  EXPECT_EQ(logo.header("content-type"), "image/png");

  const auto again = httpRequest(port_, "GET", "/app.js", {{"If-None-Match", "\"a1\""}});
  EXPECT_EQ(again.status, 304);
  EXPECT_TRUE(again.body.empty());
  EXPECT_EQ(httpRequest(port_, "GET", "/nothing.js").status, 404);
  EXPECT_EQ(httpRequest(port_, "GET", "/%2e%2e/secret.txt").status, 400);
}

}  // namespace
}  // namespace tengen::server
