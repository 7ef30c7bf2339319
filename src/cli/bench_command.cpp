#include <sched.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <string>

#include "cli/bench_measurements.h"
#include "cli/commands.h"

namespace tengen::cli {

namespace {

struct BenchOptions {
  int runs = 5;
  double seconds = 1.0;
  int cpu = 0;
  int replays = 2000;
  std::string gnugo = "/usr/games/gnugo";
  bool skipGnugo = false;
};

void printRate(const char* what, const Rate& rate, const char* unit) {
  std::printf("%-28s %12.0f %s   runs:", what, rate.median(), unit);
  for (double r : rate.perSecond) std::printf(" %.0f", r);
  std::printf("\n");
}

int runBench(const BenchOptions& o) {
  // One core, as the targets are stated per core; children (the GTP engines) inherit it.
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(o.cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    std::fprintf(stderr, "tengen bench: cannot pin to CPU %d, measuring unpinned\n", o.cpu);
  }
  std::printf("tengen bench: median of %d runs of %.1f s each, on CPU %d\n", o.runs, o.seconds,
              o.cpu);
  printRate("random playouts 9x9", randomPlayouts(9, o.runs, o.seconds), "playouts/s");
  printRate("random playouts 19x19", randomPlayouts(19, o.runs, o.seconds), "playouts/s");
  printRate("legal-point maps 19x19", legalPointMaps(o.runs, o.seconds), "maps/s");
  std::fflush(stdout);

  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  auto ours = gtpReplay({self, "gtp", "--seed", "1"}, o.runs, o.replays);
  if (!ours) {
    std::fprintf(stderr, "tengen bench: %s\n", ours.error().toString().c_str());
    return 1;
  }
  printRate("gtp play replay: tengen", *ours, "plays/s");
  if (o.skipGnugo) return 0;
  if (access(o.gnugo.c_str(), X_OK) != 0) {
    std::fprintf(stderr, "tengen bench: %s not found (apt-get install gnugo, or --no-gnugo)\n",
                 o.gnugo.c_str());
    return 1;
  }
  // GNU Go is about ten times slower per play; fewer replays keep its runs near a second.
  auto theirs = gtpReplay({o.gnugo, "--mode", "gtp"}, o.runs, std::max(1, o.replays / 10));
  if (!theirs) {
    std::fprintf(stderr, "tengen bench: %s\n", theirs.error().toString().c_str());
    return 1;
  }
  printRate("gtp play replay: gnugo", *theirs, "plays/s");
  std::printf("%-28s %12.1f x\n", "gtp replay ratio", ours->median() / theirs->median());
  return 0;
}

}  // namespace

void addBenchCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<BenchOptions>();
  auto* cmd =
      app.add_subcommand("bench", "Measure playouts, legal-point maps and GTP replay speed");
  cmd->add_option("--runs", options->runs, "Runs per measurement; the median is reported")
      ->check(CLI::Range(1, 101));
  cmd->add_option("--seconds", options->seconds, "Length of one run")
      ->check(CLI::Range(0.05, 60.0));
  cmd->add_option("--cpu", options->cpu, "CPU to pin the benchmark to")->check(CLI::Range(0, 1023));
  cmd->add_option("--replays", options->replays, "Replays of the 250-move game per tengen GTP run")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--gnugo", options->gnugo, "GNU Go binary for the GTP replay comparison");
  cmd->add_flag("--no-gnugo", options->skipGnugo, "Skip the GNU Go comparison");
  cmd->callback([options, &exitCode] { exitCode = runBench(*options); });
}

}  // namespace tengen::cli
