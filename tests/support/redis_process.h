#pragma once

// A throwaway redis-server as a child process that a test can kill -9 and start again on the
// same Unix socket, as an operator's restart would: no persistence, so a restarted server
// knows no channel and no subscriber.

#include <sys/types.h>

#include <filesystem>
#include <string>

namespace tengen::test {

class RedisProcess {
 public:
  // Starts redis-server listening on DIR/redis.sock only; ok() tells whether it answers.
  explicit RedisProcess(std::filesystem::path dir);
  ~RedisProcess();  // kill(SIGKILL)
  RedisProcess(const RedisProcess&) = delete;
  RedisProcess& operator=(const RedisProcess&) = delete;

  bool ok() const { return pid_ > 0; }
  std::string url() const { return "unix:" + (dir_ / "redis.sock").string(); }
  void kill();     // SIGKILL, and waits for the exit
  bool restart();  // a fresh server on the same socket; false if it does not answer within 5 s

 private:
  bool start();

  std::filesystem::path dir_;
  pid_t pid_ = -1;
};

}  // namespace tengen::test
