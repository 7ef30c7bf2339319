// Cookie headers in, Set-Cookie values out (RFC 6265).

#include "server/cookies.h"

#include <gtest/gtest.h>

namespace tengen::server {
namespace {

using namespace std::chrono_literals;

TEST(FindCookie, FindsANameAmongOthers) {
  EXPECT_EQ(findCookie("a=1; tengen_session=xyz; b=2", "tengen_session"), "xyz");
  EXPECT_EQ(findCookie("tengen_session=xyz", "tengen_session"), "xyz");
  EXPECT_EQ(findCookie("a=1;tengen_session=xyz", "tengen_session"), "xyz");
  EXPECT_EQ(findCookie("a=1; b=2", "b"), "2");
}

TEST(FindCookie, AbsentGivesNullopt) {
  EXPECT_FALSE(findCookie("", "tengen_session"));
  EXPECT_FALSE(findCookie("a=1; b=2", "tengen_session"));
  EXPECT_FALSE(findCookie("tengen_sessionx=1", "tengen_session"));
  EXPECT_FALSE(findCookie("xtengen_session=1", "tengen_session"));
}

TEST(FindCookie, NamesAreCaseSensitive) {
  EXPECT_FALSE(findCookie("Tengen_Session=xyz", "tengen_session"));
}

TEST(FindCookie, FirstOfTwoWins) { EXPECT_EQ(findCookie("s=first; s=second", "s"), "first"); }

TEST(FindCookie, BlanksAroundNamesAndValuesAreTrimmed) {
  EXPECT_EQ(findCookie("  a = 1 ;\t s =\tvalue\t", "s"), "value");
}

TEST(FindCookie, QuotedValueLosesItsQuotes) {
  EXPECT_EQ(findCookie("s=\"abc\"", "s"), "abc");
  EXPECT_EQ(findCookie("s=\"", "s"), "\"") << "a lone quote is kept as it is";
}

TEST(FindCookie, ValueMayContainEqualsSignsAndBeEmpty) {
  EXPECT_EQ(findCookie("s=a=b==", "s"), "a=b==");
  EXPECT_EQ(findCookie("s=", "s"), "");
  EXPECT_EQ(findCookie("s=;t=1", "t"), "1");
}

TEST(FindCookie, MalformedPartsAreSkipped) {
  EXPECT_EQ(findCookie(";;; ; s=1", "s"), "1");
  EXPECT_EQ(findCookie("garbage; =nameless; s=2", "s"), "2");
  EXPECT_EQ(findCookie("s; s=3", "s"), "3") << "a name without '=' is no cookie";
  EXPECT_FALSE(findCookie("=s", "s"));
  EXPECT_FALSE(findCookie(";", "s"));
  EXPECT_FALSE(findCookie("s", "s"));
  EXPECT_FALSE(findCookie(std::string_view("\0s=1", 4), "s")) << "a NUL is part of the name";
}

TEST(FindCookie, CommaIsNotASeparator) {
  // Old RFC 2109 headers used ",": the value then runs to the next ';', which no token matches.
  EXPECT_EQ(findCookie("a=1, s=2", "a"), "1, s=2");
  EXPECT_FALSE(findCookie("a=1, s=2", "s"));
}

TEST(SetCookie, CarriesTheSessionAttributes) {
  EXPECT_EQ(setCookieValue("tengen_session", "abc-_123", 2592000s),
            "tengen_session=abc-_123; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000");
}

TEST(SetCookie, ClearingSetsAnEmptyValueAndMaxAgeZero) {
  EXPECT_EQ(clearCookieValue("tengen_session"),
            "tengen_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
}

TEST(SetCookie, WhatItWritesFindCookieReads) {
  const std::string header = "other=1; " + setCookieValue("s", "tok", 60s).substr(0, 5);
  EXPECT_EQ(findCookie(header, "s"), "tok");
}

TEST(CookieValue, OnlyCookieOctetsAreAllowed) {
  EXPECT_TRUE(isCookieValue("AZaz09-_.~!#$%&'()*+/:<=>?@[]^`{|}"));
  EXPECT_TRUE(isCookieValue(""));
  EXPECT_FALSE(isCookieValue("a b"));
  EXPECT_FALSE(isCookieValue("a;b"));
  EXPECT_FALSE(isCookieValue("a,b"));
  EXPECT_FALSE(isCookieValue("a\"b"));
  EXPECT_FALSE(isCookieValue("a\\b"));
  EXPECT_FALSE(isCookieValue("\x7f"));
  EXPECT_FALSE(isCookieValue("\xc3\xa9"));
}

}  // namespace
}  // namespace tengen::server
