// Parsing and checking account request bodies; the shapes of account responses.

#include "site/accounts/account_routes.h"

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

namespace tengen::site {
namespace {

using namespace std::chrono_literals;

TEST(ParseCredentials, ReadsNameAndPasswordAndIgnoresOtherFields) {
  const auto parsed = parseCredentials(R"({"name":"alice","password":"pw","remember":true})");
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->name, "alice");
  EXPECT_EQ(parsed->password, "pw");
}

TEST(ParseCredentials, KeepsEscapedBytesOfThePassword) {
  const auto parsed = parseCredentials(R"({"name":"a","password":"x\u0000y\"z"})");
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->password, std::string("x\0y\"z", 5));
}

TEST(ParseCredentials, ErrorsSayWhatIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "the body must be JSON: "},
      {"{", "the body must be JSON: "},
      {"{} x", "the body must be JSON: "},
      {"null", "the body must be a JSON object"},
      {"[]", "the body must be a JSON object"},
      {"{}", "missing \"name\": a string"},
      {R"({"name":["alice"]})", "\"name\" must be a string"},
      {R"({"name":"alice"})", "missing \"password\": a string"},
      {R"({"name":"alice","password":12345678})", "\"password\" must be a string"},
  };
  for (const auto& [body, message] : cases) {
    const auto parsed = parseCredentials(body);
    ASSERT_FALSE(parsed) << body;
    EXPECT_TRUE(parsed.error().starts_with(message)) << body << " → " << parsed.error();
  }
}

TEST(CheckNewName, AllowsTwoToTwentyLettersDigitsUnderscoresAndDashes) {
  for (const char* name : {"ab", "Alice", "a_b-c", "0123456789abcdefghij", "-_"}) {
    EXPECT_FALSE(checkNewName(name)) << name;
  }
  for (const char* name :
       {"", "a", "0123456789abcdefghijk", "a b", "a.b", "a@b", "\xc3\xa9t\xc3\xa9", "a\tb"}) {
    EXPECT_TRUE(checkNewName(name)) << name;
  }
}

TEST(CheckNewName, GuestPrefixIsReservedInAnyCase) {
  EXPECT_TRUE(checkNewName("guest-123456"));
  EXPECT_TRUE(checkNewName("Guest-x"));
  EXPECT_FALSE(checkNewName("guest"));
  EXPECT_FALSE(checkNewName("guest_1"));
  EXPECT_FALSE(checkNewName("myguest-1"));
}

TEST(CheckNewPassword, AllowsEightTo256Bytes) {
  EXPECT_TRUE(checkNewPassword(std::string(7, 'x')));
  EXPECT_FALSE(checkNewPassword(std::string(8, 'x')));
  EXPECT_FALSE(checkNewPassword(std::string(256, 'x')));
  EXPECT_TRUE(checkNewPassword(std::string(257, 'x')));
  EXPECT_FALSE(checkNewPassword("\xd0\x9f\xd0\xb0\xd1\x80\xd0\xbe")) << "4 letters, 8 bytes";
}

TEST(UserResponse, CarriesTheUserAndTheCookie) {
  const auto response = userResponse(201, {7, "alice", false, ""}, "tok", 2592000s);
  EXPECT_EQ(response.status, 201);
  EXPECT_EQ(response.body, R"({"user":{"id":7,"name":"alice","guest":false}})");
  bool cookie = false;
  for (const auto& [name, value] : response.headers) {
    if (name != "Set-Cookie") continue;
    cookie = true;
    EXPECT_EQ(value, "tengen_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000");
  }
  EXPECT_TRUE(cookie);
  const auto plain = userResponse(200, {8, "guest-000001", true, ""}, std::nullopt, 0s);
  for (const auto& header : plain.headers) EXPECT_NE(header.first, "Set-Cookie");
  EXPECT_EQ(plain.body, R"({"user":{"id":8,"name":"guest-000001","guest":true}})");
}

TEST(LoggedOutResponse, Is204AndClearsTheCookie) {
  const auto response = loggedOutResponse();
  EXPECT_EQ(response.status, 204);
  EXPECT_TRUE(response.body.empty());
  bool cleared = false;
  for (const auto& [name, value] : response.headers) {
    if (name == "Set-Cookie") cleared = value.ends_with("; Max-Age=0");
  }
  EXPECT_TRUE(cleared);
}

}  // namespace
}  // namespace tengen::site
