// bao replay: replays a game record, checking every move against the legal moves.
// Per ply: "<ply> <canonical move> <position after>", with --legal preceded by
// "legal <moves>"; last line "result <South wins|North wins|unfinished> (<reason>)".
// --tsv prints the table format of tests/data/game1994-positions.tsv instead.
//
// Another game than Bao (--game G): the record is its moves in the game's text, separated
// by blanks or new lines ('#' starts a comment), from --position or the game's start;
// per ply "<ply> <move> <position after>", last line "result <the game's outcome>" or
// "result unfinished".
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::cli {

namespace {

// Replays `text` (moves of game g) from `start` and returns the last position; throws
// InputError naming the line and ply of a move that is not legal, with the legal ones.
search::AnyState replay_any(const search::AnyGame& g, search::AnyState s, const std::string& text,
                            const std::string& source, bool legal, bool tsv) {
  std::istringstream lines(text);
  std::string line;
  int ply = 0;
  if (tsv) std::cout << "ply\tmove\tlegal_before\tposition_after\n0\t\t\t" << g.format_state(s) << "\n";
  for (int n = 1; std::getline(lines, line); ++n) {
    std::istringstream words(line.substr(0, line.find('#')));
    std::string move;
    while (words >> move) {
      const auto children = g.children(s);
      std::string moves;
      for (const auto& c : children) moves += (moves.empty() ? "" : " ") + c.first;
      const std::string at = source + ":" + std::to_string(n) + ": ply " + std::to_string(ply + 1) + ": ";
      if (children.empty()) throw InputError(at + "'" + move + "' comes after the end (" + g.outcome(s) + ")");
      try {
        s = g.apply(s, move);
      } catch (const InputError& e) {
        throw InputError(at + e.what());
      }
      ++ply;
      if (tsv) {
        std::cout << ply << "\t" << move << "\t" << moves << "\t" << g.format_state(s) << "\n";
        continue;
      }
      if (legal) std::cout << "legal " << moves << "\n";
      std::cout << ply << " " << move << " " << g.format_state(s) << "\n";
    }
  }
  if (!tsv) std::cout << "result " << (g.over(s) ? g.outcome(s) : "unfinished") << "\n";
  return s;
}

}  // namespace

int cmd_replay(const std::vector<std::string>& args) {
  PositionOptions o;
  std::string file;
  po::options_description desc("options");
  add_position_options(desc, o);
  desc.add_options()("legal", "precede each ply by the line 'legal <the legal moves>'")(
      "tsv", "print the table ply, move, legal_before, position_after (tab separated) instead")(
      "board", "finish with the board diagram of the final position")("file", po::value(&file)->value_name("FILE"),
                                                                      "the game record, or - for standard input");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse("replay",
             "[--game G [--position P] | --variant V] [--rule KEY=VALUE ...] [--legal] [--tsv] [--board] FILE|-", args,
             desc, &pos, vm, &o))
    return kExitOk;
  if (file.empty()) throw po::error("missing FILE: the game record to replay, or - for standard input");
  if (auto g = other_game(o)) {
    const search::AnyState end = replay_any(*g, any_position(*g, o), read_text_file(file),
                                            file == "-" ? "<stdin>" : file, vm.count("legal") > 0, vm.count("tsv") > 0);
    if (vm.count("board")) std::cout << "\n" << g->draw(end);
    return kExitOk;
  }
  if (!o.position.empty())
    throw InputError("--position: a Bao record states its start in its headers (notation.md, Game record)");
  const Rules rules = make_rules(o);
  const GameRecord g = read_game(read_text_file(file), file == "-" ? "<stdin>" : file, rules, o.variant_given);

  if (vm.count("tsv")) {
    std::cout << "ply\tmove\tlegal_before\tposition_after\n0\t\t\t" << format_position(g.start) << "\n";
    for (const GamePly& p : g.plies)
      std::cout << ply_label(p.number, p.side) << "\t" << format_move(p.move, p.side) << "\t"
                << format_moves(p.legal, p.side) << "\t" << format_position(p.after) << "\n";
  } else {
    for (const GamePly& p : g.plies) {
      if (vm.count("legal")) std::cout << "legal " << format_moves(p.legal, p.side) << "\n";
      std::cout << ply_label(p.number, p.side) << " " << format_move(p.move, p.side) << " " << format_position(p.after)
                << "\n";
    }
    const char* result = g.result == Outcome::SouthWins   ? "South wins"
                         : g.result == Outcome::NorthWins ? "North wins"
                                                          : "unfinished";
    std::cout << "result " << result << " (" << g.reason << ")\n";
  }
  if (vm.count("board")) std::cout << "\n" << format_board(g.final_position(), g.rules);
  return kExitOk;
}

}  // namespace bao::cli
