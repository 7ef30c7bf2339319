#include "server/static_files.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <system_error>
#include <utility>

namespace tengen::server {

namespace fs = std::filesystem;

std::string_view contentTypeFor(std::string_view fileName) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".sgf", "application/x-go-sgf"},
      {".woff2", "font/woff2"},
      {".webmanifest", "application/manifest+json"},
      {".jpg", "image/jpeg"},
  }};
  const auto dot = fileName.rfind('.');
  if (dot == std::string_view::npos) return "application/octet-stream";
  const std::string_view extension = fileName.substr(dot);
  for (const auto& [ext, type] : kTypes) {
    if (equalsIgnoreCase(ext, extension)) return type;
  }
  return "application/octet-stream";
}

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A weak validator from size and modification time: enough for revalidation of plain files.
std::string etagFor(const fs::path& file, std::uintmax_t size) {
  std::error_code ec;
  const auto modified = fs::last_write_time(file, ec);
  const auto ticks = ec ? 0 : static_cast<std::uint64_t>(modified.time_since_epoch().count());
  char text[64];
  std::snprintf(text, sizeof text, "W/\"%jx-%jx\"", static_cast<std::uintmax_t>(size),
                static_cast<std::uintmax_t>(ticks));
  return text;
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

StaticFiles::StaticFiles(fs::path root) {
  std::error_code ec;
  root_ = fs::canonical(root, ec);
  if (ec) root_.clear();
}

fs::path StaticFiles::resolve(std::string_view urlPath, int& status) const {
  status = 404;
  if (root_.empty()) return {};
  if (urlPath.empty() || urlPath.front() != '/') {
    status = 400;
    return {};
  }
  auto decoded = percentDecode(urlPath);
  if (!decoded) {
    status = 400;
    return {};
  }
  // Build the path one checked segment at a time: never `root / decoded`, which an absolute
  // or `..`-laden path would escape.
  fs::path file = root_;
  std::string_view rest = *decoded;
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (segment.empty()) continue;
    if (segment == "." || segment == ".." || segment.find('\\') != std::string_view::npos ||
        segment.find('\0') != std::string_view::npos) {
      status = 400;
      return {};
    }
    if (segment.front() == '.') return {};  // hidden files stay private
    file /= segment;
  }
  std::error_code ec;
  if (fs::is_directory(file, ec)) file /= "index.html";
  // Symlinks may point anywhere: accept only files whose real path is still under the root.
  const fs::path real = fs::canonical(file, ec);
  if (ec || !fs::is_regular_file(real, ec)) return {};
  const auto [rootEnd, realIt] =
      std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
  if (rootEnd != root_.end()) return {};
  status = 200;
  return real;
}

HttpResponse StaticFiles::serve(const HttpRequestView& request) const {
  int status = 404;
  const fs::path file = resolve(request.path, status);
  if (status != 200) {
    return HttpResponse::text(status, status == 400 ? "bad path" : "not found");
  }
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(file, ec);
  if (ec || size > kMaxFileBytes) return HttpResponse::text(404, "not found");

  HttpResponse response;
  response.contentType = std::string(contentTypeFor(file.filename().native()));
  // No build step means no hashed file names: let browsers keep files but revalidate each use.
  response.headers.emplace_back("Cache-Control", "no-cache");
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  const std::string etag = etagFor(file, size);
  response.headers.emplace_back("ETag", etag);
  if (auto match = request.header("If-None-Match"); match && *match == etag) {
    response.status = 304;
    return response;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return HttpResponse::text(404, "not found");
  response.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return response;
}

}  // namespace tengen::server
