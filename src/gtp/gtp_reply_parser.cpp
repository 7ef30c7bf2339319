#include "gtp/gtp_reply_parser.h"

#include <algorithm>
#include <cstdio>

namespace tengen::gtp {

namespace {

// 19 digits always fit in 64 bits; an id longer than that is not one we ever sent.
constexpr std::size_t kMaxIdDigits = 19;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string quoteForMessage(std::string_view text, std::size_t maxChars) {
  std::string out = "\"";
  const std::size_t shown = std::min(text.size(), maxChars);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c >= 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
  if (shown < text.size()) out += "...";
  return out;
}

void GtpReplyParser::feed(std::string_view bytes) {
  if (error_) return;
  buffer_.reserve(buffer_.size() + bytes.size());
  for (char c : bytes) {
    if (c == '\0' && firstNul_ == std::string::npos) firstNul_ = buffer_.size();
    if (c != '\r') buffer_ += c;
  }
}

bool GtpReplyParser::hasPendingText() const {
  return buffer_.find_first_not_of('\n') != std::string::npos;
}

std::expected<std::optional<ParsedReply>, std::string> GtpReplyParser::failWith(
    std::string description) {
  error_ = std::move(description);
  buffer_.clear();
  scanned_ = 0;
  firstNul_ = std::string::npos;
  return std::unexpected(*error_);
}

std::expected<std::optional<ParsedReply>, std::string> GtpReplyParser::next() {
  if (error_) return std::unexpected(*error_);
  // Blank lines before a reply carry nothing; dropping them keeps them out of the size cap.
  const std::size_t start = buffer_.find_first_not_of('\n');
  if (start == std::string::npos) {
    buffer_.clear();
    scanned_ = 0;
    return std::nullopt;
  }
  if (start > 0) {
    buffer_.erase(0, start);
    scanned_ = scanned_ > start ? scanned_ - start : 0;
    if (firstNul_ != std::string::npos) firstNul_ -= start;
  }
  // Checked before the reply is complete, so garbage fails at once rather than at the cap.
  if (buffer_[0] != '=' && buffer_[0] != '?') {
    const std::string_view firstLine = std::string_view(buffer_).substr(0, buffer_.find('\n'));
    return failWith("text that is not GTP: " + quoteForMessage(firstLine));
  }

  const std::size_t end = buffer_.find("\n\n", scanned_ > 0 ? scanned_ - 1 : 0);
  // A NUL cannot appear in GTP text (section 2.3) and would cut C strings short. Only this
  // reply's bytes count: the replies before it in the same read are good.
  if (firstNul_ != std::string::npos && (end == std::string::npos || firstNul_ < end)) {
    return failWith("a NUL byte in its reply");
  }
  if (end == std::string::npos) {
    // One byte of slack: a final '\n' may be the first half of the terminator.
    if (buffer_.size() > maxReplyBytes_ + 1) {
      return failWith("a reply longer than " + std::to_string(maxReplyBytes_) + " bytes");
    }
    scanned_ = buffer_.size();
    return std::nullopt;
  }
  if (end > maxReplyBytes_) {
    return failWith("a reply longer than " + std::to_string(maxReplyBytes_) + " bytes");
  }

  const std::string_view reply = std::string_view(buffer_).substr(0, end);
  ParsedReply parsed;
  parsed.success = reply[0] == '=';
  std::size_t pos = 1;
  while (pos < reply.size() && isDigit(reply[pos])) ++pos;
  if (pos > 1) {
    if (pos - 1 > kMaxIdDigits) {
      return failWith("an id that is too long: " + quoteForMessage(reply.substr(1, pos - 1)));
    }
    parsed.id = std::stoull(std::string(reply.substr(1, pos - 1)));
  }
  // GTP 2 section 2.6: the status and id are followed by a space before the text.
  if (pos < reply.size() && reply[pos] != ' ' && reply[pos] != '\t' && reply[pos] != '\n') {
    const std::string_view firstLine = reply.substr(0, reply.find('\n'));
    return failWith("text that is not GTP: " + quoteForMessage(firstLine));
  }
  if (pos < reply.size() && reply[pos] != '\n') ++pos;
  parsed.text = std::string(reply.substr(pos));
  buffer_.erase(0, end + 2);
  scanned_ = 0;
  if (firstNul_ != std::string::npos) firstNul_ -= end + 2;
  return parsed;
}

}  // namespace tengen::gtp
