#include "search/searcher.h"

#include <algorithm>
#include <chrono>

#include "engine/error.h"
#include "engine/long_moves.h"
#include "search/alphabeta.h"
#include "search/minimax.h"
#include "search/spec.h"

namespace bao::search {
namespace {

class MinimaxSearcher final : public Searcher {
 public:
  MinimaxSearcher(const Rules& rules, std::shared_ptr<const Evaluator> eval)
      : eval_(std::move(eval)),
        impl_(std::make_unique<Minimax<BaoGame, EvalFn>>(BaoGame{rules}, EvalFn{eval_.get()})) {}
  void check(const Limits& limits) const override {
    check_limits(limits);
    if (limits.depth < 1) throw InputError("minimax searches to a fixed depth: give a depth of at least 1");
  }
  BaoResult search(const Position& p, const Limits& limits, const InfoFn& info) override {
    check(limits);
    BaoResult r = impl_->search(p, limits);
    if (info && r.has_move) info(r);
    return r;
  }
  std::string describe() const override { return "minimax"; }
  std::vector<const Evaluator*> evaluators() const override { return {eval_.get()}; }

 private:
  std::shared_ptr<const Evaluator> eval_;
  std::unique_ptr<Minimax<BaoGame, EvalFn>> impl_;
};

class AlphaBetaSearcher final : public Searcher {
 public:
  AlphaBetaSearcher(const Rules& rules, std::shared_ptr<const Evaluator> eval, AlphaBetaOptions o)
      : eval_(std::move(eval)),
        opt_(o),
        impl_(std::make_unique<AlphaBeta<BaoGame, EvalFn>>(BaoGame{rules}, EvalFn{eval_.get()}, o)) {}
  // A proof of a long move can take seconds (rules.md 8, engine/long_moves.h), far past a
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
  std::string describe() const override {
    auto b = [](bool x) { return x ? "true" : "false"; };
    return std::string("alphabeta(tt=") + b(opt_.tt) + ",tt_mb=" + std::to_string(opt_.tt_mb) +
           ",tt_deeper=" + b(opt_.tt_deeper) + ",ordering=" + b(opt_.ordering) +
           ",aspiration=" + std::to_string(opt_.aspiration) + ",staged=" + b(opt_.staged) + ",pvs=" + b(opt_.pvs) +
           ",id_step=" + std::to_string(opt_.id_step) + ",lazy_legality=" + b(opt_.lazy_legality) + ")";
  }
  std::size_t table_bytes() const override { return opt_.tt ? opt_.tt_mb << 20 : 0; }
  std::vector<const Evaluator*> evaluators() const override { return {eval_.get()}; }

 private:
  std::shared_ptr<const Evaluator> eval_;
  AlphaBetaOptions opt_;
  std::unique_ptr<AlphaBeta<BaoGame, EvalFn>> impl_;
};

}  // namespace

void check_limits(const Limits& l, std::string_view who) {
  const std::string at = who.empty() ? "" : std::string(who) + ": ";
  if (l.depth < 0) throw InputError(at + "depth must be at least 1, found " + std::to_string(l.depth));
  if (l.depth > kMaxPly - 1)  // the searchers' per-ply buffers end there
    throw InputError(at + "depth must be at most " + std::to_string(kMaxPly - 1) +
                     " (the deepest ply a search reaches), found " + std::to_string(l.depth));
  if (l.depth == 0 && l.nodes == 0 && l.time_ms <= 0)
    throw InputError(at + "a search needs a limit: a depth of at least 1, a node count or a time");
  if (l.time_ms < 0) throw InputError(at + "time must be positive, found " + std::to_string(l.time_ms) + " ms");
}

std::string searcher_names() { return "minimax, alphabeta"; }

std::unique_ptr<Searcher> make_searcher(std::string_view text, const Rules& rules,
                                        std::shared_ptr<const Evaluator> eval) {
  if (!eval) throw InputError("searcher '" + std::string(text) + "': no evaluator given");
  Spec spec = parse_spec(text);
  if (spec.name == "minimax") {
    spec.finish("");
    return std::make_unique<MinimaxSearcher>(rules, std::move(eval));
  }
  if (spec.name == "alphabeta") {
    AlphaBetaOptions o;
    o.tt = spec.take_bool("tt", o.tt);
    o.tt_mb = static_cast<std::size_t>(spec.take_int("tt_mb", static_cast<std::int64_t>(o.tt_mb), 1, 65536));
    o.tt_deeper = spec.take_bool("tt_deeper", o.tt_deeper);
    o.ordering = spec.take_bool("ordering", o.ordering);
    o.aspiration = static_cast<int>(spec.take_int("aspiration", o.aspiration, 0, kMaxEval));
    o.staged = spec.take_bool("staged", o.staged);
    o.pvs = spec.take_bool("pvs", o.pvs);
    o.id_step = static_cast<int>(spec.take_int("id_step", o.id_step, 1, kMaxPly - 1));
    o.lazy_legality = spec.take_bool("lazy_legality", o.lazy_legality);
    spec.finish("tt, tt_mb, tt_deeper, ordering, aspiration, staged, pvs, id_step, lazy_legality");
    return std::make_unique<AlphaBetaSearcher>(rules, std::move(eval), o);
  }
  throw InputError("unknown searcher '" + spec.name + "' (known: " + searcher_names() + ")");
}

}  // namespace bao::search
