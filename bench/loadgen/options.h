#pragma once

// Command-line options of the load generator and the server address they name.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"

namespace CLI {
class App;
}

namespace tengen::loadgen {

// Where `tengen serve` listens: only plain http:// URLs with a literal or resolvable host.
struct Endpoint {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;

  // The Host header value, "host:port".
  std::string hostHeader() const { return host + ":" + std::to_string(port); }
};

// "http://127.0.0.1:8080" (a trailing "/" is allowed); ws:// is accepted as a synonym.
Result<Endpoint> parseUrl(const std::string& url);

// Processes whose CPU time inside the window is reported together under one name, such as the
// nodes of a cluster or PostgreSQL's postmaster and backends.
struct CpuPart {
  std::string name;
  std::vector<int> pids;
};

// "nodes=101,102" -> {"nodes", {101, 102}}.
Result<CpuPart> parseCpuPart(const std::string& text);

struct Options {
  std::string url = "http://127.0.0.1:8080";
  Endpoint endpoint;
  // Play scenario on several nodes: the second player of each game connects here instead, so
  // the game is owned by the --url node and every move of the joiner is forwarded to it.
  std::string joinerUrl;
  Endpoint joinerEndpoint;  // `endpoint` when no --joiner-url was given
  // Play scenario.
  int games = 100;
  double rate = 1000;           // moves per second over all games
  double durationSeconds = 30;  // measuring window
  double warmupSeconds = 5;     // played but not measured, after every game has started
  int size = 19;
  int movesPerGame = 150;  // the player to move resigns at this move number; a new game follows
  // Idle scenario: open this many sockets and hold them (0: play scenario).
  int idle = 0;
  bool idleLogin = false;  // give every idle socket its own guest session
  // Both.
  int threads = 1;
  int serverPid = 0;               // sample /proc/<pid> for memory and CPU when not 0
  std::vector<std::string> cpuOf;  // --cpu-of, parsed into cpuParts
  std::vector<CpuPart> cpuParts;
  int httpConnections = 8;     // keep-alive connections for guest creation
  int pipelineDepth = 32;      // requests written before reading their responses
  int connectInFlight = 64;    // WebSocket handshakes in progress at once
  double timeoutSeconds = 10;  // a reply or event slower than this is an error
  std::uint64_t seed = 0;      // 0: random
};

// Registers every option on `app`, writing into `options`.
void addOptions(CLI::App& app, Options& options);

// Checks combinations the parser cannot (rate needs games, etc.) and fills `endpoint`.
Result<void> finishOptions(Options& options);

}  // namespace tengen::loadgen
