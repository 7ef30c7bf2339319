#pragma once

// Serves the web client from a table of files compiled into the binary (web_files.h), so that
// `tengen serve` needs nothing beside it, wherever it is started. Paths pass the checks of
// static_path.h; `/` and directories serve their `index.html`, as on disk (static_files.h).

#include <span>
#include <string_view>

#include "server/http_message.h"

namespace tengen::server {

struct EmbeddedFile {
  std::string_view path;   // under the web root, '/'-separated: "index.html", "i18n/en.json"
  std::string_view bytes;  // the whole file
  std::string_view etag;   // a strong validator from the content: "\"1a2b...\""
};

class EmbeddedFiles {
 public:
  // `files` must outlive this object (the generated table is static) and be sorted by path.
  explicit EmbeddedFiles(std::span<const EmbeddedFile> files);

  // GET/HEAD handler for the router; never blocks.
  HttpResponse serve(const HttpRequestView& request) const;

  // The file a URL path names, or nullptr with the HTTP status to refuse it with (400 or 404).
  const EmbeddedFile* resolve(std::string_view urlPath, int& status) const;

 private:
  const EmbeddedFile* find(std::string_view path) const;

  std::span<const EmbeddedFile> files_;
};

}  // namespace tengen::server
