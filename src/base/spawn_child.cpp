#include "base/spawn_child.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

extern char** environ;

namespace tengen {

namespace {

// Both ends of a pipe, -1 when closed; closes what is left when it goes out of scope.
struct Pipe {
  int read = -1;
  int write = -1;
  ~Pipe() { closeBoth(); }
  void closeBoth() {
    if (read >= 0) close(read);
    if (write >= 0) close(write);
    read = write = -1;
  }
};

// A pipe whose both ends are close-on-exec and above 2: dup2 onto 0..2 in the child must
// not be a no-op on the same number, which would keep close-on-exec set and lose the stream.
Result<void> makePipe(Pipe& pipe) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return fail(std::strerror(errno), "pipe");
  pipe.read = fds[0];
  pipe.write = fds[1];
  for (int* fd : {&pipe.read, &pipe.write}) {
    if (*fd > 2) continue;
    const int moved = fcntl(*fd, F_DUPFD_CLOEXEC, 3);
    const int error = errno;
    close(*fd);
    *fd = moved;
    if (moved < 0) return fail(std::strerror(error), "pipe");
  }
  return {};
}

}  // namespace

Result<SpawnedChild> spawnChild(const std::vector<std::string>& argv, const SpawnOptions& options) {
  if (argv.empty() || argv[0].empty()) return fail("the command is empty");
  Pipe in;
  Pipe out;
  Pipe err;
  for (Pipe* pipe : {&in, &out}) {
    if (auto made = makePipe(*pipe); !made) return std::unexpected(made.error());
  }
  if (options.stderrPipe) {
    if (auto made = makePipe(err); !made) return std::unexpected(made.error());
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.read, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO);
  if (options.stderrPipe) {
    posix_spawn_file_actions_adddup2(&actions, err.write, STDERR_FILENO);
  } else {
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  }
  // Descriptors the server opened without O_CLOEXEC (sockets, the database) stay ours.
  if (options.isolate) posix_spawn_file_actions_addclosefrom_np(&actions, 3);

  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (options.isolate) {
    sigset_t all;
    sigset_t none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(
        &attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  }

  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);

  pid_t pid = -1;
  const int spawnError =
      options.searchPath
          ? posix_spawnp(&pid, argv[0].c_str(), &actions, &attributes, args.data(), environ)
          : posix_spawn(&pid, argv[0].c_str(), &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawnError != 0) return fail(std::strerror(spawnError));

  SpawnedChild child;
  child.pid = pid;
  child.stdinFd = std::exchange(in.write, -1);
  child.stdoutFd = std::exchange(out.read, -1);
  child.stderrFd = std::exchange(err.read, -1);
  return child;
}

}  // namespace tengen
