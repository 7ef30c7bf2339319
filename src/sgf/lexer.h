#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/result.h"
#include "sgf/source_pos.h"

namespace tengen::sgf {

enum class TokenKind { Open, Close, Semicolon, Identifier, Value, End };

struct Token {
  TokenKind kind = TokenKind::End;
  // Identifier: the normalized identifier. Value: the raw text between the brackets, escapes
  // kept. Empty for the punctuation tokens.
  std::string text;
  SourcePos position;
};

// Splits SGF text into tokens, skipping whitespace between them and tracking line and
// column. Identifiers are normalized as FF[4] asks of readers of older files: lowercase
// letters are ignored ("AddBlack" is AB); an identifier with no uppercase letter at all is
// uppercased ("b" is B), which sloppy writers produce and no FF[4] property needs.
class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Result<Token> next();
  // Skips any text up to the next "(;" (optionally with whitespace between): FF[4] lets a
  // collection be preceded by arbitrary text, such as a mail header. False at the end.
  bool skipToGameTree();
  SourcePos position() const { return position_; }

 private:
  bool atEnd() const { return at_ >= text_.size(); }
  char peek() const { return text_[at_]; }
  // Consumes one byte; CR, LF and CRLF each count as one line break.
  void advance();
  void skipWhitespace();
  Result<Token> identifier();
  Result<Token> value();

  std::string_view text_;
  std::size_t at_ = 0;
  SourcePos position_;
};

// How a byte reads in an error message: 'x', or "byte 0x07" for control characters.
std::string describeByte(char c);

}  // namespace tengen::sgf
