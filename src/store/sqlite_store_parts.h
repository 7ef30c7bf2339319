#pragma once

// What the files of SqliteStore (sqlite_store*.cpp) share. Included by those files only.

#include "store/sqlite_statement.h"
#include "store/store_parts.h"

namespace tengen::store::sqlite_parts {

using parts::failed;
using parts::fenced;
using parts::notOneAppend;
using parts::seqConflict;
using parts::nowMs;
using Step = SqliteStatement::Step;

}  // namespace tengen::store::sqlite_parts
