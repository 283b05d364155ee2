#include "search/opponent_types.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/error.h"
#include "engine/text_input.h"
#include "search/model_search.h"
#include "search/spec.h"

namespace bao::search {
namespace {

// A sum of probabilities as a person would write it: "1.1", "0.3333333333".
std::string format_probability(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", p);
  return buf;
}

// A probability written in full (nothing after the number) and in [0, 1], nan being
// outside; `what` starts the messages, which echo the text made printable.
double parse_probability(const std::string& text, const std::string& what) {
  double p = 0;
  if (!to_double(text, p))
    throw InputError(printable(what + ": the probability '" + text + "' is not a finite number (e.g. 0.25)"));
  if (!(p >= 0 && p <= 1))
    throw InputError(printable(what + ": the probability must be in [0, 1], found '" + text + "'"));
  return p;
}

}  // namespace

std::vector<Param> types_params() {
  using T = Param::Type;
  return {{"types", T::Text, "", 0, 0, "the opponent types, evaluator:probability+...", true},
          {"own", T::Text, "", 0, 0, "type 0's probability (MAX's own; default 1 minus the others)"}};
}

std::vector<double> read_opponent_types(Args& a, const std::function<void(const std::string& evaluator)>& add_type) {
  const std::string& name = a.name();
  std::vector<double> probs(1, 0.0);
  for (const std::string& item : plus_items(a.get_text("types"))) {
    const auto colon = item.find(':');
    if (colon == std::string::npos)
      throw InputError(printable(name + ": type '" + item + "' is not evaluator:probability (e.g. material:0.5)"));
    if (probs.size() == static_cast<std::size_t>(kMaxTypes))
      throw InputError(name + ": at most " + std::to_string(kMaxTypes - 1) + " opponent types");
    probs.push_back(parse_probability(item.substr(colon + 1), name + ": type '" + item + "'"));
    add_type(item.substr(0, colon));
  }
  if (probs.size() < 2) throw InputError(name + ": give at least one opponent type in types=");
  double others = 0;
  for (std::size_t i = 1; i < probs.size(); ++i) others += probs[i];
  const std::string own = a.get_text("own");
  // Without own=, the own type takes what the others leave, which must not be negative;
  // with it, all must add up to 1. Each message says which case it is.
  if (own.empty() && others > 1.0 + 1e-9)
    throw InputError(name + ": the opponent types' probabilities add up to " + format_probability(others) +
                     ", more than 1 (the own type, own=, takes 1 minus their sum)");
  probs[0] = own.empty() ? 1.0 - others : parse_probability(own, name + ": parameter own ('" + own + "')");
  if (!own.empty() && std::abs(probs[0] + others - 1.0) > 1e-9)
    throw InputError(printable(name + ": own=" + own + " and the opponent types' " + format_probability(others) +
                               " add up to " + format_probability(probs[0] + others) + ", not 1"));
  probs[0] = std::max(0.0, probs[0]);
  return probs;
}

}  // namespace bao::search
