#include "options.h"

#include <CLI/CLI.hpp>

#include <charconv>

namespace tengen::loadgen {

Result<Endpoint> parseUrl(const std::string& url) {
  std::string_view rest(url);
  for (std::string_view scheme : {"http://", "ws://"}) {
    if (rest.starts_with(scheme)) {
      rest.remove_prefix(scheme.size());
      break;
    }
  }
  if (rest.size() == url.size()) return fail("expected http://HOST:PORT", "--url " + url);
  if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
    rest = rest.substr(0, slash);
  }
  Endpoint endpoint;
  const auto colon = rest.rfind(':');
  if (colon == std::string_view::npos) {
    endpoint.host = std::string(rest);
    endpoint.port = 80;
  } else {
    endpoint.host = std::string(rest.substr(0, colon));
    const auto digits = rest.substr(colon + 1);
    unsigned port = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
    if (ec != std::errc() || end != digits.data() + digits.size() || port == 0 || port > 65535) {
      return fail("the port must be a number 1..65535", "--url " + url);
    }
    endpoint.port = static_cast<std::uint16_t>(port);
  }
  if (endpoint.host.empty()) return fail("missing host", "--url " + url);
  return endpoint;
}

Result<CpuPart> parseCpuPart(const std::string& text) {
  const auto equals = text.find('=');
  if (equals == std::string::npos || equals == 0) {
    return fail("expected NAME=PID[,PID...]", "--cpu-of " + text);
  }
  CpuPart part{text.substr(0, equals), {}};
  std::string_view rest = std::string_view(text).substr(equals + 1);
  while (true) {
    const auto comma = rest.find(',');
    const auto digits = rest.substr(0, comma);
    int pid = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (ec != std::errc() || end != digits.data() + digits.size() || pid <= 0) {
      return fail("a process id must be a positive number, not '" + std::string(digits) + "'",
                  "--cpu-of " + text);
    }
    part.pids.push_back(pid);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return part;
}

void addOptions(CLI::App& app, Options& o) {
  app.add_option("--url", o.url, "Server base URL (default: http://127.0.0.1:8080)");
  app.add_option("--joiner-url", o.joinerUrl,
                 "Play scenario: connect each game's second player to this server instead (another "
                 "node of the same cluster), so its moves are forwarded to the game's owner");
  app.add_option("--games", o.games, "Concurrent games, two WebSocket players each (default: 100)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--rate", o.rate, "Target moves per second over all games (default: 1000)")
      ->check(CLI::PositiveNumber);
  app.add_option("--duration", o.durationSeconds,
                 "Measuring window in seconds, after the warm-up (default: 30)")
      ->check(CLI::PositiveNumber);
  app.add_option("--warmup", o.warmupSeconds, "Seconds played before measuring starts (default: 5)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--size", o.size, "Board size (default: 19)")->check(CLI::Range(5, 25));
  app.add_option("--moves-per-game", o.movesPerGame,
                 "Resign at this move number and start a new game (default: 150)")
      ->check(CLI::Range(1, 10000));
  app.add_option("--idle", o.idle,
                 "Idle scenario: open this many WebSockets, send hello, hold them for --duration")
      ->check(CLI::Range(0, 1000000));
  app.add_flag(
      "--idle-login", o.idleLogin,
      "Idle scenario: log every socket in with its own guest session (default: anonymous)");
  app.add_option("--threads", o.threads, "Threads, one io_context each (default: 1)")
      ->check(CLI::Range(1, 64));
  app.add_option("--server-pid", o.serverPid,
                 "Sample this process's memory (VmRSS, VmHWM) and CPU time during the run");
  app.add_option("--cpu-of", o.cpuOf,
                 "Report the CPU time these processes use inside the window under NAME "
                 "(NAME=PID[,PID...], repeatable: the nodes, PostgreSQL, Redis, HAProxy)");
  app.add_option("--http-connections", o.httpConnections,
                 "Keep-alive connections creating guest accounts (default: 8)")
      ->check(CLI::Range(1, 256));
  app.add_option("--pipeline", o.pipelineDepth,
                 "Guest requests written per connection before reading replies (default: 32)")
      ->check(CLI::Range(1, 1024));
  app.add_option("--connect-in-flight", o.connectInFlight,
                 "WebSocket handshakes in progress at once (default: 64)")
      ->check(CLI::Range(1, 10000));
  app.add_option("--timeout", o.timeoutSeconds,
                 "Seconds to wait for a reply or an event before counting an error (default: 10)")
      ->check(CLI::PositiveNumber);
  app.add_option("--seed", o.seed, "Random seed for the moves (default: random)");
}

Result<void> finishOptions(Options& options) {
  auto endpoint = parseUrl(options.url);
  if (!endpoint) return std::unexpected(endpoint.error());
  options.endpoint = *endpoint;
  options.joinerEndpoint = *endpoint;
  options.cpuParts.clear();
  for (const auto& text : options.cpuOf) {
    auto part = parseCpuPart(text);
    if (!part) return std::unexpected(part.error());
    options.cpuParts.push_back(std::move(*part));
  }
  if (!options.joinerUrl.empty()) {
    if (options.idle > 0) return fail("only the play scenario has joiners", "--joiner-url");
    auto joiner = parseUrl(options.joinerUrl);
    if (!joiner) return fail(joiner.error().message, "--joiner-url " + options.joinerUrl);
    options.joinerEndpoint = *joiner;
  }
  if (options.idle == 0 && options.rate / options.games > 100) {
    // Each player sends half its game's moves, and the server allows about 50 messages per
    // second per socket: faster games would be refused as rate_limited.
    return fail("more than 100 moves per second per game would hit the per-socket rate limit",
                "--rate/--games");
  }
  return {};
}

}  // namespace tengen::loadgen
