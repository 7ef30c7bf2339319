#pragma once

// Beast-free views of an HTTP request and a plain response value, so routes, static files and
// tests never include Beast. The session converts to and from Beast's types.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::server {

enum class HttpMethod { Get, Head, Post, Put, Delete, Patch, Options, Other };

HttpMethod parseHttpMethod(std::string_view text);
std::string_view httpMethodName(HttpMethod method);

// Valid only during the handler call: every view points into the session's request.
struct HttpRequestView {
  HttpMethod method = HttpMethod::Get;
  std::string_view target;  // as sent: path plus optional ?query
  std::string_view path;    // target up to '?', still percent-encoded
  std::string_view query;   // after '?', without it
  std::string_view body;
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  // The client's IP address as text ("127.0.0.2", "::1"), without the port; empty if unknown.
  // The TCP peer: behind a reverse proxy this is the proxy (see docs/protocol.md, "Limits").
  std::string_view remoteAddress;

  // Case-insensitive lookup of the first header with this name.
  std::optional<std::string_view> header(std::string_view name) const;
};

struct HttpResponse {
  int status = 200;
  std::string contentType = "text/plain; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers

  static HttpResponse text(int status, std::string body);
};

bool equalsIgnoreCase(std::string_view a, std::string_view b);
// `text` without the spaces and tabs around it (HTTP's optional whitespace in header values).
std::string_view trimBlanks(std::string_view text);

}  // namespace tengen::server
