#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::gtp {

// Longest command line the engine reads; the rest of a longer line is discarded unread so
// that no input can make the engine hold more than this much of it.
constexpr std::size_t kMaxLineBytes = 1 << 20;

// One request as GTP v2 section 2.5 frames it: `[id] command_name [arguments]`. The views
// point into the preprocessed line they were parsed from.
struct Request {
  std::string_view id;  // digits, or empty when the controller sent none
  std::string_view name;
  std::vector<std::string_view> args;
};

// Reads one line (without its LF) into `line`, keeping at most kMaxLineBytes of it.
// Returns false at end of input with nothing read; `truncated` tells if bytes were dropped.
bool readLine(std::istream& in, std::string& line, bool& truncated);

// GTP v2 section 3.1 preprocessing, in place: control characters other than HT and LF are
// removed (so CR from CRLF input disappears), HT becomes a space, and everything from '#'
// on is a comment. Leading and trailing spaces are trimmed; empty means "skip the line".
void preprocessLine(std::string& line);

// Splits a preprocessed, non-empty line into id, command name and arguments.
Request parseRequest(std::string_view line);

// `=[id] text\n\n` and `?[id] text\n\n`. The text is cleaned so the reply stays one
// response: runs of newlines are collapsed (an empty line would end it early) and trailing
// newlines dropped.
std::string formatSuccess(std::string_view id, std::string_view text);
std::string formatFailure(std::string_view id, std::string_view text);

}  // namespace tengen::gtp
