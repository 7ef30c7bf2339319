#pragma once

// One HTTP connection (private to src/server: includes Beast). Reads requests with header and
// body limits (413) and a per-request timeout, answers them through the router, keeps the
// connection alive when the client asks, and hands `/ws` upgrades with an allowed Origin to a
// WebSocketSession. All handlers run on the connection's strand. An asynchronous route's
// response comes back from any thread and is posted to the strand; while it is awaited the
// session reads nothing and a timer (the read timeout) bounds the wait.

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "server/http_message.h"
#include "server/router.h"
#include "server/server_context.h"
#include "server/session_registry.h"

namespace tengen::server {

class HttpSession : public SessionHandle, public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<ServerContext> context);
  ~HttpSession() override;

  void start();
  void shutdown() override;
  void forceClose() override { shutdown(); }

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;
  using Response = boost::beast::http::response<boost::beast::http::string_body>;

  void readRequest();
  void onHeader(boost::beast::error_code ec, std::size_t bytes);
  void readBody();
  void onRead(boost::beast::error_code ec, std::size_t bytes);
  void handleRequest(Request request);
  // The refusal of a request whose Host this server does not answer to (host_policy.h).
  std::optional<HttpResponse> refuseUnknownHost(const Request& request) const;
  // How the response to the request being served is framed.
  struct ResponseShape {
    unsigned version = 11;
    bool headOnly = false;
    bool keepAlive = false;
  };
  void routeRequest(const Request& request, const HttpResponder& respond);
  HttpResponder responderFor(ResponseShape shape);
  void finishRequest(std::uint64_t serial, HttpResponse response, ResponseShape shape);
  void awaitResponse(std::uint64_t serial, ResponseShape shape);
  void send(HttpResponse response, unsigned version, bool headOnly, bool keepAlive);
  void onWrite(bool keepAlive, boost::beast::error_code ec, std::size_t bytes);
  void closeGracefully();
  void drain();
  void fail(boost::beast::error_code ec, const char* what);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<Response> response_;
  std::shared_ptr<ServerContext> context_;
  // Bounds the wait for an asynchronous route; its pending wait is what keeps the session
  // alive meanwhile (responders hold only a weak_ptr, so a lost responder leaks nothing).
  boost::asio::steady_timer responseTimer_;
  std::uint64_t requestSerial_ = 0;  // which request a late response belongs to
  bool awaitingResponse_ = false;
  std::uint64_t id_ = 0;
  std::string peer_;
  std::string address_;  // the peer's IP address without the port
  // The current request's client: address_, or the address a trusted proxy forwarded
  // (client_address.h). What the per-address limits key on.
  std::string client_;
  std::array<char, 4096> drainBuffer_{};
  std::size_t drainedBytes_ = 0;
  bool upgraded_ = false;
  bool stopping_ = false;
};

}  // namespace tengen::server
