// `tengen backup FILE`: a consistent copy of the live SQLite database while the server runs
// (docs/operating.md, "Backups").

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/open_store.h"
#include "store/sqlite_backup.h"

namespace tengen::cli {

namespace {

struct BackupOptions {
  std::string db = "tengen.db";
  std::string file;
};

int runBackup(const BackupOptions& options) {
  if (isPostgresUrl(options.db)) {
    std::cerr << "tengen backup: " << describeDb(options.db)
              << " is a PostgreSQL database; back it up with pg_dump (docs/operating.md)\n";
    return 2;
  }
  auto report = store::backupSqlite(options.db, options.file);
  if (!report) {
    std::cerr << "tengen backup: " << report.error().toString() << "\n";
    return 1;
  }
  std::cout << "tengen backup: copied " << options.db << " to " << options.file << " ("
            << report->pages << " pages of " << report->pageBytes << " bytes, schema version "
            << report->schemaVersion << ")" << std::endl;
  return 0;
}

}  // namespace

void addBackupCommand(CLI::App& app, int& exitCode) {
  auto options = std::make_shared<BackupOptions>();
  auto* cmd = app.add_subcommand(
      "backup",
      "Copy the SQLite database into a new FILE while the server keeps running (SQLite's "
      "online backup API: one consistent snapshot, checked, in one file)");
  cmd->add_option("--db", options->db,
                  "The SQLite database file the server runs on (default: tengen.db)");
  cmd->add_option("FILE", options->file, "The copy to create; an existing file is never replaced")
      ->required();
  cmd->callback([options, &exitCode] { exitCode = runBackup(*options); });
}

}  // namespace tengen::cli
