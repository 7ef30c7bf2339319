#include "gtp/command_line_split.h"

namespace tengen::gtp {

Result<std::vector<std::string>> splitCommandLine(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;  // distinguishes an empty quoted word ("") from no word at all
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t') {
      if (inWord) words.push_back(std::move(word));
      word.clear();
      inWord = false;
      continue;
    }
    inWord = true;
    if (c != '\'' && c != '"') {
      word += c;
      continue;
    }
    const std::size_t open = i;
    for (++i; i < line.size() && line[i] != c; ++i) {
      if (c == '"' && line[i] == '\\' && i + 1 < line.size() &&
          (line[i + 1] == '"' || line[i + 1] == '\\')) {
        ++i;
      }
      word += line[i];
    }
    if (i == line.size()) {
      return fail(std::string("the quote ") + c + " is never closed",
                  "column " + std::to_string(open + 1));
    }
  }
  if (inWord) words.push_back(std::move(word));
  if (words.empty()) return fail("the command is empty");
  return words;
}

}  // namespace tengen::gtp
