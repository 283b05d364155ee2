// bao.search and bao.Searcher (every searcher spec of `bao search`, OM and PrOM
// included), bao.evaluate, bao.features and the registries' names. Searches run with the
// GIL released.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/features.h"
#include "python/bindings.h"
#include "search/random_tree_support.h"
#include "search/score.h"

namespace bao::python {

namespace {

std::vector<std::string> pv_texts(const search::BaoResult& r, int side) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < r.pv.size(); ++i) out.push_back(format_move(r.pv[i], side ^ static_cast<int>(i % 2)));
  return out;
}

// One finished iteration, as `bao search` reports it on stderr.
struct Iteration {
  int depth = 0, value = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> pv;
};

Iteration iteration_of(const search::BaoResult& r, int side) {
  return Iteration{r.depth, r.value, r.nodes, r.seconds, pv_texts(r, side)};
}

// The search: the figures of its deepest finished iteration, and the rest.
struct SearchResult : Iteration {
  std::string move;
  std::uint64_t leaf_evals = 0, tt_probes = 0, tt_hits = 0, positions = 0;
  std::string searcher, eval;
  std::vector<Iteration> iterations;
};

py::dict iteration_dict(const Iteration& it) {
  py::dict d;
  d["depth"] = it.depth;
  d["value"] = it.value;
  d["nodes"] = it.nodes;
  d["seconds"] = it.seconds;
  d["pv"] = it.pv;
  return d;
}

py::list iterations_list(const SearchResult& r) {
  py::list l;
  for (const Iteration& it : r.iterations) l.append(iteration_dict(it));
  return l;
}

py::dict result_dict(const SearchResult& r) {
  py::dict d;
  d["move"] = r.move;
  for (const auto& [k, v] : iteration_dict(r)) d[k] = v;
  d["leaf_evals"] = r.leaf_evals;
  d["positions"] = r.positions;
  d["tt_probes"] = r.tt_probes;
  d["tt_hits"] = r.tt_hits;
  d["searcher"] = r.searcher;
  d["eval"] = r.eval;
  d["iterations"] = iterations_list(r);
  return d;
}

// A searcher made once (its table kept between searches), for one variant's rules.
class PySearcher {
 public:
  PySearcher(const std::string& spec, const std::string& eval, const Rules& rules)
      : rules_(rules), eval_(models::make_evaluator(eval)), s_(models::make_searcher(spec, rules, eval_)) {}

  // p is under this searcher's rules (position_from checked the variant).
  SearchResult search(const PyPosition& p, const search::Limits& limits) {
    SearchResult out;
    search::BaoResult r;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex_);
      r = s_->search(p.pos, limits,
                     [&](const search::BaoResult& it) { out.iterations.push_back(iteration_of(it, p.pos.side)); });
    }
    if (!r.has_move) fail(std::string("no legal move: the game is over (") + outcome_reason(p.pos, p.rules) + ")");
    static_cast<Iteration&>(out) = iteration_of(r, p.pos.side);
    out.move = format_move(r.best, p.pos.side);
    out.leaf_evals = r.leaf_evals;
    out.positions = r.positions;
    out.tt_probes = r.tt_probes;
    out.tt_hits = r.tt_hits;
    out.searcher = s_->describe();
    out.eval = eval_->name();
    return out;
  }
  std::string describe() const { return s_->describe(); }
  const Rules& rules() const { return rules_; }

 private:
  Rules rules_;
  std::shared_ptr<const search::Evaluator> eval_;
  std::unique_ptr<search::Searcher> s_;
  std::mutex mutex_;  // one search at a time per searcher (the GIL is released)
};

// "material, default, ga-long, or a weights file PATH.txt" -> the names.
std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t comma = text.find(", ", at);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(at, comma - at);
    if (!item.empty() && item.rfind("or ", 0) != 0) out.push_back(item);
    at = comma + 2;
  }
  return out;
}

int side_arg(const PyPosition& p, const py::object& side) {
  if (side.is_none()) return p.pos.side;
  if (py::isinstance<Side>(side)) return static_cast<int>(side.cast<Side>());
  for (int s : {0, 1})  // compared as Python ints: a huge one is no side, not a failed cast
    if (py::isinstance<py::int_>(side) && side.equal(py::int_(s))) return s;
  fail("side: expected bao.Side.South, bao.Side.North, 0, 1 or None, found " + std::string(py::repr(side)));
}

const char* const kSearchDoc = R"doc(
Searches one position as `bao search` does and returns a bao.SearchResult.

    r = bao.search(bao.Position.start(), depth=6)
    r = bao.search(p, searcher="alphabeta(tt_mb=64)", eval="material", nodes=100000)
    r = bao.search(p, searcher="om-beta(model=material)", depth=5)
    r = bao.search(p, searcher="prom-beta(types=material:0.5+default:0.5)", depth=4)
    r.move, r.value, r.pv, r.depth, r.nodes, r.leaf_evals, r.seconds

position: a bao.Position or a position string (read under `rules`, default kiswahili).
searcher: any spec the command line takes (bao.searchers() lists the names).
eval:     an evaluator name (bao.evaluators()) or a weights file PATH.txt.
depth, nodes, time_ms: the limits; at least one.
rules:    a bao.Rules or a dict of options replacing the position's (same variant).
The value is from the side to move's view. Runs with the GIL released.
Raises bao.Error for an unknown searcher or evaluator, a bad parameter or limit, or a
position where the game is over.
)doc";

// The registry's entry for `name` as a dict (bao.searcher_info).
py::dict searcher_info(const std::string& name) {
  const search::SearcherEntry* e = models::searchers().find(name);
  if (!e) throw InputError("unknown searcher '" + name + "' (known: " + models::searcher_names() + ")");
  py::list params;
  for (const search::Param& q : e->params) {
    const char* type = q.type == search::Param::Type::Bool  ? "bool"
                       : q.type == search::Param::Type::Int ? "int"
                                                            : "text";
    py::dict d;
    d["name"] = q.name;
    d["type"] = type;
    d["default"] = q.def;
    d["min"] = q.min;
    d["max"] = q.max;
    d["required"] = q.required;
    d["doc"] = q.doc;
    params.append(d);
  }
  py::dict out;
  out["name"] = e->name;
  out["summary"] = e->summary;
  out["kind"] = search::kind_name(e->kind);
  out["params"] = params;
  out["on_trees"] = search::runs_on_trees(e->name) ? py::object(py::bool_(true))
                                                   : py::object(py::str(search::tree_refusal_reason(e->name)));
  return out;
}

void bind_results(py::module_& m) {
  py::class_<SearchResult>(m, "SearchResult", "What bao.search returns; to_dict() gives it as a dict.")
      .def_readonly("move", &SearchResult::move, "The best move, canonical.")
      .def_readonly("value", &SearchResult::value, "Its value from the side to move's view.")
      .def_readonly("pv", &SearchResult::pv, "The principal variation, moves canonical.")
      .def_readonly("depth", &SearchResult::depth, "The deepest finished iteration.")
      .def_readonly("nodes", &SearchResult::nodes, "Positions visited (the MCTS searchers: iterations).")
      .def_readonly("positions", &SearchResult::positions,
                    "The MCTS searchers: positions made (tree, rollouts, model searches); others 0.")
      .def_readonly("leaf_evals", &SearchResult::leaf_evals, "Evaluation function calls.")
      .def_readonly("tt_probes", &SearchResult::tt_probes, "Transposition table probes.")
      .def_readonly("tt_hits", &SearchResult::tt_hits, "Transposition table hits.")
      .def_readonly("seconds", &SearchResult::seconds, "Wall time of the search.")
      .def_readonly("searcher", &SearchResult::searcher, "The searcher with every parameter's value.")
      .def_readonly("eval", &SearchResult::eval, "The evaluator's name.")
      .def_property_readonly(
          "iterations", &iterations_list,
          "One dict per finished iteration (depth, value, nodes, seconds, pv): `bao search`'s info lines.")
      .def("to_dict", &result_dict, "The result as a dict.")
      .def("__repr__", [](const SearchResult& r) {
        return "<bao.SearchResult move=" + r.move + " value=" + std::to_string(r.value) +
               " depth=" + std::to_string(r.depth) + " nodes=" + std::to_string(r.nodes) + ">";
      });
}

// The names (and a searcher's schema) the registries know.
void bind_registries(py::module_& m) {
  m.def(
      "evaluators", []() { return split_names(models::evaluator_names()); },
      "The evaluator names (a weights file PATH.txt is accepted too).");
  m.def(
      "searchers", []() { return split_names(models::searcher_names()); },
      "The searcher names; parameters go in brackets: 'alphabeta(tt_mb=64)', 'om-beta(model=material)'.");
  m.def("searcher_info", &searcher_info, py::arg("name"),
        "What the registry declares of searcher `name`, as `bao search --list` prints it: a dict with\n"
        "name, summary, kind ('plain', 'opponent-model' or 'mcts'), params (a list of dicts: name,\n"
        "type 'bool'|'int'|'text', default, min, max, required, doc) and on_trees (True, or why not\n"
        "as a str). bao.Error for an unknown name.");
}

}  // namespace

search::Limits make_limits(const std::optional<int>& depth, const std::optional<std::int64_t>& nodes,
                           const std::optional<std::int64_t>& time_ms) {
  if (!depth && !nodes && !time_ms) fail("give a limit: depth=D, nodes=N or time_ms=T");
  if (depth && *depth < 1) fail("depth must be at least 1, found " + std::to_string(*depth));
  if (nodes && *nodes < 1) fail("nodes must be at least 1, found " + std::to_string(*nodes));
  if (time_ms && *time_ms < 1) fail("time_ms must be at least 1, found " + std::to_string(*time_ms));
  search::Limits l;
  l.depth = depth.value_or(0);
  l.nodes = static_cast<std::uint64_t>(nodes.value_or(0));
  l.time_ms = time_ms.value_or(0);
  search::check_limits(l);  // the upper bounds, as every searcher checks them (InputError: bao.Error)
  return l;
}

void bind_search(py::module_& m) {
  bind_results(m);
  py::class_<PySearcher>(m, "Searcher",
                         "A searcher made once and reused (its transposition table is allocated once):\n"
                         "    s = bao.Searcher('alphabeta(tt_mb=64)', eval='default')\n"
                         "    s.search(position, depth=8)\n"
                         "Searches are serialised per Searcher; use one per thread for parallel work.")
      .def(py::init([](const std::string& searcher, const std::string& eval, const py::object& variant,
                       const py::object& rules, const py::kwargs& options) {
             return std::make_unique<PySearcher>(searcher, eval, rules_from(rules, variant, options));
           }),
           py::arg("searcher") = "alphabeta", py::arg("eval") = "default", py::arg("variant") = py::none(),
           py::arg("rules") = py::none(),
           "Searcher(searcher='alphabeta', eval='default', variant=None, rules=None, **options).")
      .def(
          "search",
          [](PySearcher& s, const py::object& position, OptionalNumber<int> depth, OptionalNumber<std::int64_t> nodes,
             OptionalNumber<std::int64_t> time_ms) {
            const search::Limits limits = make_limits(plain(depth), plain(nodes), plain(time_ms));
            return s.search(position_from(position, s.rules()), limits);
          },
          py::arg("position"), py::kw_only(), py::arg("depth") = py::none(), py::arg("nodes") = py::none(),
          py::arg("time_ms") = py::none(), "Searches the position (this searcher's rules apply); see bao.search.")
      .def("describe", &PySearcher::describe, "The searcher with every parameter's value.")
      .def("__repr__", [](const PySearcher& s) { return "<bao.Searcher " + s.describe() + ">"; });

  m.def(
      "search",
      [](const py::object& position, const std::string& searcher, const std::string& eval, OptionalNumber<int> depth,
         OptionalNumber<std::int64_t> nodes, OptionalNumber<std::int64_t> time_ms, const py::object& rules) {
        const search::Limits limits = make_limits(plain(depth), plain(nodes), plain(time_ms));
        const PyPosition p = position_arg(position, rules);
        PySearcher s(searcher, eval, p.rules);
        return s.search(p, limits);
      },
      py::arg("position"), py::arg("searcher") = "alphabeta", py::arg("eval") = "default", py::kw_only(),
      py::arg("depth") = py::none(), py::arg("nodes") = py::none(), py::arg("time_ms") = py::none(),
      py::arg("rules") = py::none(), kSearchDoc);

  m.def(
      "evaluate",
      [](const py::object& position, const std::string& eval, const py::object& side, const py::object& rules) {
        const PyPosition p = position_arg(position, rules);
        return models::make_evaluator(eval)->evaluate(p.pos, side_arg(p, side));
      },
      py::arg("position"), py::arg("eval") = "default", py::arg("side") = py::none(), py::arg("rules") = py::none(),
      "The evaluator's score of the position for `side` (default: the side to move); higher is\n"
      "better for that side, within +-100000. bao.Error for an unknown evaluator.");
  m.def(
      "features",
      [](const py::object& position, const py::object& side, const py::object& rules) {
        const PyPosition p = position_arg(position, rules);
        const models::Features f = models::features(p.pos, side_arg(p, side), p.rules);
        py::array_t<double> a(f.size());
        auto v = a.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < f.size(); ++i) v(i) = f[i];
        return a;
      },
      py::arg("position"), py::arg("side") = py::none(), py::arg("rules") = py::none(),
      "The learned evaluators' features of the position for `side` (default: the side to move) as a\n"
      "NumPy float64 vector: that side's half, then the opponent's (bao.feature_names()).");
  m.def(
      "feature_names",
      []() {
        std::vector<std::string> names;
        for (const char* prefix : {"", "opp_"})
          for (int f = 0; f < models::kHalfFeatures; ++f)
            names.push_back(prefix + std::string(models::feature_name(f)));
        return names;
      },
      "The names of bao.features' entries: 'hand', 'front1', ..., then 'opp_hand', ... for the opponent.");
  bind_registries(m);
}

}  // namespace bao::python
