#pragma once

// create_table's fields (docs/protocol.md, "create_table") validated into the settings row of a
// new open game. Every error names the field and what it accepts.

#include <boost/json/object.hpp>

#include <cstdint>

#include "base/result.h"
#include "store/store.h"

namespace tengen::site {

// The new game's settings for `ownerUserId`. Without "rules" a table plays
// go::Rules::forNewTable(); without "komi", the rules' komi for its handicap (go/rules.h). (seat
// taken per `colour`, status "open"); the id and creation time are left for the caller.
// Error::where names the field.
Result<store::GameSettings> tableSettingsFromJson(const boost::json::object& message,
                                                  int64_t ownerUserId);

}  // namespace tengen::site
