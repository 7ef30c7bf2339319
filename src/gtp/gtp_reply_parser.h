#pragma once

// Incremental parsing of the replies a GTP engine writes on its standard output (GTP 2,
// section 2.6 and 2.10): `=[id] text\n\n` for success, `?[id] message\n\n` for failure.
// Bytes arrive in arbitrary pieces from a pipe; the parser holds the incomplete tail.
//
// Tolerances, all allowed or implied by the specification: CR is dropped everywhere (the
// controller must accept CR LF, section 2.10), blank lines between replies are skipped, the
// text may span several lines (no empty ones: an empty line ends the reply), and an empty
// reply is `=\n\n`. Everything else, a first byte other than `=`/`?`, a NUL byte, a reply
// longer than the cap, is a protocol error, after which the parser stays failed: an engine
// that wrote garbage once cannot be trusted to be in step with its commands again.

#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

namespace tengen::gtp {

struct ParsedReply {
  bool success = false;             // '=' rather than '?'
  std::optional<std::uint64_t> id;  // the numeric id after the status character, if any
  std::string text;                 // after status, id and one blank; no final blank line
};

class GtpReplyParser {
 public:
  // A reply (status to blank line, CRs not counted) longer than maxReplyBytes is an error.
  explicit GtpReplyParser(std::size_t maxReplyBytes) : maxReplyBytes_(maxReplyBytes) {}

  // Appends bytes as read from the engine.
  void feed(std::string_view bytes);

  // The next complete reply; std::nullopt while it is still incomplete; or, once the bytes
  // cannot be GTP, an error describing them so that it reads after "answered `cmd` with "
  // (e.g. `text that is not GTP: "hello"`). Errors are sticky.
  std::expected<std::optional<ParsedReply>, std::string> next();

  // True when bytes other than newlines are buffered that do not yet form a reply: text an
  // engine wrote while no command was waiting for an answer.
  bool hasPendingText() const;
  // The buffered bytes, for messages.
  std::string_view pending() const { return buffer_; }

 private:
  std::expected<std::optional<ParsedReply>, std::string> failWith(std::string description);

  std::size_t maxReplyBytes_;
  std::string buffer_;       // CR-free bytes not yet returned as replies
  std::size_t scanned_ = 0;  // buffer_[0, scanned_) has no "\n\n" (saves rescanning)
  std::size_t firstNul_ = std::string::npos;  // index in buffer_ of its first NUL byte
  std::optional<std::string> error_;
};

// `text` as a double-quoted string for a message: at most maxChars characters (then "..."),
// control and non-ASCII bytes escaped, so garbage from an engine cannot garble a log line.
std::string quoteForMessage(std::string_view text, std::size_t maxChars = 60);

}  // namespace tengen::gtp
