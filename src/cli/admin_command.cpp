// `tengen admin grant|revoke NAME moderator`: roles given from the command line, on the SQLite
// file or the PostgreSQL database the server runs on (docs/protocol.md, "Moderation"). The
// change is logged like a moderator's action, by "command line" (moderator id 0); a running
// server checks roles at every moderator action, so it takes effect at once.

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/open_store.h"
#include "store/moderation_rows.h"

namespace tengen::cli {

namespace {

struct AdminOptions {
  std::string db = "tengen.db";
  std::string name;
  std::string role;
  std::string reason = "granted from the command line";
};

int runRoleChange(const AdminOptions& options, store::ModerationKind kind) {
  const char* verb = kind == store::ModerationKind::Grant ? "grant" : "revoke";
  const auto role = store::parseIn(store::kRoles, options.role);
  if (!role) {
    std::cerr << "tengen admin " << verb << ": unknown role \"" << options.role
              << "\"; the only role is moderator\n";
    return 2;
  }
  auto opened = openStore(options.db);
  if (!opened) {
    std::cerr << "tengen admin " << verb << ": " << opened.error().toString() << "\n";
    return 1;
  }
  store::Store& store = **opened;
  auto user = store.findUserByName(options.name);
  if (!user) {
    std::cerr << "tengen admin " << verb << ": " << user.error().toString() << "\n";
    return 1;
  }
  if (!*user || (*user)->guest) {
    std::cerr << "tengen admin " << verb << ": no registered account is called \"" << options.name
              << "\" in " << describeDb(options.db) << "\n";
    return 1;
  }
  store::ModerationAction action;
  action.moderator = {0, "command line"};
  action.kind = kind;
  action.user = {(*user)->id, (*user)->name};
  action.role = *role;
  action.reason = options.reason;
  auto applied = store.applyModeration(action);
  if (!applied) {
    std::cerr << "tengen admin " << verb << ": " << applied.error().toString() << "\n";
    return 1;
  }
  const bool changed = applied->outcome == store::ModerationOutcome::Done;
  std::cout << "tengen admin " << verb << ": " << (*user)->name
            << (kind == store::ModerationKind::Grant
                    ? (changed ? " is now a " : " already was a ")
                    : (changed ? " is no longer a " : " was not a "))
            << options.role << std::endl;
  return 0;
}

}  // namespace

void addAdminCommand(CLI::App& app, int& exitCode) {
  auto* admin = app.add_subcommand("admin", "Manage accounts' roles (moderators)");
  admin->require_subcommand(1);
  for (const auto kind : {store::ModerationKind::Grant, store::ModerationKind::Revoke}) {
    const bool grant = kind == store::ModerationKind::Grant;
    auto options = std::make_shared<AdminOptions>();
    if (!grant) options->reason = "revoked from the command line";
    auto* cmd = admin->add_subcommand(grant ? "grant" : "revoke",
                                      grant ? "Give the account NAME a ROLE (moderator)"
                                            : "Take the ROLE (moderator) from the account NAME");
    cmd->add_option("NAME", options->name, "The account's name")->required();
    cmd->add_option("ROLE", options->role, "moderator")->required();
    cmd->add_option("--db", options->db,
                    "The SQLite file or postgres:// URL the server runs on (default: tengen.db)");
    cmd->add_option("--reason", options->reason, "Why, for the moderation log");
    cmd->callback([options, kind, &exitCode] { exitCode = runRoleChange(*options, kind); });
  }
}

}  // namespace tengen::cli
