// bao.Rules, bao.Position, bao.Side, bao.Outcome and game records (bao.Game): the
// engine as Python sees it. Positions are immutable values: play() returns a new one.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <utility>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "python/bindings.h"

namespace bao::python {

namespace {

// The rules' yes/no options (docs/rules.md 8a) as Rules::set names them: the one list that
// Rules.to_dict, Rules.options, the properties and Rules.donkers2002 go through.
struct Flag {
  const char* name;
  bool Rules::*field;
  const char* doc;
};
const Flag kFlags[] = {
    {"house_choice_any_count", &Rules::house_choice_any_count,
     "Namua capture: the stop/safari choice exists at any house count (2002 program)."},
    {"tax_any_lone_house", &Rules::tax_any_lone_house, "Tax move for any lone owned house (2002 program)."},
    {"house_lost_when_hand_empties", &Rules::house_lost_when_hand_empties,
     "A house is lost when its owner's hand empties (2002 program)."},
    {"takasia_after_namua", &Rules::takasia_after_namua, "Takasia also after a namua takasa move (2002 program)."},
};

std::string type_name(const py::handle& v) { return py::str(py::type::handle_of(v).attr("__name__")); }

// A Python value as the text Rules::set reads: bools as true/false, numbers and texts as
// they are.
std::string option_text(const std::string& key, const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(v)) return py::str(v);
  if (py::isinstance<py::str>(v)) return text_of(v, "rules option " + key);
  fail("rules option " + key + ": expected a bool, a number or a text, found " + type_name(v));
}

// The rules' options as a dict, variant first.
py::dict rules_dict(const Rules& r) {
  py::dict d;
  d["variant"] = variant_name(r.variant);
  d["long_move_limit"] = r.long_move_limit;
  for (const Flag& f : kFlags) d[f.name] = r.*f.field;
  return d;
}

// "variant='kujifunza', long_move_limit=100": the options that differ from the defaults
// (the variant with `with_variant` even when it is the default).
std::string rules_kwargs(const Rules& r, bool with_variant) {
  const py::dict now = rules_dict(r), defaults = rules_dict(Rules{});
  std::string s;
  for (const auto& [k, v] : now) {
    const std::string key = py::str(k);
    if (key == "variant" ? !with_variant && r.variant == Variant::Kiswahili : v.equal(defaults[k])) continue;
    s += (s.empty() ? "" : ", ") + key + "=" + std::string(py::repr(v));
  }
  return s;
}

// Ring index of pit k (1..8) of a front or back row.
int ring_of(bool back, int k) { return back ? kRing - k : k - 1; }

PyPosition make(const Position& p, const Rules& r) { return PyPosition{p, r}; }

std::vector<std::string> legal_moves(const PyPosition& p) {
  MoveList moves;
  generate_moves(p.pos, p.rules, moves);
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(format_move(m, p.pos.side));
  return out;
}

PyPosition play(const PyPosition& p, const py::args& moves) {
  PyPosition q = p;
  for (const py::handle& h : moves) {
    if (!py::isinstance<py::str>(h)) fail("move: expected a move text such as 'A7L*', found " + type_name(h));
    const Move m = parse_move(text_of(h, "move"), q.pos, q.rules, "move");
    q.pos = apply_move(q.pos, m, q.rules);
  }
  return q;
}

void check_perft_depth(int depth) {
  if (depth < 0 || depth > 30) fail("depth must be between 0 and 30, found " + std::to_string(depth));
}

// Pit counts in the position string's layout: rows A, B, a, b; pits 1..8.
py::array_t<std::uint8_t> pits_array(const Position& p) {
  py::array_t<std::uint8_t> a({4, 8});
  auto v = a.mutable_unchecked<2>();
  for (int row = 0; row < 4; ++row)
    for (int k = 1; k <= 8; ++k) v(row, k - 1) = p.pits[row / 2][ring_of(row % 2, k)];
  return a;
}

int pit_count(const Position& p, const std::string& name) {
  const bool ok =
      name.size() == 2 && std::string("ABab").find(name[0]) != std::string::npos && name[1] >= '1' && name[1] <= '8';
  if (!ok) fail("pit: expected a pit name such as A5 or b3 (row A, B, a or b, pit 1..8), found '" + name + "'");
  const int side = (name[0] == 'a' || name[0] == 'b') ? North : South;
  return p.pits[side][ring_of(name[0] == 'B' || name[0] == 'b', name[1] - '0')];
}

std::string position_repr(const PyPosition& p) {
  const std::string kw = rules_kwargs(p.rules, false);
  return "bao.Position('" + format_position(p.pos) + "'" + (kw.empty() ? "" : ", " + kw) + ")";
}

void bind_rules(py::module_& m) {
  py::class_<Rules> c(m, "Rules", R"doc(
The rules a game is played under: the variant and every option where sources differ.

    bao.Rules()                                   # kiswahili, Donkers' rules page
    bao.Rules(variant="kujifunza")
    bao.Rules(long_move_limit=100, house_choice_any_count=True)
    bao.Rules.donkers2002()                       # every option as Donkers' 2002 program

Options (docs/rules.md section 8a; the `bao --rule KEY=VALUE` options):
  variant                       'kiswahili' (default) or 'kujifunza'
  long_move_limit               seeds sown in one move above which it counts as infinite
                                (illegal); 0 (default) = exact cycle detection
  house_choice_any_count        namua capture: stop/safari choice at any house count
  tax_any_lone_house            tax move for any lone owned house
  house_lost_when_hand_empties  the house is lost when the hand empties
  takasia_after_namua           takasia also after a namua takasa move

Values are checked as the command line checks them: a bad key or value raises bao.Error.
)doc");
  c.def(py::init([](const py::object& variant, const py::kwargs& options) {
          return rules_from(py::none(), variant, options);
        }),
        py::arg("variant") = py::none(), "Rules(variant=None, **options): the defaults, then the variant and options.");
  c.def_static(
      "donkers2002",
      [](const py::object& variant) {
        Rules r = rules_from(py::none(), variant, py::kwargs());
        r.long_move_limit = 100;
        for (const Flag& f : kFlags) r.*f.field = true;
        return r;
      },
      py::arg("variant") = py::none(),
      "The rules of Donkers' 2002 program: long_move_limit=100 and every other option on.");
  c.def_property(
      "variant", [](const Rules& r) { return variant_name(r.variant); },
      [](Rules& r, const py::object& v) { r.set("variant", option_text("variant", v)); },
      "'kiswahili' or 'kujifunza'.");
  c.def_property(
      "long_move_limit", [](const Rules& r) { return r.long_move_limit; },
      [](Rules& r, const py::object& v) { r.set("long_move_limit", option_text("long_move_limit", v)); },
      "Seeds sown in one move above which the move is infinite (illegal); 0 = exact detection.");
  for (const Flag& f : kFlags)
    c.def_property(
        f.name, [field = f.field](const Rules& r) { return r.*field; },
        [name = f.name](Rules& r, const py::object& v) { r.set(name, option_text(name, v)); }, f.doc);
  c.def(
      "set", [](Rules& r, const std::string& key, const py::object& v) { r.set(key, option_text(key, v)); },
      py::arg("key"), py::arg("value"), "Sets one option by name (as `bao --rule KEY=VALUE`); bao.Error if bad.");
  c.def(
      "replace", [](const Rules& r, const py::kwargs& options) { return rules_from(py::cast(r), py::none(), options); },
      "A copy with the given options changed: rules.replace(long_move_limit=100).");
  c.def("to_dict", &rules_dict, "The variant and every option as a dict.");
  c.def("describe", &Rules::describe, "The options as 'key=value' lines, as result files write them.");
  c.def_property_readonly_static(
      "options",
      [](const py::object&) {
        std::vector<std::string> names{"long_move_limit"};
        for (const Flag& f : kFlags) names.push_back(f.name);
        return names;
      },
      "The option names, besides 'variant'.");
  c.def(
      "__eq__", [](const Rules& a, const Rules& b) { return a == b; }, py::is_operator());
  c.def("__repr__", [](const Rules& r) { return "bao.Rules(" + rules_kwargs(r, true) + ")"; });
  c.def(py::pickle([](const Rules& r) { return rules_dict(r); },
                   [](const py::dict& d) { return rules_from(d, py::none(), py::kwargs()); }));
}

void bind_enums(py::module_& m) {
  py::enum_<Side>(m, "Side", "The side to move: Side.South (0) or Side.North (1).")
      .value("South", South)
      .value("North", North);
  py::enum_<Outcome>(m, "Outcome", "A game's state: Outcome.Ongoing, Outcome.SouthWins or Outcome.NorthWins.")
      .value("Ongoing", Outcome::Ongoing)
      .value("SouthWins", Outcome::SouthWins)
      .value("NorthWins", Outcome::NorthWins);
}

// Construction, text, comparison and pickling.
void bind_position_state(py::class_<PyPosition>& c) {
  c.def(py::init(
            [](const py::object& text, const py::object& variant, const py::object& rules, const py::kwargs& options) {
              const Rules r = rules_from(rules, variant, options);
              return text.is_none() ? make(start_position(r.variant), r) : position_from(text, r);
            }),
        py::arg("text") = py::none(), py::arg("variant") = py::none(), py::arg("rules") = py::none(),
        "Position(text=None, variant=None, rules=None, **options): the position string `text` read\n"
        "under the rules (default: the variant's start). bao.Error names a malformed field.");
  c.def_static(
      "parse",
      [](const std::string& text, const py::object& variant, const py::object& rules, const py::kwargs& options) {
        const Rules r = rules_from(rules, variant, options);
        return make(parse_position(text, r.variant), r);
      },
      py::arg("text"), py::arg("variant") = py::none(), py::arg("rules") = py::none(),
      "Reads a position string (docs/notation.md) for the variant; bao.Error names a bad field.");
  c.def_static(
      "start",
      [](const py::object& variant, const py::object& rules, const py::kwargs& options) {
        const Rules r = rules_from(rules, variant, options);
        return make(start_position(r.variant), r);
      },
      py::arg("variant") = py::none(), py::arg("rules") = py::none(),
      "The start position of the variant ('kiswahili' by default).");
  c.def(
      "__str__", [](const PyPosition& p) { return format_position(p.pos); }, "The position string.");
  c.def("__repr__", &position_repr);
  c.def(
      "board", [](const PyPosition& p) { return format_board(p.pos, p.rules); },
      "The board diagram of `bao show` as a text.");
  c.def(
      "show", [](const PyPosition& p) { py::print(format_board(p.pos, p.rules), py::arg("end") = ""); },
      "Prints the board diagram as `bao show` does (North on top, [n] = owned house, !n = takasia).");
  c.def(
      "__eq__", [](const PyPosition& a, const PyPosition& b) { return a.pos == b.pos && a.rules == b.rules; },
      py::is_operator());
  c.def("__hash__", [](const PyPosition& p) { return static_cast<py::ssize_t>(p.pos.key >> 1); });
  c.def(py::pickle(
      [](const PyPosition& p) -> py::object { return py::make_tuple(format_position(p.pos), rules_dict(p.rules)); },
      [](const py::object& state) {
        if (!py::isinstance<py::tuple>(state) || py::len(state) != 2 ||
            !py::isinstance<py::str>(state.cast<py::tuple>()[0]))
          fail("Position: expected a pickled state (position string, rules dict), found " +
               std::string(py::repr(state)));
        const py::tuple t = state.cast<py::tuple>();
        const Rules r = rules_from(t[1], py::none(), py::kwargs());
        return make(parse_position(text_of(t[0], "position"), r.variant), r);
      }));
}

// The board's content: side to move, pits, hands, house, variant, key.
void bind_position_board(py::class_<PyPosition>& c) {
  c.def_property_readonly(
      "side", [](const PyPosition& p) { return static_cast<Side>(p.pos.side); },
      "The side to move: bao.Side.South or bao.Side.North.");
  c.def_property_readonly(
      "hands", [](const PyPosition& p) { return py::make_tuple(p.pos.hand[0], p.pos.hand[1]); },
      "Seeds in hand: (South, North).");
  c.def_property_readonly(
      "houses", [](const PyPosition& p) { return py::make_tuple(p.pos.owns_house(South), p.pos.owns_house(North)); },
      "Whether each side owns its house: (South, North).");
  c.def_property_readonly(
      "takasia",
      [](const PyPosition& p) -> py::object {
        if (p.pos.takasia == kNoPit) return py::none();
        return py::str(pit_name(p.pos.side, p.pos.takasia));
      },
      "The takasia-ed pit of the side to move ('A6'), or None.");
  c.def_property_readonly(
      "stage", [](const PyPosition& p) { return p.pos.hand[p.pos.side] > 0 ? "namua" : "mtaji"; },
      "'namua' while the side to move has seeds in hand, else 'mtaji'.");
  c.def_property_readonly(
      "pits", [](const PyPosition& p) { return pits_array(p.pos); },
      "Seeds per pit as a 4x8 NumPy array (uint8): rows A, B, a, b (as in the position "
      "string), columns pits 1..8.");
  c.def_property_readonly(
      "rings",
      [](const PyPosition& p) {
        py::array_t<std::uint8_t> a({2, kRing});
        auto v = a.mutable_unchecked<2>();
        for (int s = 0; s < 2; ++s)
          for (int r = 0; r < kRing; ++r) v(s, r) = p.pos.pits[s][r];
        return a;
      },
      "Seeds per pit as a 2x16 NumPy array: [side][ring index], front pit k = index k-1, back pit k = 16-k.");
  c.def(
      "pit", [](const PyPosition& p, const std::string& name) { return pit_count(p.pos, name); }, py::arg("name"),
      "The seeds in one pit by name: p.pit('A5').");
  c.def_property_readonly(
      "rules", [](const PyPosition& p) { return p.rules; }, "The bao.Rules of this position.");
  c.def_property_readonly(
      "variant", [](const PyPosition& p) { return variant_name(p.rules.variant); }, "'kiswahili' or 'kujifunza'.");
  c.def_property_readonly(
      "key", [](const PyPosition& p) { return p.pos.key; }, "The engine's 64-bit hash.");
}

// Moves, game end and perft.
void bind_position_moves(py::class_<PyPosition>& c) {
  c.def("legal_moves", &legal_moves, "The legal moves in canonical notation and order: ['A6L*', 'A6R*', ...].");
  c.def(
      "children",
      [](const PyPosition& p) {
        ChildList children;
        generate_children(p.pos, p.rules, children);
        std::vector<std::pair<std::string, PyPosition>> out;
        for (const Child& ch : children) out.emplace_back(format_move(ch.move, p.pos.side), make(ch.pos, p.rules));
        return out;
      },
      "Every legal move with the position it leads to: [(move, Position), ...].");
  c.def("play", &play,
        "play(*moves): the position after the moves, each a text read leniently as the command line\n"
        "reads it ('A7L*', 'a2', 'a3R *', '7L*' in the namua stage). bao.Error lists the legal moves.");
  c.def(
      "is_legal",
      [](const PyPosition& p, const std::string& move) {
        try {
          parse_move(move, p.pos, p.rules, "move");
          return true;
        } catch (const InputError&) {
          return false;
        }
      },
      py::arg("move"), "Whether the text names a legal move here (read as play() reads it).");
  c.def(
      "outcome", [](const PyPosition& p) { return outcome(p.pos, p.rules); },
      "bao.Outcome.Ongoing, SouthWins or NorthWins: decided by an empty front row or no legal move.");
  c.def(
      "outcome_reason", [](const PyPosition& p) { return std::string(outcome_reason(p.pos, p.rules)); },
      "Why the game ended here (\"North's front row is empty\"), or '' while it goes on.");
  c.def(
      "is_over", [](const PyPosition& p) { return outcome(p.pos, p.rules) != Outcome::Ongoing; },
      "Whether the game has ended here.");
  c.def(
      "perft",
      [](const PyPosition& p, Number<int> depth) {
        check_perft_depth(depth);
        py::gil_scoped_release release;
        return perft(p.pos, p.rules, depth);
      },
      py::arg("depth"), "The number of move paths of `depth` plies (0..30), as `bao perft`.");
  c.def(
      "perft_divide",
      [](const PyPosition& p, Number<int> depth) {
        check_perft_depth(depth);
        if (depth == 0) fail("depth must be between 1 and 30 to divide, found 0");
        ChildList children;
        generate_children(p.pos, p.rules, children);
        std::vector<std::pair<std::string, std::uint64_t>> counts;
        {
          py::gil_scoped_release release;
          for (const Child& ch : children)
            counts.emplace_back(format_move(ch.move, p.pos.side), perft(ch.pos, p.rules, depth - 1));
        }
        py::dict d;
        for (const auto& [move, n] : counts) d[py::str(move)] = n;
        return d;
      },
      py::arg("depth"), "perft below each legal move, as `bao perft --divide`: {move: count}.");
}

// A ply of a game record.
struct PyPly {
  int number;
  Side side;
  std::string label, move;
  std::vector<std::string> legal;
  PyPosition after;
};

struct PyGame {
  GameRecord game;
  std::vector<PyPly> plies;
};

PyGame make_game(GameRecord g) {
  PyGame out;
  for (const GamePly& p : g.plies) {
    std::vector<std::string> legal;
    for (const Move& m : p.legal) legal.push_back(format_move(m, p.side));
    out.plies.push_back(PyPly{p.number, p.side, ply_label(p.number, p.side), format_move(p.move, p.side),
                              std::move(legal), make(p.after, g.rules)});
  }
  out.game = std::move(g);
  return out;
}

PyGame read_record(const std::string& text, const std::string& source, const py::object& variant,
                   const py::object& rules, const py::kwargs& options) {
  const Rules r = rules_from(rules, variant, options);
  return make_game(read_game(text, source, r, !variant.is_none()));
}

void bind_games(py::module_& m) {
  py::class_<PyPly>(m, "Ply", "One ply of a game record: number, side, label ('12N'), move, legal, after.")
      .def_readonly("number", &PyPly::number, "The move number, from 1.")
      .def_readonly("side", &PyPly::side, "Who played it.")
      .def_readonly("label", &PyPly::label, "'1S', '12N'.")
      .def_readonly("move", &PyPly::move, "The move in canonical notation.")
      .def_readonly("legal", &PyPly::legal, "The legal moves before it, canonical.")
      .def_readonly("after", &PyPly::after, "The bao.Position after it.")
      .def("__repr__", [](const PyPly& p) { return "<bao.Ply " + p.label + " " + p.move + ">"; });
  py::class_<PyGame>(m, "Game", "A game record read and checked move by move (bao.read_game, bao.load_game).")
      .def_property_readonly(
          "headers", [](const PyGame& g) { return g.game.headers; }, "The header lines as (key, value) pairs.")
      .def_property_readonly(
          "rules", [](const PyGame& g) { return g.game.rules; }, "The game's bao.Rules.")
      .def_property_readonly(
          "start", [](const PyGame& g) { return make(g.game.start, g.game.rules); }, "The start bao.Position.")
      .def_readonly("plies", &PyGame::plies, "The plies in order (bao.Ply).")
      .def_property_readonly(
          "result", [](const PyGame& g) { return g.game.result; }, "bao.Outcome (Ongoing: unfinished).")
      .def_property_readonly(
          "reason", [](const PyGame& g) { return g.game.reason; },
          "Why it ended: 'South resigns', \"North's front row is empty\", or ''.")
      .def_property_readonly(
          "final_position", [](const PyGame& g) { return make(g.game.final_position(), g.game.rules); },
          "The position after the last ply.")
      .def(
          "positions",
          [](const PyGame& g) {
            std::vector<PyPosition> out{make(g.game.start, g.game.rules)};
            for (const PyPly& p : g.plies) out.push_back(p.after);
            return out;
          },
          "The start and the position after every ply.")
      .def(
          "moves",
          [](const PyGame& g) {
            std::vector<std::string> out;
            for (const PyPly& p : g.plies) out.push_back(p.move);
            return out;
          },
          "The moves in canonical notation.")
      .def(
          "write", [](const PyGame& g) { return write_game(g.game); }, "The record in canonical notation.")
      .def("__len__", [](const PyGame& g) { return g.plies.size(); })
      .def("__repr__", [](const PyGame& g) { return "<bao.Game " + std::to_string(g.plies.size()) + " plies>"; });
  m.def("read_game", &read_record, py::arg("text"), py::arg("source") = "<string>", py::arg("variant") = py::none(),
        py::arg("rules") = py::none(),
        "Reads a game record (docs/notation.md 'Game record'), checking every move as `bao replay`\n"
        "does. A `variant:` header sets the variant unless `variant` is given (then they must agree).\n"
        "bao.Error names the source, the line and the move.");
  m.def(
      "load_game",
      [](const py::object& path, const py::object& variant, const py::object& rules, const py::kwargs& options) {
        const std::string p = path_arg(path);
        return read_record(read_text_file(p), p, variant, rules, options);
      },
      py::arg("path"), py::arg("variant") = py::none(), py::arg("rules") = py::none(),
      "read_game() on the content of a file.");
}

}  // namespace

void fail(const std::string& message) { throw InputError(message); }

std::string text_of(const py::handle& s, const std::string& what) {
  Py_ssize_t size = 0;
  if (const char* utf8 = PyUnicode_AsUTF8AndSize(s.ptr(), &size))
    return std::string(utf8, static_cast<std::size_t>(size));
  PyErr_Clear();
  const auto shown = py::reinterpret_steal<py::object>(PyObject_ASCII(s.ptr()));
  std::string t = shown ? std::string(py::str(shown)) : "?";
  if (t.size() > 60) t = t.substr(0, 57) + "...";
  fail(what + ": " + t + " is not text bao reads: it holds a lone surrogate, which has no UTF-8 form");
}

Rules rules_from(const py::object& rules, const py::object& variant, const py::kwargs& options) {
  Rules r;
  if (py::isinstance<Rules>(rules)) {
    r = rules.cast<Rules>();
  } else if (py::isinstance<py::dict>(rules)) {
    for (const auto& [k, v] : rules.cast<py::dict>()) {
      const std::string key = text_of(py::str(k), "rules option");
      r.set(key, option_text(key, v));
    }
  } else if (!rules.is_none()) {
    fail("rules: expected a bao.Rules, a dict of options or None, found " + type_name(rules));
  }
  if (!variant.is_none()) r.set("variant", option_text("variant", variant));
  for (const auto& [k, v] : options) {
    const std::string key = text_of(k, "rules option");
    r.set(key, option_text(key, v));
  }
  return r;
}

PyPosition position_from(const py::object& obj, const Rules& rules) {
  if (py::isinstance<PyPosition>(obj)) {
    PyPosition p = obj.cast<PyPosition>();
    if (p.rules.variant != rules.variant)
      fail(std::string("position: the position is a ") + variant_name(p.rules.variant) +
           " position, the rules are for " + variant_name(rules.variant));
    p.rules = rules;
    return p;
  }
  if (py::isinstance<py::str>(obj)) return make(parse_position(text_of(obj, "position"), rules.variant), rules);
  fail("position: expected a bao.Position or a position string, found " + type_name(obj));
}

PyPosition position_arg(const py::object& position, const py::object& rules) {
  if (rules.is_none() && py::isinstance<PyPosition>(position)) return position.cast<PyPosition>();
  return position_from(position, rules_from(rules, py::none(), py::kwargs()));
}

void bind_position(py::module_& m) {
  bind_rules(m);
  bind_enums(m);
  py::class_<PyPosition> c(m, "Position", R"doc(
A Bao position with the rules it is played under; immutable (play() returns a new one).

    p = bao.Position.start()                      # or bao.Position(), kiswahili
    q = bao.Position("2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0,0 -- -",
                     variant="kujifunza")
    str(p)               # the position string (docs/notation.md)
    p.show()             # the board diagram of `bao show`
    p.legal_moves()      # ['A6L*', 'A6R*', 'A7L*', 'A7R*']
    p.play("A7L*")       # the next position; lenient move reading as the command line
    p.pits               # 4x8 NumPy array, rows A, B, a, b
    p.outcome(), p.perft(4)
)doc");
  bind_position_state(c);
  bind_position_board(c);
  bind_position_moves(c);
  bind_games(m);
}

}  // namespace bao::python
