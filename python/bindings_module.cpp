// The Python module's entry point: bao._bao, re-exported by python/bao/__init__.py. Binds
// the libraries (engine, search, play, models, experiments), not the CLI.
#include <string_view>

#include "engine/error.h"
#include "python/bindings.h"

namespace {

// bao.Error, held for the life of the process (the translator below needs it after the
// module's init has returned).
PyObject* error_type = nullptr;

}  // namespace

PYBIND11_MODULE(_bao, m) {
  using namespace bao::python;
  m.doc() = "The compiled core of the package bao; import bao instead (help(bao) tells the API).";
  // Classes, functions and the exception take their __module__ (and the type names in
  // signatures) from the module's name while they are bound: the package's name, where
  // users meet them.
  m.attr("__name__") = "bao";
  // Every bad input of the libraries is an InputError; Python sees bao.Error, a ValueError,
  // with the same message that the `bao` command prints. A message may quote bytes of a
  // file that are not UTF-8 (a damaged record or game file): they are escaped (\xff), not
  // lost with the whole message as a plain UTF-8 conversion would lose it.
  py::exception<bao::InputError> error(m, "Error", PyExc_ValueError);
  error.attr("__doc__") =
      "A bad input: a position string, move, rules option, searcher or evaluator spec, limit,\n"
      "config or game record. A ValueError whose message is the one `bao` prints.";
  error_type = error.release().ptr();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const bao::InputError& e) {
      const std::string_view what = e.what();
      py::object text = py::reinterpret_steal<py::object>(
          PyUnicode_DecodeUTF8(what.data(), static_cast<py::ssize_t>(what.size()), "backslashreplace"));
      if (text) PyErr_SetObject(error_type, text.ptr());
    }
  });
  bind_registered_games(m);
  bind_position(m);
  bind_search(m);
  bind_trees(m);
  bind_experiments(m);
  m.attr("__name__") = "bao._bao";
}
