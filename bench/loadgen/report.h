#pragma once

// What a scenario measured, and its printing as the text report (one "key: value" per line and
// a final machine-readable `summary` line for scripts).

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "options.h"
#include "process_probe.h"
#include "run_stats.h"

namespace tengen::loadgen {

// The server as seen from /proc during the window (when --server-pid was given).
struct ServerUsage {
  double cpuSeconds = 0;               // CPU the server used inside the window
  ProcessMemory atEnd;                 // VmRSS/VmHWM read at the end
  std::uint64_t peakSampledRssKb = 0;  // highest VmRSS sampled every 100 ms
};

struct PartCpu {
  std::string name;
  double cpuSeconds = 0;  // inside the window
};

struct PlayReport {
  RunStats stats;
  Window window;
  double setupSeconds = 0;  // guests, sockets and hellos
  int playersConnected = 0;
  double loadgenCpuSeconds = 0;  // this process, inside the window
  std::optional<ServerUsage> server;
  std::vector<PartCpu> parts;  // --cpu-of
};

struct IdleReport {
  RunStats stats;
  int requested = 0;
  int connected = 0;  // welcome received
  int stillOpen = 0;  // not closed by the server by the end of the hold
  double setupSeconds = 0;
  double heldSeconds = 0;
  double loadgenCpuSeconds = 0;  // this process, over the hold
  std::uint64_t loadgenRssKb = 0;
  std::optional<ServerUsage> server;
};

void printPlayReport(std::ostream& out, const Options& options, const PlayReport& report);
void printIdleReport(std::ostream& out, const Options& options, const IdleReport& report);

}  // namespace tengen::loadgen
