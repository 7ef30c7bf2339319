#pragma once

#include <sys/types.h>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace tengen::testing {

// One GTP reply: `ok` for '=', false for '?'; `text` is the body after the status
// character and its space, with the terminating blank line removed.
struct GtpReply {
  bool ok = false;
  std::string text;
};

// A GTP engine run as a child process over pipes, for tests only (the production client
// belongs in src/gtp). Each call waits at most `timeoutMs` for its whole reply; a timeout
// or a dead child is an Error, after which the peer is unusable. The child is killed on
// destruction. Not thread-safe; one caller at a time.
class GtpPeer {
 public:
  // argv[0] is the program path. Fails if it cannot be executed.
  static Result<GtpPeer> start(std::vector<std::string> argv, int timeoutMs = 30000);

  GtpPeer(GtpPeer&& other) noexcept;
  GtpPeer& operator=(GtpPeer&&) = delete;
  GtpPeer(const GtpPeer&) = delete;
  GtpPeer& operator=(const GtpPeer&) = delete;
  ~GtpPeer();

  // Sends one command (no newline) and reads its reply.
  Result<GtpReply> send(std::string_view command);
  // Pipelines the commands: writes them all, then reads one reply each, in order. Cheaper
  // than one round trip per command. As nothing is read until all is written, the
  // replies together must fit the child's output pipe (64 KiB on Linux).
  Result<std::vector<GtpReply>> sendAll(const std::vector<std::string>& commands);

  // Like send(), but a '?' reply becomes an Error naming the command.
  Result<std::string> expectOk(std::string_view command);

 private:
  GtpPeer(pid_t pid, int toChild, int fromChild, int timeoutMs)
      : pid_(pid), toChild_(toChild), fromChild_(fromChild), timeoutMs_(timeoutMs) {}
  Result<void> writeAll(std::string_view bytes);
  Result<GtpReply> readReply();

  pid_t pid_ = -1;
  int toChild_ = -1;
  int fromChild_ = -1;
  int timeoutMs_ = 30000;
  std::string buffer_;  // bytes read past the last complete reply
};

}  // namespace tengen::testing
