// The Python module's entry point: bao._bao, re-exported by python/bao/__init__.py. Binds
// the libraries (engine, search, play, models, experiments), not the CLI.
#include "engine/error.h"
#include "python/bindings.h"

PYBIND11_MODULE(_bao, m) {
  using namespace bao::python;
  m.doc() = "The compiled core of the package bao; import bao instead (help(bao) tells the API).";
  // Classes, functions and the exception take their __module__ (and the type names in
  // signatures) from the module's name while they are bound: the package's name, where
  // users meet them.
  m.attr("__name__") = "bao";
  // Every bad input of the libraries is an InputError; Python sees bao.Error, a ValueError,
  // with the same message that the `bao` command prints.
  auto error = py::register_exception<bao::InputError>(m, "Error", PyExc_ValueError);
  error.attr("__doc__") =
      "A bad input: a position string, move, rules option, searcher or evaluator spec, limit,\n"
      "config or game record. A ValueError whose message is the one `bao` prints.";
  bind_position(m);
  bind_search(m);
  bind_trees(m);
  bind_experiments(m);
  m.attr("__name__") = "bao._bao";
}
