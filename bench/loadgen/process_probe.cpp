#include "process_probe.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace tengen::loadgen {

Result<ProcessMemory> readProcessMemory(int pid) {
  const std::string path = "/proc/" + std::to_string(pid) + "/status";
  std::ifstream in(path);
  if (!in) return fail("cannot read (has the process exited?)", path);
  ProcessMemory memory;
  std::string line;
  while (std::getline(in, line)) {
    // Lines look like "VmRSS:\t  123456 kB".
    if (line.starts_with("VmRSS:")) memory.rssKb = std::stoull(line.substr(6));
    if (line.starts_with("VmHWM:")) memory.hwmKb = std::stoull(line.substr(6));
  }
  return memory;
}

Result<double> readProcessCpuSeconds(int pid) {
  const std::string path = "/proc/" + std::to_string(pid) + "/stat";
  std::ifstream in(path);
  std::string text;
  if (!in || !std::getline(in, text)) return fail("cannot read (has the process exited?)", path);
  // The command name (field 2) is in parentheses and may hold spaces: count fields after ')'.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return fail("no ')' after the command name", path);
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  unsigned long long utime = 0;
  unsigned long long stime = 0;
  // After ')' come field 3 (state) onwards; utime and stime are fields 14 and 15.
  for (int index = 3; index <= 15 && fields >> field; ++index) {
    if (index == 14) utime = std::stoull(field);
    if (index == 15) stime = std::stoull(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double ownCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

Result<std::uint64_t> raiseFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return fail(std::strerror(errno), "getrlimit");
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) return fail(std::strerror(errno), "setrlimit");
  }
  return static_cast<std::uint64_t>(limit.rlim_cur);
}

MemorySampler::MemorySampler(int pid, std::chrono::milliseconds period) {
  thread_ = std::thread([this, pid, period] {
    while (!stop_.load()) {
      if (auto memory = readProcessMemory(pid)) {
        if (memory->rssKb > peakRssKb_.load()) peakRssKb_.store(memory->rssKb);
        ++samples_;
      }
      std::this_thread::sleep_for(period);
    }
  });
}

MemorySampler::~MemorySampler() {
  stop_.store(true);
  thread_.join();
}

}  // namespace tengen::loadgen
