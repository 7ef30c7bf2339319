#include "gtp/command_line_split.h"

#include <gtest/gtest.h>

namespace tengen::gtp {
namespace {

using Words = std::vector<std::string>;

TEST(CommandLineSplit, SplitsOnBlanks) {
  EXPECT_EQ(splitCommandLine("gnugo  --mode gtp\t--level 10").value(),
            (Words{"gnugo", "--mode", "gtp", "--level", "10"}));
}

TEST(CommandLineSplit, QuotesGroupWords) {
  EXPECT_EQ(splitCommandLine("katago gtp -config 'my config.cfg' -name=\"a \\\"b\\\"\" ''").value(),
            (Words{"katago", "gtp", "-config", "my config.cfg", "-name=a \"b\"", ""}));
}

TEST(CommandLineSplit, SingleQuotesKeepBackslashes) {
  EXPECT_EQ(splitCommandLine(R"(engine 'a\b')").value(), (Words{"engine", "a\\b"}));
}

TEST(CommandLineSplit, EmptyIsAnError) {
  EXPECT_EQ(splitCommandLine("").error().message, "the command is empty");
  EXPECT_EQ(splitCommandLine(" \t ").error().message, "the command is empty");
}

TEST(CommandLineSplit, UnclosedQuoteIsAnError) {
  const auto words = splitCommandLine("gnugo --name 'GNU Go");
  ASSERT_FALSE(words.has_value());
  EXPECT_EQ(words.error().toString(), "column 14: the quote ' is never closed");
}

}  // namespace
}  // namespace tengen::gtp
