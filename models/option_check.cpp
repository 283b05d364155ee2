#include "models/option_check.h"

#include <cmath>
#include <cstdio>

#include "engine/error.h"

namespace bao::models {

std::string number_text(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

int first_non_finite(const Weights& w) {
  for (int f = 0; f < kHalfFeatures; ++f)
    if (!std::isfinite(w[f])) return f;
  return -1;
}

void OptionCheck::fail(const std::string& what) const { throw InputError(who_ + ": " + what); }

void OptionCheck::whole(const char* option, int v, int lo, int hi) const {
  if (v < lo || v > hi)
    fail(std::string(option) + " must be " + std::to_string(lo) + " to " + std::to_string(hi) + ", found " +
         std::to_string(v));
}

void OptionCheck::real(const char* option, double v, double lo, double hi, bool open_low) const {
  if (!std::isfinite(v) || v < lo || (open_low && v == lo) || v > hi)
    fail(std::string(option) + " must be a number in " + (open_low ? "(" : "[") + number_text(lo) + ", " +
         number_text(hi) + "], found " + number_text(v));
}

void OptionCheck::opening_plies(int min, int max, int hi) const {
  if (min < 0 || min > max || max > hi)
    fail("--opening-plies must be A-B with 0 <= A <= B <= " + std::to_string(hi) + ", found " + std::to_string(min) +
         "-" + std::to_string(max));
}

void OptionCheck::weights(const Weights& initial, const Weights& mask) const {
  if (const int f = first_non_finite(initial); f >= 0)
    fail("initial weight of '" + std::string(feature_name(f)) + "' is " + number_text(initial[f]) + ", not finite");
  for (int f = 0; f < kHalfFeatures; ++f)
    if (mask[f] != 0 && mask[f] != 1)
      fail("mask of '" + std::string(feature_name(f)) + "' is " + number_text(mask[f]) + ", not 0 or 1");
}

}  // namespace bao::models
