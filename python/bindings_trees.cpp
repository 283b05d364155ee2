// Random game trees (search/random_tree.h): bao.RandomTree, one seeded tree searched by
// any tree searcher as `bao trees` runs them, and bao.trees_grid, the whole grid of
// `bao trees` (experiments/trees_grid.h).
#include <pybind11/stl.h>

#include <algorithm>

#include "engine/text_input.h"
#include "experiments/tree_searchers.h"
#include "experiments/trees_grid.h"
#include "models/games.h"
#include "python/bindings.h"
#include "search/any_game.h"
#include "search/model_search.h"
#include "search/random_tree.h"
#include "search/random_tree_support.h"
#include "search/spec.h"

namespace bao::python {

namespace {

using search::RandomTreeGame;
using search::TreeNode;

std::string known_searchers() {
  std::string list;
  for (const auto& n : experiments::tree_searcher_names()) list += (list.empty() ? "" : ", ") + n;
  return list;
}

// The docstring of Tree.search, its list of searchers from the registry (static: pybind11
// keeps the pointer).
const std::string& tree_search_doc() {
  static const std::string doc =
      "search(searcher='alphabeta', *, depth=None, model=None, bound=None, probs=None): searches\n"
      "from the root as `bao trees` does, the tree being the game trees(...) of the registry. searcher:\n"
      "one of " +
      known_searchers() +
      ", with its parameters (safe-om(eps=5)).\n"
      "What the spec does not give: model: the function searched by alphabeta and minimax (default 0\n"
      "= V0), the opponent model (model=vK) of the searchers with one (default 1 for om-* and ddom-*,\n"
      "else 0); probs (PrOM): one per function, default uniform; M* models every function; bound\n"
      "(om-bounded, sp-prom, mstar-ab): default the tree's; (D,d)-OM's model_depth: depth / 2. depth:\n"
      "default the tree's. bao.Error for a bad argument or (om-bounded, mstar-ab) a broken bound.";
  return doc;
}

// Widths, depths or bounds: a text as `bao trees` takes it ("2,3,4", "2-8"), one number,
// or a list of numbers and (min, max) pairs.
std::vector<std::pair<int, int>> int_ranges(const std::string& key, const py::object& v, int lo, int hi,
                                            bool ranges_as_pairs) {
  if (!py::isinstance<py::str>(v) && !py::isinstance<py::int_>(v) && !py::isinstance<py::iterable>(v))
    fail(key + ": expected a text such as '2,3,4', a number or a list, found " + std::string(py::repr(v)));
  try {
    if (py::isinstance<py::str>(v)) return parse_int_ranges(text_of(v, key), lo, hi, ranges_as_pairs);
    auto item = [&](const py::handle& h) {
      if (py::isinstance<py::int_>(h) || py::isinstance<py::str>(h)) return std::string(py::str(h));
      if (py::isinstance<py::tuple>(h) && py::len(h) == 2) {
        const py::tuple t = h.cast<py::tuple>();
        return std::string(py::str(t[0])) + "-" + std::string(py::str(t[1]));
      }
      throw InputError("expected numbers or (min, max) pairs, found " + std::string(py::repr(h)));
    };
    std::string text;
    if (py::isinstance<py::int_>(v)) {
      text = item(v);
    } else {
      for (const py::handle& h : v) {
        if (!text.empty()) text += ',';
        text += item(h);
      }
    }
    return parse_int_ranges(text, lo, hi, ranges_as_pairs);
  } catch (const InputError& e) {
    fail(key + ": " + e.what());
  }
}

// A tree and its evaluation functions (V0 and types-1 opponent types), made as the game
// registry makes "trees(...)" (search/random_tree_traits.h).
class PyTree {
 public:
  PyTree(search::TreeParams p, int types) : game_(with_types(p, types)), types_(types) {
    if (p.wmin < 1 || p.wmax > search::kMaxTreeWidth || p.wmin > p.wmax)
      fail("width: expected 1.." + std::to_string(search::kMaxTreeWidth) + " or (min, max) within it");
    if (p.depth < 1 || p.depth > 30) fail("depth: expected 1..30, found " + std::to_string(p.depth));
    if (p.bound < 0 || p.bound > 1000) fail("bound: expected 0..1000, found " + std::to_string(p.bound));
    if (p.step < 0 || p.step > 1000000)  // 2 * step + 1 and 30 steps' sum must fit an int
      fail("step: expected 0 to 1000000, found " + std::to_string(p.step));
    if (!(p.spread >= 0 && p.spread <= 1000))  // NaN too: bound * spread is cast to an int
      fail("spread: expected 0 to 1000, found " + std::string(py::str(py::float_(p.spread))));
    if (types < 1 || types > search::kMaxTypes)
      fail("types: expected 1 to " + std::to_string(search::kMaxTypes) + " evaluation functions, found " +
           std::to_string(types));
    any_ = models::make_game(experiments::tree_game_spec(game_.params()));
  }

  const search::AnyGame& any() const { return *any_; }

  TreeNode node(const std::vector<int>& path) const {
    TreeNode n = game_.root();
    RandomTreeGame::Children ch;
    for (std::size_t i = 0; i < path.size(); ++i) {
      game_.children(n, ch);
      if (path[i] < 0 || path[i] >= static_cast<int>(ch.size()))
        fail("path: step " + std::to_string(i) + " is child " + std::to_string(path[i]) + ", but the node has " +
             std::to_string(ch.size()) + " children");
      n = ch[static_cast<std::size_t>(path[i])].pos;
    }
    return n;
  }

  const RandomTreeGame& game() const { return game_; }
  int types() const { return types_; }

 private:
  static search::TreeParams with_types(search::TreeParams p, int types) {
    p.types = types;
    return p;
  }
  RandomTreeGame game_;
  int types_;
  std::shared_ptr<const search::AnyGame> any_;
};

struct TreeResult {
  py::object move;  // the root child's index, or None
  double value = 0;
  int value_op = 0;
  std::uint64_t nodes = 0, leaf_evals = 0;
  std::vector<std::uint64_t> evals;
  std::string searcher;
};

TreeResult tree_search(const PyTree& t, const std::string& spec_text, OptionalNumber<int> depth_arg,
                       OptionalNumber<int> model_number, OptionalNumber<int> bound_arg,
                       std::optional<std::vector<double>> probs) {
  const std::optional<int> depth = plain(depth_arg), model_arg = plain(model_number), bound = plain(bound_arg);
  const std::string name = search::parse_spec(spec_text).name;
  const int tree_depth = t.game().params().depth;
  const int d = depth.value_or(tree_depth);
  if (d < 1 || d > tree_depth)
    fail("depth: expected 1 to the tree's depth " + std::to_string(tree_depth) + ", found " + std::to_string(d));
  const bool om = name.rfind("om-", 0) == 0 || name.rfind("ddom-", 0) == 0,
             prom = name.find("prom") != std::string::npos;
  const int lo = om ? 1 : 0;
  const int model = model_arg.value_or(lo);
  if (!prom && (model < lo || model >= t.types()))
    fail("model: expected an evaluation function " + std::to_string(lo) + ".." + std::to_string(t.types() - 1) +
         " of the tree's " + std::to_string(t.types()) + ", found " + std::to_string(model));
  if (bound && (*bound < 0 || *bound > 1000)) fail("bound: expected 0..1000, found " + std::to_string(*bound));
  if (probs && static_cast<int>(probs->size()) != t.types())
    fail("probs: expected one probability per function (" + std::to_string(t.types()) + "), found " +
         std::to_string(probs->size()));
  // What the spec does not give, as `bao trees` decides it (experiments/tree_searchers.h);
  // alphabeta and minimax search the function `model` as MAX's own.
  const experiments::TreeSearchDefaults defaults{.types = t.types(),
                                                 .model = model,
                                                 .probs = probs.value_or(std::vector<double>{}),
                                                 .bound = bound.value_or(t.game().params().bound),
                                                 .depth = d};
  const std::string spec = experiments::tree_searcher_spec(spec_text, defaults);
  const std::string eval = name == "alphabeta" || name == "minimax" ? search::tree_function(model) : "v0";
  search::AnyResult o;
  {
    py::gil_scoped_release release;
    o = experiments::search_tree(t.any(), spec, eval, d);
  }
  TreeResult r;
  r.move = o.has_move ? py::object(py::int_(std::stoi(o.best))) : py::object(py::none());
  r.value = o.value_exact;
  r.value_op = o.value_op;
  r.nodes = o.nodes;
  r.leaf_evals = o.leaf_evals;
  r.evals.assign(o.evals.begin(), o.evals.begin() + t.types());  // v0 ... v(types-1) lead the game's evaluators
  r.searcher = spec_text;
  return r;
}

struct PyGrid {
  std::vector<experiments::TreesGridRow> rows;
  std::vector<std::string> skipped;
};

py::dict row_dict(const experiments::TreesGridRow& r) {
  py::dict d;
  d["width"] = r.width;
  d["depth"] = r.depth;
  d["bound"] = r.bound;
  d["types"] = r.types;
  d["searcher"] = r.searcher;
  d["trees"] = r.trees;
  d["leaf_evals_mean"] = r.leaf_evals_mean;
  d["leaf_evals_ci95"] = r.leaf_evals_ci95;
  d["nodes_mean"] = r.nodes_mean;
  d["ratio_to_alphabeta"] = r.ratio_to_alphabeta;
  d["agree_pct"] = r.agree_pct;
  return d;
}

PyGrid trees_grid(const py::object& width, const py::object& depth, const py::object& bound, Number<int> types,
                  Number<int> trees, const py::object& searchers, Number<std::uint64_t> seed, Number<int> threads,
                  Number<std::uint64_t> max_leaves) {
  experiments::TreesGridSpec spec;
  spec.widths = int_ranges("width", width, 1, search::kMaxTreeWidth, true);
  for (const auto& d : int_ranges("depth", depth, 1, 30, false)) spec.depths.push_back(d.first);
  for (const auto& b : int_ranges("bound", bound, 0, 1000, false)) spec.bounds.push_back(b.first);
  check_threads(threads);
  spec.types = types;
  spec.trees = trees;
  spec.seed = seed;
  spec.threads = threads;
  spec.max_leaves = max_leaves;
  if (py::isinstance<py::str>(searchers)) {
    const std::string s = text_of(searchers, "searchers");
    spec.searchers = search::split_spec_list(s);
  } else {
    for (const py::handle& h : searchers.cast<py::iterable>()) spec.searchers.push_back(py::str(h));
  }
  PyGrid g;
  py::gil_scoped_release release;
  g.rows = experiments::run_trees_grid(spec, &g.skipped);
  return g;
}

void bind_tree_result(py::module_& m) {
  py::class_<TreeResult>(m, "TreeResult", "What RandomTree.search returns.")
      .def_readonly("move", &TreeResult::move, "The root child chosen (its index), or None.")
      .def_readonly("value", &TreeResult::value,
                    "The root value: alpha-beta/minimax on the function searched, OM the root v0, PrOM the "
                    "PrOM value.")
      .def_readonly("value_op", &TreeResult::value_op, "OM: the root's value under the model (vop).")
      .def_readonly("nodes", &TreeResult::nodes, "Nodes visited.")
      .def_readonly("leaf_evals", &TreeResult::leaf_evals, "Evaluation calls, all functions together.")
      .def_readonly("evals", &TreeResult::evals, "Evaluation calls per function (V0, type 1, ...).")
      .def_readonly("searcher", &TreeResult::searcher, "The searcher's name.")
      .def("__repr__", [](const TreeResult& r) {
        return "<bao.TreeResult " + r.searcher + " move=" + std::string(py::str(r.move)) +
               " value=" + std::string(py::str(py::float_(r.value))) + " leaf_evals=" + std::to_string(r.leaf_evals) +
               ">";
      });
}

const char* const kTreeDoc = R"doc(
A seeded random game tree (search/random_tree.h): every node's children and values are
hashed from the seed, so every searcher sees the same tree without storing it.

    t = bao.RandomTree(width=3, depth=6, bound=100, seed=7)
    t.search("alphabeta").value
    t.search("om-bounded", model=1).leaf_evals
    t.search("prom-beta", probs=[0.5, 0.5])

width:  the branching factor, or (min, max) drawn per node (1..16)
depth:  the leaves' depth (1..30)
bound:  B, |Vk - V0| <= B at every node (values on a 0..1000 scale)
step:   the base value's increment range per ply
spread: opponent offsets drawn from [-spread*B, spread*B] (above 1 the bound breaks; 0..1000)
types:  evaluation functions: V0 and types-1 opponent types (1..8)
)doc";

}  // namespace

// bao.tree_searchers, bao.TreesGrid and bao.trees_grid: the grid of `bao trees`.
void bind_trees_grid(py::module_& m) {
  m.def(
      "tree_searchers", []() { return experiments::tree_searcher_names(); }, "The searchers random trees take.");

  py::class_<PyGrid>(m, "TreesGrid", "What bao.trees_grid returns: rows, skipped, csv(), markdown().")
      .def_property_readonly(
          "rows",
          [](const PyGrid& g) {
            py::list l;
            for (const auto& r : g.rows) l.append(row_dict(r));
            return l;
          },
          "One dict per cell and searcher (the CSV columns); pandas.DataFrame(grid.rows) tabulates them.")
      .def_readonly("skipped", &PyGrid::skipped, "A line per cell left out by max_leaves.")
      .def(
          "csv", [](const PyGrid& g) { return experiments::trees_csv(g.rows); }, "The CSV of `bao trees`.")
      .def(
          "markdown", [](const PyGrid& g) { return experiments::trees_markdown(g.rows); },
          "The markdown table of `bao trees --format md`.")
      .def("__len__", [](const PyGrid& g) { return g.rows.size(); });
  m.def("trees_grid", &trees_grid, py::arg("width") = "2,3,4", py::arg("depth") = "2-8", py::arg("bound") = "10,100",
        py::arg("types") = 2, py::arg("trees") = 100, py::arg("searchers") = experiments::default_tree_searchers(),
        py::arg("seed") = 1, py::arg("threads") = 0, py::arg("max_leaves") = std::uint64_t{1} << 20,
        "The grid of `bao trees` (same defaults, same numbers for the same seed): for every cell\n"
        "(width, depth, bound) and searcher, mean leaf evaluations with a 95% interval, mean nodes,\n"
        "the ratio to alpha-beta and the agreement with the family's first searcher. width, depth,\n"
        "bound: texts as the command line takes them ('2-8'), numbers or lists (a width (2, 5) is one\n"
        "cell drawing widths in 2..5). Runs with the GIL released, on `threads` OpenMP threads\n"
        "(0: all cores; at most 1024). bao.Error for a bad grid or searcher.");
}

void bind_trees(py::module_& m) {
  bind_tree_result(m);
  py::class_<PyTree>(m, "RandomTree", kTreeDoc)
      .def(py::init([](const py::object& width, Number<int> depth, Number<int> bound, Number<int> step,
                       Number<double> spread, Number<std::uint64_t> seed, Number<int> types) {
             search::TreeParams p;
             py::list one;  // a (min, max) pair is one range here, not two widths
             one.append(width);
             const auto w = int_ranges("width", py::isinstance<py::tuple>(width) ? py::object(one) : width, 1,
                                       search::kMaxTreeWidth, true);
             if (w.size() != 1) fail("width: expected one width or one (min, max) range");
             p.wmin = w[0].first;
             p.wmax = w[0].second;
             p.depth = depth;
             p.bound = bound;
             p.step = step;
             p.spread = spread;
             p.seed = seed;
             return PyTree(p, types);
           }),
           py::arg("width") = 2, py::arg("depth") = 4, py::arg("bound") = 100, py::arg("step") = 100,
           py::arg("spread") = 1.0, py::arg("seed") = 1, py::arg("types") = 2)
      .def("search", &tree_search, py::arg("searcher") = "alphabeta", py::kw_only(), py::arg("depth") = py::none(),
           py::arg("model") = py::none(), py::arg("bound") = py::none(), py::arg("probs") = py::none(),
           tree_search_doc().c_str())
      .def(
          "values",
          [](const PyTree& t, const std::vector<int>& path) {
            const TreeNode n = t.node(path);
            std::vector<int> v;
            for (int k = 0; k < t.types(); ++k) v.push_back(t.game().value(n, k));
            return v;
          },
          py::arg("path") = std::vector<int>{},
          "The values of the node reached by the child indices `path` under every function (V0 first).")
      .def(
          "width_at", [](const PyTree& t, const std::vector<int>& path) { return t.game().width(t.node(path)); },
          py::arg("path") = std::vector<int>{}, "The number of children of the node at `path` (before the leaves).")
      .def_property_readonly(
          "depth", [](const PyTree& t) { return t.game().params().depth; }, "The leaves' depth.")
      .def_property_readonly(
          "bound", [](const PyTree& t) { return t.game().params().bound; }, "The bound B.")
      .def_property_readonly("types", &PyTree::types, "The number of evaluation functions.")
      .def_property_readonly(
          "seed", [](const PyTree& t) { return t.game().params().seed; }, "The seed.")
      .def("__repr__", [](const PyTree& t) {
        const auto& p = t.game().params();
        const std::string w = p.wmin == p.wmax ? std::to_string(p.wmin)
                                               : "(" + std::to_string(p.wmin) + ", " + std::to_string(p.wmax) + ")";
        return "bao.RandomTree(width=" + w + ", depth=" + std::to_string(p.depth) +
               ", bound=" + std::to_string(p.bound) + ", step=" + std::to_string(p.step) +
               ", seed=" + std::to_string(p.seed) + ", types=" + std::to_string(t.types()) + ")";
      });
  bind_trees_grid(m);
}

}  // namespace bao::python
