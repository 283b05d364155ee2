// Games behind one runtime interface, made by name with parameters:
//   bao, bao(variant=kujifunza), kalah(houses=6,seeds=4,empty_capture=true)
//
// The searchers are templates on the game concepts (search/game_concepts.h), where their
// speed lives; AnyGame is the one type-erased layer above them, which the command line,
// and whatever else carries any registered game, speaks: states as opaque values, moves
// and positions as the game's text. A game is registered once (GameEntry: name, summary,
// parameters, factory); every list of games is read from the registry.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/param.h"
#include "search/result.h"

namespace bao::search {

class SearcherRegistry;
struct SearcherEntry;
class Args;

// A game's state, opaque: the bytes of the game's own (trivially copyable) State.
struct AnyState {
  static constexpr std::size_t kBytes = 64;
  alignas(8) std::array<unsigned char, kBytes> bytes{};
};

// What a search of an AnyGame returns: Result<Move> with moves as text.
struct AnyResult {
  bool has_move = false;
  std::string best;
  int value = 0;           // from the side to move's view
  double value_exact = 0;  // the value before rounding (PrOM's and robust OM's are fractions)
  int value_op = 0;        // the OM searchers on the trees: the root's value under the model
  std::vector<std::string> pv;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::uint64_t leaf_evals = 0;
  double seconds = 0;
  // Evaluation calls per evaluator of the game (AnyGame::evaluators()' order) where the
  // searcher counts them (the random trees' searchers); else empty.
  std::vector<std::uint64_t> evals;
};

// The figures of a search's result that an AnyResult carries as they are: all but the
// moves, which each game writes in its own text.
template <class Move>
AnyResult any_figures(const Result<Move>& r) {
  AnyResult out;
  out.has_move = r.has_move;
  out.value = r.value;
  out.value_exact = r.value;
  out.depth = r.depth;
  out.nodes = r.nodes;
  out.leaf_evals = r.leaf_evals;
  out.seconds = r.seconds;
  return out;
}

class AnySearcher {
 public:
  virtual ~AnySearcher() = default;
  // Throws InputError for limits the searcher cannot honour.
  virtual AnyResult search(const AnyState& s, const Limits& limits) = 0;
  virtual std::string describe() const = 0;
};

// An evaluator a game brings: its name and one line on what it scores.
struct EvaluatorInfo {
  std::string name;
  std::string summary;
};

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  // The game's spec with every parameter, canonical: "kalah(houses=6,seeds=4,...)".
  virtual std::string spec() const = 0;
  virtual AnyState start() const = 0;
  // Throws InputError naming what is wrong with the text.
  virtual AnyState parse_state(std::string_view text) const = 0;
  virtual std::string format_state(const AnyState& s) const = 0;
  // The board for people, several lines.
  virtual std::string draw(const AnyState& s) const = 0;
  // Every legal move as text with the state it leads to, in the game's order; empty iff
  // the game is over.
  virtual std::vector<std::pair<std::string, AnyState>> children(const AnyState& s) const = 0;
  // The state after the move written `move`; throws InputError naming an illegal or
  // malformed move and the legal ones.
  AnyState apply(const AnyState& s, std::string_view move) const;
  virtual int side_to_move(const AnyState& s) const = 0;
  virtual bool over(const AnyState& s) const = 0;
  // The winner of a finished game (0 or 1), -1 for a draw.
  virtual int winner(const AnyState& s) const = 0;
  // "South wins 26-22", "a draw", ... for a finished game; why it ended.
  virtual std::string outcome(const AnyState& s) const = 0;
  virtual std::uint64_t hash(const AnyState& s) const = 0;
  virtual bool equal(const AnyState& a, const AnyState& b) const = 0;
  virtual std::uint64_t perft(const AnyState& s, int depth) const = 0;
  // What the game conserves (seeds on the board, in hands and stores), for the
  // conformance test.
  virtual std::int64_t conserved(const AnyState& s) const = 0;
  // The most moves a game can last from the start (0: no bound stated).
  virtual long max_moves() const = 0;
  // Side names, "South"/"North".
  virtual std::string side_name(int side) const = 0;
  virtual std::vector<EvaluatorInfo> evaluators() const = 0;
  // A searcher named by `spec` (read against its registry entry) with the evaluator named
  // `eval`; throws InputError for an unknown searcher or evaluator, a bad parameter, or a
  // searcher the game cannot run (the message names what the game lacks).
  virtual std::unique_ptr<AnySearcher> make_searcher(const SearcherRegistry& searchers, std::string_view spec,
                                                     std::string_view eval) const = 0;
  // Move generation of one state into a fixed list, for the allocation check of the
  // conformance test: the number of legal moves, no heap used.
  virtual int count_moves(const AnyState& s) const = 0;
};

struct GameEntry {
  std::string name;
  std::string summary;
  std::vector<Param> params;
  std::function<std::unique_ptr<AnyGame>(Args& args)> make;
};

class GameRegistry {
 public:
  // Throws std::logic_error for a name registered twice.
  void add(GameEntry e);
  const std::vector<GameEntry>& entries() const { return entries_; }
  const GameEntry* find(std::string_view name) const;
  std::string names() const;
  // Throws InputError naming an unknown game (and the known ones), a parameter the
  // schema lacks (and its keys) or a bad value.
  std::unique_ptr<AnyGame> make(std::string_view spec) const;
  // The markdown table of games and parameters for docs/commands.md.
  std::string markdown_table() const;

 private:
  std::vector<GameEntry> entries_;
};

}  // namespace bao::search
