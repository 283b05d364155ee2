// bao.game(spec): any registered game (models/games.h) from Python, as OpenSpiel's
// load_game (bao.load_game reads game records here, so the name differs):
//     g = bao.game("kalah(houses=6,seeds=4)")
//     s = g.start(); s.legal_moves(); t = s.play("3"); t.side; t.over; str(t); t.show()
//     bao.search(t, "alphabeta", depth=8)      # any searcher that runs on the game
#include <pybind11/stl.h>

#include <memory>

#include "models/all_searchers.h"
#include "models/games.h"
#include "python/bindings.h"

namespace bao::python {

namespace {

// A state with the game it belongs to.
struct PyGameState {
  std::shared_ptr<const search::AnyGame> game;
  search::AnyState state;
};

PyGameState child_of(const PyGameState& s, const std::string& move) {
  return PyGameState{s.game, s.game->apply(s.state, move)};
}

py::dict result_dict(const search::AnyResult& r, const std::string& searcher, const std::string& eval) {
  py::dict d;
  d["move"] = r.has_move ? py::cast(r.best) : py::none();
  d["value"] = r.value;
  d["pv"] = r.pv;
  d["depth"] = r.depth;
  d["nodes"] = r.nodes;
  d["leaf_evals"] = r.leaf_evals;
  d["seconds"] = r.seconds;
  d["searcher"] = searcher;
  d["eval"] = eval;
  return d;
}

}  // namespace

namespace {

void bind_game_classes(py::module_& m) {
  py::class_<search::AnyGame, std::shared_ptr<search::AnyGame>>(
      m, "AnyGame", "A registered game with its parameters (bao.game(spec)); bao.games() lists them.")
      .def_property_readonly("spec", &search::AnyGame::spec, "The spec with every parameter's value.")
      .def(
          "start",
          [](const std::shared_ptr<search::AnyGame>& g) {
            return PyGameState{g, g->start()};
          },
          "The start position.")
      .def(
          "state",
          [](const std::shared_ptr<search::AnyGame>& g, const std::string& text) {
            return PyGameState{g, g->parse_state(text)};
          },
          py::arg("text"), "The position written `text` (the game's text form); bao.Error if malformed.")
      .def(
          "evaluators",
          [](const search::AnyGame& g) {
            std::vector<std::string> out;
            for (const auto& e : g.evaluators()) out.push_back(e.name);
            return out;
          },
          "The evaluators the game brings, its default first.")
      .def("__repr__", [](const search::AnyGame& g) { return "<bao.AnyGame " + g.spec() + ">"; });

  py::class_<PyGameState>(m, "GameState", "A position of a registered game (bao.game(spec).start()).")
      .def_property_readonly("game",
                             [](const PyGameState& s) { return std::const_pointer_cast<search::AnyGame>(s.game); })
      .def("legal_moves",
           [](const PyGameState& s) {
             std::vector<std::string> out;
             for (const auto& c : s.game->children(s.state)) out.push_back(c.first);
             return out;
           })
      .def("play", &child_of, py::arg("move"), "The position after `move`; bao.Error naming an illegal move.")
      .def_property_readonly("side", [](const PyGameState& s) { return s.game->side_to_move(s.state); })
      .def_property_readonly("over", [](const PyGameState& s) { return s.game->over(s.state); })
      .def_property_readonly("winner",
                             [](const PyGameState& s) -> py::object {
                               if (!s.game->over(s.state)) return py::none();
                               return py::cast(s.game->winner(s.state));
                             })
      .def("outcome", [](const PyGameState& s) { return s.game->outcome(s.state); })
      .def(
          "show", [](const PyGameState& s) { return s.game->draw(s.state); }, "The board as `bao show` draws it.")
      .def(
          "perft",
          [](const PyGameState& s, int depth) {
            if (depth < 0 || depth > 30) fail("perft: depth must be 0 to 30, found " + std::to_string(depth));
            py::gil_scoped_release unlocked;
            return s.game->perft(s.state, depth);
          },
          py::arg("depth"))
      .def("__hash__", [](const PyGameState& s) { return s.game->hash(s.state); })
      .def("__eq__",
           [](const PyGameState& a, const PyGameState& b) {
             return a.game->spec() == b.game->spec() && a.game->equal(a.state, b.state);
           })
      .def("__str__", [](const PyGameState& s) { return s.game->format_state(s.state); })
      .def("__repr__", [](const PyGameState& s) {
        return "<bao.GameState " + s.game->spec() + " '" + s.game->format_state(s.state) + "'>";
      });
}

}  // namespace

void bind_registered_games(py::module_& m) {
  bind_game_classes(m);
  m.def(
      "game", [](const std::string& spec) { return std::shared_ptr<search::AnyGame>(models::make_game(spec)); },
      py::arg("spec"),
      "A registered game by spec, e.g. bao.game('kalah(houses=6,seeds=4)') or "
      "bao.game('bao(variant=kujifunza)'); bao.Error for an unknown game or parameter.");
  m.def(
      "games",
      [] {
        std::vector<std::string> out;
        for (const auto& e : models::games().entries()) out.push_back(e.name);
        return out;
      },
      "The registered games' names.");
  // Registered before bao.search for positions: pybind11 tries this overload first and
  // passes anything but a GameState on to it.
  m.def(
      "search",
      [](const PyGameState& s, const std::string& searcher, const py::object& eval, OptionalNumber<int> depth,
         OptionalNumber<std::int64_t> nodes, OptionalNumber<std::int64_t> time_ms) {
        const search::Limits limits = make_limits(plain(depth), plain(nodes), plain(time_ms));
        const std::string e = eval.is_none() ? s.game->evaluators().at(0).name : text_of(eval, "eval");
        auto searcher_obj = s.game->make_searcher(models::searchers(), searcher, e);
        search::AnyResult r;
        {
          py::gil_scoped_release unlocked;
          r = searcher_obj->search(s.state, limits);
        }
        return result_dict(r, searcher_obj->describe(), e);
      },
      py::arg("state"), py::arg("searcher") = "alphabeta", py::arg("eval") = py::none(), py::kw_only(),
      py::arg("depth") = py::none(), py::arg("nodes") = py::none(), py::arg("time_ms") = py::none(),
      "Searches a GameState of any registered game: a dict with move, value, pv, depth, nodes, leaf_evals,\n"
      "seconds (eval: the game's first evaluator unless named).");
}

}  // namespace bao::python
