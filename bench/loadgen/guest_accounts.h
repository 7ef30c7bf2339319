#pragma once

// Creates guest accounts over REST (POST /api/guest) for the simulated players.

#include <boost/asio/awaitable.hpp>

#include <string>
#include <vector>

#include "base/result.h"
#include "options.h"

namespace tengen::loadgen {

// `count` guest sessions, each as the value for a Cookie header ("tengen_session=…"). Requests
// are pipelined: `connections` keep-alive connections each write `depth` requests, then read
// their responses, and repeat. Fails on the first non-201 answer or broken connection.
boost::asio::awaitable<Result<std::vector<std::string>>> createGuests(const Endpoint& endpoint,
                                                                      int count, int connections,
                                                                      int depth);

// The same on a private io_context, blocking the calling thread until done.
Result<std::vector<std::string>> createGuestsBlocking(const Endpoint& endpoint, int count,
                                                      int connections, int depth);

}  // namespace tengen::loadgen
