#include "server/server_fixture.h"

#include <unistd.h>

#include <atomic>
#include <fstream>

#include "base/log.h"

namespace tengen::server::test {

namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << content;
}

}  // namespace

void ServerFixture::SetUp() {
  log::setLevel(log::Level::Warn);
  static std::atomic<int> counter{0};
  sandbox_ = fs::temp_directory_path() /
             ("tengen-server-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(sandbox_);
  webRoot_ = sandbox_ / "web";
  writeFile(webRoot_ / "index.html", "<!doctype html><title>tengen</title>");
  writeFile(webRoot_ / "app.js", "export const x = 1;\n");
  writeFile(webRoot_ / "style.css", "body { margin: 0; }\n");
  writeFile(webRoot_ / "data.json", "{\"a\":1}\n");
  writeFile(webRoot_ / "board.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
  writeFile(webRoot_ / "logo.png", std::string("\x89PNG\r\n\x1a\n", 8));
  writeFile(webRoot_ / "favicon.ico", std::string("\0\0\1\0", 4));
  writeFile(webRoot_ / "sub" / "index.html", "<p>sub</p>");
  writeFile(webRoot_ / ".hidden", "hidden");
  writeFile(sandbox_ / "secret.txt", "secret");
  fs::create_symlink(sandbox_ / "secret.txt", webRoot_ / "escape.txt");

  ServerOptions options;
  options.address = "127.0.0.1";
  options.port = 0;
  options.webRoot = webRoot_;
  options.threads = 2;
  configure(options);
  server_ = std::make_unique<Server>(options);
  registerHandlers(*server_);
  auto started = server_->start();
  ASSERT_TRUE(started) << started.error().toString();
  port_ = server_->port();
  ASSERT_NE(port_, 0);
}

void ServerFixture::TearDown() {
  if (server_) server_->stop();
  server_.reset();
  std::error_code ec;
  fs::remove_all(sandbox_, ec);
}

}  // namespace tengen::server::test
