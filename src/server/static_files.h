#pragma once

// Serves the web client's files from one directory on disk (tengen serve --web-root DIR). Paths
// pass the checks of static_path.h first; on disk, symlinks pointing outside the root are not
// served either (404). `/` and directories serve `index.html`.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_message.h"
#include "server/static_path.h"

namespace tengen::server {

// The Content-Type for a file name by its extension; application/octet-stream if unknown.
std::string_view contentTypeFor(std::string_view fileName);

// The response for one web client file, wherever it is kept: its content type, caching headers
// and `etag`; 304 when the request's If-None-Match names `etag`. `readBody` runs only for a 200;
// nullopt from it gives 404.
HttpResponse webFileResponse(const HttpRequestView& request, std::string_view fileName,
                             std::string etag,
                             const std::function<std::optional<std::string>()>& readBody);

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
