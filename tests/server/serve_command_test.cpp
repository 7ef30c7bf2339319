// The real `tengen serve` binary started from a directory that holds nothing of the project:
// it must serve the web client it carries, with the right content types.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "support/test_client.h"

namespace tengen::server {
namespace {

namespace fs = std::filesystem;
using test::httpRequest;

// `tengen serve --port 0 --db DIR/site.db` with DIR as its working directory; stderr goes to
// DIR/server.log. The port is read from the line "tengen: serving http://127.0.0.1:PORT/".
class ServeProcess {
 public:
  explicit ServeProcess(const fs::path& dir) {
    int out[2];
    if (pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      if (chdir(dir.c_str()) != 0) _exit(126);
      dup2(out[1], STDOUT_FILENO);
      const int log = open("server.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (log >= 0) dup2(log, STDERR_FILENO);
      close(out[0]);
      close(out[1]);
      execl(TENGEN_BINARY, TENGEN_BINARY, "serve", "--port", "0", "--db", "site.db",
            "--builtin-bots", "none", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    stdout_ = fdopen(out[0], "r");
    std::array<char, 256> line{};
    // fgets returns nullptr when the child exits without serving: port_ stays 0.
    while (stdout_ && std::fgets(line.data(), line.size(), stdout_)) {
      const std::string text = line.data();
      const auto colon = text.rfind(':');
      if (text.starts_with("tengen: serving http://") && colon != std::string::npos) {
        port_ = static_cast<std::uint16_t>(std::stoi(text.substr(colon + 1)));
        break;
      }
    }
  }
  ~ServeProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (stdout_) std::fclose(stdout_);
  }
  std::uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  FILE* stdout_ = nullptr;
  std::uint16_t port_ = 0;
};

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

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
