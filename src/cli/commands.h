#pragma once

namespace CLI {
class App;
}

namespace tengen::cli {

// Each subcommand lives in its own file and registers itself on the root app; the
// returned exit code is stored by the callback in `exitCode`.
void addGtpCommand(CLI::App& app, int& exitCode);
void addScoreCommand(CLI::App& app, int& exitCode);
void addBenchCommand(CLI::App& app, int& exitCode);
void addServeCommand(CLI::App& app, int& exitCode);
void addLevelsCommand(CLI::App& app, int& exitCode);
void addBackupCommand(CLI::App& app, int& exitCode);
void addAdminCommand(CLI::App& app, int& exitCode);

}  // namespace tengen::cli
