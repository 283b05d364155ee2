#include "engine/kalah/kalah_notation.h"

#include <cstdio>
#include <vector>

#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::kalah {

namespace {

int count_of(std::string_view item, std::string_view what, std::string_view text) {
  int v = 0;
  if (!to_int(item, v) || v < 0 || v > 255)
    throw InputError("kalah position '" + std::string(text) + "': " + std::string(what) +
                     " must be a count 0 to 255, found '" + std::string(item) + "'");
  return v;
}

}  // namespace

std::string format_state(const KalahState& s, const KalahRules& r) {
  std::string out;
  for (int side = 0; side < 2; ++side) {
    for (int i = 0; i < r.houses; ++i) {
      if (i > 0) out += ',';
      out += std::to_string(s.house(side, i));
    }
    out += side == 0 ? '/' : ' ';
  }
  out += std::to_string(s.store(0)) + ',' + std::to_string(s.store(1)) + ' ' + (s.side == 0 ? 'S' : 'N');
  return out;
}

KalahState parse_state(std::string_view text, const KalahRules& r) {
  return with_printable_errors([&] {
    const std::string whole(text);
    const auto fields = split(text, ' ');
    if (fields.size() != 3)
      throw InputError("kalah position '" + whole +
                       "': expected three fields separated by single spaces (houses, stores, side), found " +
                       std::to_string(fields.size()));
    const auto rows = split(fields[0], '/');
    if (rows.size() != 2)
      throw InputError("kalah position '" + whole + "': expected South's houses, '/', North's houses");
    KalahState s;
    for (int side = 0; side < 2; ++side) {
      const auto items = split(rows[side], ',');
      if (static_cast<int>(items.size()) != r.houses)
        throw InputError("kalah position '" + whole + "': " + (side == 0 ? "South" : "North") + " has " +
                         std::to_string(items.size()) + " houses, the game " + std::to_string(r.houses));
      for (int i = 0; i < r.houses; ++i)
        s.house(side, i) = static_cast<std::uint8_t>(
            count_of(items[i], (side == 0 ? "South's house " : "North's house ") + std::to_string(i + 1), whole));
    }
    const auto stores = split(fields[1], ',');
    if (stores.size() != 2) throw InputError("kalah position '" + whole + "': expected two stores 'S,N'");
    s.store(0) = static_cast<std::uint8_t>(count_of(stores[0], "South's store", whole));
    s.store(1) = static_cast<std::uint8_t>(count_of(stores[1], "North's store", whole));
    if (fields[2] != "S" && fields[2] != "N")
      throw InputError("kalah position '" + whole + "': the side to move must be S or N, found '" +
                       std::string(fields[2]) + "'");
    s.side = fields[2] == "S" ? 0 : 1;
    int total = 0;
    for (int v : s.pit) total += v;
    if (total != r.total_seeds())
      throw InputError("kalah position '" + whole + "': holds " + std::to_string(total) + " seeds, Kalah(" +
                       std::to_string(r.houses) + "," + std::to_string(r.seeds) + ") has " +
                       std::to_string(r.total_seeds()));
    s.refresh_key();
    return s;
  });
}

std::string format_move(KalahMove m) { return std::to_string(m.house + 1); }

KalahMove parse_move(std::string_view text, const KalahRules& r) {
  int h = 0;
  if (!to_int(text, h) || h < 1 || h > r.houses)
    throw InputError(
        printable("kalah move '" + std::string(text) + "': expected a house number 1 to " + std::to_string(r.houses)));
  return KalahMove{static_cast<std::uint8_t>(h - 1)};
}

std::string draw_state(const KalahState& s, const KalahRules& r) {
  const int m = r.houses;
  char cell[16];
  std::string top = "        ", north = "  N     ", south = "  S     ", bottom = "        ";
  for (int k = 0; k < m; ++k) {
    std::snprintf(cell, sizeof cell, "%4d", m - k);
    top += cell;
    std::snprintf(cell, sizeof cell, "%4d", s.house(1, m - 1 - k));
    north += cell;
    std::snprintf(cell, sizeof cell, "%4d", s.house(0, k));
    south += cell;
    std::snprintf(cell, sizeof cell, "%4d", k + 1);
    bottom += cell;
  }
  char stores[64];
  std::snprintf(stores, sizeof stores, "  %4d  %*s  %4d", s.store(1), 4 * m, "", s.store(0));
  const bool over = game_over(s, r);
  return top + "\n" + north + (s.side == 1 && !over ? "   <- to move" : "") + "\n" + stores + "\n" + south +
         (s.side == 0 && !over ? "   <- to move" : "") + "\n" + bottom + "\n";
}

}  // namespace bao::kalah
