#include "bus/redis_bus.h"

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <boost/asio/post.hpp>

#include <charconv>
#include <future>

#include "base/ignore_sigpipe.h"

namespace tengen::bus {

namespace asio = boost::asio;

namespace {

Result<RedisEndpoint> parseUrl(const std::string& url) {
  RedisEndpoint endpoint;
  if (url.starts_with("unix:")) {
    endpoint.unixSocket = url.substr(5);
    if (endpoint.unixSocket.starts_with("//")) endpoint.unixSocket.erase(0, 2);
    if (endpoint.unixSocket.empty()) return fail("a unix: Redis address needs a socket path", url);
    return endpoint;
  }
  if (!url.starts_with("redis://")) {
    return fail("a Redis address is redis://HOST[:PORT] or unix:PATH", url);
  }
  std::string rest = url.substr(8);
  if (const auto slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
  const auto colon = rest.rfind(':');
  endpoint.host = rest.substr(0, colon);
  if (colon != std::string::npos) {
    const std::string port = rest.substr(colon + 1);
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), endpoint.port);
    if (ec != std::errc() || end != port.data() + port.size() || endpoint.port < 1 ||
        endpoint.port > 65535) {
      return fail("the Redis port must be a number from 1 to 65535", url);
    }
  }
  if (endpoint.host.empty()) return fail("the Redis address has no host", url);
  return endpoint;
}

}  // namespace

Result<std::unique_ptr<RedisBus>> RedisBus::open(const std::string& url, RedisBusOptions options) {
  auto endpoint = parseUrl(url);
  if (!endpoint) return std::unexpected(endpoint.error());
  return std::unique_ptr<RedisBus>(new RedisBus(std::move(*endpoint), options));
}

RedisBus::RedisBus(RedisEndpoint endpoint, RedisBusOptions options)
    : options_(options), work_(asio::make_work_guard(io_)) {
  // hiredis writes with write(): a Redis server killed mid-write must not end this process.
  ignoreSigpipe();
  publisher_ = std::make_unique<RedisConnection>(
      io_, endpoint, options_.retryDelay, [this] { flush(); },
      [this](const std::string&) { ++reconnects_; });
  subscriber_ = std::make_unique<RedisConnection>(
      io_, endpoint, options_.retryDelay,
      [this] {
        // A new connection has no subscriptions: make them all again.
        confirmed_.clear();
        for (const std::string& channel : subscribers_->channels()) sendSubscribe(channel);
      },
      [this](const std::string&) {
        ++reconnects_;
        confirmed_.clear();
        resyncOwed_ = true;
      });
  asio::post(io_, [this] {
    publisher_->start();
    subscriber_->start();
  });
  thread_ = std::thread([this] { io_.run(); });
}

RedisBus::~RedisBus() {
  asio::post(io_, [this] {
    publisher_.reset();
    subscriber_.reset();
  });
  work_.reset();
  thread_.join();
}

void RedisBus::publish(std::string channel, std::string message) {
  asio::post(io_, [this, channel = std::move(channel), message = std::move(message)]() mutable {
    if (queue_.size() >= options_.maxQueued) {
      queue_.pop_front();
      ++dropped_;
    }
    queue_.emplace_back(std::move(channel), std::move(message));
    flush();
  });
}

void RedisBus::flush() {
  redisAsyncContext* c = publisher_ ? publisher_->context() : nullptr;
  if (!c) return;  // held until the connection is back
  while (!queue_.empty()) {
    const auto& [channel, message] = queue_.front();
    const char* argv[] = {"PUBLISH", channel.data(), message.data()};
    const size_t lengths[] = {7, channel.size(), message.size()};
    // hiredis copies the arguments into its output buffer before returning.
    if (redisAsyncCommandArgv(c, nullptr, nullptr, 3, argv, lengths) != REDIS_OK) return;
    queue_.pop_front();
    ++published_;
  }
}

std::unique_ptr<Subscription> RedisBus::subscribe(std::string channel, Handler handler) {
  bool first = false;
  auto subscription = subscribers_->add(
      channel,
      [this, handler = std::move(handler)](std::string_view message) {
        ++delivered_;
        handler(message);
      },
      &first,
      [this](const std::string& lastGone) {
        asio::post(io_, [this, lastGone] { sendUnsubscribe(lastGone); });
      });
  if (first) {
    ++pendingSubscribes_;
    asio::post(io_, [this, channel] {
      --pendingSubscribes_;
      sendSubscribe(channel);
    });
  }
  return subscription;
}

void RedisBus::sendSubscribe(const std::string& channel) {
  redisAsyncContext* c = subscriber_ ? subscriber_->context() : nullptr;
  if (!c) return;  // the connect callback subscribes to every channel
  const char* argv[] = {"SUBSCRIBE", channel.data()};
  const size_t lengths[] = {9, channel.size()};
  redisAsyncCommandArgv(c, &RedisBus::onSubscriberReply, this, 2, argv, lengths);
}

void RedisBus::sendUnsubscribe(const std::string& channel) {
  // A handler may have come back for it between the last one going and now.
  for (const std::string& live : subscribers_->channels()) {
    if (live == channel) return;
  }
  redisAsyncContext* c = subscriber_ ? subscriber_->context() : nullptr;
  if (!c) return;
  const char* argv[] = {"UNSUBSCRIBE", channel.data()};
  const size_t lengths[] = {11, channel.size()};
  redisAsyncCommandArgv(c, &RedisBus::onSubscriberReply, this, 2, argv, lengths);
}

void RedisBus::onSubscriberReply(redisAsyncContext*, void* replyPtr, void* selfPtr) {
  auto* reply = static_cast<redisReply*>(replyPtr);
  auto* self = static_cast<RedisBus*>(selfPtr);
  if (!reply || reply->type != REDIS_REPLY_ARRAY || reply->elements < 3) return;
  const redisReply* kind = reply->element[0];
  const redisReply* channel = reply->element[1];
  if (kind->type != REDIS_REPLY_STRING || channel->type != REDIS_REPLY_STRING) return;
  const std::string_view what(kind->str, kind->len);
  const std::string name(channel->str, channel->len);
  if (what == "message" && reply->element[2]->type == REDIS_REPLY_STRING) {
    self->subscribers_->deliver(name,
                                std::string_view(reply->element[2]->str, reply->element[2]->len));
  } else if (what == "subscribe") {
    self->confirmed_.insert(name);
    self->resubscribedIfDue();
  } else if (what == "unsubscribe") {
    self->confirmed_.erase(name);
  }
}

void RedisBus::setResubscribed(std::function<void()> handler) {
  std::lock_guard lock(resubscribedMutex_);
  resubscribed_ = std::move(handler);
}

void RedisBus::resubscribedIfDue() {
  if (!resyncOwed_) return;
  for (const std::string& channel : subscribers_->channels()) {
    if (!confirmed_.contains(channel)) return;
  }
  resyncOwed_ = false;
  std::lock_guard lock(resubscribedMutex_);
  if (resubscribed_) resubscribed_();
}

bool RedisBus::waitReady(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    std::promise<bool> ready;
    auto answer = ready.get_future();
    asio::post(io_, [this, &ready] {
      bool all = publisher_->connected() && subscriber_->connected() && pendingSubscribes_ == 0;
      for (const std::string& channel : subscribers_->channels()) {
        all = all && confirmed_.contains(channel);
      }
      ready.set_value(all);
    });
    if (answer.get()) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

RedisBus::Stats RedisBus::stats() const {
  return Stats{published_.load(), delivered_.load(), dropped_.load(), reconnects_.load()};
}

}  // namespace tengen::bus
