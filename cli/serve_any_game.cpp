#include "cli/serve_any_game.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "cli/serve_search_caps.h"
#include "engine/error.h"
#include "experiments/eval_curve.h"
#include "models/all_searchers.h"
#include "models/games.h"
#include "search/score.h"

namespace bao::cli {
namespace {

// A game of a request: the game its "game" spec names, the start ("position", default
// the game's) and the states after each of "moves", with each move's canonical text.
struct AnySession {
  std::unique_ptr<search::AnyGame> game;
  std::vector<search::AnyState> states;  // states[i]: before ply i; back(): the current one
  std::vector<std::string> moves;        // canonical, as children() writes them
  const search::AnyState& current() const { return states.back(); }
};

std::unique_ptr<search::AnyGame> game_of(const json& j) {
  const std::string spec = get_string(j, "game", "");
  if (spec.empty()) bad("'game' is missing: a game spec, e.g. \"kalah(houses=6,seeds=4)\"");
  try {
    return models::make_game(spec);
  } catch (const InputError& e) {
    bad(std::string("'game': ") + e.what());
  }
}

// The canonical text of the move from `s` to `after` (the first child equal to it).
std::string canonical(const search::AnyGame& g, const search::AnyState& s, const search::AnyState& after,
                      const std::string& given) {
  for (const auto& [text, child] : g.children(s))
    if (g.equal(child, after)) return text;
  return given;
}

// The state after `text` from the current one, refused naming the ply ("move 3: ...").
void play_text(AnySession& a, const std::string& text) {
  const search::AnyState& s = a.current();
  if (a.game->over(s))
    bad("move " + std::to_string(a.moves.size() + 1) + " '" + text + "': the game is over (" + a.game->outcome(s) +
        ")");
  search::AnyState next;
  try {
    next = a.game->apply(s, text);
  } catch (const InputError& e) {
    bad("move " + std::to_string(a.moves.size() + 1) + ": " + e.what());
  }
  a.moves.push_back(canonical(*a.game, s, next, text));
  a.states.push_back(next);
}

AnySession session_of(const json& j) {
  AnySession a;
  a.game = game_of(j);
  const std::string pos = get_string(j, "position", "");
  if (pos.empty()) {
    a.states.push_back(a.game->start());
  } else {
    try {
      a.states.push_back(a.game->parse_state(pos));
    } catch (const InputError& e) {
      bad(std::string("'position': ") + e.what());
    }
  }
  for (const std::string& m : get_strings(j, "moves")) play_text(a, m);
  return a;
}

// "ongoing", the winner's side name or "draw".
std::string outcome_word(const search::AnyGame& g, const search::AnyState& s) {
  if (!g.over(s)) return "ongoing";
  const int w = g.winner(s);
  return w < 0 ? "draw" : g.side_name(w);
}

const char* type_word(Param::Type t) {
  return t == Param::Type::Bool ? "bool" : t == Param::Type::Int ? "int" : "text";
}

// The searcher, evaluator (the game's first by default) and depth (the server's cap, at
// most 6, by default) a search or evaluate request names.
experiments::PlayerConfig requested_player(const json& j, const search::AnyGame& g, const ServeOptions& o) {
  const std::vector<std::string> evals = any_evaluator_names(g);
  experiments::PlayerConfig pc;
  pc.searcher = get_string(j, "searcher", "alphabeta");
  pc.eval = get_string(j, "eval", evals.empty() ? "" : evals.front());
  pc.depth = static_cast<int>(get_int(j, "depth", std::min(6, o.max_depth), 1, o.max_depth));
  return pc;
}

}  // namespace

json any_state_json(const search::AnyGame& g, const search::AnyState& s, bool with_board) {
  json legal = json::array();
  for (const auto& [text, child] : g.children(s)) legal.push_back({{"move", text}, {"after", g.format_state(child)}});
  const bool over = g.over(s);
  json out = {{"position", g.format_state(s)}, {"to_move", g.side_name(g.side_to_move(s))}, {"side", g.side_to_move(s)},
              {"outcome", outcome_word(g, s)}, {"result", over ? g.outcome(s) : ""},        {"legal", legal}};
  if (with_board) out["board"] = g.draw(s);
  return out;
}

std::vector<std::string> any_evaluator_names(const search::AnyGame& g) {
  std::vector<std::string> out;
  for (const search::EvaluatorInfo& e : g.evaluators()) out.push_back(e.name);
  return out;
}

std::vector<search::AnyState> any_replay(const search::AnyGame& g, const std::string& start,
                                         const std::vector<std::string>& moves) {
  std::vector<search::AnyState> states = {start.empty() ? g.start() : g.parse_state(start)};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (g.over(states.back()))
      throw InputError("move " + std::to_string(i + 1) + " '" + moves[i] + "': the game is over (" +
                       g.outcome(states.back()) + ")");
    try {
      states.push_back(g.apply(states.back(), moves[i]));
    } catch (const InputError& e) {
      throw InputError("move " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  return states;
}

json any_curve_points(const search::AnyGame& g, const std::vector<experiments::AnyCurvePoint>& curve) {
  json points = json::array();
  for (const experiments::AnyCurvePoint& c : curve) {
    if (c.over) {
      points.push_back({{"ply", c.ply},
                        {"value", nullptr},
                        {"winner", c.winner < 0 ? std::string("draw") : g.side_name(c.winner)},
                        {"to_move", g.side_name(c.to_move)}});
      continue;
    }
    points.push_back({{"ply", c.ply},
                      {"value", c.value},
                      {"to_move", g.side_name(c.to_move)},
                      {"best", c.best},
                      {"depth", c.depth}});
  }
  return points;
}

AnyGameApi::AnyGameApi(const ServeOptions& o, std::counting_semaphore<1024>& searches) : o_(o), searches_(searches) {}
AnyGameApi::~AnyGameApi() = default;

json AnyGameApi::registry() const {
  json games = json::array();
  for (const search::GameEntry& e : models::games().entries()) {
    const std::unique_ptr<search::AnyGame> g = models::make_game(e.name);
    json params = json::array();
    for (const Param& p : e.params)
      params.push_back({{"name", p.name}, {"type", type_word(p.type)}, {"default", p.def}, {"doc", p.doc}});
    json evaluators = json::array();
    for (const search::EvaluatorInfo& v : g->evaluators())
      evaluators.push_back({{"name", v.name}, {"summary", v.summary}});
    games.push_back({{"name", e.name},
                     {"summary", e.summary},
                     {"spec", g->spec()},
                     {"params", params},
                     {"evaluators", evaluators},
                     {"sides", {g->side_name(0), g->side_name(1)}},
                     {"start", g->format_state(g->start())}});
  }
  return {{"games", games}, {"searchers", split_names(models::searcher_names())}};
}

json AnyGameApi::position(const json& j) const {
  check_keys(j, {"game", "position", "moves", "all"});
  const bool all = get_bool(j, "all", false);
  const AnySession a = session_of(j);
  json out = {{"game", a.game->spec()},
              {"start", a.game->format_state(a.states.front())},
              {"moves", a.moves},
              {"state", any_state_json(*a.game, a.current(), true)}};
  if (all) {
    json states = json::array();
    for (const search::AnyState& s : a.states) states.push_back(any_state_json(*a.game, s, false));
    out["states"] = states;
  }
  return out;
}

json AnyGameApi::play(const json& j) const {
  check_keys(j, {"game", "position", "moves", "move"});
  AnySession a = session_of(j);
  const std::string text = get_string(j, "move", "");
  if (text.empty()) bad("'move' is missing: the move to play in the game's notation");
  const search::AnyState before = a.current();
  play_text(a, text);
  return {{"game", a.game->spec()},
          {"move", a.moves.back()},
          {"before", a.game->format_state(before)},
          {"moves", a.moves},
          {"state", any_state_json(*a.game, a.current(), true)}};
}

json AnyGameApi::search(const json& j, const std::function<bool()>& client_gone) const {
  check_keys(j, {"game", "position", "moves", "searcher", "eval", "depth", "time_ms"});
  const AnySession a = session_of(j);
  const search::AnyGame& g = *a.game;
  experiments::PlayerConfig pc = requested_player(j, g, o_);
  pc.time_ms = get_int(j, "time_ms", o_.max_time_ms, 1, o_.max_time_ms);
  check_engine(o_, any_evaluator_names(g), pc);
  const search::AnyState& s = a.current();
  if (g.over(s)) bad("no legal move: the game is over (" + g.outcome(s) + ")");
  // Made inside the slot, as for Bao: a searcher's tables are allocated when it is made.
  const SearchSlot slot(searches_, o_.max_time_ms + 2000);
  const std::unique_ptr<search::AnySearcher> searcher = g.make_searcher(models::searchers(), pc.searcher, pc.eval);
  const ClientWatch watch(client_gone);
  search::Limits limits;
  limits.depth = pc.depth;
  limits.time_ms = pc.time_ms;
  limits.halt = watch.flag();
  const search::AnyResult r = searcher->search(s, limits);
  return {{"game", g.spec()},
          {"best", r.best},
          {"value", r.value},
          {"depth", r.depth},
          {"nodes", r.nodes},
          {"seconds", r.seconds},
          {"pv", r.pv},
          {"searcher", searcher->describe()},
          {"eval", pc.eval},
          {"position", g.format_state(s)},
          {"iterations", json::array()}};
}

json AnyGameApi::evaluate(const json& j, const std::function<bool()>& client_gone) const {
  check_keys(j, {"game", "position", "moves", "searcher", "eval", "depth"});
  const AnySession a = session_of(j);
  const search::AnyGame& g = *a.game;
  experiments::PlayerConfig pc = requested_player(j, g, o_);
  check_engine(o_, any_evaluator_names(g), pc);
  // The whole curve shares the time cap of a few searches, as a recorded game's curve
  // does (ResultsFolders::curve): each position its share, at least 20 ms.
  const auto positions = static_cast<std::int64_t>(a.states.size());
  const SearchSlot slot(searches_, o_.max_time_ms + 2000);
  const std::unique_ptr<search::AnySearcher> searcher = g.make_searcher(models::searchers(), pc.searcher, pc.eval);
  const ClientWatch watch(client_gone);
  search::Limits limits;
  limits.depth = pc.depth;
  limits.time_ms = std::max<std::int64_t>(20, 3 * o_.max_time_ms / positions);
  limits.halt = watch.flag();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(3 * o_.max_time_ms);
  double seconds = 0;
  const std::vector<experiments::AnyCurvePoint> curve =
      experiments::any_curve(*searcher, g, a.states, limits, deadline, seconds);
  const json points = any_curve_points(g, curve);
  return {{"game", g.spec()},
          {"searcher", searcher->describe()},
          {"eval", pc.eval},
          {"depth", pc.depth},
          {"win", search::kWin},
          {"seconds", seconds},
          {"sides", {g.side_name(0), g.side_name(1)}},
          {"points", points},
          {"complete", curve.size() == a.states.size() && !watch.gone()}};
}

}  // namespace bao::cli
