#include "engine/checkers/notation.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/error.h"

namespace bao::checkers {
namespace {

[[noreturn]] void fail(std::string_view what, std::string_view text, const std::string& why) {
  throw InputError(std::string("checkers ") + std::string(what) + std::string(" '") + std::string(text) + "': " + why);
}

// A square number 1-32 at text[i..], advancing i; fails naming the text.
int read_square(std::string_view what, std::string_view text, std::size_t& i) {
  std::size_t j = i;
  int v = 0;
  while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) && j - i < 3)
    v = v * 10 + (text[j++] - '0');
  if (j == i) {
    const std::string got = i < text.size() ? std::string("'") + std::string(1, text[i]) + "'" : "the end";
    fail(what, text,
         std::string("expected a square number 1-32 at position ") + std::to_string(i + 1) + ", found " + got);
  }
  if (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
    fail(what, text, std::string("square number too long at position ") + std::to_string(i + 1));
  if (v < 1 || v > kSquares) fail(what, text, std::string("square ") + std::to_string(v) + " is not 1-32");
  i = j;
  return v - 1;
}

}  // namespace

std::string move_text(const Move& m) {
  std::string t = std::to_string(m.from + 1);
  if (!m.capture()) return t + std::string("-") + std::to_string(m.to + 1);
  for (int k = 0; k < m.jumps; ++k) {
    t += 'x';
    t += std::to_string(landing(m, k) + 1);
  }
  return t;
}

Move parse_move(const State& s, std::string_view text) {
  if (text.empty()) fail("move", text, "empty");
  std::vector<int> squares;
  char sep = 0;
  std::size_t i = 0;
  squares.push_back(read_square("move", text, i));
  while (i < text.size()) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    if (c != '-' && c != 'x')
      fail("move", text, std::string("expected '-' or 'x' at position ") + std::to_string(i + 1));
    if (sep && c != sep) fail("move", text, "mixes '-' and 'x'");
    sep = c;
    ++i;
    squares.push_back(read_square("move", text, i));
  }
  if (!sep) fail("move", text, "a move is two or more squares joined by '-' (a step) or 'x' (a capture)");
  if (sep == '-' && squares.size() != 2) fail("move", text, "a step names two squares");

  MoveList moves;
  generate_moves(s, moves);
  std::vector<const Move*> ends;  // captures matching by their two ends only
  for (const Move& m : moves) {
    if (m.from != squares.front() || m.capture() != (sep == 'x')) continue;
    if (!m.capture()) {
      if (m.to == squares[1]) return m;
      continue;
    }
    if (static_cast<int>(squares.size()) == m.jumps + 1) {
      bool same = true;
      for (int k = 0; k < m.jumps && same; ++k) same = landing(m, k) == squares[k + 1];
      if (same) return m;
    }
    if (squares.size() == 2 && m.to == squares[1]) ends.push_back(&m);
  }
  if (ends.size() == 1) return *ends.front();
  if (ends.size() > 1) {
    std::string list;
    for (const Move* m : ends) {
      list += list.empty() ? "" : ", ";
      list += move_text(*m);
    }
    fail("move", text, std::string("ambiguous: name the landing squares (") + list + ")");
  }
  if (sep == '-' && capturers(s)) fail("move", text, "not legal: a capture is compulsory here");
  fail("move", text, std::string("not a legal move in ") + fen(s));
}

std::string fen(const State& s) {
  std::string t = s.side == Black ? "B" : "W";
  for (const int colour : {White, Black}) {
    t += colour == White ? ":W" : ":B";
    bool first = true;
    for (std::uint32_t b = s.pieces[colour]; b; b &= b - 1) {
      const int sq = std::countr_zero(b);
      if (!first) t += ",";
      first = false;
      if (s.kings & (std::uint32_t{1} << sq)) t += "K";
      t += std::to_string(sq + 1);
    }
  }
  if (s.quiet) t += std::string(":H") + std::to_string(s.quiet);
  return t;
}

State parse_fen(std::string_view text) {
  std::string_view t = text;
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  if (!t.empty() && t.back() == '.') t.remove_suffix(1);
  if (t.empty()) fail("position", text, "empty");
  State s;
  const char side = static_cast<char>(std::toupper(static_cast<unsigned char>(t[0])));
  if (side != 'B' && side != 'W')
    fail("position", text, std::string("starts with the side to move, B or W, not '") + std::string(1, t[0]) + "'");
  s.side = side == 'B' ? Black : White;
  std::size_t i = 1;
  bool seen[2] = {false, false};
  bool seen_count = false;
  while (i < t.size()) {
    if (t[i] != ':') fail("position", text, std::string("expected ':' at position ") + std::to_string(i + 1));
    ++i;
    if (i >= t.size()) fail("position", text, "ends after ':'");
    const char tag = static_cast<char>(std::toupper(static_cast<unsigned char>(t[i])));
    ++i;
    if (tag == 'H') {  // the draw-rule count
      if (seen_count) fail("position", text, "gives the count H twice");
      seen_count = true;
      std::size_t j = i;
      int v = 0;
      while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j])) && v <= 255) v = v * 10 + (t[j++] - '0');
      if (j == i || v > 255 || (j < t.size() && t[j] != ':'))
        fail("position", text, "the count H takes a number of plies 0-255");
      s.quiet = static_cast<std::uint8_t>(v);
      i = j;
      continue;
    }
    if (tag != 'W' && tag != 'B')
      fail("position", text, std::string("expected a piece list starting W or B, found '") + std::string(1, tag) + "'");
    const int colour = tag == 'B' ? Black : White;
    if (seen[colour]) fail("position", text, std::string("lists ") + (colour ? "White" : "Black") + " twice");
    seen[colour] = true;
    bool first = true;
    while (i < t.size() && t[i] != ':') {
      if (!first) {
        if (t[i] != ',')
          fail("position", text, std::string("expected ',' or ':' at position ") + std::to_string(i + 1));
        ++i;
      }
      first = false;
      const bool king = i < t.size() && std::toupper(static_cast<unsigned char>(t[i])) == 'K';
      if (king) ++i;
      const int lo = read_square("position", t, i);
      int hi = lo;
      if (i < t.size() && t[i] == '-') {
        ++i;
        hi = read_square("position", t, i);
        if (hi < lo)
          fail("position", text,
               std::string("range ") + std::to_string(lo + 1) + std::string("-") + std::to_string(hi + 1) +
                   " runs backwards");
      }
      for (int sq = lo; sq <= hi; ++sq) {
        const std::uint32_t b = std::uint32_t{1} << sq;
        if (s.occupied() & b)
          fail("position", text, std::string("square ") + std::to_string(sq + 1) + " is listed twice");
        if (!king && (b & kCrownRow[colour]))
          fail("position", text,
               std::string("a ") + (colour ? "White" : "Black") + std::string(" man on ") + std::to_string(sq + 1) +
                   std::string(" would have been crowned (write K") + std::to_string(sq + 1) + ")");
        s.pieces[colour] |= b;
        if (king) s.kings |= b;
      }
    }
  }
  for (const int colour : {Black, White}) {
    if (!seen[colour]) fail("position", text, std::string("has no ") + (colour ? "White (W)" : "Black (B)") + " list");
    if (popcount(s.pieces[colour]) > kMaxPieces)
      fail("position", text,
           std::string("has ") + std::to_string(popcount(s.pieces[colour])) + (colour ? " White" : " Black") +
               " pieces; a side has at most 12");
  }
  s.refresh_key();
  return s;
}

std::string board_text(const State& s) {
  std::string t;
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) {
      if ((r + c) % 2 == 0) {
        t += "  ";
        continue;
      }
      const std::uint32_t b = std::uint32_t{1} << (4 * r + c / 2);
      const bool king = s.kings & b;
      char ch = '.';
      if (s.pieces[Black] & b) ch = king ? 'B' : 'b';
      if (s.pieces[White] & b) ch = king ? 'W' : 'w';
      t += ' ';
      t += ch;
    }
    while (t.back() == ' ') t.pop_back();  // an odd row ends on a light square
    t += '\n';
  }
  t += s.side == Black ? "Black to move\n" : "White to move\n";
  return t;
}

}  // namespace bao::checkers
