#include "sgf/charset.h"

#include <iconv.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>

#include "sgf/lexer.h"
#include "sgf/text.h"

namespace tengen::sgf {

namespace {

// An iconv descriptor closed on every path out.
class Converter {
 public:
  explicit Converter(const char* from) : cd_(iconv_open("UTF-8", from)) {}
  ~Converter() {
    if (valid()) iconv_close(cd_);
  }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  bool valid() const { return cd_ != reinterpret_cast<iconv_t>(-1); }
  iconv_t get() const { return cd_; }

 private:
  iconv_t cd_;
};

// The root node's CA, read from the raw bytes with the lexer: the root's properties come
// before any text whose second bytes could confuse it in practice (CA is written first or
// near it), and a lexing error only means no CA is found.
std::optional<std::string> rootCharset(std::string_view bytes) {
  Lexer lexer(bytes);
  if (!lexer.skipToGameTree()) return std::nullopt;
  int semicolons = 0;
  bool afterCa = false;
  for (;;) {
    auto token = lexer.next();
    if (!token || token->kind == TokenKind::End) return std::nullopt;
    switch (token->kind) {
      case TokenKind::Semicolon:
        if (++semicolons > 1) return std::nullopt;
        break;
      case TokenKind::Identifier:
        afterCa = token->text == "CA";
        break;
      case TokenKind::Value:
        if (afterCa) return decodeSimpleText(token->text);
        break;
      case TokenKind::Close:
        return std::nullopt;
      default:
        break;
    }
  }
}

// Upper case without blanks, '_' as '-': "ISO8859_1" (GoGui), "shift_jis", "Big5".
std::string normalized(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ' ' || c == '\t') continue;
    if (c == '_') c = '-';
    out += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  }
  return out;
}

// The iconv name to decode a CA value with: the East Asian standards as the supersets
// Windows and the servers really write (a GB2312 file with a GBK-only character is common).
std::string iconvName(const std::string& ca) {
  if (ca == "GB2312" || ca == "GBK" || ca == "EUC-CN" || ca == "CP936" || ca == "GB18030") {
    return "GB18030";
  }
  if (ca == "SHIFT-JIS" || ca == "SJIS" || ca == "MS-KANJI") return "CP932";
  if (ca == "EUC-KR" || ca == "KS-C-5601-1987" || ca == "KSC5601") return "CP949";
  if (ca == "BIG5" || ca == "BIG-5") return "CP950";
  return ca;
}

// A CA value as messages quote it: a long one (no charset name is) cut short.
std::string quoted(const std::string& ca) {
  return "CA[" + (ca.size() > 24 ? ca.substr(0, 24) + "..." : ca) + "]";
}

bool isAscii(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

bool isUtf8Name(const std::string& ca) { return ca == "UTF-8" || ca == "UTF8"; }

// See decodeSgfBytes: every byte from 0x80 up in a pair with both bytes in 0xA1..0xFE.
bool looksLikeGb2312(std::string_view text) {
  bool any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) continue;
    if (i + 1 >= text.size()) return false;
    const auto trail = static_cast<unsigned char>(text[i + 1]);
    if (byte < 0xA1 || byte == 0xFF || trail < 0xA1 || trail == 0xFF) return false;
    any = true;
    ++i;
  }
  return any;
}

// The guess for text that is not what its CA says, or has none (see decodeSgfBytes).
DecodedText guess(std::string_view bytes, const std::string& why) {
  if (isValidUtf8(bytes)) return {std::string(bytes), why + "; read as UTF-8"};
  if (looksLikeGb2312(bytes)) {
    if (auto text = convertToUtf8(bytes, "GB18030")) return {*text, why + "; read as GB18030"};
  }
  if (auto text = convertToUtf8(bytes, "WINDOWS-1252")) {
    return {*text, why + "; read as Windows-1252"};
  }
  return {*convertToUtf8(bytes, "ISO-8859-1"), why + "; read as ISO-8859-1"};
}

}  // namespace

bool isValidUtf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      ++i;
      continue;
    }
    int length = 0;
    std::uint32_t code = 0;
    if ((byte & 0xE0) == 0xC0) {
      length = 2;
      code = byte & 0x1F;
    } else if ((byte & 0xF0) == 0xE0) {
      length = 3;
      code = byte & 0x0F;
    } else if ((byte & 0xF8) == 0xF0) {
      length = 4;
      code = byte & 0x07;
    } else {
      return false;
    }
    if (i + length > text.size()) return false;
    for (int k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = code << 6 | (next & 0x3F);
    }
    // Overlong forms, surrogates and code points past Unicode's end are not UTF-8.
    static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return false;
    }
    i += length;
  }
  return true;
}

std::optional<std::string> convertToUtf8(std::string_view bytes, const char* charset) {
  Converter converter(charset);
  if (!converter.valid()) return std::nullopt;
  std::string out(bytes.size() * 2 + 16, '\0');
  // iconv's interface takes non-const input; it does not write through it.
  char* in = const_cast<char*>(bytes.data());
  std::size_t inLeft = bytes.size();
  std::size_t done = 0;
  for (;;) {
    char* outAt = out.data() + done;
    std::size_t outLeft = out.size() - done;
    const std::size_t rc = iconv(converter.get(), &in, &inLeft, &outAt, &outLeft);
    done = out.size() - outLeft;
    if (rc != static_cast<std::size_t>(-1)) break;
    if (errno != E2BIG) return std::nullopt;  // EILSEQ or EINVAL: not this charset
    out.resize(out.size() * 2);
  }
  out.resize(done);
  return out;
}

Result<DecodedText> decodeSgfBytes(std::string_view bytes) {
  // UTF-8's mark is dropped; what follows is read as below (a CA naming another charset
  // does not win over valid UTF-8 then, and text that is not UTF-8 is guessed).
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  const bool littleEndian = bytes.starts_with("\xFF\xFE");
  if (littleEndian || bytes.starts_with("\xFE\xFF")) {
    auto text = convertToUtf8(bytes.substr(2), littleEndian ? "UTF-16LE" : "UTF-16BE");
    if (!text) {
      return fail(std::string("the file starts with a UTF-16 ") + (littleEndian ? "LE" : "BE") +
                      " byte order mark but is not valid UTF-16: expected UTF-16 text after it",
                  "line 1, column 1");
    }
    return DecodedText{std::move(*text), ""};
  }
  // Without a mark, "(" as one of two bytes with a zero byte is UTF-16 all the same: no
  // 8-bit SGF file starts with a zero byte.
  const bool zeroSecond = bytes.starts_with(std::string_view("(\0", 2));
  if (zeroSecond || bytes.starts_with(std::string_view("\0(", 2))) {
    if (auto text = convertToUtf8(bytes, zeroSecond ? "UTF-16LE" : "UTF-16BE")) {
      return DecodedText{std::move(*text), ""};
    }
  }
  const std::optional<std::string> ca = rootCharset(bytes);
  if (!ca || ca->empty()) {
    if (isValidUtf8(bytes)) return DecodedText{std::string(bytes), ""};
    return guess(bytes, "no CA and the text is not UTF-8");
  }
  const std::string name = normalized(*ca);
  if (isUtf8Name(name) || name == "US-ASCII" || name == "ASCII") {
    if (isValidUtf8(bytes)) return DecodedText{std::string(bytes), ""};
    return guess(bytes, quoted(*ca) + " but the text is not valid UTF-8");
  }
  const std::string iconvCharset = iconvName(name);
  if (!Converter(iconvCharset.c_str()).valid()) {
    return guess(bytes, "unknown charset " + quoted(*ca));
  }
  // 8-bit text that is valid UTF-8 is UTF-8 whatever CA says (programs that convert a
  // record often leave its CA behind; legacy text is almost never valid UTF-8 by chance),
  // but 7-bit text goes through the named charset, which may be ISO-2022-JP.
  if (!isAscii(bytes) && isValidUtf8(bytes)) {
    return DecodedText{std::string(bytes), quoted(*ca) + " but the text is UTF-8; read as UTF-8"};
  }
  if (auto text = convertToUtf8(bytes, iconvCharset.c_str())) return DecodedText{*text, ""};
  return guess(bytes, "the text is not valid in its charset " + quoted(*ca));
}

}  // namespace tengen::sgf
