// The real `tengen serve` binary started from a directory that holds nothing of the project:
// it must serve the web client it carries, with the right content types.

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "support/serve_process.h"
#include "support/files.h"
#include "support/test_client.h"

namespace tengen::server {
namespace {

namespace fs = std::filesystem;
using test::httpRequest;
using test::ServeProcess;
using tengen::test::readFile;

class ServeCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tengen-serve-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string serverLog() const { return readFile(dir_ / "server.log"); }

  fs::path dir_;
};

TEST_F(ServeCommand, ServesTheBuiltInWebClientFromAnyDirectory) {
  ServeProcess serve(dir_);
  ASSERT_NE(serve.port(), 0) << serverLog();
  const fs::path web = fs::path(TENGEN_SOURCE_DIR) / "web";

  const auto lobby = httpRequest(serve.port(), "GET", "/");
  EXPECT_EQ(lobby.status, 200);
  EXPECT_EQ(lobby.header("content-type"), "text/html; charset=utf-8");
  EXPECT_EQ(lobby.body, readFile(web / "index.html"));

  const auto game = httpRequest(serve.port(), "GET", "/game.html");
  EXPECT_EQ(game.status, 200);
  EXPECT_EQ(game.body, readFile(web / "game.html"));

  // Browsers refuse an ES module served with any other type.
  const auto module = httpRequest(serve.port(), "GET", "/board_view.js");
  EXPECT_EQ(module.status, 200);
  EXPECT_EQ(module.header("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(module.body, readFile(web / "board_view.js"));

  const auto revalidated = httpRequest(serve.port(), "GET", "/board_view.js",
                                       {{"If-None-Match", module.header("etag")}});
  EXPECT_EQ(revalidated.status, 304);

  EXPECT_EQ(httpRequest(serve.port(), "GET", "/no_such_file.js").status, 404);
  EXPECT_EQ(httpRequest(serve.port(), "GET", "/healthz").body, "ok\n");
  EXPECT_TRUE(fs::exists(dir_ / "site.db"));
}

}  // namespace
}  // namespace tengen::server
