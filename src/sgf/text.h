#pragma once

#include <string>
#include <string_view>

namespace tengen::sgf {

// SGF text values (FF[4] "Text" and "SimpleText"). Bytes are kept as they are: the file's
// charset was decoded before parsing (charset.h), so loaded text is UTF-8.

// Text: a backslash escapes the next byte; a backslash before a line break (LF, CR,
// CRLF or LFCR) is a soft line break and both vanish. Other line breaks are kept.
std::string decodeText(std::string_view raw);
// SimpleText: decoded as Text, then each line break and each other whitespace byte becomes
// one space.
std::string decodeSimpleText(std::string_view raw);
// For writing: escapes ']' and '\' (and ':' when `composed`, for values of the form a:b).
std::string encodeText(std::string_view text, bool composed = false);
// For writing SimpleText: line breaks and other whitespace become spaces, then encoded,
// so that decodeSimpleText gives back exactly what was written.
std::string encodeSimpleText(std::string_view text);

}  // namespace tengen::sgf
