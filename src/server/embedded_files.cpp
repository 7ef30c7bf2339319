#include "server/embedded_files.h"

#include <algorithm>
#include <optional>
#include <string>

#include "server/static_files.h"
#include "server/static_path.h"

namespace tengen::server {

EmbeddedFiles::EmbeddedFiles(std::span<const EmbeddedFile> files) : files_(files) {}

const EmbeddedFile* EmbeddedFiles::find(std::string_view path) const {
  const auto it = std::lower_bound(
      files_.begin(), files_.end(), path,
      [](const EmbeddedFile& file, std::string_view wanted) { return file.path < wanted; });
  return it != files_.end() && it->path == path ? &*it : nullptr;
}

const EmbeddedFile* EmbeddedFiles::resolve(std::string_view urlPath, int& status) const {
  const auto relative = webRelativePath(urlPath, status);
  if (!relative) return nullptr;
  // A directory is any prefix of a file's path; as on disk, it stands for its index.html.
  const EmbeddedFile* file = relative->empty() ? find("index.html") : find(*relative);
  if (!file && !relative->empty()) file = find(*relative + "/index.html");
  status = file ? 200 : 404;
  return file;
}

HttpResponse EmbeddedFiles::serve(const HttpRequestView& request) const {
  int status = 404;
  const EmbeddedFile* file = resolve(request.path, status);
  if (!file) return HttpResponse::text(status, status == 400 ? "bad path" : "not found");
  // npos + 1 is 0: a file at the top has no folder to strip.
  const std::string_view name = file->path.substr(file->path.rfind('/') + 1);
  return webFileResponse(
      request, name, std::string(file->etag),
      [file]() -> std::optional<std::string> { return std::string(file->bytes); });
}

}  // namespace tengen::server
