#include "gnugo/gtp_peer.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include "base/spawn_child.h"

namespace tengen::testing {

namespace {

using Clock = std::chrono::steady_clock;

std::string errnoText(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// Milliseconds left until `deadline`, at least 0, for poll().
int msLeft(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() > 0 ? static_cast<int>(left.count()) : 0;
}

}  // namespace

Result<GtpPeer> GtpPeer::start(std::vector<std::string> argv, int timeoutMs) {
  // A child that dies while we write must give us EPIPE, not kill the test binary.
  std::signal(SIGPIPE, SIG_IGN);
  auto child = spawnChild(argv, SpawnOptions{});
  if (!child) return fail("cannot start " + argv[0] + ": " + child.error().toString());
  return GtpPeer(child->pid, child->stdinFd, child->stdoutFd, timeoutMs);
}

GtpPeer::GtpPeer(GtpPeer&& other) noexcept
    : pid_(other.pid_),
      toChild_(other.toChild_),
      fromChild_(other.fromChild_),
      timeoutMs_(other.timeoutMs_),
      buffer_(std::move(other.buffer_)) {
  other.pid_ = -1;
  other.toChild_ = other.fromChild_ = -1;
}

GtpPeer::~GtpPeer() {
  if (toChild_ >= 0) close(toChild_);
  if (fromChild_ >= 0) close(fromChild_);
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

Result<void> GtpPeer::writeAll(std::string_view bytes) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs_);
  while (!bytes.empty()) {
    pollfd pfd{toChild_, POLLOUT, 0};
    const int ready = poll(&pfd, 1, msLeft(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return fail(errnoText("poll"));
    if (ready == 0) return fail("timed out writing to the engine");
    const ssize_t n = write(toChild_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(errnoText("write to the engine"));
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

Result<GtpReply> GtpPeer::readReply() {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs_);
  for (;;) {
    // GTP 2 section 2.6: a reply ends with two newlines; CRs are to be ignored.
    const auto end = buffer_.find("\n\n");
    if (end != std::string::npos) {
      std::string raw = buffer_.substr(0, end);
      buffer_.erase(0, end + 2);
      std::erase(raw, '\r');
      const auto start = raw.find_first_of("=?");
      if (start == std::string::npos) return fail("not a GTP reply: '" + raw + "'");
      GtpReply reply{raw[start] == '=', {}};
      // Skip the status character, an optional id and one space.
      std::size_t body = start + 1;
      while (body < raw.size() && raw[body] >= '0' && raw[body] <= '9') ++body;
      if (body < raw.size() && raw[body] == ' ') ++body;
      reply.text = raw.substr(body);
      return reply;
    }
    pollfd pfd{fromChild_, POLLIN, 0};
    const int ready = poll(&pfd, 1, msLeft(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return fail(errnoText("poll"));
    if (ready == 0) {
      return fail("no complete reply within " + std::to_string(timeoutMs_) + " ms (got '" +
                  buffer_ + "')");
    }
    char chunk[4096];
    const ssize_t n = read(fromChild_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(errnoText("read from the engine"));
    if (n == 0) return fail("the engine closed its output (exited?)");
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

Result<GtpReply> GtpPeer::send(std::string_view command) {
  std::string line(command);
  line += '\n';
  if (auto w = writeAll(line); !w) return std::unexpected(w.error());
  return readReply();
}

Result<std::vector<GtpReply>> GtpPeer::sendAll(const std::vector<std::string>& commands) {
  std::string bytes;
  for (const auto& c : commands) bytes += c + '\n';
  if (auto w = writeAll(bytes); !w) return std::unexpected(w.error());
  std::vector<GtpReply> replies;
  for (const auto& c : commands) {
    auto r = readReply();
    if (!r) return fail(r.error().message, "reply to '" + c + "'");
    replies.push_back(std::move(*r));
  }
  return replies;
}

Result<std::string> GtpPeer::expectOk(std::string_view command) {
  auto r = send(command);
  if (!r) return fail(r.error().message, std::string(command));
  if (!r->ok) return fail("refused: " + r->text, std::string(command));
  return std::move(r->text);
}

}  // namespace tengen::testing
