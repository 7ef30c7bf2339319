#include "guest_accounts.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <chrono>
#include <optional>

namespace tengen::loadgen {

namespace net = boost::asio;
namespace http = boost::beast::http;
using tcp = net::ip::tcp;

namespace {

constexpr auto kUseTuple = net::as_tuple(net::use_awaitable);
constexpr std::string_view kCookieName = "tengen_session=";

// "tengen_session=abc; Path=/; HttpOnly" -> "tengen_session=abc".
std::optional<std::string> sessionCookie(std::string_view setCookie) {
  if (!setCookie.starts_with(kCookieName)) return std::nullopt;
  const auto end = setCookie.find(';');
  auto cookie = std::string(setCookie.substr(0, end));
  if (cookie.size() == kCookieName.size()) return std::nullopt;
  return cookie;
}

// Creates `count` guests on one connection and appends their cookies to `cookies`.
net::awaitable<Result<void>> createOnConnection(const tcp::resolver::results_type& addresses,
                                                const Endpoint& endpoint, int count, int depth,
                                                std::vector<std::string>& cookies) {
  tcp::socket socket(co_await net::this_coro::executor);
  const auto [connectError, endpointUsed] =
      co_await net::async_connect(socket, addresses, kUseTuple);
  if (connectError) {
    co_return fail(connectError.message(), "connect " + endpoint.hostHeader());
  }
  const std::string request = "POST /api/guest HTTP/1.1\r\nHost: " + endpoint.hostHeader() +
                              "\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n";
  boost::beast::flat_buffer buffer;
  for (int done = 0; done < count;) {
    const int batch = std::min(depth, count - done);
    std::string bytes;
    bytes.reserve(request.size() * static_cast<std::size_t>(batch));
    for (int i = 0; i < batch; ++i) bytes += request;
    const auto [writeError, written] =
        co_await net::async_write(socket, net::buffer(bytes), kUseTuple);
    if (writeError) {
      co_return fail(writeError.message(), "POST /api/guest (write)");
    }
    for (int i = 0; i < batch; ++i, ++done) {
      http::response_parser<http::string_body> parser;
      parser.body_limit(64 * 1024);
      const auto [readError, read] = co_await http::async_read(socket, buffer, parser, kUseTuple);
      if (readError) {
        co_return fail(readError.message(),
                       "POST /api/guest (read reply " + std::to_string(done) + ")");
      }
      const auto& response = parser.get();
      if (response.result_int() != 201) {
        co_return fail("status " + std::to_string(response.result_int()) + " " + response.body(),
                       "POST /api/guest");
      }
      std::optional<std::string> cookie;
      const auto [first, last] = response.equal_range(http::field::set_cookie);
      for (auto field = first; field != last && !cookie; ++field) {
        cookie = sessionCookie(field->value());
      }
      if (!cookie) co_return fail("201 without a tengen_session cookie", "POST /api/guest");
      cookies.push_back(std::move(*cookie));
    }
  }
  boost::system::error_code ignored;
  socket.shutdown(tcp::socket::shutdown_both, ignored);
  co_return Result<void>{};
}

}  // namespace

net::awaitable<Result<std::vector<std::string>>> createGuests(const Endpoint& endpoint, int count,
                                                              int connections, int depth) {
  auto executor = co_await net::this_coro::executor;
  tcp::resolver resolver(executor);
  auto [ec, addresses] =
      co_await resolver.async_resolve(endpoint.host, std::to_string(endpoint.port), kUseTuple);
  if (ec) co_return fail(ec.message(), "resolve " + endpoint.host);

  connections = std::max(1, std::min(connections, count));
  std::vector<std::vector<std::string>> perConnection(static_cast<std::size_t>(connections));
  std::vector<Result<void>> outcomes(static_cast<std::size_t>(connections));
  int running = connections;
  net::steady_timer allDone(executor, std::chrono::steady_clock::time_point::max());
  for (int c = 0; c < connections; ++c) {
    // Spread the remainder over the first connections.
    const int share = count / connections + (c < count % connections ? 1 : 0);
    net::co_spawn(
        executor,
        [&, c, share]() -> net::awaitable<void> {
          outcomes[static_cast<std::size_t>(c)] = co_await createOnConnection(
              addresses, endpoint, share, depth, perConnection[static_cast<std::size_t>(c)]);
          if (--running == 0) allDone.cancel();
        },
        net::detached);
  }
  while (running > 0) co_await allDone.async_wait(kUseTuple);

  std::vector<std::string> cookies;
  cookies.reserve(static_cast<std::size_t>(count));
  for (std::size_t c = 0; c < perConnection.size(); ++c) {
    if (!outcomes[c]) co_return std::unexpected(outcomes[c].error());
    for (auto& cookie : perConnection[c]) cookies.push_back(std::move(cookie));
  }
  co_return cookies;
}

Result<std::vector<std::string>> createGuestsBlocking(const Endpoint& endpoint, int count,
                                                      int connections, int depth) {
  net::io_context ioc(1);
  std::optional<Result<std::vector<std::string>>> result;
  net::co_spawn(ioc, createGuests(endpoint, count, connections, depth),
                [&result](std::exception_ptr error, Result<std::vector<std::string>> cookies) {
                  if (error) {
                    result = fail("exception while creating guests", "POST /api/guest");
                  } else {
                    result = std::move(cookies);
                  }
                });
  ioc.run();
  return result ? std::move(*result) : fail("did not finish", "POST /api/guest");
}

}  // namespace tengen::loadgen
