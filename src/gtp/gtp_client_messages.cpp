#include "gtp/gtp_client_messages.h"

#include "gtp/gtp_reply_parser.h"

namespace tengen::gtp {

namespace {

// Lines of stderr quoted in a message; all kKeptLines would drown the sentence.
constexpr std::size_t kQuotedLines = 5;
constexpr std::size_t kMaxLineChars = 300;
constexpr std::size_t kMaxCommandChars = 100;

// A command inside backticks: one line already (send() refuses others), but maybe long.
std::string shown(const std::string& command) {
  if (command.size() <= kMaxCommandChars) return "`" + command + "`";
  return "`" + command.substr(0, kMaxCommandChars) + "...`";
}

}  // namespace

std::string formatDuration(std::chrono::milliseconds duration) {
  const auto ms = duration.count();
  if (ms < 1000) return std::to_string(ms) + " ms";
  std::string text = std::to_string(ms / 1000);
  if (const auto rest = ms % 1000; rest != 0) {
    std::string decimals = std::to_string(1000 + rest).substr(1);
    while (decimals.back() == '0') decimals.pop_back();
    text += "." + decimals;
  }
  return text + " s";
}

ClientMessages::ClientMessages(std::string name)
    : name_(name.empty() ? "The engine" : std::move(name)) {}

void ClientMessages::addErrorOutput(std::string_view bytes) {
  for (char c : bytes) {
    if (c == '\n') {
      lines_.push_back(std::move(partial_));
      partial_.clear();
      if (lines_.size() > kKeptLines) lines_.pop_front();
    } else if (c != '\r' && partial_.size() < kMaxLineChars) {
      partial_ += c;
    }
  }
}

std::deque<std::string> ClientMessages::errorLines() const {
  std::deque<std::string> lines = lines_;
  if (!partial_.empty()) lines.push_back(partial_);
  while (lines.size() > kKeptLines) lines.pop_front();
  return lines;
}

std::string ClientMessages::errorTail() const {
  std::deque<std::string> lines = errorLines();
  while (!lines.empty() && lines.back().find_first_not_of(" \t") == std::string::npos) {
    lines.pop_back();
  }
  if (lines.empty()) return "";
  while (lines.size() > kQuotedLines) lines.pop_front();
  std::string tail = " Its last error output: ";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) tail += " ";
    tail += quoteForMessage(lines[i], kMaxLineChars);
  }
  return tail + ".";
}

std::string ClientMessages::during(const std::string* command) const {
  return command ? " during " + shown(*command) : "";
}

std::string ClientMessages::exited(const std::string& how, const std::string* command) const {
  return name_ + " exited (" + how + ")" + during(command) + "." + errorTail();
}

std::string ClientMessages::closedOutput(const std::string* command) const {
  return name_ + " closed its output" + during(command) + " and was stopped." + errorTail();
}

std::string ClientMessages::closed(const std::string* command) const {
  if (!command) return name_ + " was closed.";
  return name_ + " was closed before it answered " + shown(*command) + ".";
}

std::string ClientMessages::timedOut(const std::string& command,
                                     std::chrono::milliseconds timeout) const {
  return name_ + " did not answer " + shown(command) + " within " + formatDuration(timeout) +
         " and was stopped.";
}

std::string ClientMessages::refused(const std::string& command, const std::string& reason) const {
  if (reason.empty()) return name_ + " refused " + shown(command) + ".";
  return name_ + " refused " + shown(command) + ": " + quoteForMessage(reason, kMaxLineChars) + ".";
}

std::string ClientMessages::notGtp(const std::string& command, const std::string& what) const {
  return name_ + " answered " + shown(command) + " with " + what + ".";
}

std::string ClientMessages::wrongId(const std::string& command, std::uint64_t got,
                                    std::uint64_t sent) const {
  return name_ + " answered " + shown(command) + " with the id " + std::to_string(got) +
         " instead of " + std::to_string(sent) + ".";
}

std::string ClientMessages::unsolicited(std::string_view text) const {
  return name_ + " wrote text that answers no command: " + quoteForMessage(text) + ".";
}

std::string ClientMessages::notOneLine(const std::string& command) const {
  return "The command " + quoteForMessage(command) + " was not sent to " + name_ +
         ": a GTP command is a single line.";
}

}  // namespace tengen::gtp
