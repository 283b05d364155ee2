// English draughts (engine/checkers/): perft against the published counts (to depth 9
// here; tests/checkers_perft_deep.cpp checks 10-12), divide, the rules on drawn
// positions, the text forms, the draw rule, the search adapter and the evaluators.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>

#include "checkers_perft_counts.h"
#include "engine/checkers/checkers_evaluators.h"
#include "engine/checkers/game.h"
#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"
#include "engine/error.h"
#include "search/alphabeta.h"
#include "search/game_concepts.h"
#include "search/minimax.h"
#include "search/mstar.h"

namespace bao::checkers {

// The adapter meets the search concepts structurally (the engine may not include search/).
static_assert(search::Game<CheckersGame>);
static_assert(search::StagedGame<CheckersGame>);

namespace {

std::set<std::string> move_texts(const State& s) {
  MoveList moves;
  generate_moves(s, moves);
  std::set<std::string> t;
  for (const Move& m : moves) t.insert(move_text(m));
  return t;
}
using Texts = std::set<std::string>;

TEST(CheckersPerft, StartMatchesThePublishedCountsToDepth9) {
  const State s = start_state();
  for (int d = 0; d <= 9; ++d) EXPECT_EQ(perft(s, d), testing::kPublishedPerft[d]) << "depth " << d;
}

// perft's bulk-counting walk and the listed children agree (two ways to the same count).
std::uint64_t perft_by_children(const State& s, int depth) {
  if (depth == 0) return 1;
  Children ch;
  generate_children(s, ch);
  std::uint64_t n = 0;
  for (const Child& c : ch) n += perft_by_children(c.pos, depth - 1);
  return n;
}
TEST(CheckersPerft, BulkCountingAgreesWithTheChildrenOnRandomPositions) {
  std::mt19937_64 rng(44);
  for (int game = 0; game < 20; ++game) {
    State s = start_state();
    for (int ply = 0; ply < 60; ++ply) {
      Children ch;
      generate_children(s, ch);
      if (ch.empty()) break;
      if (ply % 7 == 3) {
        ASSERT_EQ(perft(s, 3), perft_by_children(s, 3)) << fen(s);
      }
      s = ch[rng() % ch.size()].pos;
    }
  }
}

TEST(CheckersPerft, DivideSplitsTheCountByFirstMove) {
  const State s = start_state();
  const auto d = divide(s, 7);
  std::vector<std::string> moves;
  std::uint64_t sum = 0;
  for (const auto& [m, n] : d) {
    moves.push_back(move_text(m));
    EXPECT_EQ(n, perft(apply(s, m), 6)) << move_text(m);
    sum += n;
  }
  EXPECT_EQ(moves, (std::vector<std::string>{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
  EXPECT_EQ(sum, testing::kPublishedPerft[7]);
}

// Black to move; the man on 10 may step (10-14, 10-15) only if no capture exists.
//    .   .   .   .
//  .   .   .   .
//    .   b   .   .        b on 10
//  .   w   .   .          w on 14
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   .   .   w          w on 32
TEST(CheckersRules, CaptureIsCompulsory) {
  const State s = parse_fen("B:W14,32:B10");
  EXPECT_EQ(move_texts(s), (Texts{"10x17"}));
  EXPECT_EQ(capturers(s), std::uint32_t{1} << 9);
  EXPECT_THROW(parse_move(s, "10-15"), InputError);
  const State w = parse_fen("B:W32:B10");
  EXPECT_EQ(move_texts(w), (Texts{"10-14", "10-15"}));
}

// Black man on 10; White on 14, 15 and 23. Taking 14 ends on 17 (nothing more to take);
// taking 15 goes on over 23 to 26. Either may be chosen: the longer is not compulsory,
// but a sequence once begun is completed (10x19 alone is not a move).
//    .   .   .   .
//  .   .   .   .
//    .   b   .   .        10
//  .   w   w   .          14 15
//    .   .   .   .
//  .   .   w   .          23
//    .   .   .   .
//  .   .   .   .
TEST(CheckersRules, MultiJumpAndFreeChoiceOfSequence) {
  const State s = parse_fen("B:W14,15,23:B10");
  EXPECT_EQ(move_texts(s), (Texts{"10x17", "10x19x26"}));
  const Move m = parse_move(s, "10x19x26");
  EXPECT_EQ(m.jumps, 2);
  const State c = apply(s, m);
  EXPECT_EQ(fen(c), "W:W14:B26");
  EXPECT_EQ(move_text(parse_move(s, "10x26")), "10x19x26");  // by its two ends
  EXPECT_THROW(parse_move(s, "10x19"), InputError);
}

// Black man on 22 takes 26 and lands on 31, the crowning row: the move ends there,
// although a king on 31 could go on over 27 to 24.
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   b   .   .          22
//    .   w   w   .        26 27
//  .   .   .   .          (31 empty)
TEST(CheckersRules, CrowningEndsTheMove) {
  const State s = parse_fen("B:W26,27:B22");
  EXPECT_EQ(move_texts(s), (Texts{"22x31"}));
  const State c = apply(s, parse_move(s, "22x31"));
  EXPECT_EQ(fen(c), "W:W27:BK31");
  // A king already crowned goes on: the same capture by a king on 22 takes 27 too.
  const State k = parse_fen("B:W26,27:BK22");
  EXPECT_EQ(move_texts(k), (Texts{"22x31x24"}));
  // A step to the far row crowns as well.
  const State step = parse_fen("W:W6:B28");
  EXPECT_EQ(fen(apply(step, parse_move(step, "6-1"))), "B:WK1:B28");
}

// A Black king on 18 steps all four ways; a man only forward. A king takes backwards.
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   .   .   .
//    .   B   .   .        K18
//  .   .   .   .
//    .   .   .   .
//  .   .   .   w          32
TEST(CheckersRules, KingsMoveAndCaptureBothWays) {
  EXPECT_EQ(move_texts(parse_fen("B:W32:BK18")), (Texts{"18-14", "18-15", "18-22", "18-23"}));
  EXPECT_EQ(move_texts(parse_fen("B:W32:B18")), (Texts{"18-22", "18-23"}));
  EXPECT_EQ(move_texts(parse_fen("B:W14,32:BK18")), (Texts{"18x9"}));
  EXPECT_EQ(move_texts(parse_fen("B:W14,32:B18")), (Texts{"18-22", "18-23"}));
  // White men move up the board; a White king down as well.
  EXPECT_EQ(move_texts(parse_fen("W:W18:B1")), (Texts{"18-14", "18-15"}));
  EXPECT_EQ(move_texts(parse_fen("W:WK18:B1")), (Texts{"18-14", "18-15", "18-22", "18-23"}));
}

// A Black king on 10 can go round the ring 15, 23, 22, 14 either way and come back to 10:
// two moves taking the same four pieces, written with their landings and both counted.
//    .   .   .   .
//  .   .   .   .
//    .   B   .   .        K10
//  .   w   w   .          14 15
//    .   .   .   .
//  .   w   w   .          22 23
//    .   .   .   .
//  .   .   .   .
TEST(CheckersRules, TwoRoutesTakingTheSamePiecesAreTwoMoves) {
  const State s = parse_fen("B:W14,15,22,23:BK10");
  EXPECT_EQ(move_texts(s), (Texts{"10x17x26x19x10", "10x19x26x17x10"}));
  EXPECT_EQ(perft(s, 1), 2u);
  MoveList moves;
  generate_moves(s, moves);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].captured, moves[1].captured);
  EXPECT_EQ(fen(apply(s, moves[0])), "W:W:BK10");
  // By its two ends the route is ambiguous: refused, naming both.
  try {
    parse_move(s, "10x10");
    ADD_FAILURE() << "10x10 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("ambiguous"), std::string::npos) << e.what();
  }
}

// Black to move with one man on 28, blocked by White's man on 32 (which cannot be taken:
// there is no square behind it). No legal move: Black loses.
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   .   .   .
//    .   .   .   b        28
//  .   .   .   w          32
TEST(CheckersRules, NoLegalMoveLoses) {
  const CheckersGame g;
  const State s = parse_fen("B:W32:B28");
  Children ch;
  g.children(s, ch);
  EXPECT_TRUE(ch.empty());
  EXPECT_EQ(g.winner(s), White);
  EXPECT_EQ(g.quick_winner(s), -1);  // decided only by generating moves
  // A side with no piece has lost, known without generating.
  const State none = parse_fen("W:W:B1");
  EXPECT_EQ(g.quick_winner(none), Black);
  EXPECT_EQ(g.winner(none), Black);
}

// The draw rule: draw_moves moves of each side without a capture or a man move. Two
// kings shuttle, 1-6-1 and 32-27-32.
//    B   .   .   .        K1
//  .   .   .   .
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   .   .   .
//    .   .   .   .
//  .   .   .   W          K32
TEST(CheckersRules, DrawAfterTheStatedNumberOfQuietMoves) {
  CheckersGame g;
  g.draw_moves = 3;
  State s = parse_fen("B:WK32:BK1");
  const char* const walk[] = {"1-6", "32-27", "6-1", "27-32", "1-6", "32-27"};
  Children ch;
  for (int ply = 0; ply < 6; ++ply) {
    g.children(s, ch);
    ASSERT_FALSE(ch.empty()) << "ply " << ply;
    EXPECT_EQ(s.quiet, ply);
    s = apply(s, parse_move(s, walk[ply]));
  }
  EXPECT_EQ(s.quiet, 6);
  g.children(s, ch);
  EXPECT_TRUE(ch.empty());
  EXPECT_EQ(g.winner(s), -1);
  Child out;
  EXPECT_FALSE(g.child(s, g.candidates(s), g.code_move(0), out));
  // The count is part of the text, not of the hash.
  EXPECT_EQ(fen(s), "B:WK27:BK6:H6");
  EXPECT_EQ(s.key, parse_fen("B:WK27:BK6").key);
  // A man move or a capture restarts it; a king step adds one.
  const State q = parse_fen("B:WK32:BK1,9:H5");
  EXPECT_EQ(apply(q, parse_move(q, "9-13")).quiet, 0);
  EXPECT_EQ(apply(q, parse_move(q, "1-6")).quiet, 6);
  const State c = parse_fen("B:WK14,32:BK10:H5");
  EXPECT_EQ(apply(c, parse_move(c, "10x17")).quiet, 0);
}

TEST(CheckersText, BoardDrawing) {
  EXPECT_EQ(board_text(parse_fen("W:WK32,21:B1,K10")),
            "   b   .   .   .\n"
            " .   .   .   .\n"
            "   .   B   .   .\n"
            " .   .   .   .\n"
            "   .   .   .   .\n"
            " w   .   .   .\n"
            "   .   .   .   .\n"
            " .   .   .   W\n"
            "White to move\n");
}

TEST(CheckersText, PositionsRoundTrip) {
  for (const char* f : {"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "W:WK1,18,K32:B5,K29",
                        "B:W:BK10", "W:W14,15:B10,K20:H17"})
    EXPECT_EQ(fen(parse_fen(f)), f);
  EXPECT_EQ(parse_fen(fen(start_state())), start_state());
  // Accepted alternatives: ranges, either list order, lower case, a final '.'.
  EXPECT_EQ(parse_fen("B:B1-12:W21-32."), start_state());
  EXPECT_EQ(parse_fen(" b:w21-32:b1-12 "), start_state());
}

TEST(CheckersText, MalformedPositionsAreRefusedByName) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "empty"},
      {"X:W1:B2", "side to move"},
      {"B:W21", "no Black"},
      {"B:W21:B1:B2", "twice"},
      {"B:W33:B1", "not 1-32"},
      {"B:W0:B1", "not 1-32"},
      {"B:W21,21:B1", "listed twice"},
      {"B:W21:B21", "listed twice"},
      {"B:W21,:B1", "square number"},
      {"B:W21;B1", "','"},
      {"B:W21:B30", "crowned"},
      {"B:W2:B1", "crowned"},
      {"B:W21:B1-13", "at most 12"},
      {"B:W21:B5-3", "backwards"},
      {"B:W21:B1:Hx", "count H"},
      {"B:W21:B1:Z", "piece list"},
      {"B:W21:B1:", "ends after"},
  };
  for (const auto& [text, why] : bad) {
    try {
      parse_fen(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << text << ": " << e.what();
    }
  }
}

TEST(CheckersText, MalformedMovesAreRefusedByName) {
  const State s = start_state();
  const std::pair<const char*, const char*> bad[] = {
      {"", "empty"},
      {"11", "two or more"},
      {"11-", "square number"},
      {"11-15-19", "two squares"},
      {"11-33", "1-32"},
      {"11x15-19", "mixes"},
      {"11+15", "'-' or 'x'"},
      {"11-16x", "mixes"},
      {"21-17", "not a legal move"},
      {"11x18", "not a legal move"},
  };
  for (const auto& [text, why] : bad) {
    try {
      parse_move(s, text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << text << ": " << e.what();
    }
  }
}

// Seeded random games: every move prints and reads back to itself, every position too,
// equal positions hash alike and different ones apart, the two generators and apply()
// agree, and the counted number of moves is the listed one.
TEST(CheckersText, RandomGamesRoundTrip) {
  std::mt19937_64 rng(4242);
  const CheckersGame g;
  int plies = 0, captures = 0, kings = 0;
  std::map<std::uint64_t, std::string> boards;  // hash -> the board and side it was seen with
  for (int game = 0; game < 200; ++game) {
    State s = start_state();
    for (int ply = 0; ply < 300; ++ply) {
      Children ch;
      generate_children(s, ch);
      const State back = parse_fen(fen(s));
      ASSERT_EQ(back, s) << fen(s);
      ASSERT_EQ(back.key, s.key);
      State board = s;
      board.quiet = 0;
      const auto [it, fresh] = boards.emplace(s.key, fen(board));
      ASSERT_TRUE(fresh || it->second == fen(board)) << "hash shared by " << it->second << " and " << fen(board);
      ASSERT_EQ(count_moves(s), ch.size()) << fen(s);
      if (ch.empty() || g.drawn(s)) break;
      for (std::size_t i = 0; i < ch.size(); ++i) {
        const Move m = parse_move(s, move_text(ch[i].move));
        ASSERT_EQ(m, ch[i].move) << move_text(m) << " in " << fen(s);
        ASSERT_EQ(m.index, i);
        ASSERT_EQ(apply(s, m), ch[i].pos);
        ASSERT_EQ(ch[i].pos.key, ch[i].pos.compute_key());
      }
      const Child& c = ch[rng() % ch.size()];
      captures += c.move.capture();
      s = c.pos;
      kings += popcount(s.kings) > 0;
      ++plies;
    }
  }
  // The games reached what the checks are for.
  EXPECT_GT(captures, 1000);
  EXPECT_GT(kings, 1000);
  EXPECT_GT(plies, 10000);
}

// The adapter's staged interface: a move's code finds it again, a remembered move from
// elsewhere is accepted or refused, children_except leaves out exactly the given moves.
TEST(CheckersGameAdapter, StagedGenerationMatchesChildren) {
  const CheckersGame g;
  const State s = parse_fen("B:W14,15,23,32:B10,12");
  Children all;
  g.children(s, all);
  ASSERT_GE(all.size(), 2u);
  const auto cands = g.candidates(s);
  for (const Child& c : all) {
    Child out;
    ASSERT_TRUE(g.child(s, cands, g.code_move(g.move_code(c.move)), out));
    EXPECT_EQ(out.move, c.move);
    EXPECT_EQ(out.pos, c.pos);
    ASSERT_TRUE(g.child(s, cands, c.move, out));
    EXPECT_EQ(out.pos, c.pos);
  }
  Child out;
  EXPECT_FALSE(g.child(s, cands, g.code_move(static_cast<std::uint8_t>(all.size())), out));
  EXPECT_FALSE(g.child(start_state(), cands, all[0].move, out));  // 10x17 is not legal at the start
  Children rest;
  g.children_except(s, cands, &all[1].move, 1, rest);
  ASSERT_EQ(rest.size(), all.size() - 1);
  EXPECT_EQ(rest[0].move, all[0].move);
  for (const Child& c : rest) EXPECT_FALSE(c.move == all[1].move);
  // Hints: a capture of two before a capture of one.
  const State t = parse_fen("B:W14,15,23:B10");
  Children ch;
  g.children(t, ch);
  ASSERT_EQ(ch.size(), 2u);
  EXPECT_GT(g.order_hint(t, ch[1]), g.order_hint(t, ch[0]));
  EXPECT_LT(g.move_index(ch[1].move), CheckersGame::kMoveIndexes);
}

// The adapter under the real searchers: alpha-beta with the table, ordering and staged
// generation on and off gets minimax's value on positions from seeded random games, and
// its principal variation is playable.
TEST(CheckersGameAdapter, AlphaBetaAgreesWithMinimax) {
  const CheckersGame game;
  search::Minimax<CheckersGame, Material> mm(game, Material{});
  std::vector<std::unique_ptr<search::AlphaBeta<CheckersGame, Material>>> searchers;
  for (int combo = 0; combo < 4; ++combo) {
    search::AlphaBetaOptions o;
    o.tt_mb = combo & 1 ? 1 : 0;
    o.ordering = combo & 2;
    o.staged = combo != 3;
    searchers.push_back(std::make_unique<search::AlphaBeta<CheckersGame, Material>>(game, Material{}, o));
  }
  std::mt19937_64 rng(7);
  int checked = 0;
  for (int g = 0; g < 40; ++g) {
    State s = start_state();
    const int plies = 10 + static_cast<int>(rng() % 40);
    Children ch;
    for (int ply = 0; ply < plies; ++ply) {
      game.children(s, ch);
      if (ch.empty()) break;
      s = ch[rng() % ch.size()].pos;
    }
    game.children(s, ch);
    if (ch.empty()) continue;
    const int depth = 1 + g % 5;
    SCOPED_TRACE(fen(s) + " depth " + std::to_string(depth));
    const auto ref = mm.search(s, search::Limits{depth, 0, 0});
    for (auto& ab : searchers) {
      const auto r = ab->search(s, search::Limits{depth, 0, 0});
      ASSERT_EQ(r.value, ref.value);
      State q = s;
      for (const Move& m : r.pv) {
        Child c;
        ASSERT_TRUE(game.child(q, game.candidates(q), m, c)) << move_text(m);
        q = c.pos;
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 30);
}

// M* with Carmel and Markovitch's functions (MAX: f; its model of OP: OP's f on MAX's
// scale) on positions from seeded random games: the plain recursion, the one-pass
// vectors and alpha-beta* with B = 2 Tot/25 (96 units at most) choose the same move with
// the same value, and alpha-beta* never evaluates more leaves than the one pass.
TEST(CheckersGameAdapter, MStarWithCarmelMarkovitchFunctions) {
  using Fn = std::function<int(const State&, int)>;
  const CheckersGame game;
  search::MStarSearch<CheckersGame, Fn> ms(game, {Fn(CarmelF{}), Fn(OnOtherScale<CarmelF>{CarmelF{}})});
  std::mt19937_64 rng(1996);
  std::uint64_t one_pass = 0, pruned = 0;
  int checked = 0;
  for (int g = 0; g < 30; ++g) {
    State s = start_state();
    const int plies = 4 + static_cast<int>(rng() % 30);
    Children ch;
    for (int ply = 0; ply < plies; ++ply) {
      game.children(s, ch);
      if (ch.empty()) break;
      s = ch[rng() % ch.size()].pos;
    }
    game.children(s, ch);
    if (ch.empty()) continue;
    const int depth = 1 + g % 4;
    SCOPED_TRACE(fen(s) + " depth " + std::to_string(depth));
    const auto plain = ms.mstar_plain(s, depth, 1);
    const auto one = ms.mstar_1p(s, depth, 1);
    const auto ab = ms.mstar_ab(s, depth, 1, 4 * 2 * kMaxPieces);  // 2 Tot/25 = 4 Tot units, Tot <= 24
    ASSERT_EQ(one.value, plain.value);
    ASSERT_EQ(one.best_index, plain.best_index);
    ASSERT_EQ(ab.value, plain.value);
    ASSERT_EQ(ab.best_index, plain.best_index);
    ASSERT_LE(ab.leaf_evals(), one.leaf_evals());
    one_pass += one.leaf_evals();
    pruned += ab.leaf_evals();
    ++checked;
  }
  EXPECT_GT(checked, 20);
  EXPECT_LT(pruned, one_pass);
}

TEST(CheckersEvaluators, MaterialAndCarmelMarkovitch) {
  const State start = start_state();
  EXPECT_EQ(Material{}(start, Black), 0);
  EXPECT_EQ(CarmelF{}(start, Black), -48);                 // 24 pieces, Tot/25 = 24/25 of a man
  const State s = parse_fen("B:W21,22,K30:B1,2,K10,K11");  // Black: 2 men, 2 kings; White: 2 men, 1 king
  EXPECT_EQ(Material{}(s, Black), 150);
  EXPECT_EQ(Material{}(s, White), -150);
  EXPECT_EQ((Material{100, 130}(s, Black)), 130);
  // f = Mat - Tot/25 in 1/50 of a man: Mat = 1.5 (one king), Tot = 7.
  EXPECT_EQ(CarmelF{}(s, Black), 75 - 14);
  EXPECT_EQ(CarmelF{}(s, White), -75 - 14);
  // |f0 + f1| = 2 Tot/25, the bound alpha-beta* prunes with.
  EXPECT_EQ(CarmelF{}(s, Black) + CarmelF{}(s, White), -2 * 2 * 7);
  // MM's zero-sum view: its own f for itself, -f for the other side.
  const MinimaxView<CarmelF> mm{CarmelF{}, Black};
  EXPECT_EQ(mm(s, Black), 61);
  EXPECT_EQ(mm(s, White), -61);
  // An exchange (one man each) raises f for both sides; MM thinks White dislikes it.
  const State x = parse_fen("B:W22,K30:B2,K10,K11");
  EXPECT_GT(CarmelF{}(x, Black), CarmelF{}(s, Black));
  EXPECT_GT(CarmelF{}(x, White), CarmelF{}(s, White));
  EXPECT_LT(mm(x, White), mm(s, White));
  // OP's f on MAX's scale (the model searches' convention): -f(b, OP) = Mat + Tot/25 for
  // MAX; the MIN player minimising it prefers the exchange, MM's model (f on MAX's scale)
  // the reverse.
  const OnOtherScale<CarmelF> op{CarmelF{}};
  EXPECT_EQ(op(s, Black), 75 + 14);
  EXPECT_LT(op(x, Black), op(s, Black));
  EXPECT_GT(CarmelF{}(x, Black), CarmelF{}(s, Black));
}

// The move-list capacity (move.h): a king's complete capture sequences on an empty jump
// lattice with 12 opposing pieces on its midpoints are at most 16, over every start and
// placement; more pieces of either side elsewhere only take sequences away.
TEST(CheckersCapacity, OneKingHasAtMost16CaptureSequences) {
  int most = 0;
  for (int parity = 0; parity < 2; ++parity) {
    // The lattice: squares in rows of this parity; midpoints: the others.
    std::uint32_t lattice = 0;
    for (int sq = 0; sq < kSquares; ++sq)
      if ((sq / 4) % 2 == parity) lattice |= std::uint32_t{1} << sq;
    const std::uint32_t mids = ~lattice;
    std::vector<int> mid_squares;
    for (int sq = 0; sq < kSquares; ++sq)
      if (mids >> sq & 1) mid_squares.push_back(sq);
    ASSERT_EQ(mid_squares.size(), 16u);
    for (std::uint32_t pick = 0; pick < (1u << 16); ++pick) {
      if (std::popcount(pick) != kMaxPieces) continue;
      std::uint32_t opp = 0;
      for (int i = 0; i < 16; ++i)
        if (pick >> i & 1) opp |= std::uint32_t{1} << mid_squares[i];
      for (std::uint32_t l = lattice; l; l &= l - 1) {
        State s;
        const int sq = std::countr_zero(l);
        s.pieces[Black] = std::uint32_t{1} << sq;
        s.kings = s.pieces[Black];
        s.pieces[White] = opp;
        most = std::max(most, static_cast<int>(count_moves(s)));
      }
    }
  }
  EXPECT_EQ(most, kMaxCapturesPerPiece);
}

}  // namespace
}  // namespace bao::checkers
