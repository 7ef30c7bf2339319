#include "sgf/lexer.h"

#include <cstdio>

namespace tengen::sgf {

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool isUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool isLower(char c) { return c >= 'a' && c <= 'z'; }

}  // namespace

std::string describeByte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (c == '\'') return "\"'\"";
  if (byte >= 0x21 && byte < 0x7f) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02x", byte);
  return buf;
}

void Lexer::advance() {
  const char c = text_[at_++];
  if (c == '\n' || (c == '\r' && (atEnd() || peek() != '\n'))) {
    ++position_.line;
    position_.column = 1;
  } else if (c != '\r') {
    ++position_.column;
  }
}

void Lexer::skipWhitespace() {
  while (!atEnd() && isSpace(peek())) advance();
}

bool Lexer::skipToGameTree() {
  while (!atEnd()) {
    if (peek() == '(') {
      std::size_t look = at_ + 1;
      while (look < text_.size() && isSpace(text_[look])) ++look;
      if (look < text_.size() && text_[look] == ';') return true;
    }
    advance();
  }
  return false;
}

Result<Token> Lexer::next() {
  skipWhitespace();
  Token token;
  token.position = position_;
  if (atEnd()) return token;
  const char c = peek();
  switch (c) {
    case '(':
      token.kind = TokenKind::Open;
      break;
    case ')':
      token.kind = TokenKind::Close;
      break;
    case ';':
      token.kind = TokenKind::Semicolon;
      break;
    case '[':
      return value();
    default:
      if (isUpper(c) || isLower(c)) return identifier();
      return fail("unexpected " + describeByte(c) +
                      ": expected a property identifier, '[', ';', '(' or ')'",
                  position_.toString());
  }
  advance();
  return token;
}

Result<Token> Lexer::identifier() {
  Token token{TokenKind::Identifier, {}, position_};
  std::string lowered;
  while (!atEnd() && (isUpper(peek()) || isLower(peek()))) {
    if (isUpper(peek())) token.text += peek();
    lowered += static_cast<char>(peek() & ~0x20);
    advance();
  }
  if (token.text.empty()) token.text = std::move(lowered);
  return token;
}

Result<Token> Lexer::value() {
  Token token{TokenKind::Value, {}, position_};
  advance();  // '['
  const std::size_t start = at_;
  while (!atEnd() && peek() != ']') {
    // A backslash escapes the next byte, so "\]" does not end the value.
    if (peek() == '\\') {
      advance();
      if (atEnd()) break;
    }
    advance();
  }
  if (atEnd()) {
    return fail("unterminated property value: expected ']' before the end of the file",
                token.position.toString());
  }
  token.text = std::string(text_.substr(start, at_ - start));
  advance();  // ']'
  return token;
}

}  // namespace tengen::sgf
