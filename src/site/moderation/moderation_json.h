#pragma once

// The moderation rows as the messages carry them (docs/protocol.md, "Moderation").

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "store/moderation_rows.h"

namespace tengen::site {

boost::json::array usersJson(const std::vector<store::UserRef>& users);
boost::json::array reportsJson(const std::vector<store::Report>& reports);
boost::json::object restrictionJson(const store::RestrictionRow& row, const std::string& name);
boost::json::array logJson(const std::vector<store::ModerationAction>& actions);

}  // namespace tengen::site
