#include "bus/local_bus.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tengen::bus {
namespace {

TEST(LocalBus, DeliversToEveryHandlerOfTheChannelAndNoOther) {
  LocalBus bus;
  std::vector<std::string> first;
  std::vector<std::string> second;
  std::vector<std::string> other;
  auto a = bus.subscribe("game:1", [&](std::string_view m) { first.emplace_back(m); });
  auto b = bus.subscribe("game:1", [&](std::string_view m) { second.emplace_back(m); });
  auto c = bus.subscribe("game:2", [&](std::string_view m) { other.emplace_back(m); });
  bus.publish("game:1", "one");
  bus.publish("game:1", std::string("t\0o", 3));
  EXPECT_EQ(first, (std::vector<std::string>{"one", std::string("t\0o", 3)}));
  EXPECT_EQ(second, first);
  EXPECT_TRUE(other.empty());
}

TEST(LocalBus, AnEndedSubscriptionHearsNothingMoreEvenWhenEndedByItsOwnHandler) {
  LocalBus bus;
  int heard = 0;
  std::unique_ptr<Subscription> once;
  once = bus.subscribe("lobby", [&](std::string_view) {
    ++heard;
    once.reset();  // ends itself while it runs
  });
  bus.publish("lobby", "x");
  bus.publish("lobby", "y");
  EXPECT_EQ(heard, 1);
  int later = 0;
  auto sub = bus.subscribe("lobby", [&](std::string_view) { ++later; });
  sub.reset();
  bus.publish("lobby", "z");
  EXPECT_EQ(later, 0);
}

}  // namespace
}  // namespace tengen::bus
