#include "base/json_text.h"

#include <boost/json/parse.hpp>

#include <gtest/gtest.h>

#include <limits>

namespace tengen::server {
namespace {

namespace json = boost::json;

// Boost.JSON's own serializer writes 7.5 as "7.5E0"; the site writes numbers as JavaScript.
TEST(JsonText, WritesDoublesAsJavaScriptDoes) {
  EXPECT_EQ(jsonNumber(7.5), "7.5");
  EXPECT_EQ(jsonNumber(7.0), "7");
  EXPECT_EQ(jsonNumber(0.5), "0.5");
  EXPECT_EQ(jsonNumber(-6.5), "-6.5");
  EXPECT_EQ(jsonNumber(0.1), "0.1");
  EXPECT_EQ(jsonNumber(-0.0), "0");
  EXPECT_EQ(jsonNumber(1e21), "1e+21");
}

TEST(JsonText, NonFiniteNumbersAreNull) {
  EXPECT_EQ(jsonNumber(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(jsonNumber(std::numeric_limits<double>::quiet_NaN()), "null");
}

TEST(JsonText, NestedValuesKeepKeysStringsAndIntegers) {
  json::object game;
  game["komi"] = 7.5;
  game["handicapKomi"] = 0.5;
  game["size"] = 19;
  game["rules"] = "japanese \"x\"\n";
  game["scores"] = json::array{7.0, -2.5, nullptr, true};
  game["nested"] = json::object{{"margin", 14.0}};
  EXPECT_EQ(jsonText(game),
            R"({"komi":7.5,"handicapKomi":0.5,"size":19,"rules":"japanese \"x\"\n",)"
            R"("scores":[7,-2.5,null,true],"nested":{"margin":14}})");
}

TEST(JsonText, ReadsBackAsTheSameValue) {
  const json::value value = json::parse(R"({"a":[0.30000000000000004,1e-7,123456789.125]})");
  EXPECT_EQ(json::parse(jsonText(value)), value);
}

}  // namespace
}  // namespace tengen::server
