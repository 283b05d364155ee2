// A small, self-contained game loop for the learners (models/ may not use experiments/):
// seeded openings, one game between two searchers with a ply cap, and a portable
// random generator with normal deviates, so every learning run is fixed by its seed on
// any platform and for any thread count.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "search/searcher.h"

namespace bao::models {

// SplitMix64 (Steele, Lea and Flood 2014) plus the few distributions the learners need,
// written out so that results do not depend on the standard library's distributions.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  // The generator of stream `index` under `seed`: independent of what was drawn before.
  static Rng stream(std::uint64_t seed, std::uint64_t index);
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n >= 1.
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32); }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Standard normal (Box-Muller; one deviate per call, the second is dropped).
  double normal() {
    const double u1 = 1.0 - uniform(), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

 private:
  std::uint64_t state_;
};

// Opening `index` for `seed`: from the variant's start, a number of uniformly drawn
// legal moves in [min_plies, max_plies]; a walk that ends the game is drawn again.
Position random_opening(const Rules& rules, std::uint64_t seed, std::uint64_t index, int min_plies, int max_plies);

struct GameRecord {
  int winner = -1;  // 0 South, 1 North, -1 stopped at the ply cap
  int plies = 0;
  std::vector<Position> positions;         // positions before each ply (only when asked for)
  std::vector<search::BaoResult> results;  // each ply's search result (only when asked for)
};

// Plays from `start` with players[s] moving for side s under `limits` until the game ends
// or ply_cap plies were played. With keep = true the record holds every position before a
// ply and that ply's search result. Throws std::logic_error if a searcher returns no move
// while the game goes on.
GameRecord play_game(const Position& start, const Rules& rules, search::Searcher* const players[2],
                     const search::Limits& limits, int ply_cap, bool keep = false);

// The score of `side` in a game: 1 win, 0.5 capped, 0 loss.
inline double score_for(const GameRecord& g, int side) { return g.winner < 0 ? 0.5 : g.winner == side ? 1.0 : 0.0; }

}  // namespace bao::models
