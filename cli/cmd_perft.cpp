// bao perft: perft(p, depth) as notation.md defines it (for another game, --game, a node
// is one move of that game: docs/kalah.md); --divide gives it per first move. The count
// is the last line of stdout; the speed goes to stderr.
#include <chrono>
#include <iostream>

#include "cli/common.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"

namespace bao::cli {

namespace {

std::uint64_t bao_perft(const PositionOptions& o, int depth, bool divide) {
  const Rules rules = make_rules(o);
  const Position p = make_position(o, rules);
  if (!divide || depth == 0) return perft(p, rules, depth);
  std::uint64_t total = 0;
  ChildList children;
  generate_children(p, rules, children);
  for (const Child& c : children) {
    const std::uint64_t n = perft(c.pos, rules, depth - 1);
    std::cout << format_move(c.move, p.side) << " " << n << "\n";
    total += n;
  }
  return total;
}

std::uint64_t any_perft(const search::AnyGame& g, const PositionOptions& o, int depth, bool divide) {
  const search::AnyState s = any_position(g, o);
  if (!divide || depth == 0) return g.perft(s, depth);
  std::uint64_t total = 0;
  for (const auto& [move, child] : g.children(s)) {
    const std::uint64_t n = g.perft(child, depth - 1);
    std::cout << move << " " << n << "\n";
    total += n;
  }
  return total;
}

}  // namespace

int cmd_perft(const std::vector<std::string>& args) {
  PositionOptions o;
  int depth = 0;
  po::options_description desc("options");
  add_position_options(desc, o);
  desc.add_options()("depth", po::value(&depth)->required()->value_name("D"), "depth in plies, 0..30")(
      "divide", "print the count below each legal move first");
  po::variables_map vm;
  if (!parse("perft", std::string(kPositionSynopsis) + " --depth D [--divide]", args, desc, nullptr, vm, &o))
    return kExitOk;
  if (depth < 0 || depth > 30) throw po::error("--depth must be between 0 and 30, found " + std::to_string(depth));
  const auto other = other_game(o);
  const bool divide = vm.count("divide") > 0;

  const auto t0 = std::chrono::steady_clock::now();
  const std::uint64_t total = other ? any_perft(*other, o, depth, divide) : bao_perft(o, depth, divide);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << total << "\n";
  std::cerr << "perft depth " << depth << ": " << total << " nodes in " << secs << " s ("
            << static_cast<std::uint64_t>(secs > 0 ? total / secs : 0) << " nodes/s)\n";
  return kExitOk;
}

}  // namespace bao::cli
