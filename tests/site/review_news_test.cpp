// What nodes tell each other about review boards (site/review/review_news.h): decoded once into
// its type, and anything but what the encoder writes refused naming the field.
#include <gtest/gtest.h>

#include "site/review/review_news.h"

namespace tengen::site {
namespace {

TEST(ReviewNews, ASaveAndAChatLineComeBackAsTheyWent) {
  ReviewNews saved;
  saved.node = "n1";
  saved.reviewId = 7;
  saved.version = 1'765'000'000'123;
  EXPECT_EQ(decodeReviewNews(encodeReviewNews(saved)).value(), saved);
  ReviewNews chat{ReviewNews::Kind::Chat, "n2", 7, 0, 4, "José", "why \"E5\"?\n", 99};
  EXPECT_EQ(decodeReviewNews(encodeReviewNews(chat)).value(), chat);
}

TEST(ReviewNews, HostileNewsIsRefusedNamingTheField) {
  auto refusal = [](std::string_view text) {
    auto decoded = decodeReviewNews(text);
    EXPECT_FALSE(decoded) << text;
    return decoded ? std::string() : decoded.error().message;
  };
  EXPECT_EQ(refusal(""), "review news: not a JSON object");
  EXPECT_EQ(refusal("[]"), "review news: not a JSON object");
  EXPECT_EQ(refusal(R"({"node":"n1","reviewId":7})"), "review news: kind must be a string");
  EXPECT_EQ(refusal(R"({"kind":"saved","reviewId":7,"version":1})"),
            "review news: node must be a string");
  EXPECT_EQ(refusal(R"({"kind":"saved","node":"n1","reviewId":"7","version":1})"),
            "review news: reviewId must be an integer");
  EXPECT_EQ(refusal(R"({"kind":"saved","node":"n1","reviewId":7})"),
            "review news: version must be an integer");
  EXPECT_EQ(refusal(R"({"kind":"edit","node":"n1","reviewId":7})"),
            "review news: kind must be saved or chat, not edit");
  EXPECT_EQ(refusal(R"({"kind":"chat","node":"n1","reviewId":7,"fromId":4,"fromName":"a",)"
                    R"("atMs":1})"),
            "review news: text must be a string");
}

}  // namespace
}  // namespace tengen::site
