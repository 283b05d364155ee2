#include "models/linear_evaluator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/option_check.h"
#include "search/score.h"

namespace bao::models {

int to_eval(double raw) {
  if (!(raw == raw)) return 0;  // NaN: weights gone wrong; score it as even
  const double c = std::clamp(raw, -double(search::kMaxEval), double(search::kMaxEval));
  return static_cast<int>(std::lround(c));
}

double LinearEvaluator::raw(const Position& p, int side) const {
  // A zero weight makes a feature's value irrelevant (0 * x is 0 for every finite count),
  // so `moves`, the one that costs, is not computed then: the score is bit for bit the
  // same.
  const bool moves = w_[kFMoves] != 0;
  const HalfFeatures d = half_features(p, side, rules_, moves) - half_features(p, side ^ 1, rules_, moves);
  return w_.dot(d);
}

int LinearEvaluator::evaluate(const Position& p, int side) const { return to_eval(raw(p, side)); }

int LinearEvaluator::evaluate_within(const Position& p, int side, int alpha, int beta) const {
  const double wm = w_[kFMoves];
  if (wm == 0) return evaluate(p, side);
  // d as raw() has it, but with the moves entry (own - other) left 0 for now.
  HalfFeatures d = half_features(p, side, rules_, false) - half_features(p, side ^ 1, rules_, false);
  const double base = w_.dot(d);
  if (!std::isfinite(base)) return evaluate(p, side);
  // base + wm * k is computed in another order than raw()'s dot product: widen the bounds
  // far beyond the rounding error of either (about 1e-16 of the terms' magnitude).
  const double slack = 1e-9 * (1 + w_.cwiseAbs().dot(d.cwiseAbs()) + std::abs(wm) * 2 * kMaxMoves);
  // Own and other moves lie in [lo, hi]; exact once counted (lo == hi).
  int own_lo = 0, own_hi = mobility_bound(p, side, rules_);
  int other_lo = 0, other_hi = mobility_bound(p, side ^ 1, rules_);
  int v;
  auto decided = [&] {
    const double a = wm * (own_lo - other_hi), b = wm * (own_hi - other_lo);
    const int hi = to_eval(base + std::max(a, b) + slack);
    if (hi <= alpha) return v = hi, true;  // evaluate() <= hi <= alpha
    const int lo = to_eval(base + std::min(a, b) - slack);
    if (lo >= beta) return v = lo, true;  // beta <= lo <= evaluate()
    return false;
  };
  if (decided()) return v;
  own_lo = own_hi = mobility(p, side, capture_targets(p, side), rules_);
  if (decided()) return v;
  other_lo = other_hi = mobility(p, side ^ 1, capture_targets(p, side ^ 1), rules_);
  d[kFMoves] = own_lo - other_lo;  // now exactly raw()'s d: the same dot product, bit for bit
  return to_eval(w_.dot(d));
}

static Weights weights_from_text(std::string_view text, const std::string& source) {
  Weights w;
  w.setZero();
  int line_of[kHalfFeatures];
  for (int& l : line_of) l = 0;
  int line_no = 0;
  std::size_t at = 0;
  auto fail = [&](int line, const std::string& what) -> void {
    throw InputError(source + ":" + std::to_string(line) + ": " + what);
  };
  while (at < text.size()) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    std::string line(text.substr(at, nl - at));
    at = nl + 1;
    ++line_no;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream in(line);
    std::string name, value, extra;
    if (!(in >> name)) continue;
    if (!(in >> value)) fail(line_no, "feature '" + name + "' has no weight (expected `feature weight`)");
    if (in >> extra) fail(line_no, "unexpected '" + extra + "' after the weight of '" + name + "'");
    const int f = feature_index(name);
    if (f < 0) {
      std::string known;
      for (int i = 0; i < kHalfFeatures; ++i) known += (i ? ", " : "") + std::string(feature_name(i));
      fail(line_no, "unknown feature '" + name + "' (known: " + known + ")");
    }
    if (line_of[f])
      fail(line_no, "feature '" + name + "' given twice (first on line " + std::to_string(line_of[f]) + ")");
    double x = 0;
    if (!to_double(value, x)) fail(line_no, "weight '" + value + "' of '" + name + "' is not a finite number");
    if (std::abs(x) > kMaxWeight)
      fail(line_no, "weight '" + value + "' of '" + name + "' is beyond +-" + number_text(kMaxWeight) +
                        ", the largest a weight may be (" + std::to_string(kHalfFeatures) + " features of at most " +
                        std::to_string(kMaxFeatureValue) + " each keep the score within +-" +
                        std::to_string(search::kMaxEval) + ")");
    w[f] = x;
    line_of[f] = line_no;
  }
  // A missing feature is reported at the end of the file (its last line).
  for (int f = 0; f < kHalfFeatures; ++f)
    if (!line_of[f])
      fail(std::max(line_no, 1), "missing feature '" + std::string(feature_name(f)) + "' (every feature needs a line)");
  return w;
}

Weights parse_weights(std::string_view text, const std::string& source) {
  return with_printable_errors([&] { return weights_from_text(text, source); });
}

Weights read_weights(const std::string& path) {
  // A folder is refused as a folder (an ifstream opened it and read nothing: "missing
  // feature 'hand'").
  return parse_weights(read_text_file(path), path);
}

std::string format_weights(const Weights& w, const std::string& comment) {
  // A weights file holds finite numbers only (parse_weights refuses the others), so a
  // non-finite weight is refused here rather than written as "inf" or "nan" into a file
  // no reader takes.
  if (const int f = first_non_finite(w); f >= 0)
    throw InputError("the weight of '" + std::string(feature_name(f)) + "' is " + number_text(w[f]) +
                     ", not finite: a weights file holds finite numbers only");
  // Nor a weight beyond kMaxWeight, which parse_weights refuses: a learner that drifts
  // past it fails here, naming the weight, instead of leaving a file no reader takes.
  for (int f = 0; f < kHalfFeatures; ++f)
    if (std::abs(w[f]) > kMaxWeight)
      throw InputError("the weight of '" + std::string(feature_name(f)) + "' is " + number_text(w[f]) + ", beyond +-" +
                       number_text(kMaxWeight) + ", the largest a weights file may hold");
  std::string out;
  std::istringstream lines(comment);
  for (std::string l; std::getline(lines, l);) out += l.empty() ? "#\n" : "# " + l + "\n";
  char buf[64];
  for (int f = 0; f < kHalfFeatures; ++f) {
    std::snprintf(buf, sizeof buf, "%.17g", w[f]);
    out += std::string(feature_name(f)) + " " + buf + "\n";
  }
  return out;
}

void write_weights(const std::string& path, const Weights& w, const std::string& comment) {
  // The text first (format_weights refuses a non-finite weight), then written through
  // PATH.tmp and a rename: a refused or failed write leaves an existing file as it was
  // (opening it for writing first emptied it).
  const std::string text = format_weights(w, comment);
  write_text_file_atomically(path, text);
}

Weights default_like_weights() {
  Weights w;
  w.setZero();
  w[kFHand] = 4;
  for (int k = 0; k < 8; ++k) w[kFFront1 + k] = w[kFBack1 + k] = 4;
  w[kFThreatNow] = 3;
  w[kFThreatNext] = 1;
  w[kFHouse] = 12;
  w[kFHouseFunctional] = 8;
  return w;
}

}  // namespace bao::models
