#pragma once

// Which names the server answers to. A page on another site can make a visitor's browser reach
// this server under the other site's name (DNS rebinding: evil.example first resolves to the
// attacker, then to 127.0.0.1 or a LAN address); the browser then treats us as the other
// site, sends its requests with `Host: evil.example` and, since Origin and Host agree, passes
// the Origin check. Refusing every Host we were not told about stops that. Allowed are:
// - the names of ServerOptions::allowedHosts (`--host`), and "*" for any,
// - `localhost`, which a rebinding page cannot be served from,
// - any IP address (127.0.0.1, [::1], the listen address, a LAN address): a page whose origin
//   is an IP address was loaded from that very address, so no name was rebound,
// - a request without Host (HTTP/1.0 clients, HAProxy's health check): browsers always send it.
// The port is not compared: it is whatever the client used to reach us, through a proxy or not.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::server {

// The name part of a Host header or a `--host` entry, lower-case and without a port, a
// trailing dot or IPv6 brackets: "Go.Example.org:8080" gives "go.example.org", "[::1]:80"
// gives "::1". nullopt when it is not a host[:port] at all (empty, a bad port, a bare IPv6
// address, a space).
std::optional<std::string> hostName(std::string_view hostHeader);

// Whether a request whose Host header is `host` (nullopt: none) is served, given the
// configured names `allowed` (each as hostName reads it, or "*").
bool isHostAllowed(std::optional<std::string_view> host, const std::vector<std::string>& allowed);

}  // namespace tengen::server
