#pragma once

// Client input quoted in an error message: at most a short prefix, so that a 60,000-character
// "vertex" gets a 40-byte answer, not its own text back (a client could otherwise make the
// server send, log and store whatever it sends, many times over).

#include <cstddef>
#include <string>
#include <string_view>

namespace tengen {

inline constexpr std::size_t kQuotedInputBytes = 32;

// `text` whole when it has at most `maxBytes` bytes, else its first `maxBytes` bytes (cut
// back to a whole UTF-8 character) followed by "…".
inline std::string inputPrefix(std::string_view text, std::size_t maxBytes = kQuotedInputBytes) {
  if (text.size() <= maxBytes) return std::string(text);
  std::size_t cut = maxBytes;
  // Continuation bytes are 10xxxxxx: never end the prefix in the middle of a character.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "\u2026";
}

// inputPrefix in double quotes: "\"D4\"", "\"AAAA…\"".
inline std::string quoteInput(std::string_view text, std::size_t maxBytes = kQuotedInputBytes) {
  return "\"" + inputPrefix(text, maxBytes) + "\"";
}

}  // namespace tengen
