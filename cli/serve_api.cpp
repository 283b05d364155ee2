#include "cli/serve_api.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <semaphore>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "cli/folder_file.h"
#include "cli/game_session.h"
#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/record.h"
#include "engine/text_input.h"
#include "experiments/config.h"
#include "experiments/records.h"
#include "models/evaluators.h"
#include "models/opponent_searchers.h"
#include "models/strength_mode.h"
#include "search/score.h"
#include "search/spec.h"

namespace bao::cli {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// `text` with every control byte (below 0x20, and 0x7f) written as \n, \r, \t or \xNN.
// Messages echo the request: raw, a NUL would cut what() short and a newline would break
// the one-line message.
std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b != 0x7f) {
      out += c;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += {'\\', 'x', kHex[b >> 4], kHex[b & 15]};
    }
  }
  return out;
}

// An error with its HTTP status; InputError is a 400 too. The message is kept printable
// (see printable), so it reaches the client whole.
struct HttpError : std::runtime_error {
  int status;
  HttpError(int s, const std::string& what) : std::runtime_error(printable(what)), status(s) {}
};

constexpr int kMaxMinimaxDepth = 8;

// Caps on the files the server reads: a summary is a few kB, a config.ini less; the cap
// keeps a huge file in a results folder from becoming a huge response. games.jsonl has
// the readers' cap (kMaxTextBytes), as for bao run.
constexpr std::size_t kMaxSummaryBytes = std::size_t{4} << 20;
constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;
constexpr std::size_t kMaxPageBytes = std::size_t{4} << 20;

[[noreturn]] void bad(const std::string& what) { throw HttpError(400, what); }

const char* side_word(int s) { return s == South ? "South" : "North"; }

// ---------------------------------------------------------------------------------
// Positions and moves as JSON.

int ring_of(bool back, int k) { return back ? kRing - k : k - 1; }

json pit_json(const Position& p, int side, int ring) {
  const bool house = ring == kHouse;
  return {{"pit", pit_name(side, ring)},          {"side", side_word(side)},
          {"seeds", p.pits[side][ring]},          {"house", house},
          {"owned", house && p.owns_house(side)}, {"takasia", side == p.side && ring == p.takasia}};
}

// The four rows top to bottom as `bao show` draws them: North's back row b and front
// row a (pits 8..1 from left to right), then South's front row A and back row B (1..8).
json rows_json(const Position& p) {
  json rows = json::array();
  for (int back = 1; back >= 0; --back) {
    json cells = json::array();
    for (int k = 8; k >= 1; --k) cells.push_back(pit_json(p, North, ring_of(back, k)));
    rows.push_back({{"row", back ? "b" : "a"}, {"side", "North"}, {"pits", cells}});
  }
  for (int back = 0; back <= 1; ++back) {
    json cells = json::array();
    for (int k = 1; k <= 8; ++k) cells.push_back(pit_json(p, South, ring_of(back, k)));
    rows.push_back({{"row", back ? "B" : "A"}, {"side", "South"}, {"pits", cells}});
  }
  return rows;
}

json state_json(const Position& p, const Rules& rules, bool with_board_text = true) {
  ChildList children;
  generate_children(p, rules, children);
  json legal = json::array();
  for (const Child& c : children)
    legal.push_back({{"move", format_move(c.move, p.side)},
                     {"pit", pit_name(p.side, c.move.pit)},
                     {"dir", c.move.right ? "R" : "L"},
                     {"takasa", c.move.takasa()},
                     {"safari", c.move.safari()},
                     {"after", format_position(c.pos)}});
  const Outcome o = outcome(p, rules);
  json s = {{"position", format_position(p)},
            {"variant", variant_name(rules.variant)},
            {"to_move", side_word(p.side)},
            {"stage", p.hand[p.side] > 0 ? "namua" : "mtaji"},
            {"hands", {{"South", p.hand[South]}, {"North", p.hand[North]}}},
            {"houses", {{"South", p.owns_house(South)}, {"North", p.owns_house(North)}}},
            {"takasia", p.takasia == kNoPit ? json(nullptr) : json(pit_name(p.side, p.takasia))},
            {"outcome", o == Outcome::Ongoing     ? "ongoing"
                        : o == Outcome::SouthWins ? "South"
                                                  : "North"},
            {"result", result_text(p, rules)},
            {"rows", rows_json(p)},
            {"legal", legal}};
  if (with_board_text) s["board"] = format_board(p, rules);
  return s;
}

// ---------------------------------------------------------------------------------
// Reading request bodies.

// The deepest nesting of arrays and objects in `text` (strings skipped). The parser and
// the destructor recurse per level, so a body of 100,000 '[' would overflow the stack.
int nesting_depth(const std::string& text) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

constexpr int kMaxNesting = 32;

json parse_json(const std::string& body) {
  if (body.empty()) return json::object();
  if (nesting_depth(body) > kMaxNesting)
    bad("the request body nests arrays and objects deeper than " + std::to_string(kMaxNesting) + " levels");
  json j;
  try {
    j = json::parse(body);
  } catch (const json::exception& e) {
    // "[json.exception.parse_error.101] parse error at ...": the reason without the tag.
    // A number beyond a double (1e999) is an out_of_range error, not a parse_error; it
    // is bad input all the same.
    std::string m = e.what();
    if (m.starts_with("[json.exception.") && m.find("] ") != std::string::npos) m = m.substr(m.find("] ") + 2);
    bad("the request body is not JSON: " + m);
  }
  if (!j.is_object()) bad("the request body must be a JSON object, found " + j.dump());
  return j;
}

// `text`, a string of the request named by `field`, refused when it holds a control byte:
// no move, position, spec or name has one, and a name with a newline would add lines to
// a game record.
const std::string& plain(const std::string& field, const std::string& text) {
  if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    bad(field + " must not contain control characters (CR, LF, NUL, ...), found \"" + text + "\"");
  return text;
}

using Keys = std::initializer_list<std::string_view>;

// Refuses `key` (what: "key", "query parameter") unless it is one of `known`: a misspelt
// key ("movs") would otherwise be ignored and the request answered as if it were absent.
void check_known(const char* what, const std::string& key, Keys known) {
  if (std::find(known.begin(), known.end(), key) != known.end()) return;
  std::string list;
  for (const std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
  bad("unknown " + std::string(what) + " '" + key + "'" +
      (list.empty() ? " (this endpoint takes none)" : " (this endpoint takes: " + list + ")"));
}

void check_keys(const json& j, Keys known) {
  for (const auto& item : j.items()) check_known("key", item.key(), known);
}

// The ?key=value pairs of a query: known keys, and values without control bytes.
void check_query(const std::map<std::string, std::string>& q, Keys known) {
  for (const auto& [key, value] : q) {
    check_known("query parameter", key, known);
    plain(key, value);
  }
}

// A POST's JSON body; the POST endpoints take no query parameters.
json parse_body(const http::Request& r) {
  check_query(r.query, {});
  return parse_json(r.body);
}

std::string get_string(const json& j, const char* key, const std::string& def) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return def;
  if (!it->is_string()) bad(std::string("'") + key + "' must be a string, found " + it->dump());
  return plain(std::string("'") + key + "'", it->get<std::string>());
}

bool get_bool(const json& j, const char* key, bool def) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return def;
  if (!it->is_boolean()) bad(std::string("'") + key + "' must be true or false, found " + it->dump());
  return it->get<bool>();
}

// A whole number, a JSON number (not a string) from lo to hi; one beyond the int64 range
// is out of range too.
std::int64_t get_int(const json& j, const char* key, std::int64_t def, std::int64_t lo, std::int64_t hi) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return def;
  const std::string name = std::string("'") + key + "'";
  if (!it->is_number_integer()) bad(name + " must be a whole number, found " + it->dump());
  const std::string text = it->dump();
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::invalid_argument || end != text.data() + text.size())
    bad(name + " must be a whole number, found " + it->dump());
  if (ec == std::errc::result_out_of_range || v < lo || v > hi)
    bad(name + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) + ", found " + text);
  return v;
}

std::vector<std::string> get_strings(const json& j, const char* key) {
  std::vector<std::string> out;
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_array()) bad(std::string("'") + key + "' must be a list of strings, found " + it->dump());
  for (const auto& v : *it) {
    if (!v.is_string()) bad(std::string("'") + key + "' must be a list of strings, found " + v.dump() + " in it");
    out.push_back(plain(std::string("'") + key + "' item " + std::to_string(out.size() + 1), v.get<std::string>()));
  }
  return out;
}

// A player's name for a header of a game record (get_string refuses control bytes: a
// name is a header line). The record reader trims spaces and byte order marks around a
// header's value, so a name beginning or ending with one would not read back as given.
std::string player_name(const json& j, const char* key) {
  const std::string name = get_string(j, key, "");
  constexpr std::string_view kBom = "\xef\xbb\xbf";
  const std::string_view v = name;
  if (v.starts_with(' ') || v.ends_with(' ') || v.starts_with(kBom) || v.ends_with(kBom))
    bad(std::string("'") + key + "' must not begin or end with a space or a byte order mark, found \"" + name + "\"");
  return name;
}

json rules_json(const Rules& r) {
  return {{"long_move_limit", r.long_move_limit},
          {"house_choice_any_count", r.house_choice_any_count},
          {"tax_any_lone_house", r.tax_any_lone_house},
          {"house_lost_when_hand_empties", r.house_lost_when_hand_empties},
          {"takasia_after_namua", r.takasia_after_namua}};
}

// "variant" and "rules" ({"long_move_limit": 100, ...}) as --variant and --rule read them.
Rules rules_from(const json& j) {
  Rules r;
  r.variant = parse_variant(get_string(j, "variant", "kiswahili"));
  const auto it = j.find("rules");
  if (it == j.end() || it->is_null()) return r;
  if (!it->is_object()) bad("'rules' must be an object of rules options, found " + it->dump());
  for (const auto& [key, value] : it->items()) {
    const std::string name = "'rules': '" + plain("'rules' key", key) + "'";
    if (key == "variant") bad("'rules': give the variant as 'variant'");
    if (!value.is_string() && !value.is_number() && !value.is_boolean())
      bad(name + " must be a number, true, false or a string, found " + value.dump());
    r.set(key, value.is_string() ? plain(name, value.get<std::string>()) : value.dump());
  }
  return r;
}

// The game a request names: "position" (the start; default the variant's) and the
// "moves" played from it, each read leniently and named by its ply in errors.
GameSession session_from(const json& j, const Rules& rules) {
  const std::string pos = get_string(j, "position", "");
  GameSession g(rules, pos.empty() ? start_position(rules.variant) : parse_position(pos, rules.variant));
  for (const std::string& m : get_strings(j, "moves")) g.play_text(m);
  return g;
}

// "a, b, c" -> {"a", "b", "c"}.
std::vector<std::string> split_names(const std::string& names) {
  std::vector<std::string> out;
  std::stringstream in(names);
  std::string item;
  while (std::getline(in, item, ',')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

// Evaluator names a request may use: the registry's, without "or a weights file PATH.txt".
std::vector<std::string> evaluator_list() {
  std::vector<std::string> out = split_names(models::evaluator_names());
  std::erase_if(out, [](const std::string& name) { return name.find(' ') != std::string::npos; });
  return out;
}

// One of the server's search slots, held for a scope: waits up to `wait_ms` for a free
// one, else a 503; released when the scope ends, whatever ends it.
class SearchSlot {
 public:
  SearchSlot(std::counting_semaphore<1024>& slots, std::int64_t wait_ms) : slots_(slots) {
    if (!slots_.try_acquire_for(std::chrono::milliseconds(wait_ms)))
      throw HttpError(503, "the server is busy with other searches; try again");
  }
  ~SearchSlot() { slots_.release(); }
  SearchSlot(const SearchSlot&) = delete;
  SearchSlot& operator=(const SearchSlot&) = delete;

 private:
  std::counting_semaphore<1024>& slots_;
};

// Watches a request's client while a search runs for it: once the client has gone (it
// closed the connection), flag() is set, which as Limits::halt ends the search as at its
// deadline: nobody reads the answer, and the search would hold its slot for up to
// max_time_ms. The client is asked every 20 ms, on a thread of the watch's own.
class ClientWatch {
 public:
  explicit ClientWatch(const std::function<bool()>& client_gone) {
    if (client_gone)
      thread_ = std::jthread([this, client_gone](const std::stop_token& done) {
        while (!done.stop_requested() && !gone_) {
          if (client_gone()) gone_ = true;
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
      });
  }
  const std::atomic<bool>* flag() const { return &gone_; }
  bool gone() const { return gone_; }

 private:
  std::atomic<bool> gone_{false};
  std::jthread thread_;  // last: stopped and joined before gone_ goes
};

// Whether DIR/NAME is a file the server serves (what the folder list calls present: a
// FIFO or a link out of the folder is not).
bool servable(const fs::path& dir, const char* name) { return folder_file_present(dir.string(), name); }

// `file` of the server's own page folder (--web), read by the guarded reader with a cap; a
// file it refuses (too large, unreadable, not a regular file) is a 403 with its message.
std::string read_capped(const fs::path& file, std::size_t max_bytes) {
  try {
    return read_text_file(file.string(), max_bytes);
  } catch (const InputError& e) {
    throw HttpError(403, e.what());
  }
}

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

// The games of a games.jsonl read as text (experiments::load_records's rules, without
// repair): a complete line that is no record is an error naming the line, a torn last line
// (a run writing now) is left out, a game recorded twice counts once.
std::vector<experiments::TournamentGame> records_from_text(const std::string& text, const std::string& where) {
  std::vector<experiments::TournamentGame> out;
  std::set<std::string> seen;
  std::size_t pos = 0;
  for (int n = 1; pos < text.size(); ++n) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // torn: the writer ends each record with its newline
    const std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      experiments::TournamentGame r = experiments::from_json(line);
      if (seen.insert(r.id()).second) out.push_back(std::move(r));
    } catch (const InputError& e) {
      throw InputError(where + ":" + std::to_string(n) + ": " + e.what() + " (fix or remove this line)");
    }
  }
  return out;
}

const char* content_type(const std::string& name) {
  if (name.ends_with(".html")) return "text/html; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  return "application/octet-stream";
}

// Invalid UTF-8 in a request (echoed in a message) is replaced, not an error.
http::Response json_response(const json& j, int status = 200) {
  return {status, "application/json", j.dump(-1, ' ', false, json::error_handler_t::replace)};
}

}  // namespace

// ---------------------------------------------------------------------------------

struct ServeApi::Impl {
  ServeOptions o;
  std::counting_semaphore<1024> searches;
  std::vector<std::string> evaluators;

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

  explicit Impl(const ServeOptions& opt)
      : o(opt),
        searches(std::max(1, std::min(opt.max_searches, 1024))),
        evaluators(evaluator_list()),
        loaded(opt.results.size()) {}

  // The page's files and the API endpoints: each path with the one method it takes. A
  // path not here is a 404, another method a 405 naming the right one.
  http::Response route(const http::Request& req) {
    using Answer = http::Response (*)(Impl&, const http::Request&);
    struct Route {
      std::string_view path, method;
      Answer answer;
    };
    static constexpr Answer page = [](Impl& a, const http::Request& r) {
      return a.static_file(r.path == "/" ? "index.html" : r.path.substr(1));
    };
    static constexpr Route kRoutes[] = {
        {"/", "GET", page},
        {"/index.html", "GET", page},
        {"/api/info", "GET",
         [](Impl& a, const http::Request& r) {
           check_query(r.query, {});
           return json_response(a.info());
         }},
        {"/api/position", "POST",
         [](Impl& a, const http::Request& r) { return json_response(a.position(parse_body(r))); }},
        {"/api/play", "POST", [](Impl& a, const http::Request& r) { return json_response(a.play(parse_body(r))); }},
        {"/api/search", "POST",
         [](Impl& a, const http::Request& r) { return json_response(a.search(parse_body(r), r.client_gone)); }},
        {"/api/record", "POST", [](Impl& a, const http::Request& r) { return json_response(a.record(parse_body(r))); }},
        {"/api/results", "GET",
         [](Impl& a, const http::Request& r) {
           check_query(r.query, {});
           return json_response(a.results());
         }},
        {"/api/games", "GET", [](Impl& a, const http::Request& r) { return json_response(a.games(r.query)); }},
        {"/api/game", "GET", [](Impl& a, const http::Request& r) { return json_response(a.game(r.query)); }},
        {"/api/summary", "GET", [](Impl& a, const http::Request& r) { return json_response(a.summary(r.query)); }},
        {"/api/curve", "GET",
         [](Impl& a, const http::Request& r) { return json_response(a.curve(r.query, r.client_gone)); }},
        {"/api/sprt", "GET", [](Impl& a, const http::Request& r) { return json_response(a.sprt(r.query)); }},
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

  http::Response static_file(const std::string& name) {
    if (!o.web_dir.empty()) {
      const fs::path path = fs::path(o.web_dir) / name;
      std::error_code ec;
      if (fs::is_regular_file(path, ec)) return {200, content_type(name), read_capped(path, kMaxPageBytes)};
    }
    const std::string* text = embedded_web_file(name);
    if (!text) throw HttpError(404, "no such file: " + name);
    return {200, content_type(name), *text};
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
              {"max_tt_mb", o.max_tt_mb},
              {"max_memory_mb", o.max_memory_mb},
              {"max_threads", o.max_threads}}},
            {"results", folders_json()}};
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

  // The player a request names, refused when it would read files (every evaluator its
  // searcher names must be built in), take more memory than the server allows or, for
  // minimax, which ignores time limits, search too deep.
  void check_engine(const experiments::PlayerConfig& pc) {
    if (std::find(evaluators.begin(), evaluators.end(), pc.eval) == evaluators.end()) {
      std::string known;
      for (const auto& e : evaluators) known += (known.empty() ? "" : ", ") + e;
      bad("unknown evaluator '" + pc.eval + "' (known: " + known + ")");
    }
    const std::string& searcher = pc.searcher;
    const search::Spec spec = search::parse_spec(searcher);
    for (const std::string& name : models::spec_evaluators(spec))
      if (!models::is_builtin_evaluator(name))
        bad("searcher '" + searcher + "': weights files are not available through the server; use evaluator names");
    // Every parameter with a cost, as the registry marks it (search::Param::Cost): a
    // table of at most max_tt_mb, at most max_threads cores a search slot (Lazy SMP), no
    // nested depth beyond max_depth, and the searcher's whole memory (tables, pools) at
    // most max_memory_mb.
    const auto at_most = [&](const std::string& key, std::int64_t cap, bool numbers_only) {
      const auto it = spec.params.find(key);
      if (it == spec.params.end()) return;
      int n = 0;
      const bool number = to_int(it->second, n);
      if ((!number && !numbers_only) || (number && n > cap))
        bad("searcher '" + searcher + "': " + key + " must be at most " + std::to_string(cap) + " on this server");
    };
    const search::SearcherEntry* entry = models::searchers().find(spec.name);
    if (!entry) bad("unknown searcher '" + spec.name + "' (known: " + models::searcher_names() + ")");
    for (const search::Param& p : entry->params) {
      if (p.name == "tt_mb") at_most(p.name, o.max_tt_mb, false);
      if (p.cost == search::Param::Cost::Threads) at_most(p.name, o.max_threads, false);
      if (p.cost == search::Param::Cost::Plies) at_most(p.name, o.max_depth, p.type == search::Param::Type::Text);
    }
    const std::uint64_t bytes = models::searchers().memory_bytes(searcher);
    if (bytes > (static_cast<std::uint64_t>(o.max_memory_mb) << 20))
      bad("searcher '" + searcher + "' would hold " + std::to_string(bytes >> 20) +
          " MiB of tables and pools, more than " + std::to_string(o.max_memory_mb) + " MiB on this server");
    // Minimax's depth alone bounds its time (about 1 s at 10).
    if (spec.name == "minimax" && pc.depth > kMaxMinimaxDepth)
      bad("minimax has no time limit: depth at most " + std::to_string(kMaxMinimaxDepth) + " on this server, found " +
          std::to_string(pc.depth));
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
    check_engine(pc);
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

  // ---- results folders

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

  static json game_row(const experiments::TournamentGame& g, std::size_t index) {
    return {{"index", index},       {"id", g.id()},
            {"pairing", g.pairing}, {"first", g.first},
            {"second", g.second},   {"opening_index", g.opening_index},
            {"game", g.game},       {"south", g.south},
            {"north", g.north},     {"result", g.result},
            {"winner", g.winner},   {"reason", g.reason},
            {"plies", g.plies},     {"first_points", g.first_points},
            {"opening", g.opening}};
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
      rows.back()["prediction"] = prediction_json(g, g.moves);
    }
    return {{"folder", folder_json(f)}, {"total", records.size()}, {"games", rows}};
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

  // How well each side's predicted replies (TournamentGame::predicted) matched the moves
  // `texts` (canonical): per side, the replies it predicted ("tries") and those played
  // ("hits"), and the plies (1-based) whose move was not the one predicted. A prediction
  // of the last move's reply has no move to meet and counts for nothing.
  static json prediction_json(const experiments::TournamentGame& r, const std::vector<std::string>& texts) {
    int tries[2] = {0, 0}, hits[2] = {0, 0};
    json misses = json::array();
    const int first = r.opening.empty() ? South : (r.opening.find(" N ") != std::string::npos ? North : South);
    for (std::size_t k = 0; k + 1 < r.predicted.size() && k + 1 < texts.size(); ++k) {
      if (r.predicted[k].empty()) continue;
      const int side = (first + static_cast<int>(k)) % 2;  // who moved moves[k] and predicted the reply
      ++tries[side];
      if (r.predicted[k] == texts[k + 1])
        ++hits[side];
      else
        misses.push_back(k + 2);
    }
    const auto rate = [](int h, int t) { return t ? json(static_cast<double>(h) / t) : json(nullptr); };
    return {{"South", {{"tries", tries[South]}, {"hits", hits[South]}, {"rate", rate(hits[South], tries[South])}}},
            {"North", {{"tries", tries[North]}, {"hits", hits[North]}, {"rate", rate(hits[North], tries[North])}}},
            {"tries", tries[0] + tries[1]},
            {"hits", hits[0] + hits[1]},
            {"rate", rate(hits[0] + hits[1], tries[0] + tries[1])},
            {"misses", misses}};
  }

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

  // Each position of `g` searched by `e`: value from South's view and best move; a
  // finished position has its winner instead. Adds the time searched to `seconds`. Stops
  // after the position that ends past `deadline` (minimax ignores time limits, and an
  // opponent-model search checks the clock between iterations only).
  static json evaluate_positions(const Engine& e, const GameSession& g, double& seconds,
                                 std::chrono::steady_clock::time_point deadline, const ClientWatch& watch) {
    json points = json::array();
    search::Limits limits = e.player.limits;
    limits.halt = watch.flag();
    for (std::size_t i = 0; i <= g.plies() && std::chrono::steady_clock::now() < deadline && !watch.gone(); ++i) {
      const Position& p = g.position(i);
      const Outcome oc = outcome(p, g.rules());
      if (oc != Outcome::Ongoing) {
        points.push_back({{"ply", i},
                          {"value", nullptr},
                          {"winner", oc == Outcome::SouthWins ? "South" : "North"},
                          {"to_move", side_word(p.side)}});
        continue;
      }
      const search::BaoResult res = e.player.searcher->search(p, limits);
      seconds += res.seconds;
      points.push_back({{"ply", i},
                        {"value", p.side == South ? res.value : -res.value},
                        {"to_move", side_word(p.side)},
                        {"best", format_move(res.best, p.side)},
                        {"pit", pit_name(p.side, res.best.pit)},
                        {"dir", res.best.right ? "R" : "L"},
                        {"depth", res.depth}});
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
    experiments::PlayerConfig pc;
    pc.searcher = want("searcher", "alphabeta");
    pc.eval = want("eval", "default");
    const std::string depth_text = want("depth", "");
    pc.depth = std::min(6, o.max_depth);
    if (!depth_text.empty() && (!to_int(depth_text, pc.depth) || pc.depth < 1 || pc.depth > o.max_depth))
      bad("depth: expected a number from 1 to " + std::to_string(o.max_depth) + ", found '" + depth_text + "'");
    check_engine(pc);
    std::string key = std::to_string(f) + '\n' + r.id() + '\n' + r.opening + '\n' + pc.searcher + '\n' + pc.eval +
                      '\n' + std::to_string(pc.depth);
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
    const json points = evaluate_positions(e, g, seconds, deadline, watch);
    const bool complete = points.size() == g.plies() + 1 && !watch.gone();  // gone: halted, not kept
    json out = {
        {"folder", f},      {"index", index},      {"id", r.id()},        {"searcher", e.player.searcher->describe()},
        {"eval", pc.eval},  {"depth", pc.depth},   {"win", search::kWin}, {"seconds", seconds},
        {"points", points}, {"complete", complete}};
    {
      std::lock_guard<std::mutex> lock(curves_mutex);
      if (curves.size() >= kMaxCurves) curves.clear();
      // A curve cut short by the time cap is not kept: a quieter server may finish it.
      if (complete) curves[key] = out;
    }
    out["cached"] = false;
    return out;
  }

  // The SPRT of each pairing game pair by game pair, as bao run follows it
  // (experiments::SprtTracker, records in file order): the LLR after each pair counted,
  // with the test's bounds from config.ini. "sprt" is null for a run without one.
  json sprt(const std::map<std::string, std::string>& q) {
    check_query(q, {"folder"});
    const std::size_t f = folder_index(q);
    const auto identity = folder_identity(f);
    if (!identity.contains("sprt.elo0") || !identity.contains("sprt.elo1"))
      return {{"folder", folder_json(f)}, {"sprt", nullptr}, {"pairings", json::array()}};
    experiments::Sprt s;
    const auto number = [&](const char* key, double& out) {
      const auto it = identity.find(key);
      if (it != identity.end() && !to_double(it->second, out))
        bad(o.results[f] + "/config.ini: " + key + " is not a number: '" + it->second + "'");
    };
    number("sprt.elo0", s.elo0);
    number("sprt.elo1", s.elo1);
    number("sprt.alpha", s.alpha);
    number("sprt.beta", s.beta);
    const auto model = identity.find("sprt.model");
    s.pentanomial = model == identity.end() || model->second != "trinomial";
    const std::shared_ptr<const Records> held = load(f);
    std::vector<std::string> order;
    std::map<std::string, std::pair<experiments::SprtTracker, json>> tracks;
    for (const auto& g : *held) {
      auto it = tracks.find(g.pairing);
      if (it == tracks.end()) {
        order.push_back(g.pairing);
        it = tracks.emplace(g.pairing, std::make_pair(experiments::SprtTracker(s), json::array())).first;
      }
      auto& [tracker, track] = it->second;
      const std::int64_t before = tracker.pairs();
      tracker.add(g.opening_index, g.game, g.first_points);
      if (tracker.pairs() != before) track.push_back({{"pairs", tracker.pairs()}, {"llr", tracker.llr()}});
    }
    json pairings = json::array();
    for (const std::string& name : order) {
      const auto& [tracker, track] = tracks.at(name);
      pairings.push_back({{"pairing", name},
                          {"decision", tracker.decision()},
                          {"pairs", tracker.pairs()},
                          {"llr", tracker.llr()},
                          {"track", track}});
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
