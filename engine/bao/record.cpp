#include "engine/bao/record.h"

#include <cctype>

#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"

namespace bao {
namespace {

// Trims white space and byte order marks (U+FEFF in UTF-8, which some editors write at
// the start of a file): with the mark, a first line '1: A7L* a5R;' would be a header and
// its moves lost, a first 'variant:' header ignored.
std::string_view trim(std::string_view s) {
  constexpr std::string_view kBom = "\xef\xbb\xbf";
  for (;;) {
    if (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
      s.remove_prefix(1);
    else if (s.starts_with(kBom))
      s.remove_prefix(kBom.size());
    else if (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
      s.remove_suffix(1);
    else if (s.ends_with(kBom))
      s.remove_suffix(kBom.size());
    else
      return s;
  }
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// A header key is a word: a letter, then letters, digits, '-' or '_', two characters at
// least. Anything else before a ':' is a mistyped move number ('l:', '1.:', '1a:', ':')
// whose moves would otherwise be lost as a header.
bool header_key(std::string_view s) {
  if (s.size() < 2 || !std::isalpha(static_cast<unsigned char>(s.front()))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  return true;
}

// The move number of an all-digit key; leading zeros are allowed ('01:' and '0000001:'
// are both 1), and a number beyond an int is -1 (no game has that many moves).
int move_number(std::string_view digits) {
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  int n = -1;
  return to_int(digits, n) ? n : -1;
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

// Reads a record line by line (read_game): headers first, then move lines, each move
// checked against the legal moves of the position it is played in.
class RecordReader {
 public:
  RecordReader(std::string_view source, const Rules& rules, bool variant_given)
      : src_(source), asked_variant_(rules.variant), variant_given_(variant_given) {
    g_.rules = rules;
  }

  // One line of the record, numbered from 1.
  void read_line(std::string_view raw, int line_no) {
    line_no_ = line_no;
    const std::string where = src_ + " line " + std::to_string(line_no);
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') return;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos)
      throw InputError(where + ": expected 'key: value' or '<move number>: <South move> <North move>;', found '" +
                       std::string(line) + "'");
    const std::string_view key = trim(line.substr(0, colon));
    const std::string_view rest = line.substr(colon + 1);
    if (all_digits(key))
      move_line(key, rest, where);
    else if (header_key(key))
      header(key, rest, where);
    else
      throw InputError(where + ": '" + std::string(line) +
                       "' is neither a header (a word of letters, digits, '-' or '_', then ':') nor a move line "
                       "('<move number>: <South move> <North move>;')");
  }

  // The game, once every line has been read (line_no: the last line's number).
  GameRecord finish(int line_no) {
    if (!moves_started_) begin_moves(line_no);
    if (!ended_) {
      const char* reason = outcome_reason(pos_, g_.rules);
      if (*reason) {
        g_.result = outcome(pos_, g_.rules);
        g_.reason = reason;
      } else {
        g_.reason = "no result in the record";
      }
    }
    if (!winner_header_.empty()) check_winner();
    return std::move(g_);
  }

 private:
  void header(std::string_view key, std::string_view rest, const std::string& where) {
    if (moves_started_) throw InputError(where + ": header '" + std::string(key) + "' after the first move line");
    const std::string value(trim(rest));
    // A second variant, position or winner would silently replace the first.
    if (key == "variant" || key == "position" || key == "winner")
      for (std::size_t i = 0; i < g_.headers.size(); ++i)
        if (g_.headers[i].first == key)
          throw InputError(where + ": header '" + std::string(key) + "' repeated (first on line " +
                           std::to_string(header_lines_[i]) + ")");
    g_.headers.emplace_back(std::string(key), value);
    header_lines_.push_back(line_no_);
    if (key == "variant") {
      Variant v;
      try {
        v = parse_variant(value);
      } catch (const InputError& e) {
        throw InputError(where + ": header " + e.what());
      }
      if (variant_given_ && v != asked_variant_)
        throw InputError(where + ": the record is " + value + " but the variant asked for is " +
                         variant_name(asked_variant_));
      g_.rules.variant = v;
    } else if (key == "position") {
      position_text_ = value;
      position_line_ = line_no_;
    } else if (key == "winner") {
      winner_header_ = value;
      winner_line_ = line_no_;
    }
  }

  // The start position, once the headers are over (the first move line or the end).
  void begin_moves(int line) {
    moves_started_ = true;
    try {
      g_.start =
          position_text_.empty() ? start_position(g_.rules.variant) : parse_position(position_text_, g_.rules.variant);
    } catch (const InputError& e) {
      throw InputError(src_ + " line " + std::to_string(position_line_ ? position_line_ : line) +
                       ": header position: " + e.what());
    }
    pos_ = g_.start;
  }

  // "<number>: <South move> <North move>;" after the key `number`.
  void move_line(std::string_view key, std::string_view rest, const std::string& where) {
    if (!moves_started_) begin_moves(line_no_);
    if (ended_) throw InputError(where + ": move line after the end of the game (" + g_.reason + ")");
    const int number = move_number(key);
    if (number != expected_number_)
      throw InputError(where + ": expected move number " + std::to_string(expected_number_) + ", found " +
                       std::string(key));
    if (number > 1 && pos_.side != South)
      throw InputError(where + ": move " + std::to_string(number - 1) +
                       " has South's move but not North's before this line");
    const std::size_t semi = rest.find(';');
    if (semi != std::string_view::npos) rest = rest.substr(0, semi);
    std::vector<std::string> tokens = move_tokens(rest);
    if (!tokens.empty() && tokens.front() == "...") {
      if (number != 1 || pos_.side != North)
        throw InputError(where + ": '...' stands only for South's place in move 1 when North moves first");
      tokens.erase(tokens.begin());
    }
    if (tokens.empty()) throw InputError(where + ": move " + std::to_string(number) + " has no move");
    const std::size_t room = (number == 1 && pos_.side == North) ? 1 : 2;
    if (tokens.size() > room)
      throw InputError(where + ": move " + std::to_string(number) + " has " + std::to_string(tokens.size()) +
                       " moves, expected at most " + std::to_string(room) + " (South then North)");
    for (const std::string& tok : tokens) play_token(tok, number, where);
    ++expected_number_;
  }

  // One move (or a resignation) of move `number`.
  void play_token(const std::string& tok, int number, const std::string& where) {
    if (ended_) throw InputError(where + ": '" + tok + "' after the end of the game (" + g_.reason + ")");
    const Side mover = static_cast<Side>(pos_.side);
    const std::string label = "move " + ply_label(number, mover);
    GamePly ply{number, mover, Move{}, MoveList{}, Position{}};
    generate_moves(pos_, g_.rules, ply.legal);
    // No legal move: the game is over (a front row is empty or the mover is stuck, 8), and
    // neither a move nor a resignation can follow.
    if (ply.legal.empty())
      throw InputError(where + ", " + label + ": '" + tok + "' after the end of the game (" +
                       outcome_reason(pos_, g_.rules) + ")");
    if (tok == "resigns" || tok == "resign") {
      g_.result = mover == South ? Outcome::NorthWins : Outcome::SouthWins;
      g_.reason = std::string(side_name(mover)) + " resigns";
      ended_ = true;
      return;
    }
    try {
      ply.move = parse_move(tok, pos_, g_.rules, label);
    } catch (const InputError& e) {
      throw InputError(where + ", " + e.what());
    }
    ply.after = apply_move(pos_, ply.move, g_.rules);
    pos_ = ply.after;
    g_.plies.push_back(ply);
  }

  // A `winner:` header must name a side and agree with the moves.
  void check_winner() const {
    const Outcome claimed = (winner_header_ == "South" || winner_header_ == "south")   ? Outcome::SouthWins
                            : (winner_header_ == "North" || winner_header_ == "north") ? Outcome::NorthWins
                                                                                       : Outcome::Ongoing;
    const std::string at = src_ + " line " + std::to_string(winner_line_);
    if (claimed == Outcome::Ongoing)
      throw InputError(at + ": header winner: expected South or North, found '" + winner_header_ + "'");
    if (claimed != g_.result)
      throw InputError(at + ": header winner: " + winner_header_ + ", but the moves give " +
                       (g_.result == Outcome::Ongoing
                            ? std::string("no result")
                            : std::string(g_.result == Outcome::SouthWins ? "South" : "North") + " wins") +
                       " (" + g_.reason + ")");
  }

  GameRecord g_;
  const std::string src_;
  const Variant asked_variant_;
  const bool variant_given_;       // a `variant:` header must then be asked_variant_
  std::vector<int> header_lines_;  // the line of each of g_.headers
  std::string position_text_, winner_header_;
  int position_line_ = 0, winner_line_ = 0;
  int line_no_ = 0;  // of the line being read
  bool moves_started_ = false, ended_ = false;
  Position pos_{};  // the position the next ply is played in
  int expected_number_ = 1;
};

}  // namespace

std::string ply_label(int number, Side side) { return std::to_string(number) + (side == South ? "S" : "N"); }

static GameRecord game_from_text(std::string_view text, std::string_view source, const Rules& rules,
                                 bool variant_given) {
  RecordReader reader(source, rules, variant_given);
  int line_no = 0;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    reader.read_line(text.substr(at, nl - at), ++line_no);
    at = nl + 1;
  }
  return reader.finish(line_no);
}

GameRecord read_game(std::string_view text, std::string_view source, const Rules& rules, bool variant_given) {
  return with_printable_errors([&] { return game_from_text(text, source, rules, variant_given); });
}

std::string write_game(const GameRecord& game) {
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
