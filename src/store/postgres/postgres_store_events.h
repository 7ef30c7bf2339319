#pragma once

// How PostgresStore appends one command's events: a single statement, so that a write job
// costs the writer thread one round trip to the server.

#include <cstdint>
#include <optional>
#include <vector>

#include "store/group_commit_writer.h"
#include "store/postgres/pg_connection.h"
#include "store/store.h"

namespace tengen::store::postgres_parts {

// Appends `events` (consecutive events of one game) after the game's last, inside the writer's
// batch transaction. With `fence`, only while the game's lease still has that token (the
// lease row is read FOR SHARE, so a takeover waits for this transaction or this one for it).
// Two nodes may pass the seq check at once: the primary key then makes the later insert wait
// for the earlier one's commit and fail, which is the Conflict it should be.
AppendResult insertEvents(PgConnection& db, const std::vector<GameEvent>& events,
                          std::optional<int64_t> fence = std::nullopt);
// The same append as a write the group commit writer can pipeline with its neighbours; none
// when `events` are no one append (insertEvents then says why).
std::optional<PipelinedWrite<PgConnection>> pipelinedAppend(const std::vector<GameEvent>& events,
                                                            std::optional<int64_t> fence);

}  // namespace tengen::store::postgres_parts
