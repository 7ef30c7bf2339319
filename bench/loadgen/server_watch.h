#pragma once

// Watches the server process during a scenario (when --server-pid is given): its peak VmRSS
// sampled every 100 ms from the start, and its CPU time between markStart() and finish().

#include <memory>
#include <optional>

#include "process_probe.h"
#include "report.h"

namespace tengen::loadgen {

class ServerWatch {
 public:
  explicit ServerWatch(int pid);  // 0: watches nothing and finish() gives nullopt

  void markStart();
  std::optional<ServerUsage> finish() const;

 private:
  int pid_;
  double cpuAtStart_ = 0;
  std::unique_ptr<MemorySampler> sampler_;
};

}  // namespace tengen::loadgen
