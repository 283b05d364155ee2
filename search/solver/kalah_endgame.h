// A Kalah endgame database: the exact rest of the game (final margin minus the store
// difference, South's view) of every position with at most k seeds in the houses, for
// one rules setting, both sides to move. As Irving, Donkers and Uiterwijk ("Solving
// Kalah", 2000) did, the values are computed by forward minimax from each position (a
// move never adds seeds to the houses, so every successor has at most as many seeds and
// is in the database too; Kalah's game graph has no cycles), not by reverse moves.
//
// Index: the houses (South's 1..m, North's 1..m) as a vector of 2m counts with sum <= k,
// ranked among all such vectors (C(k + 2m, 2m) of them), times two for the side.
// The file: a text line "kalah-endgame 1 houses=M empty_capture=B end=E seeds=K" then
// one signed byte a position; load() rejects a file for other rules or another k.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "engine/kalah/kalah.h"
#include "search/solver/kalah_margin_game.h"
#include "search/solver/margin_pages.h"

namespace bao::search::solver {

class KalahEndgameDb {
 public:
  // Computes every value (seconds to a minute for m = 6, k = 16 on one core).
  // Throws InputError when the table would exceed 4 GiB.
  KalahEndgameDb(const kalah::KalahRules& rules, int seeds);
  // Reads a database written by save(); throws InputError naming what does not match.
  static KalahEndgameDb load(const std::string& path, const kalah::KalahRules& rules, int seeds);
  void save(const std::string& path) const;

  int seeds() const { return k_; }
  std::size_t size() const { return values_.size(); }
  // The rest at s when its houses hold at most seeds() seeds.
  bool lookup(const kalah::KalahState& s, int& rest) const {
    if (house_seeds(s) > k_) return false;
    rest = values_[index(s)];
    return true;
  }
  // Starts loading the value lookup(s) will read, if the database holds s.
  void prefetch(const kalah::KalahState& s) const {
    if (house_seeds(s) <= k_) __builtin_prefetch(&values_[index(s)]);
  }
  // The seeds in both sides' houses: each side's 8 house counts read as one word, its
  // bytes summed by a multiply (a side's houses past m are empty; at most 192 seeds, so
  // no byte of the sum overflows).
  static int house_seeds(const kalah::KalahState& s) {
    std::uint64_t a, b;
    std::memcpy(&a, s.pit.data(), 8);
    std::memcpy(&b, s.pit.data() + kalah::kMaxHouses + 1, 8);
    constexpr std::uint64_t ones = 0x0101010101010101ull;
    return static_cast<int>((a * ones) >> 56) + static_cast<int>((b * ones) >> 56);
  }

 private:
  struct Empty {};
  KalahEndgameDb(const kalah::KalahRules& rules, int seeds, Empty);
  std::size_t index(const kalah::KalahState& s) const;
  int compute(const kalah::KalahState& s);
  std::string header() const;

  static constexpr std::int8_t kUnknown = -128;
  kalah::KalahRules rules_;
  int k_ = 0;
  KalahMarginGame moves_;                          // the children, without the engine's hash
  std::vector<std::vector<std::uint64_t>> binom_;  // binom_[n][r], n <= k + 2m + 1
  // below_[cell * (k + 1) + t] = C(t + r + 1, r + 1), r the cells after `cell`: the
  // vectors that agree before the cell, with t seeds left for it and the rest, number
  // below_[t] - below_[t - v] with fewer than v seeds in it (index()).
  std::vector<std::uint64_t> below_;
  PageArray<std::int8_t> values_;
};

}  // namespace bao::search::solver
