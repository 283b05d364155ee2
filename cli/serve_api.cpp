#include "cli/serve_api.h"

#include <algorithm>
#include <functional>
#include <semaphore>
#include <string_view>

#include "cli/game_session.h"
#include "cli/serve_any_game.h"
#include "cli/serve_bao_state.h"
#include "cli/serve_request.h"
#include "cli/serve_results.h"
#include "cli/serve_search_caps.h"
#include "cli/serve_solve.h"
#include "cli/web_assets.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/strength_mode.h"
#include "search/score.h"

namespace bao::cli {

// The routes and the endpoints of play (a position, a move, a search, a game record);
// the results folders' endpoints are ResultsFolders' (cli/serve_results.h).
struct ServeApi::Impl {
  ServeOptions o;
  std::counting_semaphore<1024> searches;
  std::vector<std::string> evaluators;
  ResultsFolders folders;
  AnyGameApi any;

  explicit Impl(const ServeOptions& opt)
      : o(opt),
        searches(std::max(1, std::min(opt.max_searches, 1024))),
        evaluators(evaluator_list()),
        folders(o, searches, evaluators),
        any(o, searches) {}

  // The page's files and the API endpoints: each path with the one method it takes. A
  // path not here is a 404, another method a 405 naming the right one.
  http::Response route(const http::Request& req) {
    using Answer = http::Response (*)(Impl&, const http::Request&);
    struct Route {
      std::string_view path, method;
      Answer answer;
    };
    static constexpr Answer page = [](Impl& a, const http::Request& r) {
      return page_file(a.o.web_dir, r.path == "/" ? "index.html" : r.path.substr(1));
    };
    static constexpr Route kRoutes[] = {
        {"/", "GET", page},
        {"/index.html", "GET", page},
        {"/api/info", "GET",
         [](Impl& a, const http::Request& r) {
           check_query(r.query, {});
           return json_response(a.info());
         }},
        {"/api/registry", "GET",
         [](Impl& a, const http::Request& r) {
           check_query(r.query, {});
           return json_response(a.any.registry());
         }},
        // With "game" the request is about any registered game (cli/serve_any_game.h);
        // without it, Bao in its own form.
        {"/api/position", "POST",
         [](Impl& a, const http::Request& r) {
           const json j = parse_body(r);
           return json_response(j.contains("game") ? a.any.position(j) : a.position(j));
         }},
        {"/api/play", "POST",
         [](Impl& a, const http::Request& r) {
           const json j = parse_body(r);
           return json_response(j.contains("game") ? a.any.play(j) : a.play(j));
         }},
        {"/api/search", "POST",
         [](Impl& a, const http::Request& r) {
           const json j = parse_body(r);
           return json_response(j.contains("game") ? a.any.search(j, r.client_gone) : a.search(j, r.client_gone));
         }},
        {"/api/evaluate", "POST",
         [](Impl& a, const http::Request& r) { return json_response(a.any.evaluate(parse_body(r), r.client_gone)); }},
        {"/api/solve", "POST",
         [](Impl& a, const http::Request& r) {
           const json j = parse_body(r);
           if (j.contains("game"))
             bad("the board's solver takes Bao's positions; another game is solved with bao solve --game");
           return json_response(solve_bao_position(j, a.o, a.searches));
         }},
        {"/api/record", "POST", [](Impl& a, const http::Request& r) { return json_response(a.record(parse_body(r))); }},
        {"/api/results", "GET",
         [](Impl& a, const http::Request& r) {
           check_query(r.query, {});
           return json_response({{"results", a.folders.folders()}});
         }},
        {"/api/games", "GET", [](Impl& a, const http::Request& r) { return json_response(a.folders.games(r.query)); }},
        {"/api/game", "GET", [](Impl& a, const http::Request& r) { return json_response(a.folders.game(r.query)); }},
        {"/api/summary", "GET",
         [](Impl& a, const http::Request& r) { return json_response(a.folders.summary(r.query)); }},
        {"/api/curve", "GET",
         [](Impl& a, const http::Request& r) { return json_response(a.folders.curve(r.query, r.client_gone)); }},
        {"/api/sprt", "GET", [](Impl& a, const http::Request& r) { return json_response(a.folders.sprt(r.query)); }},
    };
    const auto it =
        std::find_if(std::begin(kRoutes), std::end(kRoutes), [&](const Route& r) { return r.path == req.path; });
    // The page's other files (its modules, the style): exactly the files built in, so a
    // path names no file outside the page's folder.
    if (it == std::end(kRoutes) && req.path.size() > 1 && embedded_web_file(req.path.substr(1))) {
      if (req.method != "GET") throw HttpError(405, "use GET for " + req.path + ", not " + req.method);
      return page(*this, req);
    }
    if (it == std::end(kRoutes)) throw HttpError(404, "no such page or API endpoint: " + req.path);
    if (req.method != it->method)
      throw HttpError(405, "use " + std::string(it->method) + " for " + req.path + ", not " + req.method);
    return it->answer(*this, req);
  }

  json info() {
    return {{"server", "bao serve"},
            {"variants", {"kiswahili", "kujifunza"}},
            {"rules", rules_json(Rules{})},
            {"searchers", split_names(models::searcher_names())},
            {"evaluators", evaluators},
            {"limits",
             {{"max_depth", o.max_depth},
              {"max_time_ms", o.max_time_ms},
              {"max_memory_mb", o.max_memory_mb},
              {"max_threads", o.max_threads}}},
            {"results", folders.folders()}};
  }

  json position(const json& j) {
    check_keys(j, {"variant", "rules", "position", "moves", "all"});
    const bool all = get_bool(j, "all", false);
    const Rules rules = rules_from(j);
    const GameSession g = session_from(j, rules);
    json out = {
        {"start", format_position(g.start())}, {"moves", g.move_texts()}, {"state", state_json(g.current(), rules)}};
    if (all) {
      json states = json::array();
      for (std::size_t i = 0; i <= g.plies(); ++i) states.push_back(state_json(g.position(i), rules, false));
      out["states"] = states;
    }
    return out;
  }

  json play(const json& j) {
    check_keys(j, {"variant", "rules", "position", "moves", "move"});
    const Rules rules = rules_from(j);
    GameSession g = session_from(j, rules);
    const std::string text = get_string(j, "move", "");
    if (text.empty()) bad("'move' is missing: the move to play, e.g. \"A5R\"");
    const Position before = g.current();
    const Move m = g.play_text(text);
    return {{"move", format_move(m, before.side)},
            {"before", format_position(before)},
            {"moves", g.move_texts()},
            {"state", state_json(g.current(), rules)}};
  }

  json search(const json& j, const std::function<bool()>& client_gone) {
    check_keys(j, {"variant", "rules", "position", "moves", "searcher", "eval", "depth", "time_ms"});
    const Rules rules = rules_from(j);
    const GameSession g = session_from(j, rules);
    experiments::PlayerConfig pc;
    pc.searcher = get_string(j, "searcher", models::kStrengthSearcher);  // for people
    pc.eval = get_string(j, "eval", models::kStrengthEval);
    pc.depth = static_cast<int>(get_int(j, "depth", std::min(6, o.max_depth), 1, o.max_depth));
    pc.time_ms = get_int(j, "time_ms", o.max_time_ms, 1, o.max_time_ms);
    check_engine(o, evaluators, pc);
    const Position& p = g.current();
    if (outcome(p, rules) != Outcome::Ongoing)
      bad(std::string("no legal move: the game is over (") + outcome_reason(p, rules) + ")");
    // The searcher is made inside the slot: its transposition table is allocated when it
    // is made, so the slots bound the memory of searches as well as their number.
    const SearchSlot slot(searches, o.max_time_ms + 2000);
    const Engine e = make_engine(pc, rules);
    const ClientWatch watch(client_gone);
    search::Limits limits = e.player.limits;
    limits.halt = watch.flag();
    json iterations = json::array();
    const search::BaoResult r = e.player.searcher->search(p, limits, [&](const search::BaoResult& it) {
      iterations.push_back(
          {{"depth", it.depth}, {"value", it.value}, {"nodes", it.nodes}, {"pv", format_pv(it, p.side)}});
    });
    json pv = json::array();
    for (std::size_t i = 0; i < r.pv.size(); ++i) pv.push_back(format_move(r.pv[i], p.side ^ static_cast<int>(i % 2)));
    return {{"best", format_move(r.best, p.side)},
            {"value", r.value},
            {"depth", r.depth},
            {"nodes", r.nodes},
            {"seconds", r.seconds},
            {"pv", pv},
            {"searcher", e.player.searcher->describe()},
            {"eval", pc.eval},
            {"position", format_position(p)},
            {"iterations", iterations}};
  }

  json record(const json& j) {
    check_keys(j, {"variant", "rules", "position", "moves", "south", "north"});
    const Rules rules = rules_from(j);
    const GameSession g = session_from(j, rules);
    const std::string text = write_game(g.to_record(player_name(j, "south"), player_name(j, "north")));
    return {{"record", text}, {"plies", g.plies()}, {"result", result_text(g.current(), rules)}};
  }
};

ServeApi::ServeApi(const ServeOptions& o) : impl_(std::make_unique<Impl>(o)) {}
ServeApi::~ServeApi() = default;

http::Response ServeApi::handle(const http::Request& req) {
  try {
    return impl_->route(req);
  } catch (const HttpError& e) {
    return json_response({{"error", e.what()}}, e.status);
  } catch (const InputError& e) {
    return json_response({{"error", printable(e.what())}}, 400);
  } catch (const std::bad_alloc&) {
    return json_response({{"error", "out of memory"}}, 500);
  } catch (const std::exception& e) {
    return json_response({{"error", std::string("internal error: ") + e.what()}}, 500);
  } catch (...) {
    return json_response({{"error", "internal error"}}, 500);
  }
}

}  // namespace bao::cli
