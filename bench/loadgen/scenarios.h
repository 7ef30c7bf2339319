#pragma once

// The two scenarios: many games played at a paced rate, or many idle connected sockets. Each
// creates its guests, runs --threads io_contexts (one thread each, sockets split evenly) and
// returns what it measured; the window is the same for every thread.

#include "base/result.h"
#include "options.h"
#include "report.h"

namespace tengen::loadgen {

Result<PlayReport> runPlayScenario(const Options& options);
Result<IdleReport> runIdleScenario(const Options& options);

}  // namespace tengen::loadgen
