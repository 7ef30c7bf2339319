#pragma once

// Which browser pages may open a WebSocket to us. Browsers always send `Origin` on a WebSocket
// handshake, so checking it stops other sites from using a visitor's cookies against us
// (cross-site WebSocket hijacking). Non-browser clients (bots) may omit it and are let in; they
// could forge it anyway.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::server {

// `allowed` empty: the Origin's host[:port] must equal the request's Host header. Otherwise the
// Origin must equal one entry (scheme://host[:port], case-insensitive), or an entry is "*".
bool isOriginAllowed(std::optional<std::string_view> origin, std::optional<std::string_view> host,
                     const std::vector<std::string>& allowed);

}  // namespace tengen::server
