#include "site/analysis/engine_review_news.h"

#include <boost/json/parse.hpp>

#include "base/json_text.h"

namespace tengen::site {

namespace json = boost::json;

std::string encodeEngineReviewNews(const EngineReviewNews& news) {
  return jsonText(json::object{{"node", news.node},
                                       {"gameId", news.gameId},
                                       {"final", news.final},
                                       {"message", news.message}});
}

Result<EngineReviewNews> decodeEngineReviewNews(std::string_view text) {
  boost::system::error_code ec;
  json::value parsed = json::parse(text, ec);
  if (ec || !parsed.is_object()) return fail("engine review news: not a JSON object");
  const json::object& object = parsed.as_object();
  const json::value* node = object.if_contains("node");
  const json::value* game = object.if_contains("gameId");
  const json::value* final = object.if_contains("final");
  const json::value* message = object.if_contains("message");
  if (node == nullptr || !node->is_string())
    return fail("engine review news: node must be a string");
  if (game == nullptr || !game->is_int64() || game->as_int64() <= 0) {
    return fail("engine review news: gameId must be a positive integer");
  }
  if (final == nullptr || !final->is_bool())
    return fail("engine review news: final must be true or false");
  if (message == nullptr || !message->is_string()) {
    return fail("engine review news: message must be a string");
  }
  return EngineReviewNews{std::string(node->as_string()), game->as_int64(), final->as_bool(),
                          std::string(message->as_string())};
}

}  // namespace tengen::site
