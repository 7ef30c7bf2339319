#pragma once

// Precompiled for every translation unit of src/site: nearly all of them reach Asio and
// Boost.JSON through site_context.h or the messages, and parsing those headers is most of
// their compile time. Never include it from a source file.

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
