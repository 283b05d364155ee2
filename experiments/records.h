// Game records: DIR/games.jsonl, one JSON object per finished game and line, appended
// and flushed a game at a time, so that a run killed at any moment loses at most the
// games in flight and leaves at worst a torn last line, which the next run removes.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/rules.h"
#include "search/any_game.h"

namespace bao::experiments {

// One game. The fields are the JSON keys, in this order.
struct TournamentGame {
  std::string pairing;             // "A vs B": A is the pairing's first player
  std::string first, second;       // the pairing's players
  int opening_index = 0;           // which opening (0-based)
  int game = 0;                    // 0: the first player has South, 1: North
  std::string south, north;        // who had which colour
  std::string opening;             // the opening as a position string
  std::vector<std::string> moves;  // canonical notation, from the opening on
  // Another game than Bao calls its sides 0 and 1 (AnyGame::side_name): south and north
  // stand for them, side 0 the one that moves first from the game's start.
  std::string result;  // "south", "north" (who won), "draw" or "capped"
  std::string winner;  // the winning player, "" when capped
  std::string reason;  // why it ended: "North's front row is empty", "ply cap (300 plies)"
  int plies = 0;
  double first_points = 0;  // 1 won, 0 lost, 0.5 capped: the first player's points
  std::uint64_t nodes_south = 0, nodes_north = 0;
  double time_south = 0, time_north = 0;  // seconds of search
  // predicted[k]: the reply to moves[k] that its player expected (Searcher::
  // predicted_reply), "" where it had none; compare with moves[k + 1] for a model's hit
  // rate. Empty in records without the key (it is written only when a player predicted).
  std::vector<std::string> predicted;
  // The game's canonical spec (AnyGame::spec) when it is not Bao; "" (and no key) for Bao.
  std::string game_spec;

  // The game's identity within a tournament: "pairing/opening/game".
  std::string id() const;
};

// One JSON object, no newline: the keys in the order of the fields above, no spaces,
// integers in decimal, doubles as printf's "%.6g" (0.5, 1, 0.0123457, 1e-05), strings
// escaped by nlohmann_json (\", \\, \b \f \n \r \t, other control characters as
// \u00xx; everything else, UTF-8 included, as it is). The format is the one records
// have always had, byte for byte (the hand-written writer before nlohmann_json wrote
// \b, \f and \r as \u0008, \u000c, \u000d; no record holds them).
std::string to_json(const TournamentGame& r);
// Reads such an object (strict JSON, by nlohmann_json; keys in any order, unknown keys
// ignored). Throws InputError, its message without a location, for text that is not
// JSON (naming the column and the reason), not an object, a key twice, a missing field,
// a field of the wrong type or out of range (naming the field and its value), a number
// beyond the double range, or a result, game or first_points outside its set.
TournamentGame from_json(const std::string& line);

struct LoadedRecords {
  std::vector<TournamentGame> records;  // in file order, without duplicates
  std::vector<std::string> notes;       // what was repaired or skipped, for stderr
};

// Sets r.result, r.winner and r.first_points from how the game ended: `end` is who won,
// Outcome::Ongoing for a game stopped at the ply cap (half a point each). Needs r.south,
// r.north and r.first. The one place a record's outcome fields are derived, for the
// games played and for the replay that checks them.
void set_outcome(TournamentGame& r, Outcome end);
// The same for another game: `winner` the side that won (0 or 1), -1 for a draw (half a
// point each, result "draw"); `capped` for a game stopped at the ply cap.
void set_any_outcome(TournamentGame& r, int winner, bool capped);

// The rules and ply cap of the tournament a record belongs to: what its moves are
// replayed under.
struct ReplayRules {
  Rules rules;
  int ply_cap = 300;
  std::shared_ptr<const search::AnyGame> game;  // another game than Bao; null for Bao under `rules`
};

// Replays r.moves from r.opening as play::play_game plays (the game ends when
// outcome() decides it, or is capped after exactly ply_cap plies) and throws InputError,
// its message without a location and naming the game and the field, when the opening is
// no position, a move is illegal, played after the end or beyond the cap, or when
// plies, result, winner or first_points differ from what the moves give. A replay is
// a few microseconds per game (docs/reliability.md).
void check_against_moves(const TournamentGame& r, const ReplayRules& replay);

// Reads `path` (missing: no records). A torn last line (no newline at the end: a write
// cut short) is cut off the file when `repair` is true, and noted. A complete line that
// is not a record, the last one included, is an InputError naming the file and line: it
// is not the trace of a kill, so the file is left for a person to look at. With
// `replay`, a record that contradicts its moves (check_against_moves) is such a line
// too. A record whose id appeared before is skipped and noted.
LoadedRecords load_records(const std::string& path, bool repair, const ReplayRules* replay = nullptr);

// Appends records to a file, each line with a single write(2) on an O_APPEND descriptor:
// killing the process cannot leave part of a line (a machine crash can; load_records
// cuts such a line off). Optionally fsyncs after each record. Not thread-safe: the
// caller serialises appends.
class RecordWriter {
 public:
  RecordWriter(const std::string& path, bool fsync);  // throws InputError
  ~RecordWriter();
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;
  void append(const TournamentGame& r);  // throws std::runtime_error on a write error

 private:
  std::string path_;
  int fd_ = -1;
  bool fsync_ = false;
};

}  // namespace bao::experiments
