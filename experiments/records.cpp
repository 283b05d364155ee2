#include "experiments/records.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::experiments {

std::string TournamentGame::id() const {
  return pairing + "/" + std::to_string(opening_index) + "/" + std::to_string(game);
}

namespace {

using Json = nlohmann::json;

[[noreturn]] void bad(const std::string& what) { throw InputError("not a game record: " + what); }

// A value as compact JSON text. nlohmann escapes '"', '\\' and control characters in
// strings (records hold ASCII text only; a byte that is not UTF-8 would become U+FFFD
// rather than throw).
std::string dump(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }
std::string quote(const std::string& s) { return dump(Json(s)); }

// A double as "%.6g". nlohmann cannot print it so: it writes the shortest round-trip
// digits by Grisu2, which are not always the shortest (8.07782 comes out as
// 8.077819999999999, about one record in 700), and whole numbers as "1.0".
std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

// Parses one line, refusing a key that appears twice in the record object (nlohmann
// would keep the last copy silently).
Json parse(const std::string& line) {
  std::vector<std::string> keys;
  const Json::parser_callback_t once = [&keys](int depth, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::key && depth == 1) {
      const std::string& k = parsed.get_ref<const std::string&>();
      if (std::find(keys.begin(), keys.end(), k) != keys.end()) bad("key '" + k + "' twice");
      keys.push_back(k);
    }
    return true;
  };
  try {
    return Json::parse(line, once);
  } catch (const Json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ...":
    // the line is known to the caller, so keep the column and the reason.
    const std::string m = e.what();
    const std::size_t col = m.find("column "), colon = m.find(": ", col);
    if (col == std::string::npos || colon == std::string::npos) bad(m);
    bad("bad JSON at " + m.substr(col, colon - col) + ": " + m.substr(colon + 2));
  } catch (const Json::exception& e) {
    // A number beyond the double range: "[json.exception.out_of_range.406] number overflow
    // parsing '1e999'".
    const std::string m = e.what();
    bad(m.substr(m.find("] ") == std::string::npos ? 0 : m.find("] ") + 2));
  }
}

const Json& field(const Json& o, const char* key) {
  const auto it = o.find(key);
  if (it == o.end()) bad(std::string("no field '") + key + "'");
  return *it;
}

// The value as a message shows it: its JSON text, cut short.
std::string shown(const Json& v) {
  const std::string t = dump(v);
  return t.size() <= 40 ? t : t.substr(0, 37) + "...";
}

[[noreturn]] void wrong_type(const char* key, const Json& v, const char* expected) {
  bad(std::string("field '") + key + "' is " + shown(v) + ", expected " + expected);
}

std::string text(const Json& o, const char* key) {
  const Json& v = field(o, key);
  if (!v.is_string()) wrong_type(key, v, "a string");
  return v.get<std::string>();
}

// A whole number that fits T (a float such as 1.0 is refused).
template <class T>
T whole(const Json& o, const char* key) {
  const Json& v = field(o, key);
  if (v.is_number_unsigned() && std::in_range<T>(v.get<std::uint64_t>())) return static_cast<T>(v.get<std::uint64_t>());
  if (v.is_number_integer() && std::in_range<T>(v.get<std::int64_t>())) return static_cast<T>(v.get<std::int64_t>());
  wrong_type(key, v, std::is_signed_v<T> ? "a whole number" : "a whole number >= 0");
}

double real(const Json& o, const char* key) {
  const Json& v = field(o, key);
  if (!v.is_number()) wrong_type(key, v, "a number");
  return v.get<double>();  // finite: the parser refuses 1e999
}

}  // namespace

std::string to_json(const TournamentGame& r) {
  std::string out = "{";
  const auto put = [&out](const char* key, const std::string& value) {
    if (out.size() > 1) out += ',';
    out += quote(key) + ':' + value;
  };
  put("pairing", quote(r.pairing));
  put("first", quote(r.first));
  put("second", quote(r.second));
  put("opening_index", std::to_string(r.opening_index));
  put("game", std::to_string(r.game));
  put("south", quote(r.south));
  put("north", quote(r.north));
  put("opening", quote(r.opening));
  put("moves", dump(Json(r.moves)));
  put("result", quote(r.result));
  put("winner", quote(r.winner));
  put("reason", quote(r.reason));
  put("plies", std::to_string(r.plies));
  put("first_points", number(r.first_points));
  put("nodes_south", std::to_string(r.nodes_south));
  put("nodes_north", std::to_string(r.nodes_north));
  put("time_south", number(r.time_south));
  put("time_north", number(r.time_north));
  if (!r.predicted.empty()) put("predicted", dump(Json(r.predicted)));
  if (!r.game_spec.empty()) put("game_spec", quote(r.game_spec));
  return out + "}";
}

static TournamentGame record_from_json(const std::string& line) {
  const Json o = parse(line);
  if (!o.is_object()) bad("not a JSON object");
  TournamentGame r;
  r.pairing = text(o, "pairing");
  r.first = text(o, "first");
  r.second = text(o, "second");
  r.opening_index = whole<int>(o, "opening_index");
  r.game = whole<int>(o, "game");
  r.south = text(o, "south");
  r.north = text(o, "north");
  r.opening = text(o, "opening");
  const Json& moves = field(o, "moves");
  if (!moves.is_array()) wrong_type("moves", moves, "an array of strings");
  for (const Json& m : moves) {
    if (!m.is_string()) bad("a move that is not a string: " + shown(m));
    r.moves.push_back(m.get<std::string>());
  }
  if (o.contains("game_spec")) {
    r.game_spec = text(o, "game_spec");
    if (r.game_spec.empty()) bad("field 'game_spec' is empty (Bao's records have no such field)");
  }
  r.result = text(o, "result");
  // Bao has no draws (its games end by a win or the ply cap); other games may.
  const bool draws = !r.game_spec.empty();
  if (r.result != "south" && r.result != "north" && r.result != "capped" && (!draws || r.result != "draw"))
    bad("result '" + r.result + "' (expected south, north" + (draws ? ", draw" : "") + " or capped)");
  r.winner = text(o, "winner");
  r.reason = text(o, "reason");
  r.plies = whole<int>(o, "plies");
  r.first_points = real(o, "first_points");
  if (r.first_points != 0 && r.first_points != 0.5 && r.first_points != 1) bad("first_points must be 0, 0.5 or 1");
  r.nodes_south = whole<std::uint64_t>(o, "nodes_south");
  r.nodes_north = whole<std::uint64_t>(o, "nodes_north");
  r.time_south = real(o, "time_south");
  r.time_north = real(o, "time_north");
  if (o.contains("predicted")) {
    const Json& predicted = o.at("predicted");
    if (!predicted.is_array()) wrong_type("predicted", predicted, "an array of strings");
    for (const Json& m : predicted) {
      if (!m.is_string()) bad("a predicted reply that is not a string: " + shown(m));
      r.predicted.push_back(m.get<std::string>());
    }
    if (r.predicted.size() != r.moves.size())
      bad("predicted has " + std::to_string(r.predicted.size()) + " entries for " + std::to_string(r.moves.size()) +
          " moves");
  }
  if (r.game != 0 && r.game != 1) bad("game must be 0 or 1");
  return r;
}

TournamentGame from_json(const std::string& line) {
  return with_printable_errors([&] { return record_from_json(line); });
}

void set_outcome(TournamentGame& r, Outcome end) {
  if (end == Outcome::Ongoing) {
    r.result = "capped";
    r.winner.clear();
    r.first_points = 0.5;
    return;
  }
  const bool south_won = end == Outcome::SouthWins;
  r.result = south_won ? "south" : "north";
  r.winner = south_won ? r.south : r.north;
  r.first_points = r.winner == r.first ? 1.0 : 0.0;
}

void set_any_outcome(TournamentGame& r, int winner, bool capped) {
  if (capped || winner < 0) {
    r.result = capped ? "capped" : "draw";
    r.winner.clear();
    r.first_points = 0.5;
    return;
  }
  r.result = winner == 0 ? "south" : "north";
  r.winner = winner == 0 ? r.south : r.north;
  r.first_points = r.winner == r.first ? 1.0 : 0.0;
}

// Checks the fields a replay derives (plies and the outcome) against the record.
static void check_derived(const TournamentGame& r, int plies, const TournamentGame& expected,
                          const std::function<void(const std::string&)>& contradicts) {
  const auto field_is = [&](const char* key, const std::string& recorded, const std::string& replayed) {
    if (recorded != replayed)
      contradicts(std::string("field '") + key + "' is " + recorded + ", the moves give " + replayed);
  };
  field_is("plies", std::to_string(r.plies), std::to_string(plies));
  field_is("result", quote(r.result), quote(expected.result));
  field_is("winner", quote(r.winner), quote(expected.winner));
  field_is("first_points", number(r.first_points), number(expected.first_points));
}

// replay_record for another game than Bao, through its AnyGame.
static void replay_any_record(const TournamentGame& r, const search::AnyGame& g, int ply_cap) {
  const std::string game = "game " + r.id() + " contradicts its moves: ";
  const auto contradicts = [&](const std::string& what) { throw InputError(game + what); };
  if (r.game_spec != g.spec())
    throw InputError("game " + r.id() + ": field 'game_spec' is " + quote(r.game_spec) + ", but the tournament plays " +
                     g.spec());
  search::AnyState s;
  try {
    s = g.parse_state(r.opening);
  } catch (const InputError& e) {
    throw InputError("game " + r.id() + ": field 'opening' is no position: " + e.what());
  }
  int plies = 0;
  for (const std::string& text : r.moves) {
    const std::string where = "move " + std::to_string(plies + 1);
    const auto children = g.children(s);
    if (children.empty()) contradicts(where + " '" + text + "' comes after the end (" + g.outcome(s) + ")");
    if (plies >= ply_cap)
      contradicts(where + " '" + text + "' comes after the ply cap (" + std::to_string(ply_cap) + " plies)");
    const auto c = std::find_if(children.begin(), children.end(), [&](const auto& ch) { return ch.first == text; });
    if (c == children.end()) {
      std::string legal;
      for (const auto& ch : children) legal += (legal.empty() ? "" : " ") + ch.first;
      contradicts(where + " '" + text + "' is not a legal move (legal: " + legal + ")");
    }
    s = c->second;
    ++plies;
  }
  const bool over = g.over(s);
  if (!over && plies < ply_cap)
    contradicts("the game goes on after its " + std::to_string(plies) + " moves, short of the ply cap (" +
                std::to_string(ply_cap) + " plies)");
  TournamentGame expected;
  expected.south = r.south;
  expected.north = r.north;
  expected.first = r.first;
  set_any_outcome(expected, over ? g.winner(s) : -1, !over);
  check_derived(r, plies, expected, contradicts);
}

static void replay_record(const TournamentGame& r, const ReplayRules& replay) {
  if (replay.game) return replay_any_record(r, *replay.game, replay.ply_cap);
  const std::string game = "game " + r.id() + " contradicts its moves: ";
  const auto contradicts = [&](const std::string& what) { throw InputError(game + what); };
  if (!r.game_spec.empty())
    throw InputError("game " + r.id() + ": field 'game_spec' is " + quote(r.game_spec) +
                     ", but the tournament plays Bao");
  Position p;
  try {
    p = parse_position(r.opening, replay.rules.variant);
  } catch (const InputError& e) {
    throw InputError("game " + r.id() + ": field 'opening' is no position: " + e.what());
  }
  // One generation per ply: the legal moves with their positions, the canonical text
  // found among them (parse_move, which generates them again, only for other spellings
  // and for its message naming the legal moves).
  int plies = 0;
  ChildList children;
  for (const std::string& text : r.moves) {
    const std::string where = "move " + std::to_string(plies + 1);
    generate_children(p, replay.rules, children);
    if (children.empty())
      contradicts(where + " '" + text + "' comes after the end (" + outcome_reason(p, replay.rules) + ")");
    if (plies >= replay.ply_cap)
      contradicts(where + " '" + text + "' comes after the ply cap (" + std::to_string(replay.ply_cap) + " plies)");
    const auto c = std::find_if(children.begin(), children.end(),
                                [&](const Child& ch) { return format_move(ch.move, p.side) == text; });
    if (c != children.end()) {
      p = c->pos;
    } else {
      try {
        p = apply_move(p, parse_move(text, p, replay.rules, where), replay.rules);
      } catch (const InputError& e) {
        contradicts(e.what());
      }
    }
    ++plies;
  }
  const Outcome end = outcome(p, replay.rules);
  if (end == Outcome::Ongoing && plies < replay.ply_cap)
    contradicts("the game goes on after its " + std::to_string(plies) + " moves, short of the ply cap (" +
                std::to_string(replay.ply_cap) + " plies)");
  TournamentGame expected;  // the names set_outcome reads, not the moves
  expected.south = r.south;
  expected.north = r.north;
  expected.first = r.first;
  set_outcome(expected, end);
  check_derived(r, plies, expected, contradicts);
}

void check_against_moves(const TournamentGame& r, const ReplayRules& replay) {
  with_printable_errors([&] { replay_record(r, replay); });
}

static LoadedRecords records_from_file(const std::string& path, bool repair, const ReplayRules* replay) {
  LoadedRecords out;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return out;
  const std::string text = read_text_file(path);
  std::set<std::string> seen;
  std::size_t pos = 0, good_end = 0;
  for (int n = 1; pos < text.size(); ++n) {
    const std::size_t nl = text.find('\n', pos);
    const bool complete = nl != std::string::npos;
    const std::string line = text.substr(pos, complete ? nl - pos : std::string::npos);
    const std::size_t next = complete ? nl + 1 : text.size();
    try {
      if (!complete) throw InputError("no newline at the end");
      if (line.find_first_not_of(" \t\r") == std::string::npos) {
        // An empty line carries nothing; keep it.
      } else {
        TournamentGame r = from_json(line);
        if (replay) replay_record(r, *replay);
        if (seen.insert(r.id()).second)
          out.records.push_back(std::move(r));
        else
          out.notes.push_back(path + ":" + std::to_string(n) + ": game " + r.id() +
                              " recorded twice; the later copy is ignored");
      }
      good_end = next;
    } catch (const InputError& e) {
      // Only a line without its newline is the trace of a write cut short (the writer
      // ends every record with one in the same write(2)); a complete line that is not a
      // record was written so, and deleting it would replay its game unnoticed.
      if (complete) throw InputError(path + ":" + std::to_string(n) + ": " + e.what() + " (fix or remove this line)");
      // Cut off, so that the next record starts on a line of its own.
      out.notes.push_back(path + ":" + std::to_string(n) + ": torn last line (" + e.what() + ")" +
                          (repair ? ", removed" : ""));
      if (repair) {
        std::filesystem::resize_file(path, good_end, ec);
        if (ec) throw InputError("cannot truncate '" + path + "': " + ec.message());
      }
    }
    pos = next;
  }
  return out;
}

LoadedRecords load_records(const std::string& path, bool repair, const ReplayRules* replay) {
  return with_printable_errors([&] { return records_from_file(path, repair, replay); });
}

RecordWriter::RecordWriter(const std::string& path, bool fsync) : path_(path), fsync_(fsync) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw InputError("cannot open '" + path + "' for appending: " + std::strerror(errno));
}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordWriter::append(const TournamentGame& r) {
  const std::string line = to_json(r) + "\n";
  // One write(2) of the whole line: a kill cannot split it within the kernel's copy into
  // the page cache. A short write (disk full) is continued, and on error the partial
  // line is left for load_records to cut off.
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("cannot write '" + path_ + "': " + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  if (fsync_ && ::fdatasync(fd_) != 0) throw std::runtime_error("cannot sync '" + path_ + "': " + std::strerror(errno));
}

}  // namespace bao::experiments
