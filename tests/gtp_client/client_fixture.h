#pragma once

// Shared by the GtpClient tests: an io_context on two threads (so the client's strand is
// what keeps it serial), real engine processes, and a blocking `ask` on top of the
// asynchronous client. The waits are safety nets against a hung test, not timing asserts.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "gtp/gtp_client.h"

namespace tengen::gtp::testing {

using namespace std::chrono_literals;

inline constexpr auto kSafetyWait = 60s;

// The path of a scripted engine in tests/gtp_client/engines, run through /bin/sh.
inline std::string engine(const std::string& script) {
  return "/bin/sh " TENGEN_SOURCE_DIR "/tests/gtp_client/engines/" + script;
}

// True once /proc has no entry for pid: the process ended and was reaped (a zombie still
// has one). Polls, for up to kSafetyWait.
inline bool reapedSoon(int pid) {
  const auto until = std::chrono::steady_clock::now() + kSafetyWait;
  const std::filesystem::path entry = "/proc/" + std::to_string(pid);
  while (std::filesystem::exists(entry)) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

// The processes of process group `group` that are still running (zombies not counted: an
// orphaned grandchild is reaped by init, on its own schedule).
inline int runningInGroup(int group) {
  int running = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses.
    std::istringstream fields(line.substr(line.rfind(')') + 1));
    char state = 0;
    int parent = 0;
    int pgrp = 0;
    if (fields >> state >> parent >> pgrp && pgrp == group && state != 'Z') ++running;
  }
  return running;
}

// True once no process of the group is running. Polls like reapedSoon.
inline bool groupGoneSoon(int group) {
  const auto until = std::chrono::steady_clock::now() + kSafetyWait;
  while (runningInGroup(group) > 0) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

class ClientTest : public ::testing::Test {
 protected:
  ClientTest() {
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { io_.run(); });
  }
  ~ClientTest() override {
    work_.reset();
    for (auto& thread : threads_) thread.join();
  }

  std::shared_ptr<GtpClient> start(const std::string& name, const std::string& command,
                                   std::size_t maxReplyBytes = 64 * 1024) {
    auto client = GtpClient::start(
        io_.get_executor(), {.name = name, .command = command, .maxReplyBytes = maxReplyBytes});
    EXPECT_TRUE(client.has_value()) << (client ? "" : client.error().toString());
    return client ? *client : nullptr;
  }

  // Sends one command and waits for its reply.
  GtpReply ask(GtpClient& client, std::string command, std::chrono::milliseconds timeout = 30s) {
    auto promise = std::make_shared<std::promise<GtpReply>>();
    auto future = promise->get_future();
    client.send(std::move(command), timeout,
                [promise](GtpReply reply) { promise->set_value(std::move(reply)); });
    if (future.wait_for(kSafetyWait) != std::future_status::ready) {
      ADD_FAILURE() << "no reply within the safety wait";
      return std::unexpected(GtpError{GtpFailure::Timeout, "test safety wait"});
    }
    return future.get();
  }

  // close() and wait until the client says the process is reaped.
  void closeAndWait(GtpClient& client, std::chrono::milliseconds grace = 1s) {
    std::promise<void> closed;
    auto future = closed.get_future();
    client.close(grace, [&closed] { closed.set_value(); });
    ASSERT_EQ(future.wait_for(kSafetyWait), std::future_status::ready);
  }

  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_ =
      boost::asio::make_work_guard(io_);
  std::vector<std::thread> threads_;
};

}  // namespace tengen::gtp::testing
