// bao learn-types: learns the probabilities of opponent types (models/type_learning.h).
//   --offline: samples positions, compares the real opponent's move with each type's,
//              estimates the probabilities on each of --repeats samples (--estimator em,
//              credit shared among agreeing types and iterated; count, the published
//              count of positions where one type alone agrees; or bayes, a Dirichlet
//              posterior updated by each move's likelihood under each type) and prints
//              `type mean stddev hit_rate` per type, then a PrOM spec for the mean;
//              --held-out N: then scores every estimator's prediction of the opponent's
//              moves on N further positions (`estimator log_loss top1 samples`);
//              --held-out-games N: the same on the positions of N games the opponent
//              plays against itself (`held_out_games N positions P`, then the rows);
//   --online:  plays --player against the opponent, updates the belief after each
//              opponent move (--estimator epsilon: Bayes' rule with a fixed chance of an
//              unpredicted move and a floor; bayes: the off-line Dirichlet posterior),
//              prints the belief after each game on stderr and the final one on stdout
//              (--trace FILE: every step as CSV).
// Players and types are EVAL or EVAL@DEPTH (default depth --depth).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <tuple>

#include "cli/common.h"
#include "engine/error.h"
#include "models/dirichlet_belief.h"
#include "models/game_type_learning.h"
#include "models/type_learning.h"

namespace bao::cli {

namespace {

// The usage line of --help: every option, by mode.
constexpr const char* kSynopsis =
    "--offline|--online --opponent M --types M1,M2,... [--depth D] [--searcher S] [--seed S] [--own P]\n"
    "         [--plies A-B] [--opening-stream tournament|v1] [--game G | --variant V] [--rule KEY=VALUE ...]\n"
    "    offline: [--positions N] [--repeats N] [--estimator count|em|bayes] [--iterations N] [--held-out N]\n"
    "             [--held-out-games N] [--threads N]\n"
    "    online:  [--player M] [--games N] [--ply-cap N] [--estimator epsilon|bayes] [--epsilon X] [--floor X]\n"
    "             [--trace FILE]\n"
    "    bayes:   [--tau X] [--prior A|A1,A2,...]";

std::string fmt(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", x);
  return buf;
}

// The held-out scores, a row per estimator.
void print_prediction(const std::vector<models::PredictionRow>& rows) {
  std::cout << "estimator log_loss top1 samples\n";
  for (const models::PredictionRow& row : rows) {
    // count has no estimate on a sample without an unambiguous position.
    if (row.repeats == 0)
      std::cout << row.estimator << " - - 0\n";
    else
      std::cout << row.estimator << " " << fmt(row.log_loss) << " " << fmt(row.top1) << " " << row.repeats << "\n";
  }
}

// --offline: estimates the probabilities on sampled positions, prints them per type and
// returns their means.
std::vector<double> learn_offline(const models::PlayerModel& opp, const std::vector<models::PlayerModel>& types,
                                  const Rules& rules, const search::AnyGame* game, models::OfflineOptions& off,
                                  const std::string& plies) {
  if (!plies.empty()) std::tie(off.min_plies, off.max_plies) = parse_range_option("plies", plies, 0, 400);
  const models::OfflineResult r = game ? models::learn_game_types_offline(*game, opp, types, off)
                                       : models::learn_types_offline(opp, types, rules, off);
  std::cout << "type mean stddev hit_rate\n";
  for (std::size_t t = 0; t < types.size(); ++t)
    std::cout << types[t].describe() << " " << fmt(r.mean[t]) << " " << fmt(r.stddev[t]) << " " << fmt(r.hit_rate[t])
              << "\n";
  std::cout << "unpredicted " << fmt(r.unexplained) << "\n";
  // The count skips these too: the reader sees on how many positions it rests.
  if (off.estimator == models::TypeEstimator::Count) std::cout << "ambiguous " << fmt(r.ambiguous) << "\n";
  if (off.held_out > 0) {
    std::cout << "held_out " << off.held_out << "\n";
    print_prediction(r.prediction);
  }
  if (off.held_out_games > 0) {
    std::cout << "held_out_games " << off.held_out_games << " positions " << r.game_positions << "\n";
    print_prediction(r.prediction_games);
  }
  return r.mean;
}

// --online: Bayesian updates during games of `me` against the opponent; prints the belief
// after each game (stderr) and at the end (stdout), writes every step to `trace` if named,
// and returns the final belief.
std::vector<double> learn_online(const models::PlayerModel& opp, const std::vector<models::PlayerModel>& types,
                                 const models::PlayerModel& me, const Rules& rules, const search::AnyGame* game,
                                 models::OnlineOptions& on, const std::string& plies, const std::string& trace) {
  if (!plies.empty()) std::tie(on.min_plies, on.max_plies) = parse_range_option("plies", plies, 0, 400);
  std::ofstream tf;
  if (!trace.empty()) {
    tf.open(trace, std::ios::trunc);
    if (!tf) throw InputError(trace + ": cannot write the trace");
    tf << "game,ply";
    for (const auto& t : types) tf << "," << t.describe();
    tf << "\n";
  }
  int last_game = -1;
  std::vector<double> last;
  auto report = [&](int game) {
    std::cerr << "game " << game + 1 << "/" << on.games << ":";
    for (double x : last) std::cerr << " " << fmt(x);
    std::cerr << "\n";
  };
  const auto on_step = [&](const models::OnlineStep& s) {
    if (s.game != last_game && last_game >= 0) report(last_game);
    last_game = s.game;
    last = s.probs;
    if (tf.is_open()) {
      tf << s.game << "," << s.ply;
      for (double x : s.probs) tf << "," << fmt(x);
      tf << "\n";
    }
  };
  const auto steps = game ? models::learn_game_types_online(*game, opp, types, me, on, on_step)
                          : models::learn_types_online(opp, types, me, rules, on, on_step);
  if (last_game >= 0) report(last_game);
  const std::vector<double> probs =
      steps.empty() ? std::vector<double>(types.size(), 1.0 / types.size()) : steps.back().probs;
  std::cout << "type probability\n";
  for (std::size_t t = 0; t < types.size(); ++t) std::cout << types[t].describe() << " " << fmt(probs[t]) << "\n";
  std::cout << "observed " << steps.size() << "\n";
  return probs;
}

// --estimator and the options that belong to one estimator: each refused where it would
// be ignored, since a reader of the command would think it took effect.
void read_estimator(const std::string& text, bool offline, const po::variables_map& vm, models::OfflineOptions& off,
                    models::OnlineOptions& on) {
  using models::TypeEstimator;
  TypeEstimator e = offline ? TypeEstimator::Em : TypeEstimator::Epsilon;
  if (!text.empty()) {
    try {
      e = models::parse_type_estimator(text);
    } catch (const InputError& err) {
      throw po::error(err.what());  // a usage error, as a bad --method of learn-eval
    }
  }
  const std::string name = models::estimator_name(e);
  if (offline && e == TypeEstimator::Epsilon)
    throw po::error("--estimator epsilon is an on-line belief; with --offline give count, em or bayes");
  if (!offline && (e == TypeEstimator::Em || e == TypeEstimator::Count))
    throw po::error("--estimator " + name + " is an off-line estimator; with --online give epsilon or bayes");
  if (e != TypeEstimator::Em && vm.count("iterations"))
    throw po::error("--iterations sets em's steps; --estimator " + name + " has none");
  if (e == TypeEstimator::Bayes && (vm.count("epsilon") || vm.count("floor")))
    throw po::error("--epsilon and --floor set the epsilon belief; --estimator bayes has --tau and --prior");
  if (e != TypeEstimator::Bayes && vm.count("prior")) throw po::error("--prior is --estimator bayes' prior");
  const bool held_out = vm.count("held-out") || vm.count("held-out-games");
  if (e != TypeEstimator::Bayes && vm.count("tau") && !(offline && held_out))
    throw po::error("--tau sets the move distributions of --estimator bayes and of --held-out(-games)");
  if (!offline && held_out) throw po::error("--held-out and --held-out-games are --offline options");
  off.estimator = on.estimator = e;
}

// Players EVAL[@DEPTH]: Bao's evaluators, or with --game the game's.
std::vector<models::PlayerModel> read_models(const search::AnyGame* game, const std::string& text, int depth,
                                             const std::string& searcher) {
  return game ? models::parse_game_player_models(*game, text, depth, searcher)
              : models::parse_player_models(text, depth, searcher);
}

models::PlayerModel read_one_model(const search::AnyGame* game, const std::string& option, const std::string& text,
                                   int depth, const std::string& searcher) {
  const std::vector<models::PlayerModel> m = read_models(game, text, depth, searcher);
  if (m.size() != 1) throw po::error("--" + option + " names one player, found '" + text + "'");
  return m.front();
}

}  // namespace

int cmd_learn_types(const std::vector<std::string>& args) {
  PositionOptions o;
  bool offline = false, online = false;
  std::string opponent, types_text, player = "default", searcher = "alphabeta(tt_mb=1)", plies, trace;
  std::string estimator, stream = "tournament", prior;
  int depth = 2;
  double own = 0.5;
  models::OfflineOptions off;
  models::OnlineOptions on;
  po::options_description desc("options");
  add_game_option(desc, o);
  add_rules_options(desc, o);
  desc.add_options()("offline", po::bool_switch(&offline), "estimate from sampled positions")(
      "online", po::bool_switch(&online), "Bayesian updates during games against the opponent")(
      "opponent", po::value(&opponent)->value_name("M"), "the real opponent, EVAL[@DEPTH] (required)")(
      "types", po::value(&types_text)->value_name("LIST"), "candidate types, EVAL[@DEPTH],... (required)")(
      "depth", po::value(&depth)->value_name("D"), "depth of players without @DEPTH (default 2)")(
      "searcher", po::value(&searcher)->value_name("S"), "searcher of every player (default alphabeta(tt_mb=1))")(
      "seed", po::value(&off.seed)->value_name("S"), "random seed (default 1)")(
      "own", po::value(&own)->value_name("P"), "MAX's own probability in the printed PrOM spec (default 0.5)")(
      "positions", po::value(&off.positions)->value_name("N"), "offline: positions per sample (default 100)")(
      "repeats", po::value(&off.repeats)->value_name("N"), "offline: independent samples (default 5)")(
      "plies", po::value(&plies)->value_name("A-B"),
      "plies of the random walks giving the positions (offline default 4-40) or openings (online default 2-8)")(
      "opening-stream", po::value(&stream)->value_name("S"),
      "the walks' random stream: tournament (default), or v1, the learners' first one")(
      "estimator", po::value(&estimator)->value_name("E"),
      "offline: em, credit shared among agreeing types (default), count, positions one type alone predicts, or "
      "bayes, a Dirichlet posterior; online: epsilon, Bayes' rule with a fixed miss chance (default), or bayes")(
      "iterations", po::value(&off.iterations)->value_name("N"),
      "offline: em's steps; 1 = the plain shared count (default 100)")(
      "held-out", po::value(&off.held_out)->value_name("N"),
      "offline: score every estimator's prediction of the opponent's moves on N further positions")(
      "held-out-games", po::value(&off.held_out_games)->value_name("N"),
      "offline: the same on the unforced positions of N games the opponent plays against itself")(
      "threads", po::value(&off.threads)->value_name("N"), "offline: OpenMP threads (default: all)")(
      "tau", po::value(&off.tau)->value_name("X"),
      "bayes and --held-out: softmax temperature of the types' move distributions, in seeds (default 1)")(
      "prior", po::value(&prior)->value_name("A|A1,..."),
      "bayes: Dirichlet concentration of every type, or of each (default 1: uniform over the probabilities)")(
      "player", po::value(&player)->value_name("M"), "online: who plays the opponent (default default)")(
      "games", po::value(&on.games)->value_name("N"), "online: games (default 4)")(
      "ply-cap", po::value(&on.ply_cap)->value_name("N"), "online: plies per game at most (default 200)")(
      "epsilon", po::value(&on.epsilon)->value_name("X"),
      "online epsilon: probability of a move a type does not predict (default 0.05)")(
      "floor", po::value(&on.floor)->value_name("X"), "online epsilon: least probability of a type (default 0.001)")(
      "trace", po::value(&trace)->value_name("FILE"), "online: write every step as CSV");
  po::variables_map vm;
  if (!parse("learn-types", kSynopsis, args, desc, nullptr, vm, &o)) return kExitOk;
  if (offline == online) throw po::error("give exactly one of --offline and --online");
  if (opponent.empty()) throw po::error("give the real opponent: --opponent EVAL[@DEPTH]");
  if (types_text.empty()) throw po::error("give the candidate types: --types EVAL[@DEPTH],...");
  if (depth < 1 || depth > 64) throw po::error("--depth must be in 1..64");
  if (own < 0 || own >= 1) throw po::error("--own must be in [0, 1)");
  read_estimator(estimator, offline, vm, off, on);
  const Rules rules = make_rules(o);
  // Another game (--game): its evaluators name the players, its seeded walks give the
  // positions (models/game_type_learning.h); Bao's walk streams are Bao's.
  const std::unique_ptr<search::AnyGame> game = other_game(o);
  if (game && vm.count("opening-stream"))
    throw po::error("--opening-stream chooses Bao's walk streams; not with --game " + o.game);
  if (game && !vm.count("player")) player = game->evaluators().front().name;
  const models::PlayerModel opp = read_one_model(game.get(), "opponent", opponent, depth, searcher);
  const std::vector<models::PlayerModel> types = read_models(game.get(), types_text, depth, searcher);
  on.seed = off.seed;
  on.tau = off.tau;
  if (vm.count("prior")) off.prior = on.prior = models::parse_dirichlet_prior(prior, static_cast<int>(types.size()));
  off.opening_stream = on.opening_stream = parse_stream_option(stream);
  const std::vector<double> probs =
      offline ? learn_offline(opp, types, rules, game.get(), off, plies)
              : learn_online(opp, types, read_one_model(game.get(), "player", player, depth, searcher), rules,
                             game.get(), on, plies, trace);
  std::cout << models::prom_spec("prom-beta", types, probs, own) << "\n";
  return kExitOk;
}

}  // namespace bao::cli
