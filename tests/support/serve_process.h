#pragma once

// The real `tengen serve` binary as a child process, for tests of what only a whole process
// shows: serving from any directory, and surviving kill -9 and SIGTERM restarts.

#include <sys/types.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace tengen::server::test {

class ServeProcess {
 public:
  // `tengen serve --port 0 --db DIR/site.db --builtin-bots none` plus `extraArgs` (whose own
  // --db, if any, replaces DIR/site.db), with DIR as
  // its working directory; stderr is appended to DIR/server.log. The port is read from the
  // line "tengen: serving http://127.0.0.1:PORT/"; port() is 0 if it never came.
  explicit ServeProcess(const std::filesystem::path& dir,
                        const std::vector<std::string>& extraArgs = {});
  // stop(SIGTERM) if still running.
  ~ServeProcess();
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  std::uint16_t port() const { return port_; }
  // Sends `signal` (SIGTERM as an operator would, SIGKILL as a crash) and waits for the exit.
  void stop(int signal);

 private:
  pid_t pid_ = -1;
  FILE* stdout_ = nullptr;
  std::uint16_t port_ = 0;
};

}  // namespace tengen::server::test
