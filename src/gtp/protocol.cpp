#include "gtp/protocol.h"

#include <algorithm>
#include <cctype>

namespace tengen::gtp {

namespace {

bool isDigits(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string format(char status, std::string_view id, std::string_view text) {
  std::string out;
  out.reserve(text.size() + id.size() + 4);
  out += status;
  out += id;
  out += ' ';
  for (char c : text) {
    if (c == '\n' && (out.back() == '\n')) continue;
    out += c;
  }
  while (out.back() == '\n') out.pop_back();
  out += "\n\n";
  return out;
}

}  // namespace

bool readLine(std::istream& in, std::string& line, bool& truncated) {
  line.clear();
  truncated = false;
  std::streambuf* buf = in.rdbuf();
  if (buf == nullptr) return false;
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (c == '\n') return true;
    if (line.size() < kMaxLineBytes) {
      line += static_cast<char>(c);
    } else {
      truncated = true;
    }
  }
}

void preprocessLine(std::string& line) {
  std::size_t out = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c == '#') break;
    if (c == '\t') {
      line[out++] = ' ';
    } else if (c >= 32 && c != 127) {
      line[out++] = static_cast<char>(c);
    }
  }
  line.resize(out);
  const auto first = line.find_first_not_of(' ');
  if (first == std::string::npos) {
    line.clear();
    return;
  }
  line.erase(line.find_last_not_of(' ') + 1);
  line.erase(0, first);
}

Request parseRequest(std::string_view line) {
  Request request;
  std::size_t i = 0;
  bool first = true;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ') ++j;
    if (j == i) break;
    const std::string_view word = line.substr(i, j - i);
    if (first && isDigits(word)) {
      request.id = word;
    } else if (request.name.empty()) {
      request.name = word;
    } else {
      request.args.push_back(word);
    }
    first = false;
    i = j;
  }
  return request;
}

std::string formatSuccess(std::string_view id, std::string_view text) {
  return format('=', id, text);
}

std::string formatFailure(std::string_view id, std::string_view text) {
  return format('?', id, text);
}

}  // namespace tengen::gtp
