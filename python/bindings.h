// Shared pieces of the Python module `bao` (python/bindings_*.cpp, one file per concept):
// the position type as Python sees it (a position with the rules it is played under),
// reading rules and positions from Python arguments, and the bind_* functions that the
// module's entry point (bindings_module.cpp) calls in order.
//
// Every bad input raises bao.Error (a ValueError) with the message of the library's
// InputError, the text the `bao` command prints after "bao COMMAND: ".
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "engine/position.h"
#include "engine/rules.h"

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

// Raises bao.Error unless 0 (all cores) <= threads <= 1024, the range of a config's
// threads key and of `bao run --threads` (far more OpenMP threads crash the process).
void check_threads(int threads);

// A file or folder name given as a text, bytes or an os.PathLike (pathlib.Path), as a
// text (os.fsdecode); TypeError for anything else.
std::string path_arg(const py::object& path);

void bind_position(py::module_& m);
void bind_search(py::module_& m);
void bind_trees(py::module_& m);
void bind_experiments(py::module_& m);

}  // namespace bao::python
