// The parameters of the MCTS searchers (mcts, om-mcts, prom-mcts) as a spec gives them,
// read into search::MctsParams (search/mcts.h) for any game: one reader for Bao's
// searchers (models/mcts_searchers.cpp) and the other games' (search/generic_searchers.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "engine/error.h"
#include "search/mcts.h"
#include "search/registry.h"

namespace bao::search {

// c, scale, rollout, policy, solver, alpha, bias, seed, iterations and pool_mb (the pool's
// nodes from Mcts<G>'s node size); with `model`, tau, model_depth, reply and prior too. Throws
// InputError naming a value out of range.
template <Game G>
MctsParams read_mcts_params(Args& a, bool model) {
  MctsParams p;
  p.c = a.get_real("c", 0, 100, "exploration");
  p.scale = a.get_real("scale", 1e-6, 1e9, "logistic scale");
  p.rollout = static_cast<int>(a.get_int("rollout"));
  const std::string policy = a.get_text("policy");
  if (policy != "random" && policy != "greedy")
    throw InputError(a.name() + ": policy must be random or greedy, found '" + policy + "'");
  p.greedy = policy == "greedy";
  p.solver = a.get_bool("solver");
  p.alpha = a.get_real("alpha", 0, 1, "implicit minimax weight");
  p.bias = a.get_real("bias", 0, 1e6, "progressive bias");
  p.seed = static_cast<std::uint64_t>(a.get_int("seed"));
  p.iterations = static_cast<std::uint64_t>(a.get_int("iterations"));
  p.max_nodes = static_cast<std::size_t>(a.get_int("pool_mb")) * (std::size_t{1} << 20) / Mcts<G>::node_bytes();
  if (model) {
    p.model = true;
    p.tau = a.get_real("tau", 0, 1e9, "temperature");
    p.model_depth = static_cast<int>(a.get_int("model_depth"));
    const std::string reply = a.get_text("reply");
    if (reply != "scores" && reply != "search")
      throw InputError(a.name() + ": reply must be scores or search, found '" + reply + "'");
    p.reply_search = reply == "search";
    if (p.reply_search && p.tau > 0) {
      std::ostringstream tau;
      tau << p.tau;
      throw InputError(a.name() + ": reply=search predicts one move, so tau must be 0, found " + tau.str());
    }
    p.prior = a.get_real("prior", 0, 1, "weight of the model's prior at MIN's nodes");
  }
  return p;
}

}  // namespace bao::search
