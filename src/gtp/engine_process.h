#pragma once

// One external engine as a child process: spawned with its standard streams on pipes, in a
// process group of its own, and always reaped. Knows nothing of GTP or Asio; GtpClient
// hands the pipe ends to Asio and decides when to kill.

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "base/result.h"

namespace tengen::gtp {

class EngineProcess {
 public:
  // Starts argv[0], looked up in PATH, with argv as its arguments and no shell. The child
  // gets default signal dispositions and an empty signal mask whatever the server's are, a
  // new process group (so killing the group also kills what the engine started), and only
  // descriptors 0, 1 and 2. Also makes the server ignore SIGPIPE, once: a write to an
  // engine that died must fail with EPIPE, not kill the server. Fails with strerror's text
  // when the program cannot be run ("No such file or directory").
  static Result<EngineProcess> spawn(const std::vector<std::string>& argv);

  EngineProcess(EngineProcess&& other) noexcept;
  EngineProcess& operator=(EngineProcess&&) = delete;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  // Kills the group and waits for the child if it was not reaped yet; closes what is left.
  ~EngineProcess();

  pid_t pid() const { return pid_; }

  // The parent's pipe ends and a pidfd (readable once the child exits; -1 on kernels
  // without pidfd_open). Each is handed over once: the caller owns it afterwards.
  int releaseStdin() { return release(stdin_); }
  int releaseStdout() { return release(stdout_); }
  int releaseStderr() { return release(stderr_); }
  int releasePidfd() { return release(pidfd_); }

  // SIGKILL to the whole process group. Harmless once everyone is gone.
  void killGroup();

  // Reaps the child if it has exited, without blocking. True once reaped.
  bool tryReap();
  // Waits for the child (call after killGroup, where the wait is short).
  void reapBlocking();
  bool reaped() const { return reaped_; }
  // How it ended, once reaped: "exit status 3", "signal 11: Segmentation fault".
  std::string exitDescription() const;

 private:
  explicit EngineProcess(pid_t pid) : pid_(pid) {}
  static int release(int& fd) {
    const int out = fd;
    fd = -1;
    return out;
  }
  void closeAll();

  pid_t pid_ = -1;
  int stdin_ = -1;
  int stdout_ = -1;
  int stderr_ = -1;
  int pidfd_ = -1;
  bool reaped_ = false;
  std::optional<int> status_;  // empty if someone else reaped the child (SIGCHLD ignored)
};

}  // namespace tengen::gtp
