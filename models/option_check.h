// Checks shared by the learners' options (GA, TD-Leaf) and the weights writer: ranges
// that name the option as `bao learn-eval` spells it with the value found, and the
// finiteness of weight vectors (inf or nan options would make inf and nan weights).
#pragma once

#include <string>

#include "models/features.h"

namespace bao::models {

// A number as messages show it: %g, so "inf", "nan", "0.25", "1e+06".
std::string number_text(double x);

// The first weight that is not a finite number, or -1.
int first_non_finite(const Weights& w);

// Collects nothing: each check throws InputError("WHO: ...") at the first bad value.
class OptionCheck {
 public:
  explicit OptionCheck(std::string who) : who_(std::move(who)) {}
  [[noreturn]] void fail(const std::string& what) const;
  // A whole number in [lo, hi].
  void whole(const char* option, int v, int lo, int hi) const;
  // A finite number in [lo, hi], or (lo, hi] with open_low; NaN and the infinities are
  // refused whatever the bounds.
  void real(const char* option, double v, double lo, double hi, bool open_low = false) const;
  // --opening-plies A-B with 0 <= A <= B <= hi.
  void opening_plies(int min, int max, int hi) const;
  // Starting weights finite, mask entries 0 or 1.
  void weights(const Weights& initial, const Weights& mask) const;

 private:
  std::string who_;
};

}  // namespace bao::models
