#include "cli/serve_results.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>

#include "cli/folder_file.h"
#include "cli/game_session.h"
#include "cli/serve_any_game.h"
#include "cli/serve_bao_state.h"
#include "cli/serve_record_json.h"
#include "cli/serve_search_caps.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "experiments/config.h"
#include "experiments/eval_curve.h"
#include "experiments/records.h"
#include "experiments/sprt_track.h"
#include "models/all_searchers.h"
#include "models/games.h"
#include "search/score.h"

namespace bao::cli {
namespace {

namespace fs = std::filesystem;

// Caps on the files the server reads: a summary is a few kB, a config.ini less; the cap
// keeps a huge file in a results folder from becoming a huge response. games.jsonl has
// the readers' cap (kMaxTextBytes), as for bao run.
constexpr std::size_t kMaxSummaryBytes = std::size_t{4} << 20;
constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

// Whether DIR/NAME is a file the server serves (what the folder list calls present: a
// FIFO or a link out of the folder is not).
bool servable(const fs::path& dir, const char* name) { return folder_file_present(dir.string(), name); }

// DIR/NAME of a results folder (cli/folder_file.h), nullopt when there is none; a file it
// refuses is a 403 naming the file and why.
std::optional<FolderFile> open_folder_file(const fs::path& dir, const char* name, std::size_t max_bytes,
                                           const std::function<bool(std::uintmax_t, std::int64_t)>& unchanged = {}) {
  try {
    return cli::read_folder_file(dir.string(), name, max_bytes, unchanged);
  } catch (const FolderFileRefused& e) {
    throw HttpError(403, e.what());
  }
}

std::optional<std::string> read_folder_text(const fs::path& dir, const char* name, std::size_t max_bytes) {
  std::optional<FolderFile> f = open_folder_file(dir, name, max_bytes);
  if (!f) return std::nullopt;
  return std::move(f->text);
}

}  // namespace

struct ResultsFolders::Impl {
  const ServeOptions& o;
  std::counting_semaphore<1024>& searches;
  const std::vector<std::string>& evaluators;

  using Records = std::vector<experiments::TournamentGame>;
  // Each folder's games.jsonl as last read, with the size and modification time it had
  // then: it is read again only when one of them changed, so a running `bao run` shows
  // its new games while looking at one game does not parse the whole file again.
  struct Loaded {
    std::uintmax_t size = 0;
    std::int64_t time = 0;
    std::shared_ptr<const Records> records;
  };
  std::mutex loaded_mutex;
  std::vector<Loaded> loaded;

  Impl(const ServeOptions& opt, std::counting_semaphore<1024>& slots, const std::vector<std::string>& evals)
      : o(opt), searches(slots), evaluators(evals), loaded(opt.results.size()) {}

  std::size_t folder_index(const std::map<std::string, std::string>& q) {
    if (o.results.empty()) bad("folder: there are none (the server was started without --results)");
    const std::string range = "0 to " + std::to_string(o.results.size() - 1);
    const auto it = q.find("folder");
    if (it == q.end()) bad("give the results folder: ?folder=N (" + range + ")");
    int i = -1;
    if (!to_int(it->second, i) || i < 0 || static_cast<std::size_t>(i) >= o.results.size())
      bad("folder: expected a number from " + range + ", found '" + it->second + "'");
    return static_cast<std::size_t>(i);
  }

  json folder_json(std::size_t i) {
    const fs::path dir(o.results[i]);
    return {{"folder", i},
            {"name", dir.filename().empty() ? dir.parent_path().filename().string() : dir.filename().string()},
            {"path", o.results[i]},
            {"has_games", servable(dir, "games.jsonl")},
            {"has_summary", servable(dir, "summary.md") || servable(dir, "summary.csv")}};
  }

  // The rules a folder's games were played under: its config.ini (bao run), else the
  // default rules.
  Rules folder_rules(std::size_t i) {
    Rules r;
    const fs::path dir(o.results[i]), ini = dir / "config.ini";
    const std::optional<std::string> text = read_folder_text(dir, "config.ini", kMaxConfigBytes);
    if (!text) return r;
    const auto identity = experiments::parse_identity(*text, ini.string());
    for (const auto& [k, v] : identity) {
      if (k == "variant") r.set("variant", v);
      if (k.starts_with("rules.")) r.set(k.substr(6), v);
    }
    return r;
  }

  std::shared_ptr<const Records> load(std::size_t i) {
    const fs::path dir(o.results[i]);
    // Opened once: the size and time the cache compares are the opened file's, and it is
    // read only when they changed.
    std::shared_ptr<const Records> cached;
    const std::optional<FolderFile> f =
        open_folder_file(dir, "games.jsonl", kMaxTextBytes, [&](std::uintmax_t size, std::int64_t time) {
          std::lock_guard<std::mutex> lock(loaded_mutex);
          const Loaded& l = loaded[i];
          if (l.records && l.size == size && l.time == time) cached = l.records;
          return cached != nullptr;
        });
    if (!f) return std::make_shared<const Records>();
    if (!f->read) return cached;
    auto records = std::make_shared<const Records>(records_from_text(f->text, (dir / "games.jsonl").string()));
    std::lock_guard<std::mutex> lock(loaded_mutex);
    loaded[i] = {f->size, f->mtime_ns, records};
    return records;
  }

  json folders_json() {
    json folders = json::array();
    for (std::size_t i = 0; i < o.results.size(); ++i) folders.push_back(folder_json(i));
    return folders;
  }

  json results() { return {{"results", folders_json()}}; }

  json games(const std::map<std::string, std::string>& q) {
    check_query(q, {"folder", "player", "result", "pairing"});
    const std::size_t f = folder_index(q);
    const std::shared_ptr<const Records> held = load(f);
    const Records& records = *held;
    auto want = [&](const char* key) {
      const auto it = q.find(key);
      return it == q.end() ? std::string() : it->second;
    };
    const std::string player = want("player"), result = want("result"), pairing = want("pairing");
    if (!result.empty() && result != "south" && result != "north" && result != "capped")
      bad("result: expected south, north or capped, found '" + result + "'");
    json rows = json::array();
    for (std::size_t i = 0; i < records.size(); ++i) {
      const auto& g = records[i];
      if (!player.empty() && g.south != player && g.north != player) continue;
      if (!result.empty() && g.result != result) continue;
      if (!pairing.empty() && g.pairing != pairing) continue;
      rows.push_back(game_row(g, i));
      rows.back()["prediction"] = prediction_json(g, g.moves, list_movers(g));
    }
    return {{"folder", folder_json(f)}, {"total", records.size()}, {"games", rows}};
  }

  // The movers of a listed record of another game than Bao, which its predictions need
  // (empty for Bao's, for a record without predictions, which is not replayed then, and
  // for a record that does not replay: the list shows it, opening it names what is wrong).
  static std::vector<int> list_movers(const experiments::TournamentGame& r) {
    if (r.game_spec.empty() || r.predicted.empty()) return {};
    try {
      const std::unique_ptr<search::AnyGame> game = models::make_game(r.game_spec);
      return movers(*game, any_replay(*game, r.opening, r.moves));
    } catch (const InputError&) {
      return {};
    }
  }

  json game(const std::map<std::string, std::string>& q) {
    check_query(q, {"folder", "index"});
    const std::size_t f = folder_index(q);
    const std::shared_ptr<const Records> held = load(f);
    const Records& records = *held;
    const auto it = q.find("index");
    int index = -1;
    if (records.empty()) bad("index: " + o.results[f] + " has no games yet");
    if (it == q.end() || !to_int(it->second, index) || index < 0 || static_cast<std::size_t>(index) >= records.size())
      bad("index: expected a game number from 0 to " + std::to_string(static_cast<int>(records.size()) - 1) +
          ", found '" + (it == q.end() ? std::string() : it->second) + "'");
    const auto& r = records[index];
    if (!r.game_spec.empty()) return any_game(f, r, index);
    const Rules rules = folder_rules(f);
    const std::string where = o.results[f] + "/games.jsonl game " + r.id() + ": ";
    try {
      GameSession g(rules,
                    r.opening.empty() ? start_position(rules.variant) : parse_position(r.opening, rules.variant));
      for (const std::string& m : r.moves) g.play_text(m);
      json states = json::array();
      for (std::size_t i = 0; i <= g.plies(); ++i) states.push_back(state_json(g.position(i), rules, false));
      const auto texts = g.move_texts();
      json out = game_row(r, index);
      out["moves"] = texts;
      out["rules_options"] = rules_json(rules);
      out["variant"] = variant_name(rules.variant);
      out["states"] = states;
      out["predicted"] = r.predicted;
      out["prediction"] = prediction_json(r, texts);
      out["players"] = folder_players(f, r);
      return out;
    } catch (const InputError& e) {
      bad(where + e.what());
    }
  }

  // A recorded game of another game than Bao: the row's fields, "game_spec" (its spec),
  // "sides", the moves, every ply's generic state, the predictions by the side that
  // moved (sides need not alternate) and the players.
  json any_game(std::size_t f, const experiments::TournamentGame& r, std::size_t index) {
    const std::unique_ptr<search::AnyGame> game = game_of_record(f, r);
    const std::vector<search::AnyState> replayed = replay_record(f, r, *game);
    json states = json::array();
    for (const search::AnyState& s : replayed) states.push_back(any_state_json(*game, s, false));
    json out = game_row(r, index);
    out["game_spec"] = game->spec();  // "game" is the row's: which game of the pair
    out["sides"] = {game->side_name(0), game->side_name(1)};
    out["moves"] = r.moves;
    out["states"] = states;
    out["predicted"] = r.predicted;
    out["prediction"] = prediction_json(r, r.moves, movers(*game, replayed));
    out["players"] = folder_players(f, r);
    return out;
  }

  // The side that played each move of `states` (the side to move before it).
  static std::vector<int> movers(const search::AnyGame& game, const std::vector<search::AnyState>& states) {
    std::vector<int> out;
    for (std::size_t k = 0; k + 1 < states.size(); ++k) out.push_back(game.side_to_move(states[k]));
    return out;
  }

  json summary(const std::map<std::string, std::string>& q) {
    check_query(q, {"folder"});
    const std::size_t f = folder_index(q);
    const fs::path dir(o.results[f]);
    const auto md = read_folder_text(dir, "summary.md", kMaxSummaryBytes);
    const auto csv = read_folder_text(dir, "summary.csv", kMaxSummaryBytes);
    const auto text = [](const std::optional<std::string>& s) { return s && !s->empty() ? json(*s) : json(nullptr); };
    return {{"folder", folder_json(f)}, {"markdown", text(md)}, {"csv", text(csv)}};
  }

  // ---- analysis: predictions, evaluation curves, the SPRT track

  // The folder's config.ini as key -> value; empty without one.
  std::map<std::string, std::string> folder_identity(std::size_t f) {
    const fs::path dir(o.results[f]);
    const std::optional<std::string> text = read_folder_text(dir, "config.ini", kMaxConfigBytes);
    if (!text) return {};
    return experiments::parse_identity(*text, (dir / "config.ini").string());
  }

  // The searcher, evaluator and depth of the game's two players from config.ini, null
  // for a player the file does not describe.
  json folder_players(std::size_t f, const experiments::TournamentGame& r) {
    const auto identity = folder_identity(f);
    const auto player = [&](const std::string& name) {
      const auto value = [&](const char* key) {
        const auto it = identity.find("player." + name + "." + key);
        return it == identity.end() ? std::string() : it->second;
      };
      if (value("searcher").empty()) return json(nullptr);
      int depth = 0;
      to_int(value("depth"), depth);
      return json{{"name", name}, {"searcher", value("searcher")}, {"eval", value("eval")}, {"depth", depth}};
    };
    return {{"South", player(r.south)}, {"North", player(r.north)}};
  }

  // ?index=I of a folder's records, refused (naming the range) when there is no such game.
  std::size_t record_index(const std::map<std::string, std::string>& q, const Records& records, std::size_t f) {
    if (records.empty()) bad("index: " + o.results[f] + " has no games yet");
    const auto it = q.find("index");
    int index = -1;
    if (it == q.end() || !to_int(it->second, index) || index < 0 || static_cast<std::size_t>(index) >= records.size())
      bad("index: expected a game number from 0 to " + std::to_string(records.size() - 1) + ", found '" +
          (it == q.end() ? std::string() : it->second) + "'");
    return static_cast<std::size_t>(index);
  }

  std::mutex curves_mutex;
  std::map<std::string, json> curves;  // computed curves by their request (curve_key)
  static constexpr std::size_t kMaxCurves = 128;

  // The points of experiments::bao_curve as the API writes them.
  static json curve_points(const std::vector<experiments::BaoCurvePoint>& curve) {
    json points = json::array();
    for (const experiments::BaoCurvePoint& c : curve) {
      if (c.over) {
        points.push_back(
            {{"ply", c.ply}, {"value", nullptr}, {"winner", side_word(c.winner)}, {"to_move", side_word(c.to_move)}});
        continue;
      }
      points.push_back({{"ply", c.ply},
                        {"value", c.value},
                        {"to_move", side_word(c.to_move)},
                        {"best", format_move(c.best, c.to_move)},
                        {"pit", pit_name(c.to_move, c.best.pit)},
                        {"dir", c.best.right ? "R" : "L"},
                        {"depth", c.depth}});
    }
    return points;
  }

  // The evaluation of every position of a recorded game by one engine (searcher,
  // evaluator, depth): its value from South's view and its best move, computed once and
  // cached while the game's moves stay the same.
  json curve(const std::map<std::string, std::string>& q, const std::function<bool()>& client_gone) {
    check_query(q, {"folder", "index", "searcher", "eval", "depth"});
    const std::size_t f = folder_index(q);
    const std::shared_ptr<const Records> held = load(f);
    const std::size_t index = record_index(q, *held, f);
    const experiments::TournamentGame& r = (*held)[index];
    const auto want = [&](const char* key, const char* def) {
      const auto it = q.find(key);
      return it == q.end() || it->second.empty() ? std::string(def) : it->second;
    };
    // Another game than Bao: its evaluators, the first the default.
    const std::unique_ptr<search::AnyGame> other = r.game_spec.empty() ? nullptr : game_of_record(f, r);
    const std::vector<std::string> evals = other ? any_evaluator_names(*other) : evaluators;
    experiments::PlayerConfig pc;
    pc.searcher = want("searcher", "alphabeta");
    pc.eval = want("eval", other ? evals.front().c_str() : "default");
    const std::string depth_text = want("depth", "");
    pc.depth = std::min(6, o.max_depth);
    if (!depth_text.empty() && (!to_int(depth_text, pc.depth) || pc.depth < 1 || pc.depth > o.max_depth))
      bad("depth: expected a number from 1 to " + std::to_string(o.max_depth) + ", found '" + depth_text + "'");
    check_engine(o, evals, pc);
    std::string key = std::to_string(f) + '\n' + r.game_spec + '\n' + r.id() + '\n' + r.opening + '\n' + pc.searcher +
                      '\n' + pc.eval + '\n' + std::to_string(pc.depth);
    for (const std::string& m : r.moves) key += ' ' + m;
    {
      std::lock_guard<std::mutex> lock(curves_mutex);
      const auto it = curves.find(key);
      if (it != curves.end()) {
        json out = it->second;
        out["cached"] = true;
        return out;
      }
    }
    const Computed c = other ? any_points(f, r, *other, pc, client_gone) : bao_points(f, r, pc, client_gone);
    json out = {{"folder", f},        {"index", index},        {"id", r.id()},        {"searcher", c.searcher},
                {"eval", pc.eval},    {"depth", pc.depth},     {"win", search::kWin}, {"seconds", c.seconds},
                {"points", c.points}, {"complete", c.complete}};
    {
      std::lock_guard<std::mutex> lock(curves_mutex);
      if (curves.size() >= kMaxCurves) curves.clear();
      // A curve cut short by the time cap is not kept: a quieter server may finish it.
      if (c.complete) curves[key] = out;
    }
    out["cached"] = false;
    return out;
  }

  // A curve's points, the searcher's description, the time searched, and whether every
  // position was searched (false when the time cap or a client gone stopped it).
  struct Computed {
    json points;
    std::string searcher;
    double seconds = 0;
    bool complete = false;
  };

  Computed bao_points(std::size_t f, const experiments::TournamentGame& r, experiments::PlayerConfig pc,
                      const std::function<bool()>& client_gone) {
    const Rules rules = folder_rules(f);
    const auto replayed = [&] {
      try {
        GameSession game(rules,
                         r.opening.empty() ? start_position(rules.variant) : parse_position(r.opening, rules.variant));
        for (const std::string& m : r.moves) game.play_text(m);
        return game;
      } catch (const InputError& e) {
        bad(o.results[f] + "/games.jsonl game " + r.id() + ": " + e.what());
      }
    };
    const GameSession g = replayed();
    // The whole curve shares the time cap of a few searches: each position gets its share
    // (at least 20 ms), so a long game at a deep setting cannot hold a slot for minutes.
    pc.time_ms = std::max<std::int64_t>(20, 3 * o.max_time_ms / static_cast<std::int64_t>(g.plies() + 1));
    const SearchSlot slot(searches, o.max_time_ms + 2000);
    const Engine e = make_engine(pc, rules);
    double seconds = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(3 * o.max_time_ms);
    const ClientWatch watch(client_gone);
    search::Limits limits = e.player.limits;
    limits.halt = watch.flag();
    std::vector<Position> positions;
    for (std::size_t i = 0; i <= g.plies(); ++i) positions.push_back(g.position(i));
    const json points =
        curve_points(experiments::bao_curve(*e.player.searcher, positions, rules, limits, deadline, seconds));
    const bool complete = points.size() == g.plies() + 1 && !watch.gone();  // gone: halted, not kept
    return {points, e.player.searcher->describe(), seconds, complete};
  }

  // The same for a record of another game than Bao, through its AnyGame.
  Computed any_points(std::size_t f, const experiments::TournamentGame& r, const search::AnyGame& game,
                      experiments::PlayerConfig pc, const std::function<bool()>& client_gone) {
    const std::vector<search::AnyState> states = replay_record(f, r, game);
    pc.time_ms = std::max<std::int64_t>(20, 3 * o.max_time_ms / static_cast<std::int64_t>(states.size()));
    const SearchSlot slot(searches, o.max_time_ms + 2000);
    const std::unique_ptr<search::AnySearcher> searcher = game.make_searcher(models::searchers(), pc.searcher, pc.eval);
    double seconds = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(3 * o.max_time_ms);
    const ClientWatch watch(client_gone);
    search::Limits limits;
    limits.depth = pc.depth;
    limits.time_ms = pc.time_ms;
    limits.halt = watch.flag();
    const auto curve = experiments::any_curve(*searcher, game, states, limits, deadline, seconds);
    return {any_curve_points(game, curve), searcher->describe(), seconds,
            curve.size() == states.size() && !watch.gone()};
  }

  // The game of a record of another game than Bao, and its states replayed; a record
  // that does not replay is a 400 naming the folder's file and the game.
  std::unique_ptr<search::AnyGame> game_of_record(std::size_t f, const experiments::TournamentGame& r) {
    try {
      return models::make_game(r.game_spec);
    } catch (const InputError& e) {
      bad(o.results[f] + "/games.jsonl game " + r.id() + ": " + e.what());
    }
  }
  std::vector<search::AnyState> replay_record(std::size_t f, const experiments::TournamentGame& r,
                                              const search::AnyGame& game) {
    try {
      return any_replay(game, r.opening, r.moves);
    } catch (const InputError& e) {
      bad(o.results[f] + "/games.jsonl game " + r.id() + ": " + e.what());
    }
  }

  // The SPRT of each pairing game pair by game pair, as bao run follows it
  // (experiments::SprtTracker, records in file order): the LLR after each pair counted,
  // with the test's bounds from config.ini. "sprt" is null for a run without one.
  json sprt(const std::map<std::string, std::string>& q) {
    check_query(q, {"folder"});
    const std::size_t f = folder_index(q);
    const std::optional<experiments::Sprt> test =
        experiments::sprt_of_identity(folder_identity(f), o.results[f] + "/config.ini");
    if (!test) return {{"folder", folder_json(f)}, {"sprt", nullptr}, {"pairings", json::array()}};
    const experiments::Sprt& s = *test;
    json pairings = json::array();
    for (const experiments::SprtTrack& t : experiments::sprt_tracks(*load(f), s)) {
      json track = json::array();
      for (const experiments::SprtPoint& p : t.points) track.push_back({{"pairs", p.pairs}, {"llr", p.llr}});
      pairings.push_back(
          {{"pairing", t.pairing}, {"decision", t.decision}, {"pairs", t.pairs}, {"llr", t.llr}, {"track", track}});
    }
    return {{"folder", folder_json(f)},
            {"sprt",
             {{"elo0", s.elo0},
              {"elo1", s.elo1},
              {"alpha", s.alpha},
              {"beta", s.beta},
              {"model", s.pentanomial ? "pentanomial" : "trinomial"},
              {"lower", s.lower()},
              {"upper", s.upper()}}},
            {"pairings", pairings}};
  }
};

ResultsFolders::ResultsFolders(const ServeOptions& o, std::counting_semaphore<1024>& searches,
                               const std::vector<std::string>& evaluators)
    : impl_(std::make_unique<Impl>(o, searches, evaluators)) {}
ResultsFolders::~ResultsFolders() = default;

json ResultsFolders::folders() { return impl_->folders_json(); }
json ResultsFolders::games(const Query& q) { return impl_->games(q); }
json ResultsFolders::game(const Query& q) { return impl_->game(q); }
json ResultsFolders::summary(const Query& q) { return impl_->summary(q); }
json ResultsFolders::curve(const Query& q, const std::function<bool()>& client_gone) {
  return impl_->curve(q, client_gone);
}
json ResultsFolders::sprt(const Query& q) { return impl_->sprt(q); }

}  // namespace bao::cli
