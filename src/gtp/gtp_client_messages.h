#pragma once

// The sentences GtpClient reports, and the engine's last lines of stderr they quote. They
// reach players on the site ("GNU Go exited (signal 11: Segmentation fault) during
// `genmove b`."), so each names the engine and the command and says what happened, with no
// internals. Not thread-safe: used on the client's strand.

#include <chrono>
#include <deque>
#include <string>
#include <string_view>

namespace tengen::gtp {

class ClientMessages {
 public:
  static constexpr std::size_t kKeptLines = 20;

  explicit ClientMessages(std::string name);

  // Bytes the engine wrote to stderr; the last kKeptLines lines are kept.
  void addErrorOutput(std::string_view bytes);
  // The kept lines, oldest first, the unfinished last one included.
  std::deque<std::string> errorLines() const;

  // `during` is the command being answered, or null when none was.
  std::string exited(const std::string& how, const std::string* during) const;
  std::string closedOutput(const std::string* during) const;
  std::string closed(const std::string* during) const;
  std::string timedOut(const std::string& command, std::chrono::milliseconds timeout) const;
  std::string refused(const std::string& command, const std::string& reason) const;
  std::string notGtp(const std::string& command, const std::string& what) const;
  std::string wrongId(const std::string& command, std::uint64_t got, std::uint64_t sent) const;
  std::string unsolicited(std::string_view text) const;
  std::string notOneLine(const std::string& command) const;

 private:
  std::string during(const std::string* command) const;
  std::string errorTail() const;

  std::string name_;
  std::deque<std::string> lines_;
  std::string partial_;  // the line being written
};

// "30 s", "1.5 s", "250 ms".
std::string formatDuration(std::chrono::milliseconds duration);

}  // namespace tengen::gtp
