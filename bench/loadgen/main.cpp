// loadgen: plays many games at once against a running `tengen serve`, or holds many idle
// sockets, and reports throughput, latency and the server's CPU and memory. See the "Load
// generator" section of docs/performance.md.

#include <CLI/CLI.hpp>

#include <csignal>
#include <exception>
#include <iostream>

#include "options.h"
#include "process_probe.h"
#include "scenarios.h"

int main(int argc, char** argv) {
  using namespace tengen::loadgen;
  CLI::App app{"loadgen: WebSocket load generator for tengen serve"};
  Options options;
  addOptions(app, options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (auto checked = finishOptions(options); !checked) {
    std::cerr << "loadgen: " << checked.error().toString() << "\n";
    return 2;
  }
  // A socket whose peer vanished must fail its write, not kill the process.
  std::signal(SIGPIPE, SIG_IGN);
  const auto files = raiseFileLimit();
  const std::uint64_t needed = options.idle > 0 ? options.idle : 2 * options.games;
  if (!files || *files < needed + 64) {
    std::cerr << "loadgen: the file-descriptor limit ("
              << (files ? std::to_string(*files) : files.error().toString()) << ") is too low for "
              << needed << " sockets\n";
    return 2;
  }
  try {
    if (options.idle > 0) {
      auto report = runIdleScenario(options);
      if (!report) {
        std::cerr << "loadgen: " << report.error().toString() << "\n";
        return 1;
      }
      printIdleReport(std::cout, options, *report);
      return report->stats.errorCount() == 0 && report->stillOpen == options.idle ? 0 : 1;
    }
    auto report = runPlayScenario(options);
    if (!report) {
      std::cerr << "loadgen: " << report.error().toString() << "\n";
      return 1;
    }
    printPlayReport(std::cout, options, *report);
    return report->stats.errorCount() == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "loadgen: " << e.what() << "\n";
    return 1;
  }
}
