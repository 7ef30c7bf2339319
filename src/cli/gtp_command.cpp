#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <string>

#include "cli/commands.h"
#include "go/point.h"
#include "go/rules.h"
#include "gtp/engine.h"

namespace tengen::cli {

namespace {

struct GtpOptions {
  std::optional<std::uint64_t> seed;
  std::string rules;
  int size = gtp::kDefaultSize;
  std::string komi;
};

std::uint64_t timeSeed() {
  std::random_device device;
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return (static_cast<std::uint64_t>(device()) << 32) ^ static_cast<std::uint64_t>(now);
}

// The engine's starting settings: chinese with komi 7.5 on 19x19 unless --rules (whose
// preset brings its own komi, or a komi= key), --komi or --size say otherwise.
int runGtp(const GtpOptions& options) {
  gtp::EngineOptions engine;
  engine.size = options.size;
  engine.seed = options.seed ? *options.seed : timeSeed();
  if (!options.rules.empty()) {
    auto rules = go::Rules::parse(options.rules);
    if (!rules) {
      std::cerr << "tengen gtp: --rules: " << rules.error().toString() << "\n";
      return 2;
    }
    engine.rules = *rules;
  }
  if (!options.komi.empty()) {
    auto komi = go::parseKomi(options.komi);
    if (!komi) {
      std::cerr << "tengen gtp: --komi: " << komi.error().toString() << "\n";
      return 2;
    }
    engine.rules.komi = *komi;
  }
  std::ios::sync_with_stdio(false);
  gtp::Engine gtpEngine(engine);
  gtpEngine.run(std::cin, std::cout);
  return 0;
}

}  // namespace

void addGtpCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<GtpOptions>();
  auto* cmd = app.add_subcommand("gtp", "Play GTP version 2 on stdin/stdout");
  cmd->add_option("--seed", options->seed, "Seed for genmove's random moves (default: from time)");
  cmd->add_option("--rules", options->rules,
                  "Rules: a preset with key=value overrides (default: chinese)");
  cmd->add_option("--size", options->size, "Board size")
      ->check(CLI::Range(go::kMinSize, go::kMaxSize));
  cmd->add_option("--komi", options->komi, "Komi (default: the rules' komi, 7.5 for chinese)");
  cmd->callback([options, &exitCode] { exitCode = runGtp(*options); });
}

}  // namespace tengen::cli
