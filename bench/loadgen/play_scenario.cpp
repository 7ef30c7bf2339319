#include "scenarios.h"

#include <boost/asio/co_spawn.hpp>

#include <random>

#include "game_pair.h"
#include "guest_accounts.h"
#include "server_watch.h"
#include "worker.h"

namespace tengen::loadgen {

namespace net = boost::asio;

Result<PlayReport> runPlayScenario(const Options& options) {
  PlayReport report;
  const auto setupStart = Clock::now();
  auto cookies = createGuestsBlocking(options.endpoint, 2 * options.games, options.httpConnections,
                                      options.pipelineDepth);
  if (!cookies) return std::unexpected(cookies.error());
  std::vector<PlayerSpec> specs;
  // Players come in pairs, creator then joiner (distribute keeps each pair on one thread).
  for (std::size_t i = 0; i < cookies->size(); ++i) {
    specs.push_back(
        {i % 2 == 0 ? options.endpoint : options.joinerEndpoint, std::move((*cookies)[i])});
  }

  ServerWatch server(options.serverPid, options.cpuParts);
  std::vector<Worker> workers(static_cast<std::size_t>(options.threads));
  distribute(workers, specs, 2);
  Timeline timeline;
  std::seed_seq seeds{options.seed == 0 ? std::random_device{}() : options.seed};
  std::vector<std::uint32_t> workerSeeds(workers.size());
  seeds.generate(workerSeeds.begin(), workerSeeds.end());

  PairSettings settings;
  settings.size = options.size;
  settings.movesPerGame = options.movesPerGame;
  settings.interval = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.games / options.rate));
  settings.timeout = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.timeoutSeconds));
  const auto inFlight = std::max(1, options.connectInFlight / options.threads);

  for (std::size_t w = 0; w < workers.size(); ++w) {
    Worker& worker = workers[w];
    const auto seed = workerSeeds[w];
    startWorker(worker, [&, seed]() -> net::awaitable<void> {
      ArrivalGuard arrival(timeline.threadsReady);
      co_await connectPlayers(worker.specs, inFlight, settings.timeout, worker.stats,
                              worker.players);
      arrival.arrive();
      co_await waitForFlag(timeline.started);
      PairSettings mine = settings;
      mine.window = timeline.window;
      std::mt19937_64 random(seed);
      std::vector<std::unique_ptr<GamePair>> pairs;
      int running = 0;
      auto executor = worker.ioc.get_executor();
      for (std::size_t p = 0; p + 1 < worker.players.size(); p += 2) {
        auto& creator = worker.players[p];
        auto& joiner = worker.players[p + 1];
        if (!creator || !joiner) {
          ++worker.stats.pairsAborted;
          continue;
        }
        pairs.push_back(
            std::make_unique<GamePair>(executor, *creator, *joiner, mine, worker.stats, random()));
        ++running;
        net::co_spawn(executor, pairs.back()->run(), [&](std::exception_ptr error) {
          --running;
          if (error) worker.stats.recordError("loadgen_exception", "a game pair threw");
        });
      }
      while (running > 0) co_await sleepFor(std::chrono::milliseconds(20));
    });
  }

  waitForCount(timeline.threadsReady, options.threads);
  report.setupSeconds = std::chrono::duration<double>(Clock::now() - setupStart).count();
  const auto warmup = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.warmupSeconds));
  const auto duration = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.durationSeconds));
  timeline.window.start = Clock::now() + warmup;
  timeline.window.end = timeline.window.start + duration;
  timeline.started.store(true, std::memory_order_release);

  std::this_thread::sleep_until(timeline.window.start);
  const double ownCpuBefore = ownCpuSeconds();
  server.markStart();
  std::this_thread::sleep_until(timeline.window.end);
  report.loadgenCpuSeconds = ownCpuSeconds() - ownCpuBefore;
  report.server = server.finish();
  report.parts = server.partsSinceStart();

  for (auto& worker : workers) worker.thread.join();
  report.window = timeline.window;
  for (auto& worker : workers) {
    report.stats.merge(worker.stats);
    for (const auto& player : worker.players) report.playersConnected += player ? 1 : 0;
  }
  return report;
}

}  // namespace tengen::loadgen
