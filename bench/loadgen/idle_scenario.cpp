#include "scenarios.h"

#include <unistd.h>

#include "guest_accounts.h"
#include "server_watch.h"
#include "worker.h"

namespace tengen::loadgen {

namespace net = boost::asio;

Result<IdleReport> runIdleScenario(const Options& options) {
  IdleReport report;
  report.requested = options.idle;
  const auto setupStart = Clock::now();
  std::vector<PlayerSpec> specs(static_cast<std::size_t>(options.idle),
                                PlayerSpec{options.endpoint, {}});
  if (options.idleLogin) {
    auto cookies = createGuestsBlocking(options.endpoint, options.idle, options.httpConnections,
                                        options.pipelineDepth);
    if (!cookies) return std::unexpected(cookies.error());
    for (std::size_t i = 0; i < specs.size(); ++i) specs[i].cookie = std::move((*cookies)[i]);
  }

  ServerWatch server(options.serverPid, {});
  std::vector<Worker> workers(static_cast<std::size_t>(options.threads));
  distribute(workers, specs, 1);
  Timeline timeline;
  const auto timeout = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(options.timeoutSeconds));
  const auto inFlight = std::max(1, options.connectInFlight / options.threads);
  for (auto& worker : workers) {
    startWorker(worker, [&]() -> net::awaitable<void> {
      ArrivalGuard arrival(timeline.threadsReady);
      co_await connectPlayers(worker.specs, inFlight, timeout, worker.stats, worker.players);
      arrival.arrive();
      co_await waitForFlag(timeline.stop);
      for (const auto& player : worker.players) {
        if (player && !player->lost()) ++worker.stillOpen;
      }
      for (const auto& player : worker.players) {
        if (player) player->close();
      }
    });
  }

  waitForCount(timeline.threadsReady, options.threads);
  report.setupSeconds = std::chrono::duration<double>(Clock::now() - setupStart).count();
  // The sockets sit idle: the server's keep-alive pings (every 30 s of silence) are answered by
  // the read loops, so a hold longer than its timeout also shows that they survive.
  const auto holdStart = Clock::now();
  const double ownCpuBefore = ownCpuSeconds();
  server.markStart();
  std::this_thread::sleep_until(holdStart +
                                std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(options.durationSeconds)));
  report.heldSeconds = std::chrono::duration<double>(Clock::now() - holdStart).count();
  report.loadgenCpuSeconds = ownCpuSeconds() - ownCpuBefore;
  report.loadgenRssKb = readProcessMemory(getpid()).value_or(ProcessMemory{}).rssKb;
  report.server = server.finish();
  timeline.stop.store(true, std::memory_order_release);

  for (auto& worker : workers) worker.thread.join();
  for (auto& worker : workers) {
    report.stats.merge(worker.stats);
    report.stillOpen += worker.stillOpen;
    for (const auto& player : worker.players) report.connected += player ? 1 : 0;
  }
  return report;
}

}  // namespace tengen::loadgen
