// Unit tests of the load generator's pure parts, and an end-to-end run of the loadgen binary
// against a real `tengen serve` on a temporary database.

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include <chrono>
#include <map>
#include <random>

#include "game_view.h"
#include "histogram.h"
#include "options.h"

namespace tengen::loadgen {
namespace {

using std::chrono::microseconds;

TEST(LatencyHistogram, ExactBelow128Microseconds) {
  LatencyHistogram histogram;
  for (int us = 1; us <= 100; ++us) histogram.record(microseconds(us));
  EXPECT_EQ(histogram.count(), 100u);
  EXPECT_EQ(histogram.percentile(50), microseconds(50));
  EXPECT_EQ(histogram.percentile(99), microseconds(99));
  EXPECT_EQ(histogram.percentile(100), microseconds(100));
  EXPECT_EQ(histogram.max(), microseconds(100));
}

TEST(LatencyHistogram, BucketsKeepValuesWithinOnePointSixPercent) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 100000; ++i) {
    const auto value = std::uniform_int_distribution<std::uint64_t>(128, 60'000'000)(random);
    const auto edge = LatencyHistogram::upperEdgeOf(LatencyHistogram::bucketOf(value));
    ASSERT_GE(edge, value);
    ASSERT_LE(static_cast<double>(edge - value), static_cast<double>(value) / 64.0) << value;
  }
}

TEST(LatencyHistogram, BucketsAreContiguous) {
  // Every value maps to the bucket whose upper edge is the first at or above it.
  for (std::uint64_t value = 0; value < 1'000'000; ++value) {
    const int bucket = LatencyHistogram::bucketOf(value);
    ASSERT_GE(LatencyHistogram::upperEdgeOf(bucket), value);
    if (bucket > 0) {
      ASSERT_LT(LatencyHistogram::upperEdgeOf(bucket - 1), value);
    }
  }
}

TEST(LatencyHistogram, PercentilesOfAKnownMixAndMerge) {
  LatencyHistogram fast;
  LatencyHistogram slow;
  for (int i = 0; i < 990; ++i) fast.record(std::chrono::milliseconds(2));
  for (int i = 0; i < 10; ++i) slow.record(std::chrono::milliseconds(40));
  fast.merge(slow);
  EXPECT_EQ(fast.count(), 1000u);
  // 2 ms = 2000 us lies in a bucket of width 32 us.
  EXPECT_NEAR(fast.percentile(50).count(), 2000, 32);
  EXPECT_NEAR(fast.percentile(99).count(), 2000, 32);
  EXPECT_NEAR(fast.percentile(99.5).count(), 40000, 40000 / 64);
  EXPECT_EQ(fast.max(), microseconds(40000));
  EXPECT_EQ(LatencyHistogram().percentile(99), microseconds(0));
}

TEST(PointName, GtpColumnsSkipIAndRowsCountFromTheBottom) {
  EXPECT_EQ(pointName(0, 19), "A19");
  EXPECT_EQ(pointName(18, 19), "T19");
  EXPECT_EQ(pointName(8, 19), "J19");
  EXPECT_EQ(pointName(360, 19), "T1");
  EXPECT_EQ(pointName(19 * 15 + 3, 19), "D4");
  EXPECT_EQ(pointName(24, 25), "Z25");
  EXPECT_EQ(pointName(80, 9), "J1");
}

TEST(RandomLegalIndex, PicksOnlyLegalPointsAndEachOfThem) {
  const std::string legal = "0100100001";
  std::mt19937_64 random(1);
  std::map<int, int> picked;
  for (int i = 0; i < 3000; ++i) ++picked[*randomLegalIndex(legal, random)];
  EXPECT_EQ(picked.size(), 3u);
  for (const auto& [index, count] : picked) {
    EXPECT_EQ(legal[static_cast<std::size_t>(index)], '1');
    EXPECT_GT(count, 800);  // about 1000 each
  }
  EXPECT_FALSE(randomLegalIndex("0000", random).has_value());
}

TEST(ParseGameView, ReadsPlayState) {
  const auto state = boost::json::parse(
      R"({"phase":"play","toMove":"white","moveNumber":3,"board":"b........","legal":"011111111"})");
  const auto view = parseGameView(state, 3);
  ASSERT_TRUE(view) << view.error().toString();
  EXPECT_EQ(view->phase, "play");
  EXPECT_EQ(view->toMove, Colour::White);
  EXPECT_EQ(view->moveNumber, 3);
  EXPECT_EQ(view->legal, "011111111");
}

TEST(ParseGameView, NamesTheBadField) {
  auto bad = [](const char* text, int size) {
    const auto view = parseGameView(boost::json::parse(text), size);
    return view ? std::string("accepted") : view.error().toString();
  };
  EXPECT_EQ(bad(R"({"toMove":"black"})", 3), "state.phase: missing or not a string");
  EXPECT_EQ(bad(R"({"phase":"play","toMove":"black","legal":"0101"})", 3),
            "state.legal: has 4 characters, expected 9");
  EXPECT_EQ(bad(R"({"phase":"play","toMove":"black","legal":7})", 3),
            "state.legal: neither a string nor null");
  EXPECT_EQ(bad(R"({"phase":"play","legal":"000000000"})", 3),
            "state.toMove: missing in phase play");
  // The state of a resign event: still "play", but nothing is legal any more.
  EXPECT_EQ(bad(R"({"phase":"play","toMove":"white","legal":null})", 3), "accepted");
  EXPECT_EQ(bad(R"({"phase":"finished","toMove":null,"legal":null})", 3), "accepted");
}

TEST(ParseUrl, HostAndPort) {
  const auto endpoint = parseUrl("http://127.0.0.1:8123/");
  ASSERT_TRUE(endpoint);
  EXPECT_EQ(endpoint->host, "127.0.0.1");
  EXPECT_EQ(endpoint->port, 8123);
  EXPECT_EQ(parseUrl("ws://localhost")->port, 80);
  EXPECT_EQ(parseUrl("127.0.0.1:80").error().toString(),
            "--url 127.0.0.1:80: expected http://HOST:PORT");
  EXPECT_EQ(parseUrl("http://h:99999").error().toString(),
            "--url http://h:99999: the port must be a number 1..65535");
}

TEST(FinishOptions, JoinersGoToTheJoinerUrlOnlyInThePlayScenario) {
  Options options;
  options.url = "http://127.0.0.1:8081";
  ASSERT_TRUE(finishOptions(options));
  EXPECT_EQ(options.joinerEndpoint.port, 8081);  // no --joiner-url: both on --url
  options.joinerUrl = "http://127.0.0.1:8082";
  ASSERT_TRUE(finishOptions(options));
  EXPECT_EQ(options.endpoint.port, 8081);
  EXPECT_EQ(options.joinerEndpoint.port, 8082);
  options.joinerUrl = "8082";
  EXPECT_EQ(finishOptions(options).error().toString(),
            "--joiner-url 8082: expected http://HOST:PORT");
  options.joinerUrl = "http://127.0.0.1:8082";
  options.idle = 10;
  EXPECT_EQ(finishOptions(options).error().toString(),
            "--joiner-url: only the play scenario has joiners");
}

TEST(ParseCpuPart, NameAndProcessIds) {
  const auto part = parseCpuPart("nodes=101,102");
  ASSERT_TRUE(part);
  EXPECT_EQ(part->name, "nodes");
  EXPECT_EQ(part->pids, (std::vector<int>{101, 102}));
  EXPECT_EQ(parseCpuPart("redis=7")->pids, std::vector<int>{7});
  EXPECT_EQ(parseCpuPart("=7").error().toString(), "--cpu-of =7: expected NAME=PID[,PID...]");
  EXPECT_EQ(parseCpuPart("pg").error().toString(), "--cpu-of pg: expected NAME=PID[,PID...]");
  EXPECT_EQ(parseCpuPart("pg=1,,2").error().toString(),
            "--cpu-of pg=1,,2: a process id must be a positive number, not ''");
  EXPECT_EQ(parseCpuPart("pg=1,x").error().toString(),
            "--cpu-of pg=1,x: a process id must be a positive number, not 'x'");
  EXPECT_EQ(parseCpuPart("pg=-3").error().toString(),
            "--cpu-of pg=-3: a process id must be a positive number, not '-3'");
}

}  // namespace
}  // namespace tengen::loadgen
