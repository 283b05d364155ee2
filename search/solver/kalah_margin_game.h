// Kalah as the margin solver (search/solver/margin.h) walks it: the same states, moves
// and children as kalah::KalahGame (engine/kalah/kalah.h), generated without what the
// solver never reads.
//
//   * No hash: a child's KalahState::key is its parent's, stale. The solver keys its
//     table by KalahMarginHook::rest_key (the houses and the side), never by key.
//   * No end test: the solver asks the hook whether the game is over before it asks for
//     children, so children() assumes the game goes on (it returns no move for a side
//     with empty houses all the same).
//   * Sowing by a ring of pit indexes made once per rules: the mover's houses, its store,
//     the opponent's houses (the opponent's store is skipped, Irving et al. 2000).
//
// tests/margin_solver_test.cpp checks every child against kalah::play on random
// positions of both capture rules.
#pragma once

#include <array>
#include <cstdint>

#include "engine/kalah/kalah.h"

namespace bao::search::solver {

struct KalahMarginGame {
  using State = kalah::KalahState;
  using Move = kalah::KalahMove;
  using Child = kalah::KalahChild;
  using Children = kalah::KalahChildren;

  explicit KalahMarginGame(const kalah::KalahRules& r) : rules(r), ring_size_(2 * r.houses + 1) {
    kalah::check_rules(r);
    constexpr int row = kalah::kMaxHouses + 1;  // a side's counts in KalahState::pit
    for (int me = 0; me < 2; ++me) {
      const int you = me ^ 1;
      for (int k = 0; k < ring_size_; ++k)
        ring_[me][k] = static_cast<std::uint8_t>(k < r.houses    ? me * row + k
                                                 : k == r.houses ? me * row + State::kStore
                                                                 : you * row + (k - r.houses - 1));
    }
  }

  kalah::KalahRules rules;

  int side_to_move(const State& s) const { return s.side; }
  int move_index(const Move& m) const { return m.house; }

  void children(const State& s, Children& out) const {
    out.clear();
    for (int i = 0; i < rules.houses; ++i) {
      if (s.house(s.side, i) == 0) continue;
      out.push_back(Child{Move{static_cast<std::uint8_t>(i)}, s});
      sow(out.back().pos, i);
    }
  }

  // Sows house i of the side to move of t in place (kalah::play without the hash).
  void sow(State& t, int i) const {
    const int me = t.side, m = rules.houses, ring = ring_size_;
    const std::uint8_t* at = ring_[me].data();
    std::uint8_t* pit = t.pit.data();
    int seeds = pit[at[i]];
    pit[at[i]] = 0;
    int last = i;
    if (seeds >= ring) {  // whole laps at once: one seed in every ring pit a lap
      const int laps = seeds / ring;
      for (int k = 0; k < ring; ++k) pit[at[k]] = static_cast<std::uint8_t>(pit[at[k]] + laps);
      seeds -= laps * ring;
    }
    for (; seeds > 0; --seeds) {
      if (++last == ring) last = 0;
      ++pit[at[last]];
    }
    if (last < m && pit[at[last]] == 1) {
      const int opposite = at[2 * m - last];  // the opponent's house m-1-last: ring index m+1+(m-1-last)
      if (pit[opposite] > 0 || rules.empty_capture) {
        pit[at[m]] = static_cast<std::uint8_t>(pit[at[m]] + 1 + pit[opposite]);
        pit[at[last]] = 0;
        pit[opposite] = 0;
      }
    }
    if (last != m) t.side = static_cast<std::uint8_t>(me ^ 1);
  }

 private:
  int ring_size_;
  std::array<std::array<std::uint8_t, 2 * kalah::kMaxHouses + 1>, 2> ring_{};
};

}  // namespace bao::search::solver
