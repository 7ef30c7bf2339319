#include "gtp/engine_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <utility>

extern char** environ;

namespace tengen::gtp {

namespace {

// A pipe whose both ends are close-on-exec and above 2: dup2 onto 0..2 in the child must
// not be a no-op on the same number, which would keep close-on-exec set and lose the stream.
Result<std::pair<int, int>> makePipe() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return fail(std::strerror(errno));
  for (int& fd : fds) {
    if (fd > 2) continue;
    const int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    const int error = errno;
    close(fd);
    if (moved < 0) {
      close(fds[0] == fd ? fds[1] : fds[0]);
      return fail(std::strerror(error));
    }
    fd = moved;
  }
  return std::pair{fds[0], fds[1]};
}

void ignoreSigpipeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction current {};
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
      signal(SIGPIPE, SIG_IGN);
    }
  });
}

void closeFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

Result<EngineProcess> EngineProcess::spawn(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) return fail("the command is empty");
  ignoreSigpipeOnce();

  auto in = makePipe();
  if (!in) return std::unexpected(in.error());
  auto out = makePipe();
  if (!out) {
    close(in->first), close(in->second);
    return std::unexpected(out.error());
  }
  auto err = makePipe();
  if (!err) {
    close(in->first), close(in->second), close(out->first), close(out->second);
    return std::unexpected(err.error());
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in->first, 0);
  posix_spawn_file_actions_adddup2(&actions, out->second, 1);
  posix_spawn_file_actions_adddup2(&actions, err->second, 2);
  // Descriptors the server opened without O_CLOEXEC (sockets, the database) stay ours.
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);

  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t all;
  sigset_t none;
  sigfillset(&all);
  sigemptyset(&none);
  // Ignored signals stay ignored across exec: the server's SIG_IGN for SIGPIPE must not
  // reach the engine, nor a signal mask of a thread that blocks signals.
  posix_spawnattr_setsigdefault(&attributes, &all);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);

  pid_t pid = -1;
  const int spawnError =
      posix_spawnp(&pid, argv[0].c_str(), &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(in->first), close(out->second), close(err->second);
  if (spawnError != 0) {
    close(in->second), close(out->first), close(err->first);
    return fail(std::strerror(spawnError));
  }

  EngineProcess process(pid);
  process.stdin_ = in->second;
  process.stdout_ = out->first;
  process.stderr_ = err->first;
  // Through syscall(): glibc 2.36's <sys/pidfd.h> lacks extern "C". A pidfd is always
  // close-on-exec.
  process.pidfd_ = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
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
