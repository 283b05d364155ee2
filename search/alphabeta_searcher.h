// Alpha-beta on Bao behind the Searcher interface (search/alphabeta.h, Lazy SMP with
// threads > 1: search/lazy_smp.h): what the registrations of alphabeta and engine make
// (search/plain_searchers.cpp), and what the opponent-model searchers predict MIN's
// reply with (models/model_searcher.h). A long-move proof (rules.md 8) that passes the
// search's deadline stops the search, which returns its last finished iteration.
#pragma once

#include <memory>
#include <string>

#include "engine/bao/rules.h"
#include "search/alphabeta.h"
#include "search/evaluator.h"
#include "search/searcher.h"

namespace bao::search {

// options as alphabeta_options (search/alphabeta_params.h) reads them; threads from 1 to
// kMaxSearchThreads; description is what describe() returns.
std::unique_ptr<Searcher> make_alphabeta_searcher(const Rules& rules, std::shared_ptr<const Evaluator> eval,
                                                  const AlphaBetaOptions& options, int threads,
                                                  std::string description);

}  // namespace bao::search
