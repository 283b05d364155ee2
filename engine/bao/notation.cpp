#include "engine/bao/notation.h"

#include <charconv>
#include <sstream>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "engine/text_input.h"

namespace bao {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// A decimal count 0..255, or InputError with `what` naming the place.
int parse_count(std::string_view s, const std::string& what) {
  int v = -1;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < 0 || v > 64)
    throw InputError(what + ": expected a count of seeds 0..64, found '" + std::string(s) + "'");
  return v;
}

constexpr const char kRowLetters[2][2] = {{'A', 'B'}, {'a', 'b'}};
constexpr const char* kRowNames = "ABab";

// Ring index of (row index within the side: 0 front, 1 back; pit number 1..8).
int ring_of(int back, int pit) { return back ? kRing - pit : pit - 1; }

}  // namespace

std::string pit_name(int side, int ring) {
  std::string s;
  s += kRowLetters[side][ring >= kFront];
  s += static_cast<char>('0' + (ring < kFront ? ring + 1 : kRing - ring));
  return s;
}

std::string format_position(const Position& p) {
  std::string s;
  for (int row = 0; row < 4; ++row) {
    if (row) s += '/';
    const int side = row / 2, back = row % 2;
    for (int pit = 1; pit <= 8; ++pit) {
      if (pit > 1) s += ',';
      s += std::to_string(p.pits[side][ring_of(back, pit)]);
    }
  }
  s += p.side == South ? " S " : " N ";
  s += std::to_string(p.hand[0]) + "," + std::to_string(p.hand[1]) + " ";
  s += p.owns_house(South) ? 'A' : '-';
  s += p.owns_house(North) ? 'a' : '-';
  s += ' ';
  s += p.takasia == kNoPit ? std::string("-") : pit_name(p.side, p.takasia);
  return s;
}

static Position position_from_text(std::string_view text, Variant v) {
  const std::string_view t = trim(text);
  const auto fields = split(t, ' ');
  if (fields.size() != 5)
    throw InputError(
        "position: expected 5 fields separated by single spaces (board, side to move, hands, "
        "houses, takasia), found " +
        std::to_string(fields.size()) + " in '" + std::string(t) + "'");
  Position p = empty_position();

  const auto rows = split(fields[0], '/');
  if (rows.size() != 4)
    throw InputError("position field 1 (board): expected 4 rows A/B/a/b separated by '/', found " +
                     std::to_string(rows.size()));
  for (int row = 0; row < 4; ++row) {
    const auto pits = split(rows[row], ',');
    const std::string rowname = std::string("position field 1 (board), row ") + kRowNames[row];
    if (pits.size() != 8)
      throw InputError(rowname + ": expected 8 counts separated by ',', found " + std::to_string(pits.size()));
    for (int pit = 1; pit <= 8; ++pit)
      p.pits[row / 2][ring_of(row % 2, pit)] =
          static_cast<std::uint8_t>(parse_count(pits[pit - 1], rowname + " pit " + std::to_string(pit)));
  }

  if (fields[1] == "S")
    p.side = South;
  else if (fields[1] == "N")
    p.side = North;
  else
    throw InputError("position field 2 (side to move): expected S or N, found '" + std::string(fields[1]) + "'");

  const auto hands = split(fields[2], ',');
  if (hands.size() != 2)
    throw InputError("position field 3 (hands): expected South's and North's seeds in hand as 'n,n', found '" +
                     std::string(fields[2]) + "'");
  for (int s = 0; s < 2; ++s) {
    const std::string what = std::string("position field 3 (hands), ") + (s ? "North" : "South");
    const int h = parse_count(hands[s], what);
    if (h > kMaxHand) throw InputError(what + ": " + std::to_string(h) + " seeds in hand, at most 22 allowed");
    if (h > 0 && v == Variant::Kujifunza)
      throw InputError(what + ": " + std::to_string(h) + " seeds in hand, but kujifunza has no seeds in hand");
    p.hand[s] = static_cast<std::uint8_t>(h);
  }

  const std::string_view houses = fields[3];
  if (houses.size() != 2 || (houses[0] != 'A' && houses[0] != '-') || (houses[1] != 'a' && houses[1] != '-'))
    throw InputError("position field 4 (houses): expected Aa, A-, -a or --, found '" + std::string(houses) + "'");
  p.houses = static_cast<std::uint8_t>((houses[0] == 'A') | ((houses[1] == 'a') << 1));
  if (p.houses && v == Variant::Kujifunza)
    throw InputError("position field 4 (houses): '" + std::string(houses) +
                     "' marks a house owned, but kujifunza has no houses (expected --)");

  const std::string_view mark = fields[4];
  if (mark != "-") {
    const char front = kRowLetters[p.side][0];
    if (mark.size() != 2 || mark[0] != front || mark[1] < '1' || mark[1] > '8')
      throw InputError("position field 5 (takasia): expected '-' or a front pit of the side to move (" +
                       std::string(1, front) + "1.." + std::string(1, front) + "8), found '" + std::string(mark) + "'");
    if (v == Variant::Kujifunza)
      throw InputError("position field 5 (takasia): '" + std::string(mark) + "', but kujifunza has no takasia");
    p.takasia = static_cast<std::int8_t>(mark[1] - '1');
  }

  const int total = seed_total(p);
  if (total != kSeeds)
    throw InputError("position: " + std::to_string(total) + " seeds on board and in hand, expected 64");
  p.refresh_key();
  return p;
}

Position parse_position(std::string_view text, Variant v) {
  return with_printable_errors([&] { return position_from_text(text, v); });
}

std::string format_move(const Move& m, int side) {
  std::string s = pit_name(side, m.pit);
  s += m.right ? 'R' : 'L';
  if (m.safari()) s += '>';
  if (m.takasa()) s += '*';
  return s;
}

std::string format_moves(const MoveList& moves, int side) {
  std::string s;
  for (const Move& m : moves) {
    if (!s.empty()) s += ' ';
    s += format_move(m, side);
  }
  return s;
}

static Move move_from_text(std::string_view text, const Position& p, const Rules& rules, std::string_view where) {
  MoveList legal;
  generate_moves(p, rules, legal);
  const std::string w(where);
  const std::string legal_text = legal.empty() ? std::string("none") : format_moves(legal, p.side);

  // Lexical form: [row] pit [L|R] then any of '*', '>' and spaces.
  std::string_view t = trim(text);
  const std::string shown(t);
  auto malformed = [&] {
    return InputError(w + ": '" + shown +
                      "' is not a move: expected <row><pit><L|R>[>][*], for example A7L* (legal: " + legal_text + ")");
  };
  std::size_t i = 0;
  int back = 0;
  bool has_row = false;
  if (i < t.size() && (t[i] == 'A' || t[i] == 'B' || t[i] == 'a' || t[i] == 'b')) {
    const int row_side = (t[i] == 'a' || t[i] == 'b') ? North : South;
    back = (t[i] == 'B' || t[i] == 'b');
    if (row_side != p.side)
      throw InputError(w + ": '" + shown + "' names a pit of " + (row_side == South ? "South" : "North") + ", but " +
                       (p.side == South ? "South" : "North") + " is to move (legal: " + legal_text + ")");
    has_row = true;
    ++i;
  }
  if (i >= t.size() || t[i] < '1' || t[i] > '8') throw malformed();
  const int pit_number = t[i++] - '0';
  int dir = -1;
  if (i < t.size() && (t[i] == 'L' || t[i] == 'R')) dir = t[i++] == 'R';
  bool safari = false;
  for (; i < t.size(); ++i) {
    if (t[i] == '>')
      safari = true;
    else if (t[i] != '*' && t[i] != ' ')
      throw malformed();
  }
  const bool namua = p.hand[p.side] > 0;
  if (!has_row && !namua)
    throw InputError(w + ": '" + shown +
                     "' has no row letter, which only the namua stage may leave out (legal: " + legal_text + ")");
  const int ring = ring_of(back, pit_number);

  MoveList fit;
  for (const Move& m : legal)
    if (m.pit == ring && m.safari() == safari) fit.push_back(m);
  MoveList exact;
  for (const Move& m : fit)
    if (dir < 0 || m.right == dir) exact.push_back(m);
  // A wrong letter is read as the forced kichwa of a namua capture at pit 1, 2, 7 or 8.
  if (exact.empty() && fit.size() == 1 && namua && !fit[0].takasa() && (ring <= 1 || ring >= 6)) exact = fit;
  if (exact.size() == 1) return exact[0];
  if (exact.size() > 1)
    throw InputError(w + ": '" + shown + "' is ambiguous: it fits " + format_moves(exact, p.side) +
                     " (write the direction)");
  throw InputError(w + ": '" + shown + "' matches no legal move (legal: " + legal_text + ")");
}

Move parse_move(std::string_view text, const Position& p, const Rules& rules, std::string_view where) {
  return with_printable_errors([&] { return move_from_text(text, p, rules, where); });
}

std::string format_board(const Position& p, const Rules& rules) {
  std::ostringstream o;
  auto cell = [&](int side, int ring) {
    std::string c = std::to_string(p.pits[side][ring]);
    if (ring == kHouse && p.owns_house(side)) c = "[" + c + "]";
    if (side == p.side && ring == p.takasia) c = "!" + c;
    while (c.size() < 5) c = " " + c;
    return c;
  };
  // North's pits are numbered from North's left, so row b and a run 8..1 left to right
  // and each column shows facing pits (A k faces a 9-k).
  o << "      ";
  for (int k = 8; k >= 1; --k) o << "    " << k;
  o << "\n";
  for (int back = 1; back >= 0; --back) {
    o << "  " << (back ? 'b' : 'a') << "   ";
    for (int k = 8; k >= 1; --k) o << cell(North, ring_of(back, k));
    o << (back ? "   North" : "") << "\n";
  }
  for (int back = 0; back <= 1; ++back) {
    o << "  " << (back ? 'B' : 'A') << "   ";
    for (int k = 1; k <= 8; ++k) o << cell(South, ring_of(back, k));
    o << (back ? "   South" : "") << "\n";
  }
  o << "      ";
  for (int k = 1; k <= 8; ++k) o << "    " << k;
  o << "\n\n";
  o << "variant:      " << variant_name(rules.variant) << "\n";
  o << "to move:      " << (p.side == South ? "South" : "North") << "\n";
  o << "hands:        South " << int(p.hand[0]) << ", North " << int(p.hand[1]) << "\n";
  o << "stage:        " << (p.hand[p.side] > 0 ? "namua" : "mtaji") << "\n";
  o << "houses:       South " << (p.owns_house(South) ? "owns A5" : "none") << ", North "
    << (p.owns_house(North) ? "owns a5" : "none") << "  ([n] = owned house)\n";
  o << "takasia:      " << (p.takasia == kNoPit ? std::string("none") : pit_name(p.side, p.takasia) + "  (!n)") << "\n";
  const char* reason = outcome_reason(p, rules);
  if (*reason) o << "game over:    " << reason << "\n";
  o << "position:     " << format_position(p) << "\n";
  return o.str();
}

}  // namespace bao
