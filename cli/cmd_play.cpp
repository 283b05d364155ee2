// bao play: a game on the terminal. A person against an engine (any player an
// experiment config can describe), two people, or two engines (watch). The board is
// drawn as `bao show` draws it after every move, with the legal moves; moves are read
// with the lenient reader of engine/bao/notation.h; the commands undo, hint, moves,
// save FILE, position, board, help and quit work at every prompt. Reads standard
// input line by line (each at most 64 KiB), so it can be scripted; end of input ends the
// game quietly. On a terminal (input and output) the screen is redrawn in place, the last
// two moves marked and the engine's iterations on one line; piped, or with --plain, each
// board follows the last, as plain text.
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "cli/game_session.h"
#include "cli/play_any_game.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/strength_mode.h"

namespace bao::cli {
namespace {

struct PlayOptions {
  PositionOptions pos;
  std::string side = "south";
  std::vector<std::string> opponents;
  std::string eval = models::kStrengthEval;
  int depth = 0;
  std::int64_t nodes = 0, time_ms = 0;
  std::string config;
  std::vector<std::string> players;
  int ply_cap = 300;
  std::string save;
  bool quiet = false;
  bool plain = false;  // on a terminal too, each board below the last (as when piped)
};

const char* side_name(int s) { return s == South ? "South" : "North"; }

class PlayLoop {
 public:
  PlayLoop(const PlayOptions& o, const Rules& rules, const Position& start, const bool human[2],
           const std::vector<experiments::PlayerConfig>& players)
      : o_(o), game_(rules, start), human_{human[0], human[1]} {
    // Two players are South's and North's engines when both sides are engines.
    const bool watch = !human_[0] && !human_[1];
    for (int s = 0; s < 2; ++s)
      if (!human_[s]) engines_[s] = make_engine(players.at(watch && players.size() > 1 ? s : 0), rules);
    hint_ = make_engine(players.front(), rules);
    tty_ = isatty(STDIN_FILENO);
    live_ = !o.plain && tty_ && isatty(STDOUT_FILENO);
  }

  int run() {
    for (int s = 0; s < 2; ++s) std::cout << side_name(s) << ": " << player_name(s) << "\n";
    if (human_[0] || human_[1])
      std::cout << "Type a move (South's rows are A and B, North's a and b: A6L*, a5R) or a command: moves, hint, "
                   "undo, save FILE, position, board, help, quit.\n";
    draw();
    std::string failed;  // why an engine could not move: the game stops, is saved, then fails
    while (true) {
      if (game_.over()) {
        if (!announced_) std::cout << "game over: " << result_text(game_.current(), game_.rules()) << "\n";
        announced_ = true;
        if (!human_[0] && !human_[1]) break;
      } else if (!human_[game_.current().side]) {
        if (!human_[0] && !human_[1] && static_cast<int>(game_.plies()) >= o_.ply_cap) {
          std::cout << "stopped: ply cap (" << o_.ply_cap << " plies)\n";
          break;
        }
        try {
          engine_move();
        } catch (const InputError& e) {  // a search that stops itself (om-bounded)
          failed = e.what();
          break;
        }
        draw();
        continue;
      }
      std::string line;
      try {
        if (!prompt(line)) break;
      } catch (const InputError& e) {  // a line past the cap: the game stops, is saved, then fails
        failed = e.what();
        break;
      }
      if (!command(line)) break;
    }
    if (!o_.save.empty()) save(o_.save);  // --save: a failure is the command's error
    if (!failed.empty()) throw InputError(failed);
    return kExitOk;
  }

 private:
  std::string player_name(int s) const { return human_[s] ? "human" : engines_[s].label(); }

  void draw() {
    if (live_) return draw_live();
    std::cout << "\n" << format_board(game_.current(), game_.rules());
    if (!game_.over() && human_[game_.current().side]) list_moves();
  }

  void list_moves() { std::cout << "legal moves:  " << format_moves(game_.legal(), game_.current().side) << "\n"; }

  // Reads one line; false at the end of input. Echoes it when input is not a terminal,
  // so that a transcript shows what was typed. A line longer than kMaxLineBytes (64 KiB)
  // throws InputError once that much is read (`< /dev/zero` grew without bound).
  bool prompt(std::string& line) {
    const Position& p = game_.current();
    if (game_.over())
      std::cout << "game over (undo, save FILE, position, quit)> ";
    else
      std::cout << side_name(p.side) << " to move> ";
    std::cout.flush();
    if (!read_line(std::cin, line, "standard input")) {
      std::cout << "\n";
      return false;
    }
    if (!tty_) std::cout << line << "\n";
    return true;
  }

  // Handles one input line; false to stop.
  bool command(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    in >> word;
    if (word.empty()) return true;
    if (word == "quit" || word == "exit") return false;
    if (word == "help") {
      std::cout << "a move (A5R, a6L*, A5L>; the direction may be left out where only one move fits):\n"
                   "  L, R       the way the seeds go: to the lower or higher pit number (on a capture,\n"
                   "             the end of the row where the captured seeds enter)\n"
                   "  *          a move that captures nothing (takasa)\n"
                   "  >          on a capture that reaches the house: go on and sow the house (safari);\n"
                   "             the same move without > stops there\n"
                   "or a command:\n"
                   "  moves      list the legal moves\n"
                   "  hint       the engine's move, value and principal variation\n"
                   "  undo       take back your last move (and the engine's reply)\n"
                   "  save FILE  write the game record (bao replay FILE reads it)\n"
                   "  position   print the position string\n"
                   "  board      draw the board again\n"
                   "  quit       end the game\n";
    } else if (word == "moves") {
      if (game_.over())
        std::cout << "no legal moves: " << result_text(game_.current(), game_.rules()) << "\n";
      else
        list_moves();
    } else if (word == "position") {
      std::cout << format_position(game_.current()) << "\n";
    } else if (word == "board") {
      draw();
    } else if (word == "undo") {
      undo();
    } else if (word == "hint") {
      hint();
    } else if (word == "save") {
      std::string file;
      std::getline(in >> std::ws, file);
      if (file.empty())
        std::cout << "save: give a file name (save FILE)\n";
      else
        try {
          save(file);
        } catch (const InputError& e) {
          std::cout << "save: " << e.what() << "\n";
        }
    } else {
      try {
        const Side mover = static_cast<Side>(game_.current().side);
        const Move m = game_.play_text(line);
        announce(std::string(side_name(mover)) + " plays " + format_move(m, mover));
        draw();
      } catch (const InputError& e) {
        std::cout << "illegal: " << e.what() << "\n";
      }
    }
    return true;
  }

  void undo() {
    if (game_.plies() == 0) {
      std::cout << "nothing to undo\n";
      return;
    }
    std::vector<std::string> taken;
    const std::vector<std::string> texts = game_.move_texts();
    do {
      taken.insert(taken.begin(), texts[game_.plies() - 1]);
      game_.undo();
    } while (game_.plies() > 0 && !human_[game_.current().side]);
    announced_ = false;
    std::string t;
    for (const auto& s : taken) t += " " + s;
    announce("undone:" + t);
    draw();
  }

  search::BaoResult think(Engine& e) {
    const int side = game_.current().side;
    return e.player.searcher->search(game_.current(), e.player.limits, [&](const search::BaoResult& it) {
      if (o_.quiet) return;
      if (live_) return think_live(it, side);
      std::cout << "  thinking: depth " << it.depth << "  value " << it.value << "  nodes " << it.nodes << "  pv "
                << format_pv(it, side) << "\n"
                << std::flush;
    });
  }

  void engine_move() {
    const Side mover = static_cast<Side>(game_.current().side);
    const search::BaoResult r = think(engines_[mover]);
    if (!r.has_move) throw std::logic_error("the engine found no move in a game that goes on");
    announce(std::string(side_name(mover)) + " plays " + format_move(r.best, mover) + "  (value " +
             std::to_string(r.value) + ", depth " + std::to_string(r.depth) + ")");
    game_.play(r.best);
  }

  void hint() {
    if (game_.over()) {
      std::cout << "no hint: " << result_text(game_.current(), game_.rules()) << "\n";
      return;
    }
    const int side = game_.current().side;
    search::BaoResult r;
    try {
      r = think(hint_);
    } catch (const InputError& e) {  // a search that stops itself (om-bounded): the game goes on
      end_thinking_line();
      std::cout << "no hint: " << e.what() << "\n";
      return;
    }
    end_thinking_line();
    std::cout << "hint: " << format_move(r.best, side) << "  value " << r.value << "  depth " << r.depth << "  pv "
              << format_pv(r, side) << "  (" << hint_.label() << ")\n";
  }

  // Throws InputError naming the file when it cannot be written.
  void save(const std::string& file) {
    write_text_file_atomically(file, write_game(game_.to_record(player_name(South), player_name(North))));
    std::cout << "saved " << file << " (" << game_.plies() << " plies)\n";
  }

  // ---- on a terminal (live_): the screen redrawn in place

  // A line that says what happened ("South plays A6L*", "undone: ..."): printed at once
  // when the output is plain; on a terminal kept for the next redraw, which shows the
  // last few under the board.
  void announce(const std::string& line) {
    if (!live_) {
      std::cout << line << "\n";
      return;
    }
    recent_.push_back(line);
    if (recent_.size() > 3) recent_.erase(recent_.begin());
  }

  // One search iteration on the one line the search keeps rewriting (carriage return,
  // erase to the end of the line); the last one stays on the screen after the move.
  void think_live(const search::BaoResult& it, int side) {
    thinking_ = "  thinking: depth " + std::to_string(it.depth) + "  value " + std::to_string(it.value) + "  nodes " +
                std::to_string(it.nodes) + "  pv " + format_pv(it, side);
    // Cut to the width of a narrow terminal: a wrapped line would no longer be rewritten.
    std::cout << "\r\033[K" << thinking_.substr(0, 79) << std::flush;
  }

  // After a hint's search on a terminal: ends the line think_live kept rewriting, so that
  // what follows starts a line of its own, and keeps that line out of the next redraw,
  // where the search line stands for the engine's own move.
  void end_thinking_line() {
    if (!live_ || thinking_.empty()) return;
    std::cout << "\n";
    thinking_.clear();
  }

  // The whole screen: the players, the board with the last two moves' pits marked
  // (the latest in reverse video, the one before underlined), what just happened, the
  // engine's last search line and the legal moves; the prompt follows.
  void draw_live() {
    std::cout << "\033[H\033[2J";  // cursor home, clear the screen
    for (int s = 0; s < 2; ++s) std::cout << side_name(s) << ": " << player_name(s) << (s ? "\n" : "    ");
    if (human_[0] || human_[1])
      std::cout << "Type a move (A6L*, a5R) or a command: moves, hint, undo, save FILE, position, board, help, quit.\n";
    std::vector<std::pair<std::string, const char*>> marks;  // pit, ANSI attribute
    std::string legend;
    const std::vector<std::string> texts = game_.move_texts();
    for (std::size_t back = std::min<std::size_t>(2, game_.plies()); back >= 1; --back) {
      const std::size_t i = game_.plies() - back;
      const int side = game_.position(i).side;
      marks.emplace_back(pit_name(side, game_.moves()[i].pit), back == 1 ? "7" : "4");
      legend += std::string(legend.empty() ? "last moves:   " : ", ") + side_name(side) + " " + texts[i] +
                (back == 1 ? " (reversed)" : " (underlined)");
    }
    std::cout << "\n" << mark_pits(format_board(game_.current(), game_.rules()), marks);
    if (!legend.empty()) std::cout << legend << "\n";
    for (const std::string& line : recent_) std::cout << line << "\n";
    if (!thinking_.empty()) std::cout << thinking_ << "\n";
    thinking_.clear();
    if (!game_.over() && human_[game_.current().side]) list_moves();
  }

  // `board` (format_board's text) with the cells of `marks` (pit names such as "A6")
  // wrapped in an ANSI attribute. A row line starts with two spaces and its letter; its
  // eight cells follow in the order drawn: North's pits 8..1, South's 1..8.
  static std::string mark_pits(const std::string& board,
                               const std::vector<std::pair<std::string, const char*>>& marks) {
    std::istringstream in(board);
    std::string out, line;
    while (std::getline(in, line)) {
      for (const auto& [pit, attr] : marks) {
        if (line.size() < 4 || line.compare(0, 4, "  " + pit.substr(0, 1) + " ") != 0) continue;
        const int k = pit[1] - '0';
        const int column = (pit[0] == 'A' || pit[0] == 'B') ? k - 1 : 8 - k;
        std::size_t at = 3;
        for (int c = 0; c <= column && at != std::string::npos; ++c) {
          at = line.find_first_not_of(' ', at);
          if (c < column && at != std::string::npos) at = line.find(' ', at);
        }
        if (at == std::string::npos) continue;
        const std::size_t end = std::min(line.find(' ', at), line.size());
        line = line.substr(0, at) + "\033[" + attr + "m" + line.substr(at, end - at) + "\033[0m" + line.substr(end);
      }
      out += line + "\n";
    }
    return out;
  }

  const PlayOptions& o_;
  GameSession game_;
  bool human_[2];
  Engine engines_[2];
  Engine hint_;
  bool tty_ = false;
  bool announced_ = false;
  bool live_ = false;                // a terminal: the screen redrawn in place (draw_live)
  std::vector<std::string> recent_;  // the last announce() lines, for the redraw
  std::string thinking_;             // the engine's last search line, shown once after its move
};

void add_play_options(po::options_description& desc, PlayOptions& o) {
  add_position_options(desc, o.pos);
  desc.add_options()("side", po::value(&o.side)->value_name("S"),
                     "the side(s) you play: south (default), north, both (two people) or none (watch two engines)")(
      "opponent", po::value(&o.opponents)->value_name("SPEC")->composing(),
      "the engine's searcher with parameters (default engine, the strength mode: docs/strength.md); twice with "
      "--side none: South's, then North's")(
      "eval", po::value(&o.eval)->value_name("E"),
      "the engine's evaluator (default td-long, the strongest at equal time: docs/strength.md)")(
      "depth", po::value(&o.depth)->value_name("D"), "the engine's search depth (default 6 when no limit is given)")(
      "nodes", po::value(&o.nodes)->value_name("N"), "the engine's node limit")(
      "time-ms", po::value(&o.time_ms)->value_name("T"), "the engine's time limit per move")(
      "opponent-config", po::value(&o.config)->value_name("FILE"),
      "take the engine from an experiment config (bao run) instead, with --player")(
      "player", po::value(&o.players)->value_name("NAME")->composing(),
      "the config's player; twice with --side none: South's, then North's")(
      "ply-cap", po::value(&o.ply_cap)->value_name("N"), "with --side none: stop after N plies (default 300)")(
      "save", po::value(&o.save)->value_name("FILE"), "write the game record to FILE when the game ends")(
      "quiet", "do not print the engine's search info while it thinks")(
      "plain", "on a terminal too, draw each board below the last instead of redrawing the screen");
}

std::vector<experiments::PlayerConfig> engine_players(const PlayOptions& o, const po::variables_map& vm) {
  std::vector<experiments::PlayerConfig> specs;
  if (!o.config.empty()) {
    if (o.players.empty()) throw po::error("--opponent-config needs --player NAME");
    if (!o.opponents.empty()) throw po::error("give either --opponent or --opponent-config, not both");
    if (o.players.size() > 2) throw po::error("--player: at most two (South's, then North's)");
    for (const auto& p : o.players) specs.push_back(player_from_config(o.config, p));
    return specs;
  }
  if (!o.players.empty()) throw po::error("--player needs --opponent-config FILE");
  if (o.opponents.size() > 2) throw po::error("--opponent: at most two (South's, then North's)");
  if (vm.count("depth") && o.depth < 1) throw po::error("--depth must be at least 1, found " + std::to_string(o.depth));
  if (vm.count("nodes") && o.nodes < 1) throw po::error("--nodes must be at least 1, found " + std::to_string(o.nodes));
  if (vm.count("time-ms") && o.time_ms < 1)
    throw po::error("--time-ms must be at least 1, found " + std::to_string(o.time_ms));
  std::vector<std::string> names = o.opponents;
  if (names.empty()) names.push_back(models::kStrengthSearcher);
  for (const auto& n : names) {
    experiments::PlayerConfig s;
    s.searcher = n;
    s.eval = o.eval;
    s.depth = o.depth;
    s.nodes = static_cast<std::uint64_t>(o.nodes);
    s.time_ms = o.time_ms;
    if (!s.depth && !s.nodes && !s.time_ms) s.depth = 6;
    specs.push_back(s);
  }
  return specs;
}

}  // namespace

int cmd_play(const std::vector<std::string>& args) {
  PlayOptions o;
  po::options_description desc("options");
  add_play_options(desc, o);
  po::variables_map vm;
  if (!parse("play",
             "[--game G | --variant V] [--rule KEY=VALUE ...] [--position P] [--side south|north|both|none]\n"
             "         [--opponent SPEC [--eval E] [--depth D] [--nodes N] [--time-ms T] |\n"
             "          --opponent-config FILE --player NAME] [--ply-cap N] [--save FILE] [--quiet] [--plain]",
             args, desc, nullptr, vm, &o.pos))
    return kExitOk;
  o.quiet = vm.count("quiet") > 0;
  o.plain = vm.count("plain") > 0;
  bool human[2];
  if (o.side == "south" || o.side == "South" || o.side == "S") {
    human[0] = true, human[1] = false;
  } else if (o.side == "north" || o.side == "North" || o.side == "N") {
    human[0] = false, human[1] = true;
  } else if (o.side == "both") {
    human[0] = human[1] = true;
  } else if (o.side == "none") {
    human[0] = human[1] = false;
  } else {
    throw po::error("--side: expected south, north, both or none, found '" + o.side + "'");
  }
  if (o.ply_cap < 1) throw po::error("--ply-cap must be at least 1, found " + std::to_string(o.ply_cap));
  if (const auto g = other_game(o.pos)) {
    if (!o.config.empty() || !o.players.empty() || !o.save.empty() || o.opponents.size() > 1)
      throw po::error("with --game " + o.pos.game +
                      ": one --opponent at most, and --opponent-config, --player and --save are Bao's");
    AnyPlayOptions a;
    a.human[0] = human[0];
    a.human[1] = human[1];
    if (!o.opponents.empty()) a.searcher = o.opponents[0];
    if (vm.count("eval")) a.eval = o.eval;
    a.limits.depth = o.depth;
    a.limits.nodes = static_cast<std::uint64_t>(o.nodes);
    a.limits.time_ms = o.time_ms;
    if (o.depth == 0 && o.nodes == 0 && o.time_ms == 0) a.limits.depth = 6;
    a.ply_cap = o.ply_cap;
    a.quiet = o.quiet;
    return play_any_game(*g, any_position(*g, o.pos), a);
  }
  const Rules rules = make_rules(o.pos);
  const Position start = make_position(o.pos, rules);
  const std::vector<experiments::PlayerConfig> players = engine_players(o, vm);
  if (players.size() > 1 && (human[0] || human[1]))
    throw po::error("two engines (--opponent or --player twice) play each other only with --side none");
  if (!o.save.empty()) {
    // Found now rather than after the game: a --save into a folder that is not there.
    const std::filesystem::path folder = std::filesystem::path(o.save).parent_path();
    std::error_code ec;
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
      throw InputError("--save: '" + folder.string() + "' is not a folder");
  }
  PlayLoop loop(o, rules, start, human, players);
  return loop.run();
}

}  // namespace bao::cli
