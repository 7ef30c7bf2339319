#include "site/learn/lesson_service.h"

#include <boost/asio/post.hpp>
#include <boost/json/parse.hpp>

#include <charconv>
#include <string>

#include "base/log.h"
#include "base/quote_input.h"
#include "learn/lesson_judge.h"
#include "site/json_http.h"
#include "site/learn/lesson_json.h"

namespace tengen::site {

namespace json = boost::json;
using server::HttpMethod;
using server::HttpRequestView;
using server::HttpResponder;
using server::HttpResponse;

namespace {

constexpr std::string_view kLessonsPrefix = "/api/lessons/";
// Judgements waiting for the thread before new ones are turned away with 503.
constexpr int kMaxQueued = 64;

std::string cookieOf(const HttpRequestView& request) {
  return std::string(request.header("Cookie").value_or(""));
}

Result<json::object> objectBody(std::string_view body) {
  boost::system::error_code ec;
  json::value value = json::parse(body, ec);
  if (ec) return fail("the body is not JSON: " + ec.message());
  if (!value.is_object()) return fail("the body must be a JSON object");
  return value.as_object();
}

// "{id}/boards/{n}" -> (id, n from 1); nullopt when the path has another shape.
std::optional<std::pair<std::string_view, int>> boardPath(std::string_view rest) {
  const std::size_t slash = rest.find("/boards/");
  if (slash == std::string_view::npos) return std::nullopt;
  const std::string_view number = rest.substr(slash + 8);
  int n = 0;
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (ec != std::errc{} || end != number.data() + number.size() || n < 1) return std::nullopt;
  return std::pair{rest.substr(0, slash), n};
}

// The moves of a judging request as points of the board, each error naming its entry.
Result<std::vector<go::Point>> movesOf(const json::value& moves, const go::Geometry& g) {
  if (!moves.is_array()) return fail("moves must be a list of vertices such as \"D4\"");
  std::vector<go::Point> points;
  const json::array& list = moves.as_array();
  if (list.size() > 101) return fail("moves has more than 101 entries");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string where = "moves[" + std::to_string(i) + "]";
    if (!list[i].is_string()) return fail(where + " must be a vertex such as \"D4\" or \"pass\"");
    auto point = g.fromGtp(list[i].as_string());
    if (!point) {
      const std::string size = std::to_string(g.size());
      return fail(where + ": '" + inputPrefix(list[i].as_string()) + "' is not a move on a " +
                  size + "x" + size + " board");
    }
    points.push_back(*point);
  }
  return points;
}

}  // namespace

LessonService::LessonService(const learn::LessonCatalog& catalog, store::Store& store,
                             UserForCookie userForCookie)
    : catalog_(catalog), store_(store), userForCookie_(std::move(userForCookie)) {}

LessonService::~LessonService() { stop(); }

void LessonService::stop() { pool_.join(); }

void LessonService::install(server::Server& server) {
  server::Router& router = server.router();
  router.add(HttpMethod::Get, "/api/lessons", [this](const HttpRequestView&) { return track(); });
  router.addAsync(HttpMethod::Get, "/api/lessons/progress",
                  [this](const HttpRequestView& request, HttpResponder respond) {
                    run(std::move(respond),
                        [this, cookie = cookieOf(request)] { return progress(cookie); });
                  });
  router.addAsync(HttpMethod::Post, "/api/lessons/progress",
                  [this](const HttpRequestView& request, HttpResponder respond) {
                    run(std::move(respond),
                        [this, cookie = cookieOf(request), body = std::string(request.body)] {
                          return recordProgress(cookie, body);
                        });
                  });
  router.addPrefix(HttpMethod::Get, std::string(kLessonsPrefix),
                   [this](const HttpRequestView& request) {
                     return lesson(request.path.substr(kLessonsPrefix.size()));
                   });
  router.addAsyncPrefix(HttpMethod::Post, std::string(kLessonsPrefix),
                        [this](const HttpRequestView& request, HttpResponder respond) {
                          run(std::move(respond),
                              [this, rest = std::string(request.path.substr(kLessonsPrefix.size())),
                               body = std::string(request.body)] { return judge(rest, body); });
                        });
}

void LessonService::run(HttpResponder respond, std::function<HttpResponse()> work) {
  if (queued_.fetch_add(1) >= kMaxQueued) {
    queued_.fetch_sub(1);
    log::warn("lessons_busy", {{"queued", kMaxQueued}});
    return respond(jsonError(503, "busy", "too many lesson requests at once; try again"));
  }
  boost::asio::post(pool_, [this, respond = std::move(respond), work = std::move(work)] {
    queued_.fetch_sub(1);
    try {
      return respond(work());
    } catch (const std::exception& e) {
      log::error("lessons_job_threw", {{"what", std::string_view(e.what())}});
    }
    respond(jsonError(500, "internal_error", "the server failed to handle the request"));
  });
}

HttpResponse LessonService::track() const {
  json::array lessons;
  for (const learn::Lesson& lesson : catalog_.lessons()) {
    lessons.push_back(
        json::object{{"id", lesson.id}, {"boards", static_cast<int64_t>(lesson.boards.size())}});
  }
  return jsonResponse(200, json::object{{"lessons", std::move(lessons)}});
}

HttpResponse LessonService::lesson(std::string_view id) const {
  const learn::Lesson* found = catalog_.find(id);
  if (!found) return jsonError(404, "not_found", "no lesson '" + inputPrefix(id) + "'");
  return jsonResponse(200, lessonJson(*found, catalog_.nextAfter(id)));
}

HttpResponse LessonService::judge(std::string_view rest, std::string_view body) const {
  auto path = boardPath(rest);
  if (!path) return jsonError(404, "not_found", "judging is POST /api/lessons/{id}/boards/{n}");
  const learn::Lesson* found = catalog_.find(path->first);
  if (!found) return jsonError(404, "not_found", "no lesson '" + inputPrefix(path->first) + "'");
  if (path->second > static_cast<int>(found->boards.size())) {
    return jsonError(
        404, "not_found",
        "lesson '" + found->id + "' has " + std::to_string(found->boards.size()) + " boards");
  }
  const learn::LessonBoard& board = found->boards[path->second - 1];
  auto request = objectBody(body);
  if (!request) return jsonError(400, "bad_request", request.error().toString());
  Result<learn::Judgement> judgement = fail("send either moves or an answer");
  if (const json::value* answer = request->if_contains("answer");
      answer && !request->contains("moves")) {
    if (!answer->is_string()) return jsonError(400, "bad_request", "answer must be a string");
    judgement = learn::judgeAnswer(board, answer->as_string());
  } else if (const json::value* moves = request->if_contains("moves"); moves && !answer) {
    auto points = movesOf(*moves, board.start.geometry());
    if (!points) return jsonError(400, "bad_request", points.error().toString());
    judgement = learn::judgeMoves(board, *points);
  }
  if (!judgement) {
    if (judgement.error().message.starts_with("lesson error")) {
      log::error("lesson_broken", {{"lesson", found->id}, {"error", judgement.error().toString()}});
      return jsonError(500, "lesson_broken", judgement.error().toString());
    }
    return jsonError(400, "bad_request", judgement.error().toString());
  }
  return jsonResponse(200, judgementJson(*judgement));
}

HttpResponse LessonService::progress(std::string_view cookieHeader) const {
  const auto user = userForCookie_(cookieHeader);
  if (!user || user->guest) {
    return jsonResponse(200, json::object{{"done", json::array{}}, {"stored", "browser"}});
  }
  auto done = store_.lessonsDone(user->id);
  if (!done) {
    log::error("lesson_progress_failed", {{"user", user->id}, {"error", done.error().toString()}});
    return jsonError(500, "store_failed", "the progress could not be read");
  }
  json::array ids;
  for (const std::string& id : *done) {
    if (catalog_.find(id)) ids.push_back(json::value(id));  // a lesson since removed is left out
  }
  return jsonResponse(200, json::object{{"done", std::move(ids)}, {"stored", "account"}});
}

HttpResponse LessonService::recordProgress(std::string_view cookieHeader,
                                           std::string_view body) const {
  const auto user = userForCookie_(cookieHeader);
  if (!user || user->guest) {
    return jsonError(403, "forbidden", "only registered accounts keep progress on the server");
  }
  auto request = objectBody(body);
  if (!request) return jsonError(400, "bad_request", request.error().toString());
  const json::value* lesson = request->if_contains("lesson");
  if (!lesson || !lesson->is_string()) {
    return jsonError(400, "bad_request", "lesson must be a lesson id");
  }
  const std::string id(lesson->as_string());
  if (!catalog_.find(id)) {
    return jsonError(400, "bad_request", "no lesson '" + inputPrefix(id) + "'");
  }
  if (auto recorded = store_.recordLessonDone(user->id, id); !recorded) {
    log::error("lesson_progress_failed",
               {{"user", user->id}, {"error", recorded.error().toString()}});
    return jsonError(500, "store_failed", "the progress could not be saved");
  }
  HttpResponse response;
  response.status = 204;
  return response;
}

}  // namespace tengen::site
