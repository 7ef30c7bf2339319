#pragma once

// Starts a real Server on a free port with a temporary web root:
//   index.html, app.js, style.css, data.json, board.svg, logo.png, favicon.ico, sub/index.html,
//   .hidden, a symlink `escape.txt` to a file outside the root; `secret.txt` beside the root.

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "server/server.h"

namespace tengen::server::test {

class ServerFixture : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  // Override to change options before the server starts.
  virtual void configure(ServerOptions&) {}
  // Override to add routes or message handlers before the server starts.
  virtual void registerHandlers(Server&) {}

  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }

  std::filesystem::path sandbox_;  // holds webRoot_ and secret.txt
  std::filesystem::path webRoot_;
  std::unique_ptr<Server> server_;
  std::uint16_t port_ = 0;
};

}  // namespace tengen::server::test
