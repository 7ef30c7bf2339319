#pragma once

#include <string>

namespace tengen::sgf {

// A place in the SGF text, both counted from 1. Columns count bytes, so a multi-byte
// UTF-8 character advances the column by its length; CR, LF and CRLF each end one line.
struct SourcePos {
  int line = 1;
  int column = 1;

  // "line 3, column 7", the form Error::where takes.
  std::string toString() const {
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
  }
  bool operator==(const SourcePos&) const = default;
};

}  // namespace tengen::sgf
