#pragma once

// Serves files under one web root. A request path is percent-decoded and split into segments
// before it touches the file system; anything that could leave the root is refused:
// `..` and `.` segments (encoded or not), backslashes, NUL, bad percent escapes (400), and hidden
// files or symlinks pointing outside the root (404). `/` and directories serve `index.html`.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "base/result.h"
#include "server/http_message.h"

namespace tengen::server {

// The Content-Type for a file name by its extension; application/octet-stream if unknown.
std::string_view contentTypeFor(std::string_view fileName);

// Decodes %XX escapes; fails on a malformed escape. '+' stays '+' (paths are not forms).
Result<std::string> percentDecode(std::string_view text);

class StaticFiles {
 public:
  static constexpr std::size_t kMaxFileBytes = 32 * 1024 * 1024;

  explicit StaticFiles(std::filesystem::path root);

  // GET/HEAD handler for the router. Blocking file I/O: fine for a small web client.
  HttpResponse serve(const HttpRequestView& request) const;

  // The file a URL path names, or the HTTP status to refuse it with (400 or 404).
  std::filesystem::path resolve(std::string_view urlPath, int& status) const;

 private:
  std::filesystem::path root_;  // canonical, or empty when the root does not exist
};

}  // namespace tengen::server
