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
#include <string>
#include <vector>

#include "engine/kalah/kalah.h"

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
    int total = 0;
    for (int side = 0; side < 2; ++side)
      for (int i = 0; i < rules_.houses; ++i) total += s.house(side, i);
    if (total > k_) return false;
    rest = values_[index(s)];
    return true;
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
  std::vector<std::vector<std::uint64_t>> binom_;  // binom_[n][r], n <= k + 2m + 1
  std::vector<std::int8_t> values_;
};

}  // namespace bao::search::solver
