#include "server/server.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "base/contained.h"
#include "base/log.h"
#include "server/embedded_files.h"
#include "server/http_session.h"
#include "server/server_context.h"
#include "server/static_files.h"

namespace tengen::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

class Server::Impl {
 public:
  explicit Impl(ServerOptions options)
      : context_(std::make_shared<ServerContext>()),
        ownContext_(options.sharedContext ? nullptr : std::make_unique<net::io_context>()),
        ioc_(options.sharedContext ? *options.sharedContext : *ownContext_),
        acceptor_(net::make_strand(ioc_)),
        retryTimer_(acceptor_.get_executor()) {
    context_->options = std::move(options);
    if (context_->options.threads < 1) context_->options.threads = 1;
    if (!ownContext_) work_.reset();
    addBuiltinRoutes();
    addBuiltinHandlers(context_->handlers);
  }

  ~Impl() { stop(); }

  ServerContext& context() { return *context_; }

  Result<void> start() {
    std::lock_guard lock(lifecycle_);
    if (started_) return fail("server already started");
    const ServerOptions& options = context_->options;
    boost::system::error_code ec;
    const auto address = net::ip::make_address(options.address, ec);
    if (ec) return fail("bad listen address \"" + options.address + "\": " + ec.message());
    const tcp::endpoint endpoint(address, options.port);
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) {
      boost::system::error_code ignored;
      acceptor_.close(ignored);
      return fail("cannot listen on " + options.address + ":" + std::to_string(options.port) +
                  ": " + ec.message());
    }
    port_ = acceptor_.local_endpoint().port();
    started_ = true;
    accept();
    if (ownContext_) {
      threads_.reserve(static_cast<std::size_t>(options.threads));
      for (int i = 0; i < options.threads; ++i) threads_.emplace_back([this] { runLoop(); });
    }
    log::info(
        "server_listening",
        {{"address", options.address},
         {"port", port_},
         {"web", options.webRoot.empty() ? std::string("built-in") : options.webRoot.string()},
         {"threads", ownContext_ ? options.threads : 0}});  // 0: the owner's, shared
    return {};
  }

  std::uint16_t port() const { return port_; }

  void post(std::function<void()> work) { net::post(ioc_, std::move(work)); }

  void stop() {
    std::lock_guard lock(lifecycle_);
    if (!started_ || stopped_) return;
    stopped_ = true;
    // Waited for: on a shared io_context nothing else stops this from running after the
    // server is gone.
    std::promise<void> closed;
    net::post(acceptor_.get_executor(), [this, &closed] {
      boost::system::error_code ignored;
      retryTimer_.cancel();
      acceptor_.close(ignored);
      closed.set_value();
    });
    closed.get_future().wait();
    context_->sessions.shutdownAll();
    const bool clean = context_->sessions.waitUntilEmpty(context_->options.stopGracePeriod);
    if (!clean) {
      // Peers that never answered the close handshake: cut them off, let their handlers finish.
      context_->sessions.forceCloseAll();
      context_->sessions.waitUntilEmpty(std::chrono::seconds(1));
    }
    if (ownContext_) {
      work_.reset();
      ioc_.stop();
      for (auto& thread : threads_) thread.join();
      threads_.clear();
    }
    log::info("server_stopped", {{"port", port_}, {"clean", clean ? "yes" : "no"}});
  }

 private:
  void addBuiltinRoutes() {
    Router& router = context_->router;
    router.add(HttpMethod::Get, "/healthz",
               [](const HttpRequestView&) { return HttpResponse::text(200, "ok"); });
    // Reached only without an Upgrade header: upgrades are taken over before routing.
    router.add(HttpMethod::Get, "/ws", [](const HttpRequestView&) {
      HttpResponse response = HttpResponse::text(426, "this endpoint speaks WebSocket");
      response.headers.emplace_back("Upgrade", "websocket");
      return response;
    });
    if (!context_->options.webRoot.empty()) {
      auto files = std::make_shared<StaticFiles>(context_->options.webRoot);
      router.addPrefix(HttpMethod::Get, "/",
                       [files](const HttpRequestView& request) { return files->serve(request); });
    } else {
      auto files = std::make_shared<EmbeddedFiles>(context_->options.webFiles);
      router.addPrefix(HttpMethod::Get, "/",
                       [files](const HttpRequestView& request) { return files->serve(request); });
    }
  }

  void accept() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           [this](boost::system::error_code ec, tcp::socket socket) {
                             if (ec == net::error::operation_aborted || !acceptor_.is_open())
                               return;
                             if (ec) {
                               // Out of descriptors and the like: wait a little instead of
                               // spinning.
                               log::warn("accept_failed", {{"error", ec.message()}});
                               retryTimer_.expires_after(std::chrono::milliseconds(100));
                               retryTimer_.async_wait([this](boost::system::error_code waitEc) {
                                 if (!waitEc && acceptor_.is_open()) accept();
                               });
                               return;
                             }
                             boost::system::error_code optionEc;
                             socket.set_option(tcp::no_delay(true), optionEc);
                             std::make_shared<HttpSession>(std::move(socket), context_)->start();
                             accept();
                           });
  }

  // A handler that throws despite the rules is logged and the thread keeps serving.
  void runLoop() {
    runContainedLoop("server_io", [this] { ioc_.run(); });
  }

  // Declared first, destroyed last: sessions destroyed with the io_context still use it.
  std::shared_ptr<ServerContext> context_;
  std::unique_ptr<net::io_context> ownContext_;  // none when options.sharedContext is set
  net::io_context& ioc_;
  // Keeps an own io_context running while no session is open; a shared one is its owner's.
  std::optional<net::executor_work_guard<net::io_context::executor_type>> work_{
      ioc_.get_executor()};
  tcp::acceptor acceptor_;
  net::steady_timer retryTimer_;
  std::vector<std::thread> threads_;
  std::mutex lifecycle_;
  std::uint16_t port_ = 0;
  bool started_ = false;
  bool stopped_ = false;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Server::~Server() = default;

Router& Server::router() { return impl_->context().router; }
MessageHandlers& Server::messageHandlers() { return impl_->context().handlers; }
const ServerOptions& Server::options() const { return impl_->context().options; }
std::shared_ptr<LoginSockets> Server::loginSockets() { return impl_->context().logins; }
Result<void> Server::start() { return impl_->start(); }
std::uint16_t Server::port() const { return impl_->port(); }
void Server::stop() { impl_->stop(); }
void Server::post(std::function<void()> work) { impl_->post(std::move(work)); }
std::size_t Server::sessionCount() const { return impl_->context().sessions.size(); }

}  // namespace tengen::server
