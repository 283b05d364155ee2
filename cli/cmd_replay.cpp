// bao replay: replays a game record, checking every move against the legal moves.
// Per ply: "<ply> <canonical move> <position after>", with --legal preceded by
// "legal <moves>"; last line "result <South wins|North wins|unfinished> (<reason>)".
// --tsv prints the table format of tests/data/game1994-positions.tsv instead.
#include <iostream>

#include "cli/common.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "engine/record.h"
#include "engine/text_input.h"

namespace bao::cli {

int cmd_replay(const std::vector<std::string>& args) {
  PositionOptions o;
  std::string file;
  po::options_description desc("options");
  add_rules_options(desc, o);
  desc.add_options()("legal", "precede each ply by the line 'legal <the legal moves>'")(
      "tsv", "print the table ply, move, legal_before, position_after (tab separated) instead")(
      "board", "finish with the board diagram of the final position")("file", po::value(&file)->value_name("FILE"),
                                                                      "the game record, or - for standard input");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse("replay", "[--variant V] [--rule KEY=VALUE ...] [--legal] [--tsv] [--board] FILE|-", args, desc, &pos, vm,
             &o))
    return kExitOk;
  if (file.empty()) throw po::error("missing FILE: the game record to replay, or - for standard input");
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
