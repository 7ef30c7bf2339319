#include "support/test_client.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <cctype>
#include <exception>

namespace tengen::server::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

tcp::endpoint localhost(std::uint16_t port) { return {net::ip::make_address("127.0.0.1"), port}; }

std::string hostHeader(std::uint16_t port) { return "127.0.0.1:" + std::to_string(port); }

// Binds `socket` to `localAddress` (any port) so it connects from there; empty: the default.
beast::error_code bindLocal(tcp::socket& socket, std::string_view localAddress) {
  beast::error_code ec;
  if (localAddress.empty()) return ec;
  const auto address = net::ip::make_address(std::string(localAddress), ec);
  if (ec) return ec;
  socket.open(address.is_v4() ? tcp::v4() : tcp::v6(), ec);
  if (!ec) socket.bind(tcp::endpoint(address, 0), ec);
  return ec;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Runs one asynchronous operation until it completes or `timeout` passes; on timeout the socket
// is closed so the operation ends with operation_aborted, and beast::error::timeout is returned.
template <typename Initiate>
beast::error_code runOp(net::io_context& ioc, tcp::socket& socket,
                        std::chrono::milliseconds timeout, Initiate&& initiate) {
  std::optional<beast::error_code> result;
  initiate([&result](beast::error_code ec, auto&&...) { result = ec; });
  ioc.restart();
  ioc.run_for(timeout);
  if (!result) {
    beast::error_code ignored;
    socket.close(ignored);
    ioc.restart();
    ioc.run();
    return beast::error::timeout;
  }
  return *result;
}

HttpReply toReply(const http::response<http::string_body>& response) {
  HttpReply reply;
  reply.status = static_cast<int>(response.result_int());
  for (const auto& field : response) {
    reply.headers[lower({field.name_string().data(), field.name_string().size()})] =
        std::string(field.value());
  }
  reply.body = response.body();
  return reply;
}

HttpReply exchange(net::io_context& ioc, tcp::socket& socket, beast::flat_buffer& buffer,
                   std::uint16_t port, std::string_view method, std::string_view target,
                   const Headers& headers, std::string body, bool keepAlive) {
  HttpReply reply;
  http::request<http::string_body> request;
  request.version(11);
  request.method_string(method);
  request.target(target);
  request.set(http::field::host, hostHeader(port));
  for (const auto& [name, value] : headers) request.set(name, value);
  request.keep_alive(keepAlive);
  if (!body.empty()) {
    request.body() = std::move(body);
    request.prepare_payload();
  }
  auto ec = runOp(ioc, socket, 5s,
                  [&](auto handler) { http::async_write(socket, request, std::move(handler)); });
  if (ec) {
    reply.error = "write: " + ec.message();
    return reply;
  }
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  parser.skip(method == "HEAD");
  ec = runOp(ioc, socket, 5s,
             [&](auto handler) { http::async_read(socket, buffer, parser, std::move(handler)); });
  if (ec) {
    reply.error = "read: " + ec.message();
    return reply;
  }
  return toReply(parser.get());
}

}  // namespace

std::string HttpReply::header(const std::string& lowerName) const {
  const auto it = headers.find(lowerName);
  return it == headers.end() ? std::string() : it->second;
}

HttpReply httpRequest(std::uint16_t port, std::string_view method, std::string_view target,
                      const Headers& headers, std::string body) {
  return httpRequestFrom({}, port, method, target, headers, std::move(body));
}

std::string loopbackAddress(int index) {
  return "127.1." + std::to_string((index / 250) % 256) + "." + std::to_string(index % 250 + 1);
}

HttpReply httpRequestFrom(std::string_view localAddress, std::uint16_t port,
                          std::string_view method, std::string_view target, const Headers& headers,
                          std::string body) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  if (auto bindError = bindLocal(socket, localAddress)) {
    HttpReply reply;
    reply.error = "bind " + std::string(localAddress) + ": " + bindError.message();
    return reply;
  }
  auto ec = runOp(ioc, socket, 5s,
                  [&](auto handler) { socket.async_connect(localhost(port), std::move(handler)); });
  if (ec) {
    HttpReply reply;
    reply.error = "connect: " + ec.message();
    return reply;
  }
  beast::flat_buffer buffer;
  return exchange(ioc, socket, buffer, port, method, target, headers, std::move(body), false);
}

std::string rawExchange(std::uint16_t port, std::string_view bytes,
                        std::chrono::milliseconds timeout) {
  net::io_context ioc;
  tcp::socket socket(ioc);
  auto ec = runOp(ioc, socket, 5s,
                  [&](auto handler) { socket.async_connect(localhost(port), std::move(handler)); });
  if (ec) return "connect: " + ec.message();
  ec = runOp(ioc, socket, 5s, [&](auto handler) {
    net::async_write(socket, net::buffer(bytes.data(), bytes.size()), std::move(handler));
  });
  std::string received;
  runOp(ioc, socket, timeout, [&](auto handler) {
    net::async_read(socket, net::dynamic_buffer(received), std::move(handler));
  });
  return received;
}

struct HttpConnection::State {
  net::io_context ioc;
  tcp::socket socket{ioc};
  beast::flat_buffer buffer;
  std::uint16_t port = 0;
};

HttpConnection::HttpConnection(std::uint16_t port) : state_(std::make_unique<State>()) {
  state_->port = port;
  runOp(state_->ioc, state_->socket, 5s,
        [&](auto handler) { state_->socket.async_connect(localhost(port), std::move(handler)); });
}

HttpConnection::~HttpConnection() = default;

HttpReply HttpConnection::request(std::string_view method, std::string_view target) {
  return exchange(state_->ioc, state_->socket, state_->buffer, state_->port, method, target, {}, {},
                  true);
}

bool HttpConnection::closedByServer(std::chrono::milliseconds timeout) {
  char byte = 0;
  const auto ec = runOp(state_->ioc, state_->socket, timeout, [&](auto handler) {
    state_->socket.async_read_some(net::buffer(&byte, 1), std::move(handler));
  });
  return ec == net::error::eof || ec == net::error::connection_reset;
}

bool HttpConnection::closedAfterPartialRequest(std::chrono::milliseconds timeout) {
  static constexpr std::string_view kPartial = "GET /healthz HT";
  runOp(state_->ioc, state_->socket, 5s, [&](auto handler) {
    net::async_write(state_->socket, net::buffer(kPartial.data(), kPartial.size()),
                     std::move(handler));
  });
  return closedByServer(timeout);
}

struct WsClient::State {
  net::io_context ioc;
  websocket::stream<tcp::socket> ws{ioc};
  beast::flat_buffer buffer;
  std::string error;
  int pings = 0;
};

WsClient::WsClient() : state_(std::make_unique<State>()) {}
WsClient::~WsClient() = default;

std::unique_ptr<WsClient> WsClient::connect(std::uint16_t port, std::optional<std::string> origin,
                                            int* status, std::string* error, const Headers& headers,
                                            std::string_view localAddress) {
  std::unique_ptr<WsClient> client(new WsClient());
  State& state = *client->state_;
  tcp::socket& socket = state.ws.next_layer();
  if (auto bindError = bindLocal(socket, localAddress)) {
    if (error) *error = "bind " + std::string(localAddress) + ": " + bindError.message();
    return nullptr;
  }
  auto ec = runOp(state.ioc, socket, 5s,
                  [&](auto handler) { socket.async_connect(localhost(port), std::move(handler)); });
  if (!ec) {
    state.ws.set_option(
        websocket::stream_base::decorator([origin, headers](websocket::request_type& request) {
          if (origin) request.set(http::field::origin, *origin);
          for (const auto& [name, value] : headers) request.set(name, value);
        }));
    websocket::response_type response;
    ec = runOp(state.ioc, socket, 5s, [&](auto handler) {
      state.ws.async_handshake(response, hostHeader(port), "/ws", std::move(handler));
    });
    if (status) *status = static_cast<int>(response.result_int());
  }
  if (ec) {
    if (error) *error = ec.message();
    return nullptr;
  }
  state.ws.control_callback([&state](websocket::frame_type kind, beast::string_view) {
    if (kind == websocket::frame_type::ping) ++state.pings;
  });
  return client;
}

bool WsClient::send(std::string_view text) {
  state_->ws.text(true);
  const auto ec = runOp(state_->ioc, state_->ws.next_layer(), 20s, [&](auto handler) {
    state_->ws.async_write(net::buffer(text.data(), text.size()), std::move(handler));
  });
  if (ec) state_->error = "write: " + ec.message();
  return !ec;
}

bool WsClient::sendBinary(std::string_view bytes) {
  state_->ws.binary(true);
  const auto ec = runOp(state_->ioc, state_->ws.next_layer(), 20s, [&](auto handler) {
    state_->ws.async_write(net::buffer(bytes.data(), bytes.size()), std::move(handler));
  });
  if (ec) state_->error = "write: " + ec.message();
  return !ec;
}

std::optional<std::string> WsClient::receive(std::chrono::milliseconds timeout) {
  state_->buffer.clear();
  const auto ec = runOp(state_->ioc, state_->ws.next_layer(), timeout, [&](auto handler) {
    state_->ws.async_read(state_->buffer, std::move(handler));
  });
  if (ec) {
    state_->error = "read: " + ec.message();
    return std::nullopt;
  }
  return beast::buffers_to_string(state_->buffer.data());
}

int WsClient::closeCode() const { return static_cast<int>(state_->ws.reason().code); }
std::string WsClient::closeReason() const {
  const auto& reason = state_->ws.reason().reason;
  return std::string(reason.data(), reason.size());
}
int WsClient::pingsReceived() const { return state_->pings; }
const std::string& WsClient::error() const { return state_->error; }

namespace {

struct LoadState {
  int clients = 0;
  int rounds = 0;
  std::uint16_t port = 0;
  int arrived = 0;   // clients past their connect attempt
  int finished = 0;  // clients past their ping rounds
  int open = 0;
  PingLoad result;

  void recordFailure(const std::string& what) {
    ++result.failures;
    if (result.firstError.empty()) result.firstError = what;
  }
};

net::awaitable<void> waitFor(net::steady_timer& timer, const int& counter, int target) {
  while (counter < target) {
    timer.expires_after(std::chrono::milliseconds(5));
    co_await timer.async_wait(net::use_awaitable);
  }
}

net::awaitable<void> pingClient(LoadState& load, int index) {
  auto executor = co_await net::this_coro::executor;
  websocket::stream<tcp::socket> ws(executor);
  net::steady_timer timer(executor);
  bool arrived = false;
  bool finished = false;
  try {
    if (auto bindError = bindLocal(ws.next_layer(), loopbackAddress(index))) {
      throw boost::system::system_error(bindError);
    }
    co_await ws.next_layer().async_connect(localhost(load.port), net::use_awaitable);
    const std::string host = hostHeader(load.port);
    ws.set_option(websocket::stream_base::decorator([host](websocket::request_type& request) {
      request.set(http::field::origin, "http://" + host);
    }));
    co_await ws.async_handshake(host, "/ws", net::use_awaitable);
    ++load.result.connected;
    load.result.maxOpenAtOnce = std::max(load.result.maxOpenAtOnce, ++load.open);
    arrived = true;
    ++load.arrived;
    co_await waitFor(timer, load.arrived, load.clients);
    beast::flat_buffer buffer;
    for (int round = 0; round < load.rounds; ++round) {
      const std::string id = "c" + std::to_string(index) + "-" + std::to_string(round);
      const std::string ping = R"({"type":"ping","id":")" + id + "\"}";
      co_await ws.async_write(net::buffer(ping), net::use_awaitable);
      buffer.clear();
      co_await ws.async_read(buffer, net::use_awaitable);
      const std::string reply = beast::buffers_to_string(buffer.data());
      if (reply.find(R"("type":"pong")") != std::string::npos &&
          reply.find("\"id\":\"" + id + "\"") != std::string::npos) {
        ++load.result.roundTrips;
      } else {
        load.recordFailure("unexpected reply " + reply);
      }
    }
    finished = true;
    ++load.finished;
    co_await waitFor(timer, load.finished, load.clients);
    --load.open;
    co_await ws.async_close(websocket::close_code::normal, net::use_awaitable);
  } catch (const std::exception& e) {
    load.recordFailure("client " + std::to_string(index) + ": " + e.what());
    if (!arrived) ++load.arrived;
    if (!finished) ++load.finished;
  }
}

}  // namespace

PingLoad runPingClients(std::uint16_t port, int clients, int rounds,
                        std::chrono::milliseconds timeout) {
  LoadState load;  // outlives the io_context and the coroutine frames it destroys
  net::io_context ioc(1);
  load.clients = clients;
  load.rounds = rounds;
  load.port = port;
  for (int i = 0; i < clients; ++i) net::co_spawn(ioc, pingClient(load, i), net::detached);
  ioc.run_for(timeout);
  if (!ioc.stopped()) load.recordFailure("timed out");
  return load.result;
}

}  // namespace tengen::server::test
