// What perft does per leaf (docs/performance.md, "What bounds perft"): for the three perft
// positions of `bao bench --suite`, the leaves, the legal moves played to their end, and
// per move its laps and seeds sown. Built against a copy of the engine compiled with
// BAO_MOVE_STATS (bench/CMakeLists.txt), so its times are not the engine's: only counts.
//
//   build/bench/bao_perft_stats [KISWAHILI_DEPTH KUJIFUNZA_DEPTH MTAJI_DEPTH]   (10 8 8)
#include <cstdio>
#include <cstdlib>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "experiments/bench_suite.h"

int main(int argc, char** argv) {
  using namespace bao;
  int depths[3] = {10, 8, 8};
  if (argc != 1 && argc != 4) {
    std::fprintf(stderr, "usage: bao_perft_stats [KISWAHILI_DEPTH KUJIFUNZA_DEPTH MTAJI_DEPTH]\n");
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    depths[i - 1] = std::atoi(argv[i]);
    if (depths[i - 1] < 1 || depths[i - 1] > 14) {
      std::fprintf(stderr, "bao_perft_stats: depth %d must be 1 to 14, found '%s'\n", i, argv[i]);
      return 2;
    }
  }
  const struct {
    const char* name;
    Variant variant;
    Position position;
  } lines[3] = {
      {"kiswahili start", Variant::Kiswahili, start_position(Variant::Kiswahili)},
      {"kujifunza start", Variant::Kujifunza, start_position(Variant::Kujifunza)},
      {"kiswahili mtaji", Variant::Kiswahili, parse_position(experiments::kSuiteMidgame, Variant::Kiswahili)}};
  std::printf("%-16s %5s %12s %12s %12s %11s %11s %11s %10s\n", "position", "depth", "leaves", "moves played",
              "moves/leaf", "laps/move", "seeds/move", "seeds/leaf", "long");
  for (int i = 0; i < 3; ++i) {
    Rules rules;
    rules.variant = lines[i].variant;
    move_stats() = {};
    const std::uint64_t leaves = perft(lines[i].position, rules, depths[i]);
    const MoveStats s = move_stats();
    std::printf("%-16s %5d %12llu %12llu %12.3f %11.3f %11.2f %11.2f %10llu\n", lines[i].name, depths[i],
                static_cast<unsigned long long>(leaves), static_cast<unsigned long long>(s.moves),
                double(s.moves) / double(leaves), double(s.laps) / double(s.moves), double(s.seeds) / double(s.moves),
                double(s.seeds) / double(leaves), static_cast<unsigned long long>(s.long_moves));
  }
  return 0;
}
