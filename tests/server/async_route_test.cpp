// Asynchronous routes over a real socket: responses from other threads, keep-alive and HEAD
// after them, responders called twice, late or never.

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "server/server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

// Answers from threads of its own, as a hashing pool would; keeps responders the tests call
// later. Threads are joined before the server stops.
class AsyncRoutes : public ServerFixture {
 protected:
  void registerHandlers(Server& server) override {
    Router& router = server.router();
    router.addAsync(HttpMethod::Get, "/async/echo",
                    [this](const HttpRequestView& request, HttpResponder respond) {
                      // The view dies with this call: copy what the work needs.
                      std::string query(request.query);
                      startWorker([respond, query] {
                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                        respond(HttpResponse::text(200, "echo " + query));
                      });
                    });
    router.addAsync(HttpMethod::Get, "/async/twice",
                    [this](const HttpRequestView&, HttpResponder respond) {
                      startWorker([respond] {
                        respond(HttpResponse::text(200, "first"));
                        respond(HttpResponse::text(200, "second"));
                      });
                    });
    router.addAsync(HttpMethod::Get, "/async/keep",
                    [this](const HttpRequestView&, HttpResponder respond) {
                      std::lock_guard lock(mutex_);
                      kept_.push_back(std::move(respond));
                    });
    router.addAsync(HttpMethod::Get, "/async/throws",
                    [](const HttpRequestView&, HttpResponder) -> void {
                      throw std::runtime_error("handler failed");
                    });
    router.addAsync(HttpMethod::Post, "/async/body",
                    [this](const HttpRequestView& request, HttpResponder respond) {
                      std::string body(request.body);
                      startWorker([respond, body] {
                        HttpResponse response = HttpResponse::text(201, "got " + body);
                        response.headers.emplace_back("X-Async", "yes");
                        respond(std::move(response));
                      });
                    });
  }

  void TearDown() override {
    joinWorkers();
    ServerFixture::TearDown();
  }

  void startWorker(std::function<void()> work) {
    std::lock_guard lock(mutex_);
    workers_.emplace_back(std::move(work));
  }

  void joinWorkers() {
    std::vector<std::thread> workers;
    {
      std::lock_guard lock(mutex_);
      workers.swap(workers_);
    }
    for (auto& worker : workers) worker.join();
  }

  std::vector<HttpResponder> keptResponders() {
    std::lock_guard lock(mutex_);
    return kept_;
  }

  // Waits (without asserting any time) until the server holds no session.
  bool sessionsDrain() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (server_->sessionCount() != 0) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
  }

  std::mutex mutex_;
  std::vector<std::thread> workers_;
  std::vector<HttpResponder> kept_;
};

TEST_F(AsyncRoutes, ResponseFromAnotherThreadReachesTheClient) {
  const auto reply = httpRequest(port_, "GET", "/async/echo?x=1");
  ASSERT_EQ(reply.status, 200) << reply.error;
  EXPECT_EQ(reply.body, "echo x=1\n");
  EXPECT_EQ(reply.header("server"), "tengen");
}

TEST_F(AsyncRoutes, StatusHeadersAndBodyArriveAsGiven) {
  const auto reply = httpRequest(port_, "POST", "/async/body", {}, "payload");
  ASSERT_EQ(reply.status, 201) << reply.error;
  EXPECT_EQ(reply.body, "got payload\n");
  EXPECT_EQ(reply.header("x-async"), "yes");
}

TEST_F(AsyncRoutes, KeepAliveContinuesAfterAnAsyncResponse) {
  HttpConnection connection(port_);
  EXPECT_EQ(connection.request("GET", "/async/echo?n=1").body, "echo n=1\n");
  EXPECT_EQ(connection.request("GET", "/healthz").body, "ok\n");
  EXPECT_EQ(connection.request("GET", "/async/echo?n=2").body, "echo n=2\n");
  EXPECT_EQ(connection.request("POST", "/async/echo").status, 405);
}

TEST_F(AsyncRoutes, HeadOfAnAsyncGetRouteSendsHeadersOnly) {
  const auto reply = httpRequest(port_, "HEAD", "/async/echo?abc");
  ASSERT_EQ(reply.status, 200) << reply.error;
  EXPECT_EQ(reply.header("content-length"), "9");  // "echo abc\n"
  EXPECT_TRUE(reply.body.empty());
}

TEST_F(AsyncRoutes, ASecondResponseIsIgnored) {
  HttpConnection connection(port_);
  EXPECT_EQ(connection.request("GET", "/async/twice").body, "first\n");
  // Had "second" been written, it would be read as the answer to this request.
  EXPECT_EQ(connection.request("GET", "/async/echo?after").body, "echo after\n");
}

TEST_F(AsyncRoutes, AThrowingHandlerGives500AndTheConnectionLives) {
  HttpConnection connection(port_);
  EXPECT_EQ(connection.request("GET", "/async/throws").status, 500);
  EXPECT_EQ(connection.request("GET", "/healthz").status, 200);
}

TEST_F(AsyncRoutes, ResponseAfterTheClientLeftIsHarmless) {
  // The request is sent; the client gives up waiting and its socket closes.
  rawExchange(port_, "GET /async/keep HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
              std::chrono::milliseconds(100));
  std::vector<HttpResponder> kept;
  for (int i = 0; i < 500 && kept.empty(); ++i) {
    kept = keptResponders();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(kept.size(), 1u);
  kept[0](HttpResponse::text(200, "too late"));
  EXPECT_EQ(httpRequest(port_, "GET", "/healthz").status, 200);
}

// A short read timeout, so the wait for a responder that is never called ends quickly.
class AsyncRoutesShortTimeout : public AsyncRoutes {
 protected:
  void configure(ServerOptions& options) override {
    options.httpReadTimeout = std::chrono::milliseconds(300);
  }
};

TEST_F(AsyncRoutesShortTimeout, ANeverCalledResponderTimesOutWith503AndLeaksNothing) {
  const std::string answer = rawExchange(
      port_, "GET /async/keep HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", std::chrono::seconds(5));
  EXPECT_TRUE(answer.starts_with("HTTP/1.1 503")) << answer;
  EXPECT_NE(answer.find("Connection: close"), std::string::npos) << answer;
  // The responder is still held, yet the session is gone: it holds the session only weakly.
  EXPECT_TRUE(sessionsDrain());
  const auto kept = keptResponders();
  ASSERT_EQ(kept.size(), 1u);
  kept[0](HttpResponse::text(200, "much too late"));
  EXPECT_EQ(httpRequest(port_, "GET", "/healthz").status, 200);
}

TEST_F(AsyncRoutesShortTimeout, StopWhileAResponseIsAwaitedFinishes) {
  HttpConnection connection(port_);
  ASSERT_EQ(connection.request("GET", "/healthz").status, 200);
  std::thread waiting([&connection] { connection.request("GET", "/async/keep"); });
  for (int i = 0; i < 500 && keptResponders().empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  server_->stop();
  EXPECT_EQ(server_->sessionCount(), 0u);
  waiting.join();
  const auto kept = keptResponders();
  ASSERT_EQ(kept.size(), 1u);
  kept[0](HttpResponse::text(200, "after stop"));  // the io_context is stopped: dropped
}

}  // namespace
}  // namespace tengen::server::test
