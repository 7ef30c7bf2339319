#pragma once

// How a node joins the others on one store (cluster.h, docs/scaling.md); tengen serve --node.

#include <chrono>
#include <string>

#include "bus/bus.h"

namespace tengen::site {

struct ClusterOptions {
  std::string node;         // this node's name, unique among the nodes; empty: one node alone
  bus::Bus* bus = nullptr;  // required with a node name; outlives the site
  // How long a lease lasts unrenewed: a dead node's games are taken over within about this
  // plus a beat (a third of it). Shorter takes over sooner and renews more often.
  std::chrono::milliseconds leaseTtl{3000};
  // A forwarded command unanswered this long is answered owner_unavailable (its node may
  // have died; the beat takes the game over within a lease's time).
  std::chrono::milliseconds forwardTimeout{5000};
};

}  // namespace tengen::site
