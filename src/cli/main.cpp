#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"tengen: a Go server and engine"};
  app.require_subcommand(1);
  int exitCode = 0;
  tengen::cli::addGtpCommand(app, exitCode);
  tengen::cli::addScoreCommand(app, exitCode);
  tengen::cli::addBenchCommand(app, exitCode);
  tengen::cli::addServeCommand(app, exitCode);
  tengen::cli::addLevelsCommand(app, exitCode);
  tengen::cli::addBackupCommand(app, exitCode);
  tengen::cli::addAdminCommand(app, exitCode);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "tengen: " << e.what() << "\n";
    return 1;
  }
  return exitCode;
}
