#pragma once

// The checks every request path for a web client file passes, wherever the files live (a
// directory on disk, static_files.h, or the table built into the binary, embedded_files.h).
// A path is percent-decoded and split into segments before anything looks it up, so that
// nothing can name a file outside the web root.

#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::server {

// Decodes %XX escapes; fails on a malformed escape. '+' stays '+' (paths are not forms).
Result<std::string> percentDecode(std::string_view text);

// The path under the web root that a URL path names: its segments joined by '/', "" for the
// root itself; empty segments (`//`) are skipped. nullopt with `status` 400 for a path that does
// not start with '/', a bad escape, a `.` or `..` segment (encoded or not), a backslash or a NUL;
// nullopt with 404 for a hidden name (a segment starting with '.').
std::optional<std::string> webRelativePath(std::string_view urlPath, int& status);

}  // namespace tengen::server
