// bao learn-eval: learns linear-evaluator weights (models/features.h) by genetic tuning
// (--method ga, models/ga_tuner.h) or TD-Leaf(lambda) (--method tdleaf, models/tdleaf.h).
// Writes the weights file (--out PATH.txt; its comment holds the command that made it)
// and the learning curve (--curve, default PATH-curve.csv); a progress line per
// generation or batch goes to stderr.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <tuple>
#include <utility>

#include "cli/common.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/evaluators.h"
#include "models/ga_tuner.h"
#include "models/linear_evaluator.h"
#include "models/tdleaf.h"

namespace bao::cli {

namespace {

// The usage line of --help: every option, by method.
constexpr const char* kSynopsis =
    "--method ga|tdleaf --out PATH.txt [--curve PATH.csv] [--opponent E] [--init W] [--learn LIST]\n"
    "         [--depth D] [--opening-plies A-B] [--opening-stream tournament|v1] [--ply-cap N] [--seed S]\n"
    "         [--threads N] [--variant V] [--rule KEY=VALUE ...]\n"
    "    ga:     [--population N] [--generations N] [--openings N] [--elite N] [--tournament N]\n"
    "            [--mutation-rate P] [--mutation-sigma X]\n"
    "    tdleaf: [--games N] [--batch N] [--mode self|opponent] [--alpha X] [--lambda X] [--beta X]\n"
    "            [--test-every N] [--test-openings N] [--learner-search current|v1]";

// Starting weights: "default" (the default evaluator's terms), "material" (1 a seed),
// "zero", or any learned evaluator / weights file.
models::Weights initial_weights(const std::string& name) {
  if (name == "default") return models::default_like_weights();
  models::Weights w = models::Weights::Zero();
  if (name == "zero") return w;
  if (name == "material") {
    w[models::kFHand] = 1;
    for (int k = 0; k < 8; ++k) w[models::kFFront1 + k] = w[models::kFBack1 + k] = 1;
    return w;
  }
  const auto e = models::make_evaluator(name);
  if (const auto* lin = dynamic_cast<const models::LinearEvaluator*>(e.get())) return lin->weights();
  throw InputError("--init: '" + name + "' is not a weights file (use default, material, zero or a learned evaluator)");
}

// Features to learn: names or groups (pits, threats, house, mobility); the others keep
// their initial values.
models::Weights feature_mask(const std::string& list) {
  models::Weights m = models::Weights::Zero();
  if (list == "all") return models::Weights::Ones();
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    if (item == "pits") {
      for (int f = models::kFFront1; f < models::kFBack1 + 8; ++f) m[f] = 1;
    } else if (item == "threats") {
      m[models::kFThreatNow] = m[models::kFThreatNext] = 1;
    } else if (item == "house") {
      m[models::kFHouse] = m[models::kFHouseSeeds] = m[models::kFHouseFunctional] = 1;
    } else if (item == "mobility") {
      m[models::kFMoves] = m[models::kFCaptures] = m[models::kFPitsOfTwo] = 1;
    } else {
      const int f = models::feature_index(item);
      if (f < 0) throw po::error("--learn: unknown feature or group '" + item + "'");
      m[f] = 1;
    }
  }
  return m;
}

// An output option's path, checked before training (engine/text_input.h check_writable).
void check_output(const std::string& option, const std::string& path) {
  try {
    check_writable(path);
  } catch (const InputError& e) {
    throw InputError(option + ": " + e.what());
  }
}

std::string fmt_time(double s) {
  char buf[32];
  if (s < 120)
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  else
    std::snprintf(buf, sizeof buf, "%.0fm%02.0fs", std::floor(s / 60), std::fmod(s, 60.0));
  return buf;
}

// Usage errors of --method, --out and --mode.
void check_choices(const std::string& method, const std::string& out, const std::string& mode) {
  if (method != "ga" && method != "tdleaf") throw po::error("--method must be ga or tdleaf");
  if (out.empty()) throw po::error("give the weights file to write: --out PATH.txt");
  if (mode != "self" && mode != "opponent") throw po::error("--mode must be self or opponent");
}

// Trains by `method` (ga or tdleaf, checked), writes the learning curve to `curve`, and
// returns the best weights with a line on the last generation or test match.
std::pair<models::Weights, std::string> train(const std::string& method, const models::GaOptions& ga,
                                              const models::TdLeafOptions& td, const Rules& rules,
                                              const std::string& curve) {
  if (method == "ga") {
    const auto c = models::run_ga(ga, rules, [&](const models::GaGeneration& g) {
      const double eta = g.seconds / g.generation * (ga.generations - g.generation);
      std::fprintf(stderr, "generation %d/%d best %.3f mean %.3f elapsed %s eta %s\n", g.generation, ga.generations,
                   g.best, g.mean, fmt_time(g.seconds).c_str(), fmt_time(eta).c_str());
    });
    write_text_file_atomically(curve, models::ga_curve_csv(c));
    char buf[160];
    std::snprintf(buf, sizeof buf, "last generation: best %.3f, mean %.3f against %s at depth %d", c.back().best,
                  c.back().mean, ga.opponent.c_str(), ga.depth);
    return {c.back().best_weights, buf};
  }
  const auto c = models::run_tdleaf(td, rules, [&](const models::TdLeafPoint& p) {
    const double eta = p.seconds / p.games * (td.games - p.games);
    std::fprintf(stderr, "game %d/%d batch score %.3f td error %.4f test %s elapsed %s eta %s\n", p.games, td.games,
                 p.batch_score, p.td_error, p.test_score < 0 ? "-" : std::to_string(p.test_score).substr(0, 5).c_str(),
                 fmt_time(p.seconds).c_str(), fmt_time(eta).c_str());
  });
  write_text_file_atomically(curve, models::tdleaf_curve_csv(c));
  char buf[160];
  std::snprintf(buf, sizeof buf, "last test match: %.3f against %s at depth %d", c.back().test_score,
                td.opponent.c_str(), td.depth);
  return {c.back().weights, buf};
}

// The values of bao learn-eval's options; ga and td hold each method's own.
struct Args {
  std::string method, out, curve, opponent = "default", init = "default", learn = "all", plies = "2-8", mode = "self";
  std::string stream = "tournament", learner_search = "current";
  int depth = 2, threads = 0, ply_cap = 200;
  std::uint64_t seed = 1;
  models::GaOptions ga;
  models::TdLeafOptions td;
};

// bao learn-eval's options but the rules', each stored into `a`.
void add_options(po::options_description& desc, Args& a) {
  models::GaOptions& ga = a.ga;
  models::TdLeafOptions& td = a.td;
  desc.add_options()("method", po::value(&a.method)->value_name("M"), "ga or tdleaf (required)")(
      "out", po::value(&a.out)->value_name("PATH.txt"), "weights file to write (required)")(
      "curve", po::value(&a.curve)->value_name("PATH.csv"), "learning curve CSV (default: PATH-curve.csv)")(
      "opponent", po::value(&a.opponent)->value_name("E"), "fixed opponent's evaluator (default default)")(
      "init", po::value(&a.init)->value_name("W"),
      "starting weights: default, material, zero or a learned evaluator (default default)")(
      "learn", po::value(&a.learn)->value_name("LIST"),
      "features to learn: all, or names and groups pits,threats,house,mobility (default all)")(
      "depth", po::value(&a.depth)->value_name("D"), "alpha-beta depth of the games, 1 to 127 (default 2)")(
      "opening-plies", po::value(&a.plies)->value_name("A-B"), "random plies of the openings (default 2-8)")(
      "opening-stream", po::value(&a.stream)->value_name("S"),
      "the openings' random stream: tournament (default), or v1, that of the committed models/weights/")(
      "ply-cap", po::value(&a.ply_cap)->value_name("N"), "a game stops here, scoring 0.5; 1 to 100000 (default 200)")(
      "seed", po::value(&a.seed)->value_name("S"), "random seed (default 1)")(
      "threads", po::value(&a.threads)->value_name("N"), "OpenMP threads, 0 to 1024 (default 0: all)")(
      "population", po::value(&ga.population)->value_name("N"), "ga: population size, 2 to 10000 (default 16)")(
      "generations", po::value(&ga.generations)->value_name("N"), "ga: generations, 1 to 1000000 (default 20)")(
      "openings", po::value(&ga.openings)->value_name("N"),
      "ga: openings per individual and generation, two games each; 1 to 10000 (default 8)")(
      "elite", po::value(&ga.elite)->value_name("N"), "ga: best kept unchanged, 0 to population - 1 (default 2)")(
      "tournament", po::value(&ga.tournament)->value_name("N"), "ga: tournament selection size, 1 to 1000 (default 3)")(
      "mutation-rate", po::value(&ga.mutation_rate)->value_name("P"),
      "ga: chance to mutate a weight, in [0, 1] (default 0.3)")(
      "mutation-sigma", po::value(&ga.mutation_sigma)->value_name("X"),
      "ga: mutation size relative to |w|+1, in [0, 10] (default 0.25)")(
      "games", po::value(&td.games)->value_name("N"), "tdleaf: training games, 1 to 100000000 (default 200)")(
      "batch", po::value(&td.batch)->value_name("N"),
      "tdleaf: games per update, played in parallel; 1 to 10000 (default 4)")(
      "mode", po::value(&a.mode)->value_name("M"), "tdleaf: self (self-play) or opponent (default self)")(
      "alpha", po::value(&td.alpha)->value_name("X"), "tdleaf: learning rate, in [0, 1000] (default 0.5)")(
      "lambda", po::value(&td.lambda)->value_name("X"), "tdleaf: lambda, in [0, 1] (default 0.7)")(
      "beta", po::value(&td.beta)->value_name("X"), "tdleaf: tanh scale of evaluations, in (0, 10] (default 0.01)")(
      "test-every", po::value(&td.test_every)->value_name("N"),
      "tdleaf: batches between test matches against the opponent, 0 = none; to 1000000 (default 5)")(
      "test-openings", po::value(&td.test_openings)->value_name("N"),
      "tdleaf: openings of a test match, two games each; 1 to 10000 (default 10)")(
      "learner-search", po::value(&a.learner_search)->value_name("S"),
      "tdleaf: the learner's alpha-beta: current (default), or v1, that of the committed models/weights/td-*.txt "
      "(every depth, no PVS)");
}

}  // namespace

int cmd_learn_eval(const std::vector<std::string>& args) {
  PositionOptions o;
  Args a;
  po::options_description desc("options");
  add_rules_options(desc, o);
  add_options(desc, a);
  po::variables_map vm;
  if (!parse("learn-eval", kSynopsis, args, desc, nullptr, vm, &o)) return kExitOk;
  check_choices(a.method, a.out, a.mode);
  if (a.curve.empty()) a.curve = (a.out.ends_with(".txt") ? a.out.substr(0, a.out.size() - 4) : a.out) + "-curve.csv";
  const std::pair<int, int> opening_plies = parse_range_option("opening-plies", a.plies, 0, 200);
  const play::OpeningStream opening_stream = parse_stream_option(a.stream);
  const Rules rules = make_rules(o);
  const models::Weights w0 = initial_weights(a.init);
  const models::Weights mask = feature_mask(a.learn);
  std::string command = "bao learn-eval";
  for (const auto& arg : args) command += " " + arg;
  // The options both methods take (models::GaOptions and models::TdLeafOptions).
  const auto set_shared = [&](auto& m) {
    m.opponent = a.opponent;
    m.initial = w0;
    m.mask = mask;
    m.depth = a.depth;
    m.ply_cap = a.ply_cap;
    std::tie(m.opening_min_plies, m.opening_max_plies) = opening_plies;
    m.opening_stream = opening_stream;
    m.seed = a.seed;
    m.threads = a.threads;
  };

  // Refused before the first game, so a bad number or path costs no training; both
  // methods' numbers are checked, so the other method's option is not silently wrong.
  set_shared(a.ga);
  set_shared(a.td);
  a.td.self_play = a.mode == "self";
  if (a.learner_search != "current" && a.learner_search != "v1")
    throw po::error("--learner-search must be current or v1");
  a.td.learner_search_v1 = a.learner_search == "v1";
  models::check_ga_options(a.ga);
  models::check_tdleaf_options(a.td);
  check_output("--out", a.out);
  check_output("--curve", a.curve);

  const auto [best, summary] = train(a.method, a.ga, a.td, rules, a.curve);
  models::write_weights(a.out, best, "Learned by:\n  " + command + "\n" + summary);
  std::cout << a.out << "\n";
  return kExitOk;
}

}  // namespace bao::cli
