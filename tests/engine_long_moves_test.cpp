// Long takasa moves (engine/bao/long_moves.h): the fast proof against the lap-by-lap reference.
//
// The reference is move execution with LongMoveOptions{fast_takasa = false, verdict_cache =
// false}: every lap played one by one on the whole in-move state, Brent's cycle detection on
// it, no cache. For positions with long moves -- from seeded random games of both variants,
// and constructed ones (many seeds in the mover's ring; kujifunza, kiswahili mtaji with and
// without a takasia-ed pit and an owned house, namua with an owned house) -- the fast path,
// with and without the verdict cache, must give the same children: the same moves in the
// same order and the same positions, keys included. The long-move set of the benchmark
// (tests/data/long-move-set.txt) is checked to be what its comment says it is.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/bao/long_moves.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/random.h"

namespace bao {
namespace {

constexpr LongMoveOptions kReference{false, false};
constexpr LongMoveOptions kFast{true, false};
constexpr LongMoveOptions kFastCached{true, true};

// Restores the default options when a test ends, also on a failed assertion.
struct OptionsGuard {
  ~OptionsGuard() { set_long_move_options(LongMoveOptions{}); }
};

ChildList children_with(const Position& p, const Rules& r, const LongMoveOptions& o) {
  set_long_move_options(o);
  ChildList out;
  generate_children(p, r, out);
  return out;
}

std::string describe(const ChildList& list, int side) {
  std::string s;
  for (const Child& c : list) s += format_move(c.move, side) + " -> " + format_position(c.pos) + "\n";
  return s;
}

// The laps the fast path may spend on one position before the reference is skipped there
// (the reference needs up to 16 times as many laps, and a few times more for Brent).
constexpr std::uint64_t kMaxFastLaps = 400'000;

struct Tally {
  int positions = 0;             // positions compared
  std::uint64_t long_moves = 0;  // long moves among their candidates (fast path)
  std::uint64_t infinite = 0;    // of those, never-ending
  std::uint64_t fast_laps = 0, reference_laps = 0;
  int skipped = 0;  // positions whose long moves were too long for the reference
};

// Compares the three ways on p (skipped when the fast proof alone takes more than
// max_fast_laps laps); counts what it saw.
void compare(const Position& p, const Rules& r, Tally& tally, std::uint64_t max_fast_laps = kMaxFastLaps) {
  reset_long_move_stats();
  const ChildList fast = children_with(p, r, kFast);
  const LongMoveStats fs = long_move_stats();
  if (fs.long_moves == 0) return;  // nothing long: the three ways run the same code
  if (fs.laps > max_fast_laps) {
    ++tally.skipped;
    return;
  }
  reset_long_move_stats();
  const ChildList ref = children_with(p, r, kReference);
  const LongMoveStats rs = long_move_stats();
  const ChildList cached = children_with(p, r, kFastCached);
  const ChildList cached_again = children_with(p, r, kFastCached);  // read back from the cache
  const std::string want = describe(ref, p.side);
  ASSERT_EQ(describe(fast, p.side), want) << format_position(p);
  ASSERT_EQ(describe(cached, p.side), want) << format_position(p);
  ASSERT_EQ(describe(cached_again, p.side), want) << format_position(p);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_TRUE(fast[i].pos == ref[i].pos && fast[i].pos.key == ref[i].pos.key) << format_position(p);
    ASSERT_TRUE(cached_again[i].pos == ref[i].pos && cached_again[i].pos.key == ref[i].pos.key);
  }
  ++tally.positions;
  tally.long_moves += fs.long_moves;
  tally.infinite += fs.infinite;
  tally.fast_laps += fs.laps;
  tally.reference_laps += rs.laps;
}

Rules rules_of(Variant v) {
  Rules r;
  r.variant = v;
  return r;
}

// Random games (seeded, uniform over legal moves, at most 300 plies), every position compared
// (about one position in 15,000 has a long move).
Tally random_games(Variant v, int games, std::uint64_t seed) {
  const Rules r = rules_of(v);
  Tally tally;
  for (int g = 0; g < games; ++g) {
    SplitMix64 rng{seed + static_cast<std::uint64_t>(g)};
    Position p = start_position(v);
    for (int ply = 0; ply < 300; ++ply) {
      compare(p, r, tally);
      if (::testing::Test::HasFatalFailure()) return tally;
      ChildList children;
      generate_children(p, r, children);
      if (children.empty()) break;
      p = children[rng.below(static_cast<std::uint32_t>(children.size()))].pos;
    }
  }
  return tally;
}

// A position whose side to move (South) has `seeds` seeds spread at random over its ring,
// North the rest in its back row but one, in the front pit facing an empty front pit of
// South's: no capture exists at all (the pit South could capture from is empty), so every
// candidate is a takasa move, most of them long when the ring is full.
Position constructed(SplitMix64& rng, int seeds, int hand) {
  Position p = empty_position();
  const int empty_front = static_cast<int>(rng.below(kFront));
  for (int i = 0; i < seeds; ++i) {
    int r;
    do r = static_cast<int>(rng.below(kRing));
    while (r == empty_front);
    ++p.pits[South][r];
  }
  p.hand[South] = static_cast<std::uint8_t>(hand);
  p.hand[North] = static_cast<std::uint8_t>(hand);
  int rest = kSeeds - seeds - 2 * hand;
  p.pits[North][7 - empty_front] = 1;
  for (--rest; rest > 0; --rest) ++p.pits[North][kFront + static_cast<int>(rng.below(kFront))];
  return p;
}

TEST(LongMoves, FastAndLapByLapAgreeInRandomGames) {
  OptionsGuard guard;
  for (Variant v : {Variant::Kiswahili, Variant::Kujifunza}) {
    SCOPED_TRACE(variant_name(v));
    const Tally t = random_games(v, 20000, 1000);
    ASSERT_FALSE(HasFatalFailure());
    std::printf("%s random games: %d positions with long moves compared (%llu long moves, %llu infinite), %d skipped\n",
                variant_name(v), t.positions, static_cast<unsigned long long>(t.long_moves),
                static_cast<unsigned long long>(t.infinite), t.skipped);
    EXPECT_GE(t.positions, 20);
  }
}

// Constructed positions: kujifunza; kiswahili mtaji without houses, with an owned house, with
// a takasia-ed pit; kiswahili namua (seeds in hand) with an owned house that can stop the
// move. Long moves are rare (about one position in 200 with 50 seeds in the ring has one),
// so positions are drawn until 400 with long moves have been compared.
TEST(LongMoves, FastAndLapByLapAgreeOnConstructedRings) {
  OptionsGuard guard;
  SplitMix64 rng{2024};
  Tally t;
  for (int i = 0; i < 400'000 && t.positions < 400; ++i) {
    const int kind = i % 5;
    const int hand = kind == 4 ? 1 + static_cast<int>(rng.below(4)) : 0;
    const int seeds = 30 + static_cast<int>(rng.below(62 - 30 - 2 * hand));
    Position p = constructed(rng, seeds, hand);
    const Variant v = kind == 0 ? Variant::Kujifunza : Variant::Kiswahili;
    if (kind == 2 || kind == 4) p.houses = 3;  // both houses owned
    if (kind == 3) p.takasia = static_cast<std::int8_t>(rng.below(kFront));
    p.refresh_key();
    compare(p, rules_of(v), t);
    ASSERT_FALSE(HasFatalFailure());
  }
  std::printf(
      "constructed: %d positions compared (%llu long moves, %llu infinite), %d skipped; laps %llu fast, %llu "
      "reference\n",
      t.positions, static_cast<unsigned long long>(t.long_moves), static_cast<unsigned long long>(t.infinite),
      t.skipped, static_cast<unsigned long long>(t.fast_laps), static_cast<unsigned long long>(t.reference_laps));
  EXPECT_EQ(t.positions, 400);
  EXPECT_GT(t.infinite, 50u);
  EXPECT_GT(t.long_moves, t.infinite + 50);  // long moves that end, too
  // The rotation proof: cycles that turn the ring are found in fewer laps.
  EXPECT_LT(t.fast_laps, t.reference_laps);
}

// A kujifunza position whose A1R* never ends (period 1,517,172,672 laps; the ring
// seen from the pit the last lap ended in repeats, turned by one pit, every 94,823,292
// laps). The list is the reference's (26 s lap by lap; the fast proof takes well under 1 s).
TEST(LongMoves, TheBillionLapCycleIsProvedByItsTurn) {
  OptionsGuard guard;
  const Rules r = rules_of(Variant::Kujifunza);
  const Position p =
      parse_position("6,4,1,4,3,5,4,3/3,6,1,4,3,4,3,4/0,0,0,0,1,0,0,0/1,1,0,2,0,1,0,0 S 0,0 -- -", Variant::Kujifunza);
  reset_long_move_stats();
  MoveList moves;
  set_long_move_options(kFast);
  generate_moves(p, r, moves);
  EXPECT_EQ(format_moves(moves, South), "A1L* A2L* A2R* A4L* A4R* A5L* A5R* A6L* A6R* A7L* A7R* A8L* A8R*");
  const LongMoveStats s = long_move_stats();
  EXPECT_EQ(s.infinite, 1u);
  EXPECT_LE(s.laps, 94'823'292u + 64u);  // one turn of the relative ring, from the free laps on
}

// The benchmark's long-move set (tests/data/long-move-set.txt), made by this function: for
// each variant, seeded random games (game g plays uniformly random legal moves from the
// start with SplitMix64(kSetSeed + g), at most 300 plies), and from each game the first
// position at which generating the legal moves decides long moves (moves still going after
// 64 laps) that take kSetMinLaps to kSetMaxLaps laps in all by the fast proof (long enough
// to matter, short enough for the lap-by-lap build to measure the set in seconds), until
// `count` positions.
constexpr std::uint64_t kSetSeed = 11;
constexpr std::uint64_t kSetMinLaps = 1'000;
constexpr std::uint64_t kSetMaxLaps = 2'000'000;
std::vector<std::string> long_move_set_lines(Variant v, int count) {
  const Rules r = rules_of(v);
  set_long_move_options(kFast);
  std::vector<std::string> out;
  for (std::uint64_t g = 0; static_cast<int>(out.size()) < count; ++g) {
    SplitMix64 rng{kSetSeed + g};
    Position p = start_position(v);
    for (int ply = 0; ply < 300; ++ply) {
      reset_long_move_stats();
      ChildList children;
      generate_children(p, r, children);
      const LongMoveStats s = long_move_stats();
      if (s.laps >= kSetMinLaps && s.laps <= kSetMaxLaps) {
        out.push_back(std::string(variant_name(v)) + " " + format_position(p));
        break;
      }
      if (children.empty()) break;
      p = children[rng.below(static_cast<std::uint32_t>(children.size()))].pos;
    }
  }
  return out;
}

// With BAO_WRITE_LONG_MOVE_SET=FILE, writes the set's lines to FILE (the comment at the
// top of the file is kept by hand); always checks that the file holds exactly them.
TEST(LongMoves, TheBenchmarkSetIsRegeneratedFromItsSeeds) {
  OptionsGuard guard;
  std::vector<std::string> lines = long_move_set_lines(Variant::Kiswahili, 20);
  for (std::string& l : long_move_set_lines(Variant::Kujifunza, 20)) lines.push_back(std::move(l));
  if (const char* path = std::getenv("BAO_WRITE_LONG_MOVE_SET")) {
    std::ofstream out(path);
    for (const std::string& l : lines) out << l << "\n";
  }
  std::ifstream in(std::string(BAO_TEST_DATA) + "/long-move-set.txt");
  std::vector<std::string> stored;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') stored.push_back(line);
  EXPECT_EQ(stored, lines);
}

// Each line "variant position"; every position has a long move, at least 20 of each variant.
std::vector<std::pair<Variant, std::string>> read_set(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::pair<Variant, std::string>> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find(' ');
    out.emplace_back(parse_variant(line.substr(0, space)), line.substr(space + 1));
  }
  return out;
}

TEST(LongMoves, TheBenchmarkSetHasLongMovesInBothVariants) {
  OptionsGuard guard;
  const auto set = read_set(std::string(BAO_TEST_DATA) + "/long-move-set.txt");
  int per_variant[2] = {0, 0};
  Tally tally;
  for (const auto& [v, text] : set) {
    SCOPED_TRACE(text);
    const Position p = parse_position(text, v);
    EXPECT_EQ(format_position(p), text);
    reset_long_move_stats();
    set_long_move_options(kFast);
    EXPECT_GT(count_legal_moves(p, rules_of(v)), 0);
    EXPECT_GT(long_move_stats().long_moves, 0u);
    ++per_variant[static_cast<int>(v)];
    compare(p, rules_of(v), tally, kSetMaxLaps);  // and the fast proof agrees with the reference there
    ASSERT_FALSE(HasFatalFailure());
  }
  EXPECT_EQ(tally.positions, static_cast<int>(set.size()));
  EXPECT_GE(per_variant[0], 20);
  EXPECT_GE(per_variant[1], 20);
}

}  // namespace
}  // namespace bao
