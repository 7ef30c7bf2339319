#include "server/static_path.h"

namespace tengen::server {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Result<std::string> percentDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) {
      return fail("truncated percent escape", "offset " + std::to_string(i));
    }
    const int high = hexValue(text[i + 1]);
    const int low = hexValue(text[i + 2]);
    if (high < 0 || low < 0) return fail("bad percent escape", "offset " + std::to_string(i));
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

std::optional<std::string> webRelativePath(std::string_view urlPath, int& status) {
  status = 400;
  if (urlPath.empty() || urlPath.front() != '/') return std::nullopt;
  auto decoded = percentDecode(urlPath);
  if (!decoded) return std::nullopt;
  // Checked one segment at a time, after decoding: an encoded "%2e%2e" or "%2F" is caught here
  // like a plain one, and no absolute path survives (its leading '/' is an empty segment).
  std::string relative;
  std::string_view rest = *decoded;
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (segment.empty()) continue;
    if (segment == "." || segment == ".." || segment.find('\\') != std::string_view::npos ||
        segment.find('\0') != std::string_view::npos) {
      return std::nullopt;
    }
    if (segment.front() == '.') {
      status = 404;  // hidden files stay private
      return std::nullopt;
    }
    if (!relative.empty()) relative += '/';
    relative += segment;
  }
  status = 200;
  return relative;
}

}  // namespace tengen::server
