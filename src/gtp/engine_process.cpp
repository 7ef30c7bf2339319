#include "gtp/engine_process.h"

#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <utility>

#include "base/ignore_sigpipe.h"
#include "base/spawn_child.h"

namespace tengen::gtp {

namespace {

void closeFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

Result<EngineProcess> EngineProcess::spawn(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) return fail("the command is empty");
  ignoreSigpipe();
  auto child =
      spawnChild(argv, SpawnOptions{.searchPath = true, .stderrPipe = true, .isolate = true});
  if (!child) return std::unexpected(child.error());

  EngineProcess process(child->pid);
  process.stdin_ = child->stdinFd;
  process.stdout_ = child->stdoutFd;
  process.stderr_ = child->stderrFd;
  // Through syscall(): glibc 2.36's <sys/pidfd.h> lacks extern "C". A pidfd is always
  // close-on-exec.
  process.pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, child->pid, 0));
  return process;
}

EngineProcess::EngineProcess(EngineProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      stdin_(std::exchange(other.stdin_, -1)),
      stdout_(std::exchange(other.stdout_, -1)),
      stderr_(std::exchange(other.stderr_, -1)),
      pidfd_(std::exchange(other.pidfd_, -1)),
      reaped_(std::exchange(other.reaped_, true)),
      status_(other.status_) {}

EngineProcess::~EngineProcess() {
  if (pid_ > 0) {
    // Also after a reap: whatever the engine started may still run in its group.
    killGroup();
    if (!reaped_) reapBlocking();
  }
  closeAll();
}

void EngineProcess::closeAll() {
  closeFd(stdin_);
  closeFd(stdout_);
  closeFd(stderr_);
  closeFd(pidfd_);
}

void EngineProcess::killGroup() {
  if (pid_ <= 0) return;
  kill(-pid_, SIGKILL);
  // The leader too, in case it left its group (setsid) before we got here.
  if (!reaped_) kill(pid_, SIGKILL);
}

bool EngineProcess::tryReap() {
  if (reaped_ || pid_ <= 0) return true;
  int status = 0;
  const pid_t result = waitpid(pid_, &status, WNOHANG);
  if (result == pid_) {
    reaped_ = true;
    status_ = status;
  } else if (result < 0 && errno == ECHILD) {
    reaped_ = true;  // reaped elsewhere (SIGCHLD set to SIG_IGN): the status is lost
  }
  return reaped_;
}

void EngineProcess::reapBlocking() {
  while (!reaped_ && pid_ > 0) {
    int status = 0;
    const pid_t result = waitpid(pid_, &status, 0);
    if (result == pid_) {
      reaped_ = true;
      status_ = status;
    } else if (result < 0 && errno != EINTR) {
      reaped_ = true;
    }
  }
}

std::string EngineProcess::exitDescription() const {
  if (!status_) return "status unknown";
  if (WIFEXITED(*status_)) return "exit status " + std::to_string(WEXITSTATUS(*status_));
  if (WIFSIGNALED(*status_)) {
    const int signal = WTERMSIG(*status_);
    return "signal " + std::to_string(signal) + ": " + strsignal(signal);
  }
  return "status " + std::to_string(*status_);
}

}  // namespace tengen::gtp
