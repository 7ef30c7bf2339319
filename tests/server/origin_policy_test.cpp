#include "server/origin_policy.h"

#include <gtest/gtest.h>

namespace tengen::server {
namespace {

TEST(OriginPolicy, SameHostByDefault) {
  EXPECT_TRUE(isOriginAllowed("http://localhost:8080", "localhost:8080", {}));
  EXPECT_TRUE(isOriginAllowed("https://Go.Example.org", "go.example.org", {}));
  EXPECT_FALSE(isOriginAllowed("http://evil.example", "localhost:8080", {}));
  EXPECT_FALSE(isOriginAllowed("http://localhost:9999", "localhost:8080", {}));
  EXPECT_FALSE(isOriginAllowed("null", "localhost:8080", {}));
  EXPECT_FALSE(isOriginAllowed("ftp://localhost:8080", "localhost:8080", {}));
  EXPECT_FALSE(isOriginAllowed("http://localhost:8080", std::nullopt, {}));
}

TEST(OriginPolicy, NonBrowserClientsWithoutOriginAreAllowed) {
  EXPECT_TRUE(isOriginAllowed(std::nullopt, "localhost:8080", {}));
  EXPECT_TRUE(isOriginAllowed(std::nullopt, "localhost:8080", {"https://go.example.org"}));
}

TEST(OriginPolicy, ExplicitListReplacesSameHost) {
  const std::vector<std::string> allowed{"https://go.example.org", "http://localhost:3000/"};
  EXPECT_TRUE(isOriginAllowed("https://go.example.org", "api.example.org", allowed));
  EXPECT_TRUE(isOriginAllowed("http://localhost:3000", "localhost:8080", allowed));
  EXPECT_FALSE(isOriginAllowed("http://localhost:8080", "localhost:8080", allowed));
  EXPECT_TRUE(isOriginAllowed("http://anything", "localhost:8080", {"*"}));
}

}  // namespace
}  // namespace tengen::server
