#include <CLI/CLI.hpp>

#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "base/log.h"
#include "bus/redis_bus.h"
#include "cli/commands.h"
#include "cli/open_store.h"
#include "learn/lesson_catalog.h"
#include "server/client_address.h"
#include "server/host_policy.h"
#include "server/lesson_files.h"
#include "server/server.h"
#include "server/web_files.h"
#include "site/accounts/accounts.h"
#include "site/learn/lesson_service.h"
#include "site/site.h"

namespace tengen::cli {

namespace {

struct ServeOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string webRoot;  // empty: the web client built into the binary
  std::string db = "tengen.db";
  // 0: the sockets run on the room threads (ServerOptions::sharedContext), which measured a
  // fifth less CPU a move than two pools of two (docs/performance.md, "One pool of threads").
  int threads = 0;
  int roomThreads = 2;
  std::vector<std::string> origins;
  std::vector<std::string> hosts;
  std::vector<std::string> trustedProxies;
  std::vector<std::string> bots;        // --bot "NAME[declarations]=COMMAND"
  std::string builtinBots = "default";  // default | none
  int botThreads = 1;
  int reviewPlayouts = 0;     // 0: the default budget
  int claimGraceSeconds = 0;  // 0: the grace scales with the time control
  int64_t inactivityLimitSeconds = 14 * 24 * 3600;
  double automatchWaveSeconds = 8;  // docs/protocol.md, "Automatch and challenges"
  double challengeSeconds = 60;
  // Several nodes (docs/scaling.md): this node's name and the Redis between the nodes.
  std::string node;
  std::string redis;
  int64_t leaseMs = 3000;
  // Guest accounts one client address may create at once (guest_throttle.h); 0: no limit.
  int64_t guestBurst = 30;
};

// Every idle WebSocket holds a descriptor: lift the soft limit to the hard one so that ten
// thousand clients fit without the operator remembering `ulimit -n`.
void raiseOpenFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
  const rlim_t before = limit.rlim_cur;
  limit.rlim_cur = limit.rlim_max;
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) {
    log::warn("nofile_limit_unchanged", {{"soft", static_cast<uint64_t>(before)}});
    return;
  }
  log::info("nofile_limit_raised", {{"from", static_cast<uint64_t>(before)},
                                    {"to", static_cast<uint64_t>(limit.rlim_cur)}});
}

// Exit status for a bad bot configuration (docs/protocol.md, "Bots").
constexpr int kBadBotConfig = 2;

int runServe(const ServeOptions& options) {
  site::SiteOptions siteOptions;
  siteOptions.threads = options.roomThreads;
  siteOptions.botThreads = options.botThreads;
  siteOptions.reviewPlayouts = options.reviewPlayouts;
  if (options.claimGraceSeconds > 0) {
    siteOptions.limits.claimGrace = std::chrono::seconds(options.claimGraceSeconds);
  }
  siteOptions.limits.untimedInactivityLimit = std::chrono::seconds(options.inactivityLimitSeconds);
  siteOptions.automatch.waveInterval =
      std::chrono::milliseconds(static_cast<int64_t>(options.automatchWaveSeconds * 1000));
  siteOptions.automatch.waveJitter =
      std::min(std::chrono::milliseconds(1000), siteOptions.automatch.waveInterval / 4);
  siteOptions.automatch.challengeTimeout =
      std::chrono::milliseconds(static_cast<int64_t>(options.challengeSeconds * 1000));
  if (options.builtinBots == "default") siteOptions.bots = site::builtinBots();
  for (const std::string& text : options.bots) {
    auto spec = site::parseBotSpec(text);
    if (!spec) {
      std::cerr << "tengen serve: " << spec.error().toString() << "\n";
      return kBadBotConfig;
    }
    // Names compare case-insensitively, as user names do.
    if (site::BotRoster(siteOptions.bots).find(spec->name)) {
      std::cerr << "tengen serve: two bots are named \"" << spec->name << "\"\n";
      return kBadBotConfig;
    }
    siteOptions.bots.push_back(std::move(*spec));
  }
  raiseOpenFileLimit();
  // Block the stop signals before any server thread exists, so every thread inherits the mask
  // and the main thread alone receives them through sigwait.
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGINT);
  sigaddset(&stopSignals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

  server::ServerOptions serverOptions;
  serverOptions.address = options.address;
  serverOptions.port = options.port;
  serverOptions.webRoot = options.webRoot;
  serverOptions.webFiles = server::webFiles();
  serverOptions.threads = options.threads;
  serverOptions.allowedOrigins = options.origins;
  serverOptions.allowedHosts = options.hosts;
  serverOptions.trustedProxies = options.trustedProxies;
  std::error_code ec;
  if (!options.webRoot.empty() && !std::filesystem::is_directory(serverOptions.webRoot, ec)) {
    log::warn("web_root_missing", {{"path", options.webRoot}});
  }
  auto store = openStore(options.db);
  if (!store) {
    std::cerr << "tengen serve: cannot open the database " << describeDb(options.db) << ": "
              << store.error().toString() << "\n";
    return 1;
  }
  // Declared before the site, so that it outlives it.
  std::unique_ptr<bus::RedisBus> redis;
  if (!options.node.empty()) {
    auto opened = bus::RedisBus::open(options.redis);
    if (!opened) {
      std::cerr << "tengen serve: --redis " << options.redis << ": " << opened.error().toString()
                << "\n";
      return 1;
    }
    redis = std::move(*opened);
    // Serving before the node hears the others would lose their first messages to it.
    if (!redis->waitReady(std::chrono::seconds(30))) {
      std::cerr << "tengen serve: Redis at " << options.redis << " did not answer in 30 s\n";
      return 1;
    }
    siteOptions.cluster.node = options.node;
    siteOptions.cluster.bus = redis.get();
    siteOptions.cluster.leaseTtl = std::chrono::milliseconds(options.leaseMs);
    // A command forwarded to a node that died gets its answer once the lease has run out
    // and another node is about to take the game over.
    siteOptions.cluster.forwardTimeout = siteOptions.cluster.leaseTtl;
  }

  // The lessons are judged as built into the binary, whatever --web-root serves.
  std::vector<learn::LessonFile> lessonFiles;
  for (const server::EmbeddedFile& file : server::lessonFiles()) {
    lessonFiles.push_back({file.path, file.bytes});
  }
  auto lessonCatalog = learn::LessonCatalog::load(lessonFiles);
  if (!lessonCatalog) {
    std::cerr << "tengen serve: a lesson is broken: " << lessonCatalog.error().toString() << "\n";
    return 1;
  }

  // Destroyed in reverse: the server (its routes refer to accounts, lessons and site) stops
  // first.
  site::AccountsOptions accountsOptions;
  if (options.guestBurst == 0) {
    // Load tests (scripts/loadgen.sh) make thousands of guests from one address.
    accountsOptions.guestLimits.perAddress.burst = 1e12;
  } else {
    accountsOptions.guestLimits.perAddress.burst = static_cast<double>(options.guestBurst);
  }
  site::Accounts accounts(**store, accountsOptions);
  site::LessonService lessons(*lessonCatalog, **store, [&accounts](std::string_view cookie) {
    return accounts.userForCookie(cookie);
  });
  site::Site site(**store, siteOptions);
  if (options.threads == 0) serverOptions.sharedContext = &site.io();  // declared after site
  server::Server server(serverOptions);
  accounts.install(server);
  lessons.install(server);
  site.install(server);
  if (auto bots = site.prepareBots(); !bots) {
    std::cerr << "tengen serve: " << bots.error().toString() << "\n";
    return kBadBotConfig;
  }
  auto resumed = site.resumeGames();
  if (!resumed) {
    std::cerr << "tengen serve: cannot resume the games in " << describeDb(options.db) << ": "
              << resumed.error().toString() << "\n";
    return 1;
  }
  if (auto started = server.start(); !started) {
    std::cerr << "tengen serve: " << started.error().toString() << "\n";
    return 1;
  }
  std::cout << "tengen: serving http://" << options.address << ":" << server.port() << "/"
            << std::endl;

  int signal = 0;
  sigwait(&stopSignals, &signal);
  log::info("stop_signal", {{"signal", signal == SIGINT ? "SIGINT" : "SIGTERM"}});
  site.stopping();
  server.stop();
  site.stop();
  lessons.stop();
  accounts.stop();
  return 0;
}

}  // namespace

void addServeCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Run the Go server (HTTP, WebSocket, web client)");
  cmd->add_option("--port", options->port, "TCP port; 0 picks a free one (default: 8080)");
  cmd->add_option("--address", options->address,
                  "Listen address, e.g. 0.0.0.0 for every interface (default: 127.0.0.1)");
  cmd->add_option("--web-root", options->webRoot,
                  "Serve the web client from this directory (development) instead of the copy "
                  "built into tengen");
  cmd->add_option("--db", options->db,
                  "SQLite database file, created if missing (default: tengen.db), or a "
                  "postgresql:// URL to share one PostgreSQL database between nodes");
  cmd->add_option("--room-threads", options->roomThreads,
                  "Threads running the game rooms and their clocks (default: 2)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--threads", options->threads,
                  "I/O threads of the sockets' own; 0 runs the sockets on the room threads "
                  "(default: 0)")
      ->check(CLI::Range(0, 64));
  cmd->add_option("--origin", options->origins,
                  "Allowed WebSocket Origin, repeatable (default: the request's own host)");
  cmd->add_option("--host", options->hosts,
                  "Host name the site is reached by, repeatable, port optional (e.g. "
                  "go.example.org; \"*\" for any); localhost and IP addresses are always "
                  "answered, any other Host header is refused")
      ->check(CLI::Validator(
          [](std::string& text) {
            return text == "*" || server::hostName(text) ? std::string()
                                                         : "not a host name: " + text;
          },
          "HOST"));
  cmd->add_option("--trusted-proxy", options->trustedProxies,
                  "IP address of a load balancer whose X-Forwarded-For names the client, "
                  "repeatable (per-address limits then count clients, not the balancer)")
      ->check(CLI::Validator(
          [](std::string& text) {
            return server::isIpAddress(text) ? std::string() : "not an IP address: " + text;
          },
          "IP"));
  cmd->add_option("--bot", options->bots,
                  "An external GTP engine as a bot, repeatable: \"NAME=COMMAND\" or "
                  "\"NAME[sizes=9,13;rules=chinese;time=none,byoyomi;maxHandicap=9;maxGames=4;"
                  "moveSeconds=60]=COMMAND\"");
  cmd->add_option("--builtin-bots", options->builtinBots,
                  "The built-in bot at three strengths (default) or none")
      ->check(CLI::IsMember({"default", "none"}));
  cmd->add_option("--bot-threads", options->botThreads,
                  "Threads for the built-in bot's searches (default: 1)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--review-playouts", options->reviewPlayouts,
                  "Playouts per position of an engine review (default: 1600; docs/protocol.md "
                  "\"Engine review\")")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--claim-grace", options->claimGraceSeconds,
                  "Seconds a player may be disconnected before the opponent may claim the win or "
                  "annul the game, for every game that allows claims (default: scales with the "
                  "time control; docs/protocol.md \"Leaving a game\")")
      ->check(CLI::Range(1, 86400));
  cmd->add_option("--inactivity-limit", options->inactivityLimitSeconds,
                  "Seconds without a move after which an untimed game ends annulled "
                  "(default: 1209600, 14 days)")
      ->check(CLI::Range(int64_t{1}, int64_t{366} * 24 * 3600));
  cmd->add_option("--automatch-wave-seconds", options->automatchWaveSeconds,
                  "Seconds between an automatch pool's pairing waves, plus up to a quarter "
                  "(at most 1 s) of jitter (default: 8)")
      ->check(CLI::Range(0.1, 600.0));
  cmd->add_option("--challenge-seconds", options->challengeSeconds,
                  "Seconds a challenge waits for its answer before it is withdrawn (default: 60)")
      ->check(CLI::Range(1.0, 3600.0));
  auto* node = cmd->add_option(
      "--node", options->node,
      "This node's name among several sharing one PostgreSQL database and one Redis "
      "(docs/scaling.md); needs --redis. Without it the server runs alone");
  node->check(CLI::Validator(
      [](std::string& name) -> std::string {
        if (name.empty() || name.size() > 64) return "a node name has 1 to 64 characters";
        for (char c : name) {
          if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') {
            return "a node name has only letters, digits, '-' and '_'";
          }
        }
        return {};
      },
      "NAME"));
  cmd->add_option("--redis", options->redis,
                  "The Redis between the nodes: redis://HOST[:PORT] or unix:PATH")
      ->needs(node);
  node->needs(cmd->get_option("--redis"));
  cmd->add_option("--guest-burst", options->guestBurst,
                  "Guest accounts one client address may create at once, then one every 20 s "
                  "(default: 30; 0: no limit, for load tests)")
      ->check(CLI::Range(int64_t{0}, int64_t{1'000'000}));
  cmd->add_option("--lease-ms", options->leaseMs,
                  "Milliseconds a node's hold on a game lasts unrenewed: its games are taken "
                  "over about this long after it dies (default: 3000)")
      ->check(CLI::Range(int64_t{300}, int64_t{600'000}))
      ->needs(node);
  cmd->callback([options, &exitCode] { exitCode = runServe(*options); });
}

}  // namespace tengen::cli
