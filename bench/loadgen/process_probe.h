#pragma once

// Reads another process's memory and CPU time from /proc, and this process's own CPU time and
// file-descriptor limit. Linux only, like the server.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "base/result.h"

namespace tengen::loadgen {

struct ProcessMemory {
  std::uint64_t rssKb = 0;  // VmRSS: resident now
  std::uint64_t hwmKb = 0;  // VmHWM: the kernel's resident peak since the process started
};

// From /proc/<pid>/status.
Result<ProcessMemory> readProcessMemory(int pid);

// utime + stime of /proc/<pid>/stat, in seconds (all threads).
Result<double> readProcessCpuSeconds(int pid);

// user + system CPU this process used so far (getrusage).
double ownCpuSeconds();

// Raises the soft RLIMIT_NOFILE to the hard limit; returns the new soft limit.
Result<std::uint64_t> raiseFileLimit();

// Samples a process's VmRSS on its own thread every `period` and keeps the peak, so the peak is
// known even if the kernel's VmHWM was reset or the process exits before the report.
class MemorySampler {
 public:
  MemorySampler(int pid, std::chrono::milliseconds period);
  ~MemorySampler();
  MemorySampler(const MemorySampler&) = delete;
  MemorySampler& operator=(const MemorySampler&) = delete;

  std::uint64_t peakRssKb() const { return peakRssKb_.load(); }
  int samples() const { return samples_.load(); }

 private:
  std::atomic<std::uint64_t> peakRssKb_{0};
  std::atomic<int> samples_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace tengen::loadgen
