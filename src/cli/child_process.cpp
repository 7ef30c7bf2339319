#include "cli/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

#include "base/spawn_child.h"

namespace tengen::cli {

Result<ChildOutput> runChild(const std::vector<std::string>& argv, const std::string& input) {
  const auto start = std::chrono::steady_clock::now();
  auto child = spawnChild(argv, SpawnOptions{});
  if (!child) {
    return fail("cannot start " + (argv.empty() ? std::string() : argv[0]) + ": " +
                child.error().toString());
  }
  const pid_t pid = child->pid;
  const int toChild = child->stdinFd;
  const int fromChild = child->stdoutFd;

  // Feed input and drain output together so neither pipe can fill up and stall the child.
  ChildOutput out;
  size_t written = 0;
  fcntl(toChild, F_SETFL, O_NONBLOCK);
  bool inputOpen = true;
  char buffer[65536];
  for (;;) {
    pollfd fds[2] = {{fromChild, POLLIN, 0}, {toChild, POLLOUT, 0}};
    const int n = poll(fds, inputOpen ? 2 : 1, -1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    if (inputOpen && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const ssize_t w = write(toChild, input.data() + written, input.size() - written);
      if (w > 0) written += static_cast<size_t>(w);
      if (w < 0 && errno != EAGAIN) written = input.size();
      if (written == input.size()) {
        close(toChild);
        inputOpen = false;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      const ssize_t r = read(fromChild, buffer, sizeof buffer);
      if (r <= 0) break;
      out.stdoutText.append(buffer, static_cast<size_t>(r));
    }
  }
  if (inputOpen) close(toChild);
  close(fromChild);
  int status = 0;
  waitpid(pid, &status, 0);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return out;
}

}  // namespace tengen::cli
