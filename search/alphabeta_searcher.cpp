#include "search/alphabeta_searcher.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <utility>

#include "engine/bao/long_moves.h"
#include "search/bao_game.h"
#include "search/lazy_smp.h"

namespace bao::search {
namespace {

// A Lazy SMP helper's long-move proofs stop when the main search ends (engine/bao/long_moves.h).
struct ProofHelperScope {
  using Stopped = ProofStopped;
  explicit ProofHelperScope(const std::atomic<bool>* halt) : scope(limit(halt)) { scope.arm(); }
  static ProofLimit limit(const std::atomic<bool>* halt) {
    ProofLimit l;
    l.halt = halt;
    return l;
  }
  ProofLimitScope scope;
};

using BaoAlphaBeta = LazySmp<BaoGame, EvalFn, ProofHelperScope>;

class AlphaBetaSearcher final : public Searcher {
 public:
  AlphaBetaSearcher(const Rules& rules, std::shared_ptr<const Evaluator> eval, AlphaBetaOptions o, int threads,
                    std::string description)
      : eval_(std::move(eval)),
        opt_(o),
        description_(std::move(description)),
        impl_(std::make_unique<BaoAlphaBeta>(BaoGame{rules}, EvalFn{eval_.get()}, o, threads)) {}
  // A proof of a long move can take seconds (rules.md 8, engine/bao/long_moves.h), far past a
  // time limit that the search checks only between nodes. So the proofs of this thread get
  // the search's deadline (and a lap bound the caller set, ProofLimit), armed once the
  // first iteration has finished (a search always completes depth 1); a proof that passes
  // it throws ProofStopped out of move generation, and the search returns its last finished
  // iteration, as when its own limit stops it (the unfinished iteration is thrown away;
  // entries already in the table are exact). Nodes and evaluations are then those of the
  // finished iterations; seconds are the whole search's. A search that is not stopped is
  // unchanged.
  BaoResult search(const Position& p, const Limits& limits, const InfoFn& info) override {
    check(limits);
    const auto start = std::chrono::steady_clock::now();
    ProofLimit proof = proof_limit();
    if (limits.time_ms > 0)
      proof.deadline = std::min(proof.deadline, start + std::chrono::milliseconds(limits.time_ms));
    ProofLimitScope proofs(proof);
    BaoResult last;
    try {
      return impl_->search(p, limits, [&](const BaoResult& r) {
        last = r;
        proofs.arm();
        if (info) info(r);
      });
    } catch (const ProofStopped&) {
      last.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return last;
    }
  }
  std::string describe() const override { return description_; }
  std::size_t table_bytes() const override { return opt_.tt_mb << 20; }
  int threads() const override { return impl_->threads(); }
  std::vector<const Evaluator*> evaluators() const override { return {eval_.get()}; }

 private:
  std::shared_ptr<const Evaluator> eval_;
  AlphaBetaOptions opt_;
  std::string description_;
  std::unique_ptr<BaoAlphaBeta> impl_;
};

}  // namespace

std::unique_ptr<Searcher> make_alphabeta_searcher(const Rules& rules, std::shared_ptr<const Evaluator> eval,
                                                  const AlphaBetaOptions& options, int threads,
                                                  std::string description) {
  return std::make_unique<AlphaBetaSearcher>(rules, std::move(eval), options, threads, std::move(description));
}

}  // namespace bao::search
