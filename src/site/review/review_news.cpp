#include "site/review/review_news.h"

#include <boost/json/parse.hpp>

#include "base/json_text.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

Result<int64_t> integerField(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  if (value == nullptr || !value->is_int64()) {
    return fail("review news: " + std::string(key) + " must be an integer");
  }
  return value->as_int64();
}

Result<std::string> textField(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  if (value == nullptr || !value->is_string()) {
    return fail("review news: " + std::string(key) + " must be a string");
  }
  return std::string(value->as_string());
}

}  // namespace

std::string encodeReviewNews(const ReviewNews& news) {
  json::object out{{"node", news.node}, {"reviewId", news.reviewId}};
  if (news.kind == ReviewNews::Kind::Saved) {
    out["kind"] = "saved";
    out["version"] = news.version;
  } else {
    out["kind"] = "chat";
    out["fromId"] = news.fromId;
    out["fromName"] = news.fromName;
    out["text"] = news.text;
    out["atMs"] = news.atMs;
  }
  return jsonText(out);
}

Result<ReviewNews> decodeReviewNews(std::string_view text) {
  boost::system::error_code ec;
  json::value parsed = json::parse(text, ec);
  if (ec || !parsed.is_object()) return fail("review news: not a JSON object");
  const json::object& object = parsed.as_object();
  ReviewNews news;
  auto kind = textField(object, "kind");
  if (!kind) return std::unexpected(kind.error());
  auto node = textField(object, "node");
  if (!node) return std::unexpected(node.error());
  auto review = integerField(object, "reviewId");
  if (!review) return std::unexpected(review.error());
  news.node = std::move(*node);
  news.reviewId = *review;
  if (*kind == "saved") {
    auto version = integerField(object, "version");
    if (!version) return std::unexpected(version.error());
    news.version = *version;
    return news;
  }
  if (*kind != "chat") return fail("review news: kind must be saved or chat, not " + *kind);
  news.kind = ReviewNews::Kind::Chat;
  auto from = integerField(object, "fromId");
  if (!from) return std::unexpected(from.error());
  auto name = textField(object, "fromName");
  if (!name) return std::unexpected(name.error());
  auto line = textField(object, "text");
  if (!line) return std::unexpected(line.error());
  auto at = integerField(object, "atMs");
  if (!at) return std::unexpected(at.error());
  news.fromId = *from;
  news.fromName = std::move(*name);
  news.text = std::move(*line);
  news.atMs = *at;
  return news;
}

}  // namespace tengen::site
