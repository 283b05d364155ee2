// bao solve: the exact value of a position under perfect play (docs/solver.md).
// stdout, one "key value" line each: position, value (win/loss for the side to move, or
// open when the budget ran out first), best, distance, nodes, seconds, nps, and with
// --proof the proof's size. For Kalah (--game 'kalah(...)'): game, position, value (the
// final margin, South's seeds minus North's, or open with the bounds proven), mover (the
// same from the side to move's view), best, tests, iterations, nodes, seconds, nps,
// cpu_seconds (the solve's processor time: on a shared machine its wall seconds count the
// other processes' turns too). stderr: a progress line every --progress-s seconds. With
// --children, the lines of cli/solve_children.h instead: every legal move's value.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/common.h"
#include "cli/solve_children.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/kalah/kalah_traits.h"
#include "search/game_runtime.h"
#include "search/solver/bao_proof_file.h"
#include "search/solver/exact.h"
#include "search/solver/kalah_margin.h"
#include "search/solver/kalah_margin_game.h"
#include "search/solver/kalah_proof_file.h"
#include "search/solver/margin.h"
#include "search/solver/margin_table_file.h"
#include "search/solver/solve.h"

namespace bao::cli {

namespace {

// Set by SIGINT and SIGTERM during a Kalah solve with --table-file: the solve stops as at
// a budget, and the table is saved.
std::atomic<bool> stop_requested{false};
extern "C" void request_stop(int) { stop_requested.store(true); }

const char* side_word(int side) { return side == South ? "South" : "North"; }

struct SolveOptions {
  PositionOptions position;
  std::string mode = "dfpn", proof_file, endgame_db, table_file;
  int endgame_seeds = 0;
  int deepen_to = 16, deepen_step = 2;  // Kalah: iterative deepening before the exact search
  int etc_min_open = 0;                 // Kalah: enhanced transposition cut-off from this many seeds
  int table_min_open = 0;               // Kalah: the table at nodes with this many seeds or more
  std::optional<int> lower, upper;      // Kalah: bounds proven before (South's margin)
  std::optional<int> guess;             // Kalah: the exact search's first guess
  bool kalah = false;                   // --game names Kalah: the margin solver
  bool children = false;                // every legal move's value (cli/solve_children.h)
  std::int64_t limit_nodes = 0, tt_mb = 64;
  double limit_s = 0, limit_cpu_s = 0, progress_s = 5;
  int max_path = 1000;
};

// What a solve found, for printing.
struct Answer {
  int winner = -1, best = -1;
  std::string distance, proof_line;
};

// The options' ranges and combinations, each refused by name.
void check_solve_options(const po::variables_map& vm, SolveOptions& o) {
  if (o.kalah)
    for (const char* name : {"mode", "max-path"})
      if (vm.count(name))
        throw po::error(std::string("--") + name + " is for win/loss games (bao); Kalah's solve gives the margin");
  if (o.kalah && !o.proof_file.empty() && (o.children || vm.count("lower") || vm.count("upper")))
    throw po::error("--proof proves the value from the rules alone: drop --children, --lower and --upper");
  if (!o.kalah)
    for (const char* name : {"endgame-seeds", "endgame-db", "deepen", "deepen-step", "etc", "table-min-seeds",
                             "limit-cpu-s", "lower", "upper", "guess"})
      if (vm.count(name)) throw po::error(std::string("--") + name + " is for Kalah (--game 'kalah(...)')");
  if (vm.count("lower")) o.lower = vm["lower"].as<int>();
  if (vm.count("upper")) o.upper = vm["upper"].as<int>();
  if (vm.count("guess")) o.guess = vm["guess"].as<int>();
  if (o.children && (o.lower || o.upper || o.guess))
    throw po::error("--lower, --upper and --guess are for the root's solve, not with --children");
  if (o.children && !o.table_file.empty()) throw po::error("--table-file is for the root's solve, not with --children");
  if (o.lower && o.upper && *o.lower > *o.upper)
    throw po::error("--lower " + std::to_string(*o.lower) + " is above --upper " + std::to_string(*o.upper));
  if (vm.count("endgame-seeds") && (o.endgame_seeds < 1 || o.endgame_seeds > 126))
    throw po::error("--endgame-seeds must be within 1 to 126, found " + std::to_string(o.endgame_seeds));
  if (o.deepen_to < 0 || o.deepen_to > 254)
    throw po::error("--deepen must be within 0 to 254, found " + std::to_string(o.deepen_to));
  if (o.etc_min_open < 0 || o.etc_min_open > 255)
    throw po::error("--etc must be within 0 to 255, found " + std::to_string(o.etc_min_open));
  if (o.table_min_open < 0 || o.table_min_open > 255)
    throw po::error("--table-min-seeds must be within 0 to 255, found " + std::to_string(o.table_min_open));
  if (o.deepen_step < 1 || o.deepen_step > 16)
    throw po::error("--deepen-step must be within 1 to 16, found " + std::to_string(o.deepen_step));
  if (vm.count("endgame-db") && !vm.count("endgame-seeds")) throw po::error("--endgame-db needs --endgame-seeds");
  if (o.mode != "dfpn" && o.mode != "exact") throw po::error("--mode: expected dfpn or exact, found '" + o.mode + "'");
  if (vm.count("limit-nodes") && o.limit_nodes < 1)
    throw po::error("--limit-nodes must be at least 1, found " + std::to_string(o.limit_nodes));
  if (vm.count("limit-s") && !(o.limit_s > 0)) throw po::error("--limit-s must be above 0");
  if (vm.count("limit-cpu-s") && !(o.limit_cpu_s > 0)) throw po::error("--limit-cpu-s must be above 0");
  if (o.tt_mb < 1 || o.tt_mb > 65536)
    throw po::error("--tt-mb must be within 1 to 65536, found " + std::to_string(o.tt_mb));
  if (o.max_path < 1 || o.max_path > 2000)
    throw po::error("--max-path must be within 1 to 2000, found " + std::to_string(o.max_path));
  if (!(o.progress_s >= 0)) throw po::error("--progress-s must be 0 or more");
  if (!o.proof_file.empty() && o.mode != "dfpn") throw po::error("--proof needs --mode dfpn");
  if (o.children && (vm.count("proof") || o.mode != "dfpn"))
    throw po::error("--children solves each child by df-pn and writes no proof: drop --proof and --mode exact");
}

// Returns false after --help.
bool parse_solve(const std::vector<std::string>& args, SolveOptions& o) {
  po::options_description desc("options");
  add_position_options(desc, o.position);
  desc.add_options()("mode", po::value(&o.mode)->value_name("M"),
                     "dfpn (default: proof-number search, the value and a proof) or exact (alpha-beta tests "
                     "deepened ply by ply: the value and the exact distance)")(
      "endgame-seeds", po::value(&o.endgame_seeds)->value_name("K"),
      "Kalah: an endgame database of every position with at most K seeds in the houses, 1 to 126 (default 0: none)")(
      "endgame-db", po::value(&o.endgame_db)->value_name("FILE"),
      "Kalah: read the database from FILE, or build it and write it there when FILE does not exist")(
      "deepen", po::value(&o.deepen_to)->value_name("D"),
      "Kalah: depth-limited MTD(f) iterations up to D moves before the exact search, for its move order and "
      "first guess; 0 to 254 (default 16; 0: the exact search alone)")(
      "deepen-step", po::value(&o.deepen_step)->value_name("S"),
      "Kalah: moves added per iteration, 1 to 16 (default 2)")(
      "etc", po::value(&o.etc_min_open)->value_name("SEEDS"),
      "Kalah: enhanced transposition cut-off at nodes with at least SEEDS seeds in the houses, 1 to 255 (default 0: "
      "none)")("table-min-seeds", po::value(&o.table_min_open)->value_name("SEEDS"),
               "Kalah: only nodes with at least SEEDS seeds in the houses read and write the table, 0 to 255 "
               "(default 0: every node)")(
      "lower", po::value<int>()->value_name("L"),
      "Kalah: a lower bound on South's margin proven before (a stopped solve's), taken as proven")(
      "upper", po::value<int>()->value_name("U"),
      "Kalah: an upper bound on South's margin proven before, taken as proven")(
      "table-file", po::value(&o.table_file)->value_name("FILE"),
      "Kalah: read the table from FILE when it exists (the same rules and --tt-mb), and write it there when the "
      "solve ends, also when a budget or SIGINT/SIGTERM stops it")(
      "guess", po::value<int>()->value_name("G"),
      "Kalah: the exact search's first guess of South's margin (MTD(f)'s f; default: the last iteration's value); "
      "the value is exact whatever it is")("limit-nodes", po::value(&o.limit_nodes)->value_name("N"),
                                           "stop after N positions expanded (value: open)")(
      "limit-s", po::value(&o.limit_s)->value_name("S"), "stop after S seconds (value: open)")(
      "limit-cpu-s", po::value(&o.limit_cpu_s)->value_name("S"),
      "Kalah: stop after S seconds of processor time (value: open); on a shared machine the solver's own time")(
      "proof", po::value(&o.proof_file)->value_name("FILE"),
      "write the proof of the win to FILE (--mode dfpn); Kalah: of the value's two bounds, by df-pn after the solve")(
      "children", po::bool_switch(&o.children),
      "solve every legal move's child on its own budget and print its value from the mover's view, one tab-separated "
      "line each: child MOVE VALUE NODES POSITION, then: value V")("tt-mb", po::value(&o.tt_mb)->value_name("MB"),
                                                                   "the table's size in MiB, 1 to 65536 (default 64)")(
      "max-path", po::value(&o.max_path)->value_name("PLIES"),
      "dfpn: a line longer than this counts as not won by the side proving; 1 to 2000 (bao check-proof replays lines "
      "of up to 2000 plies; default 1000)")("progress-s", po::value(&o.progress_s)->value_name("S"),
                                            "a progress line on stderr every S seconds (0: none; default 5)");
  po::variables_map vm;
  const std::string synopsis =
      std::string(kPositionSynopsis) +
      " [--mode dfpn|exact]\n         [--limit-nodes N] [--limit-s S] [--proof FILE] "
      "[--tt-mb MB] [--max-path PLIES] [--progress-s S] [--children]\n"
      "   or: bao solve --game 'kalah(houses=M,seeds=N,...)' [--position P] [--limit-nodes N] "
      "[--limit-s S] [--limit-cpu-s S] [--tt-mb MB]\n         [--endgame-seeds K [--endgame-db FILE]] [--deepen "
      "D] [--deepen-step S] [--etc SEEDS]\n         [--table-min-seeds SEEDS] [--lower L] [--upper U] [--guess G]\n    "
      "     [--table-file FILE] [--proof FILE] "
      "[--progress-s S] [--children]";
  if (!parse("solve", synopsis, args, desc, nullptr, vm, &o.position)) return false;
  const std::string game = o.position.game.empty() ? "bao" : search::parse_spec(o.position.game).name;
  if (game != "bao" && game != "kalah")
    throw InputError("--game: unknown game '" + game + "' for solve (bao solve solves bao and kalah)");
  o.kalah = game == "kalah";
  check_solve_options(vm, o);
  return true;
}

Answer run_dfpn(const SolveOptions& o, const search::BaoGame& g, const Position& p, search::solver::Budget& budget,
                std::ofstream& proof_out) {
  Answer a;
  search::solver::Dfpn<search::BaoGame> dfpn(g, static_cast<std::size_t>(o.tt_mb), o.max_path);
  const search::solver::DfpnAnswer d = search::solver::solve_dfpn(g, p, dfpn, budget);
  a.winner = d.winner;
  a.best = d.best;
  if (d.winner >= 0)
    a.distance = "<= " + std::to_string(d.proof_depth) + " (the proof's longest line; --mode exact: exact)";
  else if (d.both_disproved)
    a.distance = "none proven (neither side's win is proven: repetitions or --max-path)";
  else
    a.distance = "open (" + dfpn.bound_text() + ")";
  if (d.winner >= 0 && proof_out.is_open()) {
    search::solver::Budget reprove{search::solver::SolveLimits{}};
    const auto st = search::solver::write_bao_proof(proof_out, g, dfpn, p, reprove);
    proof_out.close();
    if (!proof_out) throw InputError("--proof: writing '" + o.proof_file + "' failed");
    std::ostringstream line;
    line << "proof " << o.proof_file << " prover_positions " << st.prover_nodes << " defender_positions "
         << st.defender_nodes << " repeats " << st.repeats << " depth " << st.depth;
    a.proof_line = line.str();
  }
  return a;
}

Answer run_exact(const SolveOptions& o, const search::BaoGame& g, const Position& p, search::solver::Budget& budget) {
  Answer a;
  search::solver::DistanceSolver<search::BaoGame> exact(g, static_cast<std::size_t>(o.tt_mb));
  const auto r = exact.solve(p, budget);
  a.winner = r.winner;
  a.best = r.best;
  a.distance = r.winner >= 0 ? std::to_string(r.distance) + " (exact)"
                             : "open (no end within " + std::to_string(r.depth_done) + " plies)";
  return a;
}

void print_answer(const Answer& a, const Position& p, const Rules& rules, const search::solver::Budget& budget) {
  ChildList kids;
  generate_children(p, rules, kids);
  const double secs = budget.seconds();
  std::cout << "position " << format_position(p) << "\n";
  std::cout << "value "
            << (a.winner < 0         ? "open"
                : a.winner == p.side ? "win"
                                     : "loss")
            << " (" << side_word(p.side) << " to move"
            << (a.winner >= 0 ? std::string(", ") + side_word(a.winner) + " wins" : "") << ")\n";
  const bool has_best = a.best >= 0 && a.best < static_cast<int>(kids.size());
  std::cout << "best " << (has_best ? format_move(kids[a.best].move, p.side) : "none") << "\n";
  std::cout << "distance " << a.distance << "\n";
  std::cout << "nodes " << budget.nodes() << "\n";
  std::cout << "seconds " << std::fixed << std::setprecision(2) << secs << "\n";
  std::cout << "nps " << static_cast<std::uint64_t>(secs > 0 ? budget.nodes() / secs : 0) << "\n";
  if (!a.proof_line.empty()) std::cout << a.proof_line << "\n";
}

// A margin with its sign: +2, 0, -2.
std::string signed_text(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

// Loads the endgame database from --endgame-db, or builds it (and writes it there);
// returns its line for the output ("" without --endgame-seeds).
std::string open_endgame_db(const SolveOptions& o, const kalah::KalahGame& g,
                            std::optional<search::solver::KalahEndgameDb>& db) {
  if (o.endgame_seeds <= 0) return "";
  const auto t0 = std::chrono::steady_clock::now();
  const bool load = !o.endgame_db.empty() && std::ifstream(o.endgame_db).good();
  if (load)
    db = search::solver::KalahEndgameDb::load(o.endgame_db, g.rules, o.endgame_seeds);
  else
    db.emplace(g.rules, o.endgame_seeds);
  if (!load && !o.endgame_db.empty()) db->save(o.endgame_db);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::ostringstream line;
  line << "endgame seeds " << o.endgame_seeds << " positions " << db->size() << " " << (load ? "loaded" : "built")
       << (o.endgame_db.empty() ? "" : " " + o.endgame_db) << " seconds " << std::fixed << std::setprecision(2) << secs;
  return line.str();
}

// The solve's value, best move and counts, one "key value" line each.
template <class Result>
void print_kalah_result(const SolveOptions& o, const search::AnyGame& any, const kalah::KalahGame& g,
                        const kalah::KalahState& s, const Result& r, const search::solver::Budget& budget) {
  using Runtime = search::GameRuntime<kalah::KalahTraits>;
  const double secs = budget.seconds(), cpu = budget.cpu_seconds();
  const int sign = s.side == 0 ? 1 : -1;
  const std::string mover = any.side_name(s.side);
  std::cout << "game " << any.spec() << "\n";
  std::cout << "position " << any.format_state(Runtime::put(s)) << "\n";
  if (r.solved) {
    std::cout << "value " << signed_text(r.value) << " (South's seeds minus North's at the end under perfect play)\n";
    std::cout << "mover " << signed_text(sign * r.value) << " (" << mover << " to move, its view)\n";
  } else {
    std::cout << "value open (South's margin within " << signed_text(r.lower) << " to " << signed_text(r.upper)
              << ")\n";
    std::cout << "mover open\n";
  }
  kalah::KalahChildren kids;
  g.children(s, kids);
  const bool has_best = r.best >= 0 && r.best < static_cast<int>(kids.size());
  std::cout << "best " << (has_best ? kalah::format_move(kids[r.best].move) : "none") << "\n";
  std::cout << "tests " << r.tests << "\n";
  std::cout << "iterations " << r.iterations << " (depth-limited, before the exact search; its first guess "
            << signed_text(r.first_guess) << (o.guess ? " from --guess" : "") << ")\n";
  if (o.lower || o.upper)
    std::cout << "given lower " << (o.lower ? signed_text(*o.lower) : "none") << " upper "
              << (o.upper ? signed_text(*o.upper) : "none") << " (taken as proven)\n";
  std::cout << "nodes " << budget.nodes() << "\n";
  std::cout << "seconds " << std::fixed << std::setprecision(2) << secs << "\n";
  std::cout << "nps " << static_cast<std::uint64_t>(secs > 0 ? budget.nodes() / secs : 0) << "\n";
  std::cout << "cpu_seconds " << cpu << " (user and system; nps on it "
            << static_cast<std::uint64_t>(cpu > 0 ? budget.nodes() / cpu : 0) << ")\n";
}

// --proof for Kalah: the value's two bounds proven again by df-pn on the threshold games
// (search/solver/kalah_proof_file.h) within what is left of the budget, and written.
template <class Result>
void write_kalah_proof_file(const SolveOptions& o, const kalah::KalahGame& g, const kalah::KalahState& s,
                            const Result& r, search::solver::Budget& budget) {
  if (!r.solved) {
    std::cerr << "bao solve: no proof written: the value is not proven\n";
    return;
  }
  std::ostringstream text;
  const auto st =
      search::solver::write_kalah_proof(text, g.rules, s, r.value, static_cast<std::size_t>(o.tt_mb), budget);
  if (!st.written) {
    std::cerr << "bao solve: no proof written: df-pn did not prove both bounds within the budget\n";
    return;
  }
  std::ofstream out(o.proof_file);
  out << text.str();
  out.close();
  if (!out) throw InputError("--proof: writing '" + o.proof_file + "' failed");
  std::cout << "proof " << o.proof_file << " at_least_prover_positions " << st.at_least.prover_nodes
            << " at_least_defender_positions " << st.at_least.defender_nodes << " at_most_prover_positions "
            << st.at_most.prover_nodes << " at_most_defender_positions " << st.at_most.defender_nodes << "\n";
}

// Kalah's margin by MTD(f) (search/solver/margin.h).
// The clock starts once the table is allocated.
void solve_kalah(const SolveOptions& o, const search::solver::SolveLimits& limits) {
  using Runtime = search::GameRuntime<kalah::KalahTraits>;
  const auto any = other_game(o.position);
  const auto* runtime = dynamic_cast<const Runtime*>(any.get());
  if (!runtime) throw InputError("--game '" + o.position.game + "': not Kalah");
  const kalah::KalahGame& g = runtime->game();
  const kalah::KalahState s = Runtime::get(any_position(*any, o.position));
  std::optional<search::solver::KalahEndgameDb> db;
  const std::string db_line = open_endgame_db(o, g, db);
  const search::solver::KalahMarginHook hook{g.rules, db ? &*db : nullptr};
  search::solver::MarginOptions options;
  options.deepen_to = o.deepen_to;
  options.deepen_step = o.deepen_step;
  options.etc_min_open = o.etc_min_open;
  options.table_min_open = o.table_min_open;
  if (o.children) {
    if (!db_line.empty()) std::cerr << db_line << "\n";
    print_kalah_children(g, s, hook, limits, static_cast<std::size_t>(o.tt_mb), options);
    return;
  }
  // The budget starts once the table is allocated (zeroing gigabytes is not the search).
  std::optional<search::solver::Budget> budget;
  options.lower = o.lower;
  options.upper = o.upper;
  options.guess = o.guess;
  // Every finished test on stderr: the proven bounds a stopped run resumes from.
  options.on_test = [&](int beta, int result, int lower, int upper) {
    std::cerr << "test beta " << signed_text(beta) << " " << (result < beta ? "fails: at most " : "holds: at least ")
              << signed_text(result) << " proven " << signed_text(lower) << " to " << signed_text(upper) << " nodes "
              << budget->nodes() << " cpu_seconds " << std::fixed << std::setprecision(2) << budget->cpu_seconds()
              << std::defaultfloat << std::endl;
  };
  const search::solver::KalahMarginGame fast(g.rules);
  search::solver::MarginSolver<search::solver::KalahMarginGame, search::solver::KalahMarginHook> solver(
      fast, hook, static_cast<std::size_t>(o.tt_mb), options);
  std::string table_line;
  if (!o.table_file.empty()) {
    const auto t0 = std::chrono::steady_clock::now();
    const bool load = std::ifstream(o.table_file).good();
    if (load) search::solver::load_margin_table(solver.table(), o.table_file, any->spec());
    std::ostringstream line;
    line << "table " << (load ? "loaded " : "new ") << o.table_file << " seconds " << std::fixed << std::setprecision(2)
         << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    table_line = line.str();
    std::signal(SIGINT, request_stop);
    std::signal(SIGTERM, request_stop);
  }
  search::solver::SolveLimits with_stop = limits;
  with_stop.stop = &stop_requested;
  budget.emplace(with_stop);
  const auto r = solver.solve(s, *budget);
  if (!r.contradiction.empty())
    throw InputError("--lower/--upper: " + r.contradiction +
                     " (bounds given: " + (o.lower ? signed_text(*o.lower) : "none") + " to " +
                     (o.upper ? signed_text(*o.upper) : "none") + ")");
  print_kalah_result(o, *any, g, s, r, *budget);
  if (!o.proof_file.empty()) write_kalah_proof_file(o, g, s, r, *budget);
  if (!db_line.empty()) std::cout << db_line << "\n";
  if (!table_line.empty()) {
    std::cout << table_line << "\n";
    std::cout.flush();
    const auto t0 = std::chrono::steady_clock::now();
    search::solver::save_margin_table(solver.table(), o.table_file, any->spec());
    std::cout << "table saved " << o.table_file << " entries " << solver.table().used() << " of "
              << solver.table().entries() << " seconds " << std::fixed << std::setprecision(2)
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << "\n";
  }
  if (stop_requested.load()) std::cout << "stopped by a signal\n";
}

}  // namespace

int cmd_solve(const std::vector<std::string>& args) {
  SolveOptions o;
  if (!parse_solve(args, o)) return kExitOk;
  search::solver::SolveLimits limits;
  limits.nodes = static_cast<std::uint64_t>(o.limit_nodes);
  limits.seconds = o.limit_s;
  limits.cpu_seconds = o.limit_cpu_s;
  limits.progress_s = o.progress_s;
  limits.progress = [](std::uint64_t nodes, double s, const std::string& bound) {
    std::cerr << "progress nodes " << nodes << " seconds " << static_cast<std::uint64_t>(s) << " nps "
              << static_cast<std::uint64_t>(s > 0 ? nodes / s : 0) << " " << bound << std::endl;
  };
  if (o.kalah) {
    solve_kalah(o, limits);
    return kExitOk;
  }
  const Rules rules = make_rules(o.position);
  const Position p = make_position(o.position, rules);
  if (o.children) {
    print_bao_children(search::BaoGame{rules}, p, limits, static_cast<std::size_t>(o.tt_mb), o.max_path);
    return kExitOk;
  }
  search::solver::Budget budget(limits);
  std::ofstream proof_out;
  if (!o.proof_file.empty()) {
    proof_out.open(o.proof_file);
    if (!proof_out) throw InputError("--proof: cannot open '" + o.proof_file + "' for writing");
  }
  const search::BaoGame g{rules};
  const Answer a = o.mode == "dfpn" ? run_dfpn(o, g, p, budget, proof_out) : run_exact(o, g, p, budget);
  print_answer(a, p, rules, budget);
  if (a.winner < 0 && proof_out.is_open()) {
    proof_out.close();
    std::remove(o.proof_file.c_str());
    std::cerr << "bao solve: no proof written: the value is not proven\n";
  }
  return kExitOk;
}

}  // namespace bao::cli
