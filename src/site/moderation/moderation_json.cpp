#include "site/moderation/moderation_json.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

json::value userJson(const store::UserRef& user) {
  if (user.id == 0 && user.name.empty()) return nullptr;
  return json::object{{"id", user.id}, {"name", user.name}};
}

}  // namespace

json::array usersJson(const std::vector<store::UserRef>& users) {
  json::array out;
  for (const store::UserRef& user : users) out.push_back(userJson(user));
  return out;
}

json::array reportsJson(const std::vector<store::Report>& reports) {
  json::array out;
  for (const store::Report& r : reports) {
    json::object report{{"id", r.id},
                        {"reporter", userJson(r.reporter)},
                        {"user", userJson(r.user)},
                        {"gameId", r.gameId == 0 ? json::value(nullptr) : json::value(r.gameId)},
                        {"reason", store::nameIn(store::kReportReasons, r.reason)},
                        {"text", r.text},
                        {"createdMs", r.createdMs}};
    if (r.resolvedMs != 0) {
      report["resolvedMs"] = r.resolvedMs;
      report["resolvedBy"] = userJson(r.resolvedBy);
      report["resolution"] = r.resolution;
    }
    out.push_back(std::move(report));
  }
  return out;
}

json::object restrictionJson(const store::RestrictionRow& row, const std::string& name) {
  return json::object{{"user", json::object{{"id", row.userId}, {"name", name}}},
                      {"kind", store::nameIn(store::kRestrictions, row.kind)},
                      {"untilMs", row.untilMs},
                      {"reason", row.reason},
                      {"sinceMs", row.sinceMs}};
}

json::array logJson(const std::vector<store::ModerationAction>& actions) {
  json::array out;
  for (const store::ModerationAction& a : actions) {
    json::object line{
        {"id", a.id},
        {"moderator", json::object{{"id", a.moderator.id}, {"name", a.moderator.name}}},
        {"action", store::nameIn(store::kModerationKinds, a.kind)},
        {"reason", a.reason},
        {"atMs", a.atMs}};
    if (a.user.id != 0) line["user"] = userJson(a.user);
    if (a.gameId != 0) line["gameId"] = a.gameId;
    if (a.reportId != 0) line["reportId"] = a.reportId;
    if (a.kind == store::ModerationKind::Grant || a.kind == store::ModerationKind::Revoke) {
      line["role"] = store::nameIn(store::kRoles, a.role);
    }
    if (a.untilMs != 0) line["untilMs"] = a.untilMs;
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace tengen::site
