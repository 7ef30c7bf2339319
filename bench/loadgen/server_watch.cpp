#include "server_watch.h"

#include <chrono>

namespace tengen::loadgen {

ServerWatch::ServerWatch(int pid) : pid_(pid) {
  if (pid_ != 0) sampler_ = std::make_unique<MemorySampler>(pid_, std::chrono::milliseconds(100));
}

void ServerWatch::markStart() {
  if (pid_ != 0) cpuAtStart_ = readProcessCpuSeconds(pid_).value_or(0);
}

std::optional<ServerUsage> ServerWatch::finish() const {
  if (pid_ == 0) return std::nullopt;
  ServerUsage usage;
  usage.cpuSeconds = readProcessCpuSeconds(pid_).value_or(cpuAtStart_) - cpuAtStart_;
  usage.atEnd = readProcessMemory(pid_).value_or(ProcessMemory{});
  usage.peakSampledRssKb = sampler_->peakRssKb();
  return usage;
}

}  // namespace tengen::loadgen
