// perft from the checkers start against the published counts (tests/checkers_perft_counts.h)
// to a depth given on the command line (CTest runs 12), with nodes per second and the
// divide by first move of the last depth. Exit 0 when every count matches, 1 otherwise.
//   build/tests/bao_checkers_perft [DEPTH]        (DEPTH 1-14, default 12)
//   build/tests/bao_checkers_perft --twins DEPTH  how many positions at each ply up to
//                                                 DEPTH have two capture routes taking
//                                                 the same pieces (docs/checkers.md)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "checkers_perft_counts.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"

namespace {

using namespace bao::checkers;

// Counts, per ply, the positions and those where two capture routes take the same pieces
// from the same square to the same square (only a king can do that).
void census(const State& s, int ply, int depth, std::uint64_t* twins, std::uint64_t* all) {
  ++all[ply];
  Children ch;
  generate_children(s, ch);
  if (s.kings & s.pieces[s.side] && !ch.empty() && ch[0].move.capture()) {
    bool twin = false;
    for (std::size_t i = 0; i < ch.size() && !twin; ++i)
      for (std::size_t j = i + 1; j < ch.size() && !twin; ++j)
        twin = ch[i].move.from == ch[j].move.from && ch[i].move.to == ch[j].move.to &&
               ch[i].move.captured == ch[j].move.captured;
    if (twin && !twins[ply]) {
      std::printf("first at ply %d: %s:", ply, fen(s).c_str());
      for (const Child& c : ch) std::printf(" %s", move_text(c.move).c_str());
      std::printf("\n");
    }
    twins[ply] += twin;
  }
  if (ply == depth) return;
  for (const Child& c : ch) census(c.pos, ply + 1, depth, twins, all);
}

int depth_arg(const char* a) {
  char* end = nullptr;
  const long d = std::strtol(a, &end, 10);
  if (*end || d < 1 || d > testing::kPublishedDepth) {
    std::fprintf(stderr, "bao_checkers_perft: DEPTH must be 1-%d, not '%s'\n", testing::kPublishedDepth, a);
    std::exit(2);
  }
  return static_cast<int>(d);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--twins") == 0) {
    const int depth = depth_arg(argv[2]);
    std::uint64_t twins[16] = {}, all[16] = {};
    census(start_state(), 0, depth, twins, all);
    for (int p = 0; p <= depth; ++p)
      std::printf("ply %2d: %llu positions, %llu with twin routes\n", p, static_cast<unsigned long long>(all[p]),
                  static_cast<unsigned long long>(twins[p]));
    return 0;
  }
  if (argc > 2) {
    std::fprintf(stderr, "usage: bao_checkers_perft [DEPTH] | --twins DEPTH\n");
    return 2;
  }
  const int depth = argc == 2 ? depth_arg(argv[1]) : 12;
  const State s = start_state();
  int bad = 0;
  // The last depth is counted once, by its divide.
  std::vector<std::pair<Move, std::uint64_t>> split;
  for (int d = 1; d <= depth; ++d) {
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t n = 0;
    if (d < depth) {
      n = perft(s, d);
    } else {
      split = divide(s, d);
      for (const auto& entry : split) n += entry.second;
    }
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const bool ok = n == testing::kPublishedPerft[d];
    bad += !ok;
    std::printf("perft(%2d) = %12llu  %s  %8.3f s  %6.1f M nodes/s\n", d, static_cast<unsigned long long>(n),
                ok ? "ok" : "WRONG", sec, sec > 0 ? n / sec / 1e6 : 0.0);
  }
  std::printf("divide(%d):\n", depth);
  for (const auto& [m, n] : split)
    std::printf("  %-6s %12llu\n", move_text(m).c_str(), static_cast<unsigned long long>(n));
  if (bad) std::printf("%d count(s) differ from the published ones\n", bad);
  return bad ? 1 : 0;
}
