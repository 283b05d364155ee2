// A Bao searcher made of an algorithm object that needs nothing of its own around it:
// Impl has Result<bao::Move> search(const Position&, const Limits&). The registrations of
// minimax and random (search/searcher.cpp) use it, so such an algorithm is one header and
// one registration.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "search/searcher.h"

namespace bao::search {

template <class Impl>
class PlainSearcher final : public Searcher {
 public:
  struct Options {
    std::string description;   // describe()'s text, and the start of its errors
    bool needs_depth = false;  // refuse limits without a depth (the algorithm has no other)
  };

  // eval: the evaluator Impl searches with (kept alive here), or null for none.
  PlainSearcher(std::unique_ptr<Impl> impl, std::shared_ptr<const Evaluator> eval, Options o)
      : impl_(std::move(impl)), eval_(std::move(eval)), o_(std::move(o)) {}

  void check(const Limits& limits) const override {
    check_limits(limits);
    if (o_.needs_depth && limits.depth < 1)
      throw InputError(o_.description + " searches to a fixed depth: give a depth of at least 1");
  }
  // One search; info gets its result once (one iteration, or the last finished one).
  BaoResult search(const Position& p, const Limits& limits, const InfoFn& info) override {
    check(limits);
    BaoResult r = impl_->search(p, limits);
    if (info && r.has_move) info(r);
    return r;
  }
  std::string describe() const override { return o_.description; }
  std::vector<const Evaluator*> evaluators() const override {
    if (!eval_) return {};
    return {eval_.get()};
  }

 private:
  std::unique_ptr<Impl> impl_;
  std::shared_ptr<const Evaluator> eval_;
  Options o_;
};

}  // namespace bao::search
