#include "engine/record.h"

#include <cctype>

#include "engine/error.h"
#include "engine/notation.h"

namespace bao {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Whitespace-separated tokens; a token of only '*' and '>' belongs to the move before it
// ("a3R *" in de Voogt's records).
std::vector<std::string> move_tokens(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) {
      const std::string_view tok = s.substr(i, j - i);
      if (tok.find_first_not_of("*>") == std::string_view::npos && !out.empty())
        out.back() += tok;
      else
        out.emplace_back(tok);
    }
    i = j;
  }
  return out;
}

const char* side_name(int s) { return s == South ? "South" : "North"; }

}  // namespace

std::string ply_label(int number, Side side) { return std::to_string(number) + (side == South ? "S" : "N"); }

Game read_game(std::string_view text, std::string_view source, const Rules& rules, bool variant_given) {
  Game g;
  g.rules = rules;
  const std::string src(source);
  std::string position_text;
  std::string winner_header;
  int position_line = 0, winner_line = 0;
  bool moves_started = false, ended = false;
  Position pos{};
  int expected_number = 1;
  int line_no = 0;

  auto begin_moves = [&](int line) {
    moves_started = true;
    try {
      g.start =
          position_text.empty() ? start_position(g.rules.variant) : parse_position(position_text, g.rules.variant);
    } catch (const InputError& e) {
      throw InputError(src + " line " + std::to_string(position_line ? position_line : line) +
                       ": header position: " + e.what());
    }
    pos = g.start;
  };

  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view raw = text.substr(at, nl - at);
    at = nl + 1;
    ++line_no;
    const std::string where = src + " line " + std::to_string(line_no);
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos)
      throw InputError(where + ": expected 'key: value' or '<move number>: <South move> <North move>;', found '" +
                       std::string(line) + "'");
    const std::string_view key = trim(line.substr(0, colon));
    std::string_view rest = line.substr(colon + 1);

    if (!all_digits(key)) {
      if (moves_started) throw InputError(where + ": header '" + std::string(key) + "' after the first move line");
      const std::string value(trim(rest));
      g.headers.emplace_back(std::string(key), value);
      if (key == "variant") {
        Variant v;
        try {
          v = parse_variant(value);
        } catch (const InputError& e) {
          throw InputError(where + ": header " + e.what());
        }
        if (variant_given && v != rules.variant)
          throw InputError(where + ": the record is " + value + " but the variant asked for is " +
                           variant_name(rules.variant));
        g.rules.variant = v;
      } else if (key == "position") {
        position_text = value;
        position_line = line_no;
      } else if (key == "winner") {
        winner_header = value;
        winner_line = line_no;
      }
      continue;
    }

    // A move line.
    if (!moves_started) begin_moves(line_no);
    if (ended) throw InputError(where + ": move line after the end of the game (" + g.reason + ")");
    const int number = std::stoi(std::string(key.substr(0, 6)));
    if (number != expected_number)
      throw InputError(where + ": expected move number " + std::to_string(expected_number) + ", found " +
                       std::string(key));
    if (number > 1 && !ended && pos.side != South)
      throw InputError(where + ": move " + std::to_string(number - 1) +
                       " has South's move but not North's before this line");
    const std::size_t semi = rest.find(';');
    if (semi != std::string_view::npos) rest = rest.substr(0, semi);
    std::vector<std::string> tokens = move_tokens(rest);
    if (!tokens.empty() && tokens.front() == "...") {
      if (number != 1 || pos.side != North)
        throw InputError(where + ": '...' stands only for South's place in move 1 when North moves first");
      tokens.erase(tokens.begin());
    }
    if (tokens.empty()) throw InputError(where + ": move " + std::to_string(number) + " has no move");
    const std::size_t room = (number == 1 && pos.side == North) ? 1 : 2;
    if (tokens.size() > room)
      throw InputError(where + ": move " + std::to_string(number) + " has " + std::to_string(tokens.size()) +
                       " moves, expected at most " + std::to_string(room) + " (South then North)");

    for (const std::string& tok : tokens) {
      if (ended) throw InputError(where + ": '" + tok + "' after the end of the game (" + g.reason + ")");
      const Side mover = static_cast<Side>(pos.side);
      const std::string label = "move " + ply_label(number, mover);
      if (tok == "resigns" || tok == "resign") {
        g.result = mover == South ? Outcome::NorthWins : Outcome::SouthWins;
        g.reason = std::string(side_name(mover)) + " resigns";
        ended = true;
        continue;
      }
      const char* over = outcome_reason(pos, g.rules);
      if (*over) throw InputError(where + ", " + label + ": '" + tok + "' after the end of the game (" + over + ")");
      GamePly ply{number, mover, Move{}, MoveList{}, Position{}};
      generate_moves(pos, g.rules, ply.legal);
      try {
        ply.move = parse_move(tok, pos, g.rules, label);
      } catch (const InputError& e) {
        throw InputError(where + ", " + e.what());
      }
      ply.after = apply_move(pos, ply.move, g.rules);
      pos = ply.after;
      g.plies.push_back(ply);
    }
    ++expected_number;
  }
  if (!moves_started) begin_moves(line_no);

  if (!ended) {
    const char* reason = outcome_reason(pos, g.rules);
    if (*reason) {
      g.result = outcome(pos, g.rules);
      g.reason = reason;
    } else {
      g.reason = "no result in the record";
    }
  }
  if (!winner_header.empty()) {
    const Outcome claimed = (winner_header == "South" || winner_header == "south")   ? Outcome::SouthWins
                            : (winner_header == "North" || winner_header == "north") ? Outcome::NorthWins
                                                                                     : Outcome::Ongoing;
    const std::string at = src + " line " + std::to_string(winner_line);
    if (claimed == Outcome::Ongoing)
      throw InputError(at + ": header winner: expected South or North, found '" + winner_header + "'");
    if (claimed != g.result)
      throw InputError(at + ": header winner: " + winner_header + ", but the moves give " +
                       (g.result == Outcome::Ongoing
                            ? std::string("no result")
                            : std::string(g.result == Outcome::SouthWins ? "South" : "North") + " wins") +
                       " (" + g.reason + ")");
  }
  return g;
}

std::string write_game(const Game& game) {
  std::string out;
  bool has_variant = false, has_position = false;
  for (const auto& [k, v] : game.headers) {
    has_variant |= k == "variant";
    has_position |= k == "position";
    out += k + ": " + v + "\n";
  }
  if (!has_variant) out += std::string("variant: ") + variant_name(game.rules.variant) + "\n";
  if (!has_position && !(game.start == start_position(game.rules.variant)))
    out += "position: " + format_position(game.start) + "\n";
  // (number, side, text) for every ply, and the resignation as a last token.
  struct Token {
    int number;
    Side side;
    std::string text;
  };
  std::vector<Token> tokens;
  for (const GamePly& p : game.plies) tokens.push_back({p.number, p.side, format_move(p.move, p.side)});
  const bool resigned = game.reason.ends_with(" resigns");
  if (resigned) {
    const Side who = game.result == Outcome::NorthWins ? South : North;
    int n = tokens.empty() ? 1 : tokens.back().number;
    if (who == South && !tokens.empty()) ++n;
    tokens.push_back({n, who, "resigns"});
  }
  int number = 0;
  for (const Token& t : tokens) {
    if (t.number != number) {
      if (number) out += ";\n";
      number = t.number;
      out += std::to_string(number) + ":";
      if (t.side == North) out += " ...";
    }
    out += " " + t.text;
  }
  if (number) out += ";\n";
  return out;
}

}  // namespace bao
