#pragma once

#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <functional>
#include <optional>
#include <string_view>

#include "learn/lesson_catalog.h"
#include "server/message_handlers.h"
#include "server/server.h"
#include "store/store.h"

namespace tengen::site {

// The "Learn to play" routes (docs/lessons.md, "API"): the track, each lesson, the judge of
// every move or answer, and the progress of registered accounts. Judging and store calls run
// on the service's own thread, never on an I/O thread: a judgement replays the attempt and may
// search a life-and-death shape.
class LessonService {
 public:
  using UserForCookie = std::function<std::optional<server::SessionUser>(std::string_view)>;

  // `catalog`, `store` and whatever `userForCookie` uses must outlive the service.
  LessonService(const learn::LessonCatalog& catalog, store::Store& store,
                UserForCookie userForCookie);
  ~LessonService();
  LessonService(const LessonService&) = delete;
  LessonService& operator=(const LessonService&) = delete;

  // Registers GET /api/lessons, GET and POST /api/lessons/progress, GET /api/lessons/{id} and
  // POST /api/lessons/{id}/boards/{n}. Call before server.start().
  void install(server::Server& server);

  // Joins the thread; jobs already queued still answer. Call after server.stop() and before
  // the server is destroyed, as Accounts::stop says why.
  void stop();

 private:
  void run(server::HttpResponder respond, std::function<server::HttpResponse()> work);
  server::HttpResponse track() const;
  server::HttpResponse lesson(std::string_view id) const;
  server::HttpResponse judge(std::string_view rest, std::string_view body) const;
  server::HttpResponse progress(std::string_view cookieHeader) const;
  server::HttpResponse recordProgress(std::string_view cookieHeader, std::string_view body) const;

  const learn::LessonCatalog& catalog_;
  store::Store& store_;
  UserForCookie userForCookie_;
  boost::asio::thread_pool pool_{1};
  std::atomic<int> queued_{0};
};

}  // namespace tengen::site
