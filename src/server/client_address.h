#pragma once

// The address a request comes from, for the limits kept per address (sockets, login attempts).
// Behind a load balancer (scripts/cluster.sh puts HAProxy in front of the nodes) every TCP peer
// is the balancer, and the client is the address it appends to X-Forwarded-For; only a peer the
// operator named as a trusted proxy is believed, since anyone else can write that header.

#include <span>
#include <string>
#include <string_view>

namespace tengen::server {

// An IPv4 or IPv6 address in its usual text form ("203.0.113.7", "2001:db8::1").
bool isIpAddress(std::string_view text);

// `peer`: the TCP peer's IP address. `forwardedFor`: the values of every X-Forwarded-For
// field, in order. Gives the last entry of the last field when `peer` is one of
// `trustedProxies` and that entry is an IP address; otherwise `peer`.
std::string clientAddress(std::string_view peer, std::span<const std::string_view> forwardedFor,
                          std::span<const std::string> trustedProxies);

}  // namespace tengen::server
