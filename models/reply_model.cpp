#include "models/reply_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/option_check.h"
#include "search/score.h"

namespace bao::models {

std::vector<double> softmax_log_probs(const std::vector<int>& scores, double temperature) {
  std::vector<double> out(scores.size());
  if (scores.empty()) return out;
  const int top = *std::max_element(scores.begin(), scores.end());
  // log sum_j exp((v_j - top) / tau): the largest term is 1, so no overflow, and the sum
  // is at least 1, so its log is finite.
  double sum = 0;
  for (int v : scores) sum += std::exp((v - top) / temperature);
  const double log_sum = std::log(sum);
  for (std::size_t i = 0; i < scores.size(); ++i) out[i] = (scores[i] - top) / temperature - log_sum;
  return out;
}

double seed_value(const search::Evaluator& e) {
  const Position p = start_position(Variant::Kiswahili);
  const int side = p.side;
  const int base = e.evaluate(p, side);
  double gain = 0;
  for (int place = 0; place <= kRing; ++place) {
    Position q = p;
    if (place == kRing)
      ++q.hand[side];
    else
      ++q.pits[side][place];
    gain += e.evaluate(q, side) - base;
  }
  gain /= kRing + 1;
  return gain > 0 ? gain : 1;
}

void check_tau(double tau) {
  if (!std::isfinite(tau) || tau <= 0)
    throw InputError("--tau must be a finite number > 0 (the softmax temperature, in seeds), found " +
                     number_text(tau));
}

ReplyModel::ReplyModel(const PlayerModel& m, const Rules& rules, double tau)
    : rules_(rules), depth_(m.depth), eval_(make_evaluator(m.eval)) {
  check_tau(tau);
  temperature_ = tau * seed_value(*eval_);
  if (depth_ > 1) searcher_ = models::make_searcher(m.searcher, rules, eval_);
}

std::vector<int> ReplyModel::scores(const Position& p) {
  generate_children(p, rules_, children_);
  if (children_.empty()) throw std::logic_error("ReplyModel: no legal move in a position where the game goes on");
  const int mover = p.side;
  search::Limits limits;
  limits.depth = depth_ - 1;
  std::vector<int> out;
  out.reserve(children_.size());
  for (const Child& c : children_) {
    const Outcome o = outcome(c.pos, rules_);
    if (o != Outcome::Ongoing) {
      // As alpha-beta scores a game over one ply below the root (search::terminal_score).
      const int winner = o == Outcome::SouthWins ? South : North;
      out.push_back(search::terminal_score(winner, mover, 1));
    } else if (depth_ == 1) {
      out.push_back(eval_->evaluate(c.pos, mover));
    } else {
      // The child's value is from its own root; one ply further from p, a win or loss
      // is one ply later, as p's search would count it.
      const int v = -searcher_->search(c.pos, limits).value;
      out.push_back(search::is_decisive(v) ? v - (v > 0 ? 1 : -1) : v);
    }
  }
  return out;
}

int move_index(const Position& p, const Move& m, const Rules& rules) {
  MoveList moves;
  generate_moves(p, rules, moves);
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i] == m) return static_cast<int>(i);
  return -1;
}

}  // namespace bao::models
