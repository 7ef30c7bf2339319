#include "report.h"

#include <unistd.h>

#include <cstdio>
#include <ostream>
#include <string>

namespace tengen::loadgen {

namespace {

std::string fixed(double value, int decimals = 1) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string ms(std::chrono::microseconds value) { return fixed(value.count() / 1000.0, 2); }

std::string mib(std::uint64_t kb) { return fixed(kb / 1024.0, 1) + " MiB"; }

// CPU seconds over a wall-clock span: the percentage of one core.
double percentOfCore(double cpuSeconds, double wallSeconds) {
  return wallSeconds > 0 ? 100.0 * cpuSeconds / wallSeconds : 0;
}

void printLatency(std::ostream& out, const char* name, const LatencyHistogram& histogram) {
  out << name << " (" << histogram.count() << " moves): p50 " << ms(histogram.percentile(50))
      << " ms, p90 " << ms(histogram.percentile(90)) << " ms, p99 " << ms(histogram.percentile(99))
      << " ms, p99.9 " << ms(histogram.percentile(99.9)) << " ms, max " << ms(histogram.max())
      << " ms, mean " << ms(histogram.mean()) << " ms\n";
}

void printErrors(std::ostream& out, const RunStats& stats) {
  out << "errors: ";
  if (stats.errors.empty()) out << "none";
  bool first = true;
  for (const auto& [code, count] : stats.errors) {
    out << (first ? "" : ", ") << code << " " << count;
    first = false;
  }
  out << "\n";
  for (const auto& example : stats.errorExamples) out << "  e.g. " << example << "\n";
}

void printCpu(std::ostream& out, double cpuSeconds, double wallSeconds, const char* who) {
  const long cores = sysconf(_SC_NPROCESSORS_ONLN);
  const double percent = percentOfCore(cpuSeconds, wallSeconds);
  out << who << " CPU: " << fixed(cpuSeconds, 2) << " s in " << fixed(wallSeconds, 1)
      << " s = " << fixed(percent) << "% of one core ("
      << fixed(percent / static_cast<double>(cores)) << "% of the " << cores << " cores)\n";
}

void printServer(std::ostream& out, const std::optional<ServerUsage>& server, double wallSeconds) {
  if (!server) {
    out << "server: not watched (give --server-pid)\n";
    return;
  }
  printCpu(out, server->cpuSeconds, wallSeconds, "server");
  out << "server memory: VmRSS at end " << mib(server->atEnd.rssKb) << ", VmHWM (peak) "
      << mib(server->atEnd.hwmKb) << ", highest sampled VmRSS " << mib(server->peakSampledRssKb)
      << "\n";
}

std::string serverSummary(const std::optional<ServerUsage>& server, double wallSeconds) {
  if (!server) return "";
  return " server_cpu_pct=" + fixed(percentOfCore(server->cpuSeconds, wallSeconds)) +
         " server_rss_mib=" + fixed(server->atEnd.rssKb / 1024.0) +
         " server_hwm_mib=" + fixed(server->atEnd.hwmKb / 1024.0);
}

// With every process that does the work named, the moves per CPU-second of all of them is the
// per-core throughput: what one core of a machine running only this could sustain.
void printParts(std::ostream& out, const std::vector<PartCpu>& parts, double window, double rate) {
  if (parts.empty()) return;
  double total = 0;
  for (const auto& part : parts) {
    printCpu(out, part.cpuSeconds, window, part.name.c_str());
    total += part.cpuSeconds;
  }
  printCpu(out, total, window, "all parts");
  if (total > 0) {
    out << "moves per CPU-second of all parts: " << fixed(rate * window / total, 0) << "\n";
  }
}

}  // namespace

void printPlayReport(std::ostream& out, const Options& options, const PlayReport& report) {
  const auto& stats = report.stats;
  const double window = report.window.seconds();
  const double rate = window > 0 ? static_cast<double>(stats.movesAckedInWindow) / window : 0;
  out << "scenario: play, " << options.games << " games of " << options.size << "x" << options.size
      << " (tromp-taylor suicide=forbidden, no clock), resign at move " << options.movesPerGame
      << ", server " << options.url << ", " << options.threads << " loadgen thread(s)\n";
  out << "players connected: " << report.playersConnected << " of " << 2 * options.games
      << " (guest sessions), setup " << fixed(report.setupSeconds) << " s\n";
  out << "window: " << fixed(window) << " s after a " << fixed(options.warmupSeconds)
      << " s warm-up\n";
  out << "games: " << stats.gamesStarted << " started, " << stats.gamesFinished
      << " finished, pairs stopped by errors " << stats.pairsAborted << "\n";
  out << "moves: " << stats.movesSent << " sent, " << stats.movesAcked << " acknowledged, "
      << stats.passes << " passes (no legal point)\n";
  out << "sustained rate: " << fixed(rate) << " moves/s acknowledged in the window (target "
      << fixed(options.rate, 0) << ")\n";
  printLatency(out, "latency move -> opponent's game_event", stats.moveToOpponent);
  printLatency(out, "latency move -> ok", stats.moveToAck);
  if (!options.joinerUrl.empty()) {
    out << "joiners on " << options.joinerUrl << ", every game owned by the creator's node:\n";
    printLatency(out, "  creator's moves -> ok (on the owner)", stats.creatorMoveToAck);
    printLatency(out, "  joiner's moves -> ok (forwarded)", stats.joinerMoveToAck);
    printLatency(out, "  creator's moves -> joiner's game_event (relayed)",
                 stats.creatorMoveToOpponent);
    printLatency(out, "  joiner's moves -> creator's game_event (forwarded)",
                 stats.joinerMoveToOpponent);
    const auto extra = [](const LatencyHistogram& forwarded, const LatencyHistogram& local,
                          double p) { return ms(forwarded.percentile(p) - local.percentile(p)); };
    out << "  forwarding adds to move -> ok: p50 "
        << extra(stats.joinerMoveToAck, stats.creatorMoveToAck, 50) << " ms, p99 "
        << extra(stats.joinerMoveToAck, stats.creatorMoveToAck, 99) << " ms\n";
  }
  printErrors(out, stats);
  printCpu(out, report.loadgenCpuSeconds, window, "loadgen");
  printServer(out, report.server, window);
  printParts(out, report.parts, window, rate);
  out << "summary: scenario=play games=" << options.games << " target=" << fixed(options.rate, 0)
      << " moves_per_s=" << fixed(rate) << " p50_ms=" << ms(stats.moveToOpponent.percentile(50))
      << " p90_ms=" << ms(stats.moveToOpponent.percentile(90))
      << " p99_ms=" << ms(stats.moveToOpponent.percentile(99))
      << " max_ms=" << ms(stats.moveToOpponent.max()) << " errors=" << stats.errorCount()
      << " loadgen_cpu_pct=" << fixed(percentOfCore(report.loadgenCpuSeconds, window))
      << serverSummary(report.server, window);
  double partsCpu = 0;
  for (const auto& part : report.parts) partsCpu += part.cpuSeconds;
  if (partsCpu > 0) {
    out << " all_parts_cpu_pct=" << fixed(percentOfCore(partsCpu, window))
        << " moves_per_cpu_s=" << fixed(rate * window / partsCpu, 0);
  }
  if (!options.joinerUrl.empty()) {
    out << " owner_ack_p50_ms=" << ms(stats.creatorMoveToAck.percentile(50))
        << " forwarded_ack_p50_ms=" << ms(stats.joinerMoveToAck.percentile(50))
        << " owner_ack_p99_ms=" << ms(stats.creatorMoveToAck.percentile(99))
        << " forwarded_ack_p99_ms=" << ms(stats.joinerMoveToAck.percentile(99));
  }
  out << "\n";
}

void printIdleReport(std::ostream& out, const Options& options, const IdleReport& report) {
  out << "scenario: idle, " << options.idle << " WebSockets "
      << (options.idleLogin ? "each with its own guest session" : "without sessions (anonymous)")
      << ", server " << options.url << ", " << options.threads << " loadgen thread(s)\n";
  out << "connected: " << report.connected << " of " << report.requested
      << " (welcome received), setup " << fixed(report.setupSeconds) << " s\n";
  out << "held: " << fixed(report.heldSeconds) << " s, still open at the end: " << report.stillOpen
      << "\n";
  printErrors(out, report.stats);
  printCpu(out, report.loadgenCpuSeconds, report.heldSeconds, "loadgen");
  out << "loadgen memory: VmRSS " << mib(report.loadgenRssKb) << "\n";
  printServer(out, report.server, report.heldSeconds);
  out << "summary: scenario=idle requested=" << report.requested
      << " connected=" << report.connected << " open_at_end=" << report.stillOpen
      << " errors=" << report.stats.errorCount() << serverSummary(report.server, report.heldSeconds)
      << "\n";
}

}  // namespace tengen::loadgen
