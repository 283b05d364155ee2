// Shared pieces of the Python module `bao` (python/bindings_*.cpp, one file per concept):
// the position type as Python sees it (a position with the rules it is played under),
// reading rules and positions from Python arguments, and the bind_* functions that the
// module's entry point (bindings_module.cpp) calls in order.
//
// Every bad input raises bao.Error (a ValueError) with the message of the library's
// InputError, the text the `bao` command prints after "bao COMMAND: ".
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "engine/error.h"
#include "search/result.h"

namespace bao::python {

namespace py = pybind11;

// bao.Position: a position and the rules (variant and options) it is played under, so
// that legal_moves(), play() and search need no rules argument.
struct PyPosition {
  Position pos;
  Rules rules;
};

// The rules from Python arguments: `rules` (None, a bao.Rules or a dict of options), then
// `variant` (None or a name), then each keyword option (bool, int or str), each applied
// with Rules::set so that bad keys and values raise bao.Error with the engine's message.
Rules rules_from(const py::object& rules, const py::object& variant, const py::kwargs& options);

// A position from a bao.Position (its rules replaced by `rules` when the variants agree)
// or a position string read under `rules`.
PyPosition position_from(const py::object& obj, const Rules& rules);

// The same, with the rules taken from the bao.Position when `rules` is None.
PyPosition position_arg(const py::object& position, const py::object& rules);

// Raises bao.Error with `message` (for checks of the Python arguments themselves).
[[noreturn]] void fail(const std::string& message);

// A Python str as UTF-8 text. Raises bao.Error naming `what` and the value (as ascii()
// shows it) for a str with no UTF-8 form, one holding a lone surrogate such as "\ud800"
// (pybind11's cast raised a RuntimeError that named neither).
std::string text_of(const py::handle& s, const std::string& what);

// A number argument that is no bool: bool is a subclass of int, so pybind11 reads True as
// 1 (depth=True searched depth 1) and as 1.0 for a double. Its caster raises bao.Error
// for True and False and otherwise reads as T's does; signatures show T.
template <class T>
struct Number {
  T value{};
  Number() = default;
  Number(T v) : value(v) {}  // NOLINT: converts as T does, for defaults
  operator T() const { return value; }
};
template <class T>
using OptionalNumber = std::optional<Number<T>>;  // None or a number, never a bool
template <class T>
std::optional<T> plain(const OptionalNumber<T>& n) {
  return n ? std::optional<T>(n->value) : std::nullopt;
}

// Raises bao.Error unless 0 (all cores) <= threads <= 1024, the range of a config's
// threads key and of `bao run --threads` (far more OpenMP threads crash the process).
void check_threads(int threads);

// A file or folder name given as a text, bytes or an os.PathLike (pathlib.Path), as a
// text (os.fsdecode); TypeError for anything else.
std::string path_arg(const py::object& path);

// The limits as `bao search` checks them; None means not given. Raises bao.Error.
search::Limits make_limits(const std::optional<int>& depth, const std::optional<std::int64_t>& nodes,
                           const std::optional<std::int64_t>& time_ms);

void bind_registered_games(py::module_& m);
void bind_position(py::module_& m);
void bind_search(py::module_& m);
void bind_trees(py::module_& m);
void bind_experiments(py::module_& m);

}  // namespace bao::python

namespace pybind11::detail {

template <class T>
struct type_caster<bao::python::Number<T>> {
  PYBIND11_TYPE_CASTER(bao::python::Number<T>, make_caster<T>::name);

  bool load(handle src, bool convert) {
    // Thrown, not a failed load: pybind11 would answer "incompatible function arguments"
    // with every signature; bao.Error says what is wrong.
    if (PyBool_Check(src.ptr()))
      throw bao::InputError(std::string("expected a number, found the bool ") +
                            (src.ptr() == Py_True ? "True" : "False") + " (True and False are not numbers here)");
    make_caster<T> inner;
    if (!inner.load(src, convert)) return false;
    value = bao::python::Number<T>(cast_op<T>(inner));
    return true;
  }
  static handle cast(const bao::python::Number<T>& v, return_value_policy policy, handle parent) {
    return make_caster<T>::cast(v.value, policy, parent);
  }
};

}  // namespace pybind11::detail
