#include "sgf/text.h"

namespace tengen::sgf {

namespace {

bool isBreak(char c) { return c == '\n' || c == '\r'; }

// Length of the line break starting at raw[i] (LF, CR, CRLF or LFCR), or 0.
std::size_t breakLength(std::string_view raw, std::size_t i) {
  if (!isBreak(raw[i])) return 0;
  if (i + 1 < raw.size() && isBreak(raw[i + 1]) && raw[i + 1] != raw[i]) return 2;
  return 1;
}

std::string flattenWhitespace(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t n = breakLength(text, i)) {
      out += ' ';
      i += n;
      continue;
    }
    const char c = text[i++];
    out += (c == '\t' || c == '\v' || c == '\f') ? ' ' : c;
  }
  return out;
}

}  // namespace

std::string decodeText(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size();) {
    if (raw[i] != '\\') {
      out += raw[i++];
      continue;
    }
    ++i;
    if (i == raw.size()) break;  // a lone trailing backslash escapes nothing
    if (const std::size_t n = breakLength(raw, i)) {
      i += n;  // soft line break
      continue;
    }
    out += raw[i++];
  }
  return out;
}

std::string decodeSimpleText(std::string_view raw) { return flattenWhitespace(decodeText(raw)); }

std::string encodeText(std::string_view text, bool composed) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == ']' || c == '\\' || (composed && c == ':')) out += '\\';
    out += c;
  }
  return out;
}

std::string encodeSimpleText(std::string_view text) { return encodeText(flattenWhitespace(text)); }

}  // namespace tengen::sgf
