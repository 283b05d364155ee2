// Conformance: thousands of seeded random games per variant, checking after every ply
// the invariants every position and move list must keep.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/random.h"

namespace bao {
namespace {

// The order of notation.md's legal-move lists, from the text alone: row A B a b, pit,
// L before R, without '>' before with '>'.
std::tuple<int, int, int, int> canonical_key(const std::string& text) {
  const std::string rows = "ABab";
  return {static_cast<int>(rows.find(text[0])), text[1] - '0', text[2] == 'R', text.find('>') != std::string::npos};
}

struct Stats {
  int plies = 0, max_plies = 0;
};

void play_random_games(Variant v, int games, std::uint64_t seed, Stats& stats) {
  Rules rules;
  rules.variant = v;
  constexpr int kPlyCap = 2000;                         // far above any game seen; a game reaching it fails the test
  std::unordered_map<std::uint64_t, std::string> seen;  // key -> position, for collisions
  for (int g = 0; g < games; ++g) {
    SplitMix64 rng{seed + static_cast<std::uint64_t>(g)};
    Position p = start_position(v);
    int ply = 0;
    for (;; ++ply) {
      SCOPED_TRACE("game " + std::to_string(g) + " ply " + std::to_string(ply) + ": " + format_position(p));
      ASSERT_LT(ply, kPlyCap) << "the game did not end";
      ASSERT_EQ(seed_total(p), kSeeds);
      const std::string text = format_position(p);
      const Position back = parse_position(text, v);
      ASSERT_TRUE(back == p) << "position string does not read back";
      ASSERT_EQ(p.key, p.compute_key()) << "stored hash differs from one computed from scratch";
      ASSERT_EQ(back.key, p.key);
      const auto [it, fresh] = seen.emplace(p.key, text);
      ASSERT_TRUE(fresh || it->second == text) << "hash collision with " << it->second;

      MoveList moves;
      generate_moves(p, rules, moves);
      ASSERT_EQ(static_cast<int>(moves.size()), count_legal_moves(p, rules));
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::string mt = format_move(moves[i], p.side);
        EXPECT_EQ(parse_move(mt, p, rules, "conformance"), moves[i]) << mt << " does not read back";
        if (i > 0) {
          const std::string prev = format_move(moves[i - 1], p.side);
          ASSERT_LT(canonical_key(prev), canonical_key(mt)) << "list not sorted or has duplicates";
        }
      }
      // A position with a legal move is ongoing; one without is decided (rules.md 8).
      const Outcome result = outcome(p, rules);
      if (moves.empty()) {
        ASSERT_NE(result, Outcome::Ongoing);
        ASSERT_STRNE(outcome_reason(p, rules), "");
        break;
      }
      ASSERT_EQ(result, Outcome::Ongoing);
      ASSERT_STREQ(outcome_reason(p, rules), "");
      p = apply_move(p, moves[rng.next() % moves.size()], rules);
    }
    stats.plies += ply;
    stats.max_plies = std::max(stats.max_plies, ply);
  }
}

TEST(Conformance, KiswahiliRandomGames) {
  Stats s;
  play_random_games(Variant::Kiswahili, 2000, 1, s);
  RecordProperty("plies", s.plies);
  std::printf("kiswahili: 2000 games, %d plies, longest %d\n", s.plies, s.max_plies);
}

TEST(Conformance, KujifunzaRandomGames) {
  Stats s;
  play_random_games(Variant::Kujifunza, 2000, 1, s);
  std::printf("kujifunza: 2000 games, %d plies, longest %d\n", s.plies, s.max_plies);
}

}  // namespace
}  // namespace bao
