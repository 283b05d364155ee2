// Named components with parameters, as configs and the command line write them:
// "alphabeta", "alphabeta(tt_mb=16, ordering=false)". Parsing and typed access with
// errors that name the component, the parameter and the bad value.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace bao::search {

struct Spec {
  std::string name;
  std::map<std::string, std::string> params;
  std::string text;  // as given, for messages

  // Typed readers: remove the parameter when present, else return the default.
  bool take_bool(const std::string& key, bool def);
  std::int64_t take_int(const std::string& key, std::int64_t def, std::int64_t min, std::int64_t max);
  // Throws InputError if parameters remain that no reader took (unknown parameters),
  // listing the known ones.
  void finish(const std::string& known) const;
};

// Throws InputError on a malformed spec.
Spec parse_spec(std::string_view text);

// A comma-separated list of specs, split at the commas outside parentheses:
// "safe-om(eps=5,horizon=2),om-beta" -> {"safe-om(eps=5,horizon=2)", "om-beta"}; an empty
// item stays (the callers refuse it by name).
std::vector<std::string> split_spec_list(std::string_view text);

// The items of a parameter value written "A+B+C" (a list of evaluators), every one, an
// empty one before or after a stray '+' too (the callers name such an item in their error).
std::vector<std::string> plus_items(const std::string& text);

}  // namespace bao::search
