#include "server_watch.h"

#include <chrono>

namespace tengen::loadgen {

namespace {

// A process that has exited since counts nothing: its time is gone with it.
double cpuSecondsOf(const CpuPart& part) {
  double total = 0;
  for (const int pid : part.pids) total += readProcessCpuSeconds(pid).value_or(0);
  return total;
}

}  // namespace

ServerWatch::ServerWatch(int pid, std::vector<CpuPart> parts)
    : pid_(pid), parts_(std::move(parts)) {
  if (pid_ != 0) sampler_ = std::make_unique<MemorySampler>(pid_, std::chrono::milliseconds(100));
}

void ServerWatch::markStart() {
  if (pid_ != 0) cpuAtStart_ = readProcessCpuSeconds(pid_).value_or(0);
  partsAtStart_.clear();
  for (const auto& part : parts_) partsAtStart_.push_back(cpuSecondsOf(part));
}

std::vector<PartCpu> ServerWatch::partsSinceStart() const {
  std::vector<PartCpu> result;
  for (std::size_t i = 0; i < parts_.size() && i < partsAtStart_.size(); ++i) {
    result.push_back({parts_[i].name, cpuSecondsOf(parts_[i]) - partsAtStart_[i]});
  }
  return result;
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
