#pragma once

// One visitor from several lambdas, for std::visit over a variant:
//   std::visit(Overloaded{[](const A&) {...}, [](const B&) {...}}, value);
// The deduction guide is for clang before 17, which does not deduce aggregates' arguments.

namespace tengen {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace tengen
