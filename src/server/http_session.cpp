#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include <atomic>
#include <exception>
#include <string_view>
#include <utility>

#include "base/log.h"
#include "base/quote_input.h"
#include "server/client_address.h"
#include "server/host_policy.h"
#include "server/origin_policy.h"
#include "server/request_guard.h"
#include "server/websocket_session.h"

namespace tengen::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr std::size_t kMaxDrainBytes = 1024 * 1024;
constexpr std::chrono::seconds kDrainTimeout{2};

std::string_view toStd(beast::string_view text) { return {text.data(), text.size()}; }

std::string peerOf(const tcp::socket& socket) {
  beast::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "unknown";
  return endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

std::string addressOf(const tcp::socket& socket) {
  beast::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  return ec ? std::string() : endpoint.address().to_string();
}

bool isParseError(const beast::error_code& ec) {
  return ec.category() == http::make_error_code(http::error::bad_target).category();
}

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, std::shared_ptr<ServerContext> context)
    : stream_(std::move(socket)),
      context_(std::move(context)),
      responseTimer_(stream_.get_executor()) {
  id_ = context_->sessions.nextId();
  peer_ = peerOf(stream_.socket());
  address_ = addressOf(stream_.socket());
}

HttpSession::~HttpSession() {
  context_->sessions.remove(id_);
  log::debug("http_close", {{"conn", id_}, {"peer", peer_}});
}

void HttpSession::start() {
  if (!context_->sessions.add(id_, weak_from_this())) return;  // stopping: drop the socket
  log::debug("http_open", {{"conn", id_}, {"peer", peer_}});
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->readRequest(); });
}

void HttpSession::shutdown() {
  net::post(stream_.get_executor(), [self = shared_from_this()] {
    self->stopping_ = true;
    self->responseTimer_.cancel();
    beast::error_code ec;
    self->stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    self->stream_.close();
  });
}

void HttpSession::readRequest() {
  if (stopping_) return;
  const ServerOptions& options = context_->options;
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(options.maxHeaderBytes));
  parser_->body_limit(options.maxBodyBytes);
  stream_.expires_after(options.httpReadTimeout);  // covers header and body
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&HttpSession::onHeader, shared_from_this()));
}

// Clients that send `Expect: 100-continue` (curl does for bodies over 1 KiB) wait for a go-ahead
// before the body; the header limits have been checked by now, so an oversize body was already
// refused with 413 and never sent.
void HttpSession::onHeader(beast::error_code ec, std::size_t bytes) {
  if (ec || parser_->is_done()) return onRead(ec, bytes);
  const auto expect = parser_->get().find(http::field::expect);
  if (expect != parser_->get().end() && equalsIgnoreCase(toStd(expect->value()), "100-continue")) {
    static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
    net::async_write(stream_, net::buffer(kContinue.data(), kContinue.size()),
                     [self = shared_from_this()](beast::error_code writeEc, std::size_t) {
                       if (writeEc) return self->fail(writeEc, "write");
                       self->readBody();
                     });
    return;
  }
  readBody();
}

void HttpSession::readBody() {
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::onRead, shared_from_this()));
}

void HttpSession::onRead(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return closeGracefully();
  if (ec == beast::error::timeout) {
    log::debug("http_timeout", {{"conn", id_}, {"peer", peer_}});
    return;  // the tcp_stream closed the socket
  }
  if (ec == http::error::header_limit || ec == http::error::body_limit ||
      ec == http::error::buffer_overflow) {
    log::info("http_too_large", {{"conn", id_}, {"peer", peer_}, {"error", ec.message()}});
    return send(HttpResponse::text(413, "request too large"), 11, false, false);
  }
  if (ec == http::error::partial_message) return;  // the client hung up mid-request
  if (isParseError(ec)) {
    log::info("http_bad_request", {{"conn", id_}, {"peer", peer_}, {"error", ec.message()}});
    return send(HttpResponse::text(400, "bad request"), 11, false, false);
  }
  if (ec) return fail(ec, "read");
  handleRequest(parser_->release());
}

std::optional<HttpResponse> HttpSession::refuseUnknownHost(const Request& request) const {
  const auto host = request.find(http::field::host);
  if (host == request.end()) return std::nullopt;
  const std::string_view hostText = toStd(host->value());
  if (isHostAllowed(hostText, context_->options.allowedHosts)) return std::nullopt;
  log::warn("http_host_refused", {{"conn", id_}, {"peer", peer_}, {"host", inputPrefix(hostText)}});
  // 421 Misdirected Request (RFC 9110, 15.5.20): this server does not answer to that name.
  return jsonErrorResponse(421, "unknown_host",
                           "this server does not answer to the host " + quoteInput(hostText) +
                               "; its operator can allow it with tengen serve --host NAME");
}

void HttpSession::handleRequest(Request request) {
  // Per request, not per connection: a proxy may carry several clients' requests on one.
  std::vector<std::string_view> forwardedFor;
  const auto [first, end] = request.equal_range("X-Forwarded-For");
  for (auto field = first; field != end; ++field) forwardedFor.push_back(toStd(field->value()));
  client_ = clientAddress(address_, forwardedFor, context_->options.trustedProxies);
  if (auto refusal = refuseUnknownHost(request)) {
    return send(std::move(*refusal), request.version(), false, false);
  }
  const std::string_view target = toStd(request.target());
  const std::string_view path = target.substr(0, target.find('?'));
  if (path == "/ws" && beast::websocket::is_upgrade(request)) {
    const auto origin = request.find(http::field::origin);
    const auto host = request.find(http::field::host);
    const std::optional<std::string_view> originText =
        origin == request.end() ? std::nullopt : std::optional(toStd(origin->value()));
    const std::optional<std::string_view> hostText =
        host == request.end() ? std::nullopt : std::optional(toStd(host->value()));
    if (!isOriginAllowed(originText, hostText, context_->options.allowedOrigins)) {
      log::warn("ws_origin_refused",
                {{"conn", id_}, {"peer", peer_}, {"origin", originText.value_or("")}});
      return send(HttpResponse::text(403, "origin not allowed"), request.version(), false, false);
    }
    const std::size_t limit = context_->options.maxSocketsPerAddress;
    auto slot = context_->socketSlots->tryTake(client_, limit);
    if (!slot) {
      log::warn("ws_too_many_sockets",
                {{"conn", id_}, {"peer", peer_}, {"client", client_}, {"limit", limit}});
      // Plain text would do for a browser (it never shows it); JSON tells a bot what happened.
      HttpResponse refusal = jsonErrorResponse(429, "too_many_sockets",
                                               "this address already has " + std::to_string(limit) +
                                                   " WebSockets open; close one first");
      refusal.headers.emplace_back("Retry-After", "10");
      return send(std::move(refusal), request.version(), false, false);
    }
    // The WebSocket session takes the socket (and with it the strand); this session ends.
    stream_.expires_never();
    upgraded_ = true;
    // The socket's log lines name the client, and the proxy it came through.
    std::string peer = client_ == address_ ? std::move(peer_) : client_ + " via " + peer_;
    auto session = std::make_shared<WebSocketSession>(stream_.release_socket(), context_,
                                                      std::move(peer), std::move(slot));
    session->start(std::move(request));
    return;
  }
  const ResponseShape shape{request.version(), request.method() == http::verb::head,
                            request.keep_alive()};
  const std::uint64_t serial = ++requestSerial_;
  awaitingResponse_ = true;
  routeRequest(request, responderFor(shape));
  // A synchronous route has answered by now; an asynchronous one is awaited, for a while.
  if (awaitingResponse_ && requestSerial_ == serial) awaitResponse(serial, shape);
}

void HttpSession::routeRequest(const Request& request, const HttpResponder& respond) {
  HttpRequestView view;
  view.method = parseHttpMethod(toStd(request.method_string()));
  view.target = toStd(request.target());
  const auto question = view.target.find('?');
  view.path = view.target.substr(0, question);
  if (question != std::string_view::npos) view.query = view.target.substr(question + 1);
  view.body = request.body();
  for (const auto& field : request) {
    view.headers.emplace_back(toStd(field.name_string()), toStd(field.value()));
  }
  view.remoteAddress = client_;
  if (auto refusal = refuseUnsafeRequest(view, context_->options.allowedOrigins)) {
    log::info("http_unsafe_request_refused", {{"conn", id_},
                                              {"peer", peer_},
                                              {"path", std::string(view.path)},
                                              {"status", refusal->status}});
    return respond(std::move(*refusal));
  }
  try {
    if (!context_->router.dispatch(view, respond)) respond(HttpResponse::text(404, "not found"));
    return;
  } catch (const std::exception& e) {
    log::error(
        "http_handler_threw",
        {{"conn", id_}, {"path", std::string(view.path)}, {"what", std::string_view(e.what())}});
  } catch (...) {
    log::error("http_handler_threw", {{"conn", id_}, {"path", std::string(view.path)}});
  }
  // Ignored if the handler responded before it threw: a responder answers once.
  respond(HttpResponse::text(500, "internal error"));
}

// The responder holds the session weakly: a handler that keeps it forever keeps nothing alive,
// and one that answers after the connection is gone finds nothing to answer.
HttpResponder HttpSession::responderFor(ResponseShape shape) {
  auto answered = std::make_shared<std::atomic<bool>>(false);
  return
      [weak = weak_from_this(), serial = requestSerial_, shape, answered](HttpResponse response) {
        if (answered->exchange(true)) return;
        const auto self = weak.lock();
        if (!self) return;
        // Runs at once when called on the strand (synchronous routes), else posted to it.
        net::dispatch(self->stream_.get_executor(),
                      [self, serial, shape, response = std::move(response)]() mutable {
                        self->finishRequest(serial, std::move(response), shape);
                      });
      };
}

void HttpSession::finishRequest(std::uint64_t serial, HttpResponse response, ResponseShape shape) {
  // Late: the wait timed out (503 went out instead) or the connection is closing.
  if (!awaitingResponse_ || serial != requestSerial_ || stopping_) return;
  awaitingResponse_ = false;
  responseTimer_.cancel();
  send(std::move(response), shape.version, shape.headOnly, shape.keepAlive);
}

// The timer's handler owns the session while an asynchronous route works, so a handler that
// never responds holds the connection for one read timeout, not forever.
void HttpSession::awaitResponse(std::uint64_t serial, ResponseShape shape) {
  responseTimer_.expires_after(context_->options.httpReadTimeout);
  responseTimer_.async_wait([self = shared_from_this(), serial, shape](beast::error_code ec) {
    if (ec || !self->awaitingResponse_ || self->requestSerial_ != serial || self->stopping_) {
      return;
    }
    log::warn("http_response_timeout", {{"conn", self->id_}, {"peer", self->peer_}});
    self->awaitingResponse_ = false;
    self->send(HttpResponse::text(503, "the server took too long to answer"), shape.version,
               shape.headOnly, false);
  });
}

void HttpSession::send(HttpResponse response, unsigned version, bool headOnly, bool keepAlive) {
  keepAlive = keepAlive && !stopping_;
  response_ = std::make_shared<Response>(static_cast<http::status>(response.status), version);
  Response& res = *response_;
  res.set(http::field::server, "tengen");
  if (response.status != 304) res.set(http::field::content_type, response.contentType);
  for (const auto& [name, value] : response.headers) res.set(name, value);
  res.keep_alive(keepAlive);
  const std::size_t length = response.body.size();
  if (headOnly) {
    res.content_length(length);
  } else {
    res.body() = std::move(response.body);
    res.prepare_payload();
  }
  stream_.expires_after(context_->options.httpReadTimeout);
  http::async_write(
      stream_, res,
      beast::bind_front_handler(&HttpSession::onWrite, shared_from_this(), keepAlive));
}

void HttpSession::onWrite(bool keepAlive, beast::error_code ec, std::size_t) {
  response_.reset();
  if (ec) return fail(ec, "write");
  if (!keepAlive) return closeGracefully();
  readRequest();
}

// Half-close, then read and discard what the client still sends: closing a socket with unread
// input makes the kernel send RST, which can destroy the response before the client reads it.
void HttpSession::closeGracefully() {
  beast::error_code ec;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  if (ec) return;
  drain();
}

void HttpSession::drain() {
  stream_.expires_after(kDrainTimeout);
  stream_.async_read_some(net::buffer(drainBuffer_),
                          [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                            self->drainedBytes_ += bytes;
                            if (ec || self->drainedBytes_ > kMaxDrainBytes || self->stopping_) {
                              self->stream_.close();
                              return;
                            }
                            self->drain();
                          });
}

void HttpSession::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == net::error::connection_reset ||
      ec == net::error::broken_pipe || ec == beast::error::timeout || stopping_) {
    log::debug("http_closed", {{"conn", id_}, {"during", what}, {"error", ec.message()}});
    return;
  }
  log::warn("http_error",
            {{"conn", id_}, {"peer", peer_}, {"during", what}, {"error", ec.message()}});
}

}  // namespace tengen::server
