#pragma once

// Plain rows of moderation (migrations/0011_moderation.sql): blocks between players, roles,
// reports, the restrictions in force (mutes and bans) and the log of moderators' actions. The
// store applies an action and logs it in one transaction (Store::applyModeration), so no action
// takes effect unlogged. Ids are user, game and report ids; 0 means "none".

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::store {

// A name stored next to its enumerator: the same text in the database, the messages and the
// web client.
template <typename Enum>
struct Named {
  Enum value;
  std::string_view name;
};

template <typename Enum, std::size_t N>
constexpr std::string_view nameIn(const std::array<Named<Enum>, N>& table, Enum value) {
  for (const auto& entry : table) {
    if (entry.value == value) return entry.name;
  }
  return "";
}

template <typename Enum, std::size_t N>
constexpr std::optional<Enum> parseIn(const std::array<Named<Enum>, N>& table,
                                      std::string_view name) {
  for (const auto& entry : table) {
    if (entry.name == name) return entry.value;
  }
  return std::nullopt;
}

enum class Role { Moderator };
inline constexpr std::array<Named<Role>, 1> kRoles{{{Role::Moderator, "moderator"}}};

// Why a player reports another: a fixed list, so the queue can be sorted and counted.
enum class ReportReason { Insults, Cheating, Stalling, Spam, OffensiveName, Other };
inline constexpr std::array<Named<ReportReason>, 6> kReportReasons{{
    {ReportReason::Insults, "insults"},
    {ReportReason::Cheating, "cheating"},
    {ReportReason::Stalling, "stalling"},
    {ReportReason::Spam, "spam"},
    {ReportReason::OffensiveName, "offensive_name"},
    {ReportReason::Other, "other"},
}};

// What a moderator (or the command line) did.
enum class ModerationKind { Grant, Revoke, Mute, Unmute, Ban, Unban, Annul, Resolve };
inline constexpr std::array<Named<ModerationKind>, 8> kModerationKinds{{
    {ModerationKind::Grant, "grant"},
    {ModerationKind::Revoke, "revoke"},
    {ModerationKind::Mute, "mute"},
    {ModerationKind::Unmute, "unmute"},
    {ModerationKind::Ban, "ban"},
    {ModerationKind::Unban, "unban"},
    {ModerationKind::Annul, "annul"},
    {ModerationKind::Resolve, "resolve"},
}};

// A restriction in force on an account.
enum class Restriction { Mute, Ban };
inline constexpr std::array<Named<Restriction>, 2> kRestrictions{
    {{Restriction::Mute, "mute"}, {Restriction::Ban, "ban"}}};

// A user's id and name, as lists show them.
struct UserRef {
  int64_t id = 0;
  std::string name;
  bool operator==(const UserRef&) const = default;
};

struct Report {
  int64_t id = 0;
  UserRef reporter;    // names are filled in by listReports; createReport reads the ids only
  UserRef user;        // whom it is about
  int64_t gameId = 0;  // 0: the report is about the user alone
  ReportReason reason = ReportReason::Other;
  std::string text;
  int64_t createdMs = 0;   // 0 on create: the store stamps the current time
  int64_t resolvedMs = 0;  // 0 while open
  UserRef resolvedBy;
  std::string resolution;  // the moderator's note
};

struct RestrictionRow {
  int64_t userId = 0;
  Restriction kind = Restriction::Mute;
  int64_t untilMs = 0;  // 0: until lifted
  std::string reason;
  int64_t sinceMs = 0;
  bool operator==(const RestrictionRow&) const = default;
};

// One action, as applied and as logged. `moderator.id` 0 is the command line.
struct ModerationAction {
  int64_t id = 0;
  UserRef moderator;
  ModerationKind kind = ModerationKind::Resolve;
  UserRef user;                 // grant, revoke, mute, unmute, ban, unban: whom; annul, resolve: 0
  int64_t gameId = 0;           // annul
  int64_t reportId = 0;         // resolve
  Role role = Role::Moderator;  // grant, revoke
  std::string reason;           // why; a resolution's note
  int64_t untilMs = 0;          // mute, ban: 0 for until lifted
  int64_t atMs = 0;             // 0 on apply: the store stamps the current time
};

enum class ModerationOutcome {
  Done,           // applied and logged
  NothingToDo,    // already so (role held, nobody muted, report resolved, game annulled)
  UnknownTarget,  // no such user, game or report
  GameNotOver,    // annul: the game is still open or in play
};

struct ModerationResult {
  ModerationOutcome outcome = ModerationOutcome::Done;
  // Ban: the token hashes of the login sessions the ban ended, so their sockets can be closed.
  std::vector<std::string> endedSessions;
};

}  // namespace tengen::store
