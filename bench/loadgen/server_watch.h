#pragma once

// Watches the server process during a scenario (when --server-pid is given): its peak VmRSS
// sampled every 100 ms from the start, and its CPU time between markStart() and finish(); and
// the CPU time of other processes (--cpu-of) over the same span.

#include <memory>
#include <optional>
#include <vector>

#include "process_probe.h"
#include "report.h"

namespace tengen::loadgen {

class ServerWatch {
 public:
  // pid 0: watches nothing and finish() gives nullopt. `parts` are only timed.
  ServerWatch(int pid, std::vector<CpuPart> parts);

  void markStart();
  std::optional<ServerUsage> finish() const;
  // Each part's CPU seconds between markStart() and now.
  std::vector<PartCpu> partsSinceStart() const;

 private:
  int pid_;
  double cpuAtStart_ = 0;
  std::vector<CpuPart> parts_;
  std::vector<double> partsAtStart_;
  std::unique_ptr<MemorySampler> sampler_;
};

}  // namespace tengen::loadgen
