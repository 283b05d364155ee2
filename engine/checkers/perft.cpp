#include "engine/checkers/perft.h"

#include "engine/checkers/movegen.h"

namespace bao::checkers {

std::uint64_t perft(const State& s, int depth) { return perft_walk(s, depth); }

std::vector<std::pair<Move, std::uint64_t>> divide(const State& s, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  Children ch;
  generate_children(s, ch);
  for (const Child& c : ch) out.emplace_back(c.move, perft(c.pos, depth - 1));
  return out;
}

}  // namespace bao::checkers
