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

HttpResponse webFileResponse(const HttpRequestView& request, std::string_view fileName,
                             std::string etag,
                             const std::function<std::optional<std::string>()>& readBody) {
  HttpResponse response;
  response.contentType = std::string(contentTypeFor(fileName));
  // No build step means no hashed file names: let browsers keep files but revalidate each use.
  response.headers.emplace_back("Cache-Control", "no-cache");
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  response.headers.emplace_back("ETag", etag);
  if (auto match = request.header("If-None-Match"); match && *match == etag) {
    response.status = 304;
    return response;
  }
  auto body = readBody();
  if (!body) return HttpResponse::text(404, "not found");
  response.body = std::move(*body);
  return response;
}

StaticFiles::StaticFiles(fs::path root) {
  std::error_code ec;
  root_ = fs::canonical(root, ec);
  if (ec) root_.clear();
}

fs::path StaticFiles::resolve(std::string_view urlPath, int& status) const {
  const auto relative = webRelativePath(urlPath, status);
  if (!relative) return {};
  status = 404;
  if (root_.empty()) return {};
  // The relative path holds only checked segments, so appending it cannot leave the root.
  fs::path file = relative->empty() ? root_ : root_ / *relative;
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

  return webFileResponse(request, file.filename().native(), etagFor(file, size),
                         [&file]() -> std::optional<std::string> {
                           std::ifstream in(file, std::ios::binary);
                           if (!in) return std::nullopt;
                           return std::string(std::istreambuf_iterator<char>(in),
                                              std::istreambuf_iterator<char>());
                         });
}

}  // namespace tengen::server
