// argon2id password hashes and session tokens (libsodium).

#include "site/accounts/password.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

namespace tengen::site {
namespace {

TEST(Password, HashIsArgon2idAndVerifiesOnlyItsPassword) {
  const auto hash = hashPassword("correct horse");
  ASSERT_TRUE(hash) << hash.error().toString();
  EXPECT_TRUE(hash->starts_with("$argon2id$v=19$")) << *hash;
  EXPECT_TRUE(verifyPassword(*hash, "correct horse"));
  EXPECT_FALSE(verifyPassword(*hash, "correct horsE"));
  EXPECT_FALSE(verifyPassword(*hash, ""));
}

TEST(Password, SamePasswordHashesDifferentlyEachTime) {
  const auto first = hashPassword("same password");
  const auto second = hashPassword("same password");
  ASSERT_TRUE(first && second);
  EXPECT_NE(*first, *second) << "each hash has its own salt";
  EXPECT_TRUE(verifyPassword(*second, "same password"));
}

TEST(Password, BytesAfterANulCount) {
  const std::string withNul("abc\0defgh", 9);
  const auto hash = hashPassword(withNul);
  ASSERT_TRUE(hash);
  EXPECT_TRUE(verifyPassword(*hash, withNul));
  EXPECT_FALSE(verifyPassword(*hash, "abc"));
}

TEST(Password, EmptyOrForeignHashNeverVerifies) {
  EXPECT_FALSE(verifyPassword("", ""));
  EXPECT_FALSE(verifyPassword("", "anything"));
  EXPECT_FALSE(verifyPassword("$2y$10$notargon", "anything"));
  EXPECT_FALSE(verifyPassword(std::string(1000, '$'), "anything"));
}

TEST(SessionToken, Is43UrlSafeCharactersAndFresh) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    const std::string token = newSessionToken();
    EXPECT_TRUE(std::regex_match(token, std::regex("[A-Za-z0-9_-]{43}"))) << token;
    EXPECT_TRUE(looksLikeSessionToken(token));
    seen.insert(token);
  }
  EXPECT_EQ(seen.size(), 100u);
}

TEST(SessionToken, ShapeCheckRefusesOtherText) {
  EXPECT_FALSE(looksLikeSessionToken(""));
  EXPECT_FALSE(looksLikeSessionToken(std::string(42, 'a')));
  EXPECT_FALSE(looksLikeSessionToken(std::string(44, 'a')));
  EXPECT_FALSE(looksLikeSessionToken(std::string(42, 'a') + "="));
  EXPECT_FALSE(looksLikeSessionToken(std::string(42, 'a') + "+"));
  EXPECT_TRUE(looksLikeSessionToken(std::string(42, 'a') + "-"));
}

TEST(SessionToken, HashIsSha256InHex) {
  // FIPS 180-2 test vector.
  EXPECT_EQ(sessionTokenHash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string token = newSessionToken();
  EXPECT_EQ(sessionTokenHash(token), sessionTokenHash(token));
  EXPECT_NE(sessionTokenHash(token), sessionTokenHash(newSessionToken()));
}

TEST(RandomBelow, StaysInRangeAndVaries) {
  std::set<unsigned> seen;
  for (int i = 0; i < 200; ++i) {
    const unsigned n = randomBelow(10);
    EXPECT_LT(n, 10u);
    seen.insert(n);
  }
  EXPECT_GT(seen.size(), 5u);
}

}  // namespace
}  // namespace tengen::site
