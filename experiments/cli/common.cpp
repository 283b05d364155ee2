#include "experiments/cli/common.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/error.h"
#include "engine/notation.h"

namespace bao::cli {

void add_rules_options(po::options_description& desc, PositionOptions& o) {
  desc.add_options()("variant", po::value(&o.variant)->value_name("V"), "kiswahili (default) or kujifunza")(
      "rule", po::value(&o.rules)->value_name("KEY=VALUE")->composing(),
      "set a rules option (repeatable): long_move_limit=N (0 = exact infinite-move detection), "
      "house_choice_any_count, tax_any_lone_house, house_lost_when_hand_empties, takasia_after_namua "
      "(true/false; Donkers' 2002 program, rules.md 8a)");
}

void add_position_options(po::options_description& desc, PositionOptions& o) {
  add_rules_options(desc, o);
  desc.add_options()("position", po::value(&o.position)->value_name("P"),
                     "position string (notation.md), quoted; default: the variant's start");
}

Rules make_rules(const PositionOptions& o) {
  Rules r;
  r.variant = parse_variant(o.variant);
  for (const std::string& kv : o.rules) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos) throw InputError("--rule: expected KEY=VALUE, found '" + kv + "'");
    r.set(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return r;
}

Position make_position(const PositionOptions& o, const Rules& r) {
  if (o.position.empty()) return start_position(r.variant);
  return parse_position(o.position, r.variant);
}

bool parse(const std::string& command, const std::string& synopsis, const std::vector<std::string>& args,
           po::options_description& desc, const po::positional_options_description* positional, po::variables_map& vm,
           PositionOptions* position_options) {
  desc.add_options()("help,h", "show this help");
  po::command_line_parser parser(args);
  parser.options(desc);
  // Without a positional description stray words would be dropped silently (an unquoted
  // position string would lose its fields): an empty one makes them an error.
  const po::positional_options_description none;
  parser.positional(positional ? *positional : none);
  po::store(parser.run(), vm);
  if (vm.count("help")) {
    std::cout << "usage: bao " << command << " " << synopsis << "\n\n" << desc << "\n";
    return false;
  }
  po::notify(vm);
  if (position_options) position_options->variant_given = !vm["variant"].defaulted() && vm.count("variant");
  return true;
}

std::string read_input(const std::string& path) {
  std::ostringstream s;
  if (path == "-") {
    s << std::cin.rdbuf();
    return s.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
  s << in.rdbuf();
  if (in.bad()) throw InputError("cannot read '" + path + "'");
  return s.str();
}

// "2,3,4", "2-8", "2,4-6" -> values; with ranges_as_pairs a range "2-5" is one value.
std::vector<std::pair<int, int>> parse_int_ranges(const std::string& opt, const std::string& text,
                                                  bool ranges_as_pairs) {
  std::vector<std::pair<int, int>> out;
  std::size_t at = 0;
  auto number = [&](const std::string& s) {
    try {
      std::size_t used = 0;
      const int v = std::stoi(s, &used);
      if (used != s.size()) throw std::invalid_argument("x");
      return v;
    } catch (const std::exception&) {
      throw InputError("--" + opt + ": '" + s + "' is not a whole number (in '" + text + "')");
    }
  };
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(at, comma - at);
    at = comma + 1;
    if (item.empty()) throw InputError("--" + opt + ": empty item in '" + text + "'");
    if (item.front() == '-')
      throw InputError("--" + opt + ": '" + item + "': negative numbers are not allowed (in '" + text + "')");
    const auto dash = item.find('-');
    if (dash == std::string::npos) {
      const int v = number(item);
      out.emplace_back(v, v);
    } else {
      const int a = number(item.substr(0, dash)), b = number(item.substr(dash + 1));
      if (a > b) throw InputError("--" + opt + ": range '" + item + "' runs backwards");
      if (ranges_as_pairs) {
        out.emplace_back(a, b);
      } else {
        for (int v = a; v <= b; ++v) out.emplace_back(v, v);
      }
    }
  }
  return out;
}

std::vector<int> parse_int_list(const std::string& opt, const std::string& text) {
  std::vector<int> out;
  for (const auto& p : parse_int_ranges(opt, text, false)) out.push_back(p.first);
  return out;
}

}  // namespace bao::cli
