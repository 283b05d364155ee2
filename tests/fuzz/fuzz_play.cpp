// Parse then play: the input's first line is a position string (the start of the
// variant its first byte picks when it does not parse), the rest drives a random game.
// After every ply: 64 seeds (rule 2), the position string round trip, legal moves
// unique and in canonical order with canonical texts that read back, the hash up to
// date, and the game ends or reaches the ply cap (every move terminates).
#include <set>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

void check_position(const bao::Position& p, const bao::Rules& rules) {
  const std::string s = bao::format_position(p);
  BAO_FUZZ_CHECK(bao::seed_total(p) == bao::kSeeds, s);
  BAO_FUZZ_CHECK(p.key == p.compute_key(), s);
  BAO_FUZZ_CHECK(bao::parse_position(s, rules.variant) == p, s);
}

// The canonical order of notation.md: row (front before back), pit number, L before R,
// stop before safari.
int canonical_rank(const bao::Move& m) {
  const int back = m.pit >= bao::kFront;
  const int number = back ? bao::kRing - m.pit : m.pit + 1;
  return ((back * 16 + number) * 2 + m.right) * 2 + (m.safari() ? 1 : 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text = bao::fuzz::text_of(data + 1, size - 1);
  bao::Rules rules;
  rules.variant = (data[0] & 1) ? bao::Variant::Kujifunza : bao::Variant::Kiswahili;
  const auto nl = text.find('\n');
  bao::Position p = bao::start_position(rules.variant);
  try {
    p = bao::parse_position(text.substr(0, nl), rules.variant);
  } catch (const bao::InputError&) {
  }
  const std::string drive = nl == std::string::npos ? text : text.substr(nl + 1);
  bao::MoveList moves;
  for (int ply = 0; ply < 200; ++ply) {
    check_position(p, rules);
    bao::generate_moves(p, rules, moves);
    const bool ongoing = bao::outcome(p, rules) == bao::Outcome::Ongoing;
    BAO_FUZZ_CHECK(ongoing == !moves.empty(), bao::format_position(p));
    if (moves.empty()) break;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const std::string t = bao::format_move(moves[i], p.side);
      BAO_FUZZ_CHECK(seen.insert(t).second, t);
      BAO_FUZZ_CHECK(bao::parse_move(t, p, rules, "fuzz") == moves[i], t);
      if (i > 0) BAO_FUZZ_CHECK(canonical_rank(moves[i - 1]) < canonical_rank(moves[i]), t);
    }
    const unsigned char pick = drive.empty() ? 0 : static_cast<unsigned char>(drive[ply % drive.size()]);
    p = bao::apply_move(p, moves[pick % moves.size()], rules);
  }
  return 0;
}
