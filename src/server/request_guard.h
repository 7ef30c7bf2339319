#pragma once

// Which REST calls may change state. A browser sends a cross-site form or `fetch` with the
// visitor's cookies (SameSite=Lax still lets top-level POSTs through in some browsers, and any
// `text/plain` POST needs no CORS preflight), so an attacker's page could log a visitor into
// the attacker's account (login CSRF) or replace their session. A state-changing call
// (POST, PUT, DELETE, PATCH under /api/) is therefore accepted only when
// - it is not marked `Sec-Fetch-Site: cross-site`,
// - its `Origin`, when present, is allowed (origin_policy.h, the same list as WebSockets):
//   browsers always send Origin on a cross-site POST; bots and curl send none and pass,
// - its `Content-Type` is application/json (parameters allowed): a browser cannot send that
//   cross-site without a CORS preflight, which this server never grants.
// Everything else (GET, HEAD, static files) passes untouched.

#include <optional>
#include <string>
#include <vector>

#include "server/http_message.h"

namespace tengen::server {

// True for the calls checked here: POST, PUT, DELETE and PATCH on paths under /api/.
bool changesState(const HttpRequestView& request);

// The refusal of a call that breaks the rules above: 403 `cross_site_request` or 415
// `unsupported_media_type`, as `{"error":{"code":…,"message":…}}`. nullopt: let it through.
std::optional<HttpResponse> refuseUnsafeRequest(const HttpRequestView& request,
                                                const std::vector<std::string>& allowedOrigins);

// `{"error":{"code":…,"message":…}}` with `status`: the REST error shape (docs/protocol.md,
// "Errors"), for refusals the transport gives before any site route runs.
HttpResponse jsonErrorResponse(int status, std::string_view code, std::string_view message);

// Exposed for tests: whether a Content-Type value names application/json ("Application/JSON;
// charset=utf-8" does, "text/plain" and "application/jsonx" do not).
bool isJsonContentType(std::string_view contentType);

}  // namespace tengen::server
