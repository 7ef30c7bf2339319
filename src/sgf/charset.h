#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::sgf {

// An SGF file's text as UTF-8, which is how tengen holds all text (and what it writes,
// with CA[UTF-8]), plus what was read otherwise than the file says.
struct DecodedText {
  std::string utf8;
  std::string warning;  // "" unless the charset was guessed against or without CA
};

// Decodes the bytes of an SGF file (glibc's iconv does the conversions):
//  - a byte order mark decides first: UTF-8's is dropped, UTF-16 LE or BE is converted;
//    a file starting with "(" and a zero byte (or the reverse) is UTF-16 without the mark;
//  - else the root node's CA names the charset (GB2312, GBK, Big5, Shift_JIS, EUC-KR,
//    ISO-8859-1, ... as iconv knows them; the Chinese, Japanese and Korean names are read
//    as the supersets their writers actually produce: GB18030, CP932, CP949, CP950);
//  - 8-bit text that is valid UTF-8 is UTF-8 whatever CA says, with a warning if CA says
//    otherwise (converted records often keep their old CA; 7-bit text still goes through
//    CA, which may name ISO-2022-JP);
//  - without CA, text that is valid UTF-8 is UTF-8 (FF[4] makes ISO-8859-1 the default,
//    but UTF-8 is what current programs write without saying so);
//  - otherwise (no CA and 8-bit text that is not UTF-8, an unknown CA, or bytes invalid in
//    the named charset) the text is guessed, with a warning: valid UTF-8 stays UTF-8;
//    8-bit text whose every byte from 0x80 up pairs into a two-byte character of the
//    GB2312 layout (both bytes 0xA1-0xFE) is read as GB18030, since CA-less 8-bit records
//    mostly come from Chinese servers and editors; anything else as Windows-1252, or
//    ISO-8859-1 where 1252 leaves a byte undefined (both never fail on Western text).
// The CA is found before decoding because multi-byte charsets (Shift_JIS, Big5, GBK) use
// '\' and ']' as second bytes, so the SGF syntax can only be read in the decoded text.
// Errors only for a byte order mark followed by text that is not UTF-16.
Result<DecodedText> decodeSgfBytes(std::string_view bytes);

// `bytes` in iconv charset `charset` as UTF-8; nullopt if iconv does not know the charset
// or the bytes are not valid in it.
std::optional<std::string> convertToUtf8(std::string_view bytes, const char* charset);

bool isValidUtf8(std::string_view text);

}  // namespace tengen::sgf
