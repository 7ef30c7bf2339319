#include "server/http_message.h"

#include <algorithm>
#include <cctype>

namespace tengen::server {

HttpMethod parseHttpMethod(std::string_view text) {
  if (text == "GET") return HttpMethod::Get;
  if (text == "HEAD") return HttpMethod::Head;
  if (text == "POST") return HttpMethod::Post;
  if (text == "PUT") return HttpMethod::Put;
  if (text == "DELETE") return HttpMethod::Delete;
  if (text == "PATCH") return HttpMethod::Patch;
  if (text == "OPTIONS") return HttpMethod::Options;
  return HttpMethod::Other;
}

std::string_view httpMethodName(HttpMethod method) {
  switch (method) {
    case HttpMethod::Get:
      return "GET";
    case HttpMethod::Head:
      return "HEAD";
    case HttpMethod::Post:
      return "POST";
    case HttpMethod::Put:
      return "PUT";
    case HttpMethod::Delete:
      return "DELETE";
    case HttpMethod::Patch:
      return "PATCH";
    case HttpMethod::Options:
      return "OPTIONS";
    case HttpMethod::Other:
      break;
  }
  return "OTHER";
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view trimBlanks(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::optional<std::string_view> HttpRequestView::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (equalsIgnoreCase(key, name)) return value;
  }
  return std::nullopt;
}

HttpResponse HttpResponse::text(int status, std::string body) {
  HttpResponse response;
  response.status = status;
  response.body = std::move(body);
  if (!response.body.empty() && response.body.back() != '\n') response.body += '\n';
  return response;
}

}  // namespace tengen::server
