#include "cli/common.h"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "engine/bao/notation.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/games.h"
#include "search/spec.h"

namespace bao::cli {

void add_rules_options(po::options_description& desc, PositionOptions& o) {
  desc.add_options()("variant", po::value(&o.variant)->value_name("V"), "kiswahili (default) or kujifunza")(
      "rule", po::value(&o.rules)->value_name("KEY=VALUE")->composing(),
      "set a rules option (repeatable): long_move_limit=N (0 = exact infinite-move detection), "
      "house_choice_any_count, tax_any_lone_house, house_lost_when_hand_empties, takasia_after_namua "
      "(true/false; Donkers' 2002 program, rules.md 8a)");
}

// An empty --position is refused rather than read as "not given": `--position "$P"` with
// P unset would otherwise draw or search the start position without a word.
static void refuse_empty_position(const std::string& p) {
  if (p.empty()) throw InputError("--position: empty; leave the option out for the variant's start position");
}

void add_game_option(po::options_description& desc, PositionOptions& o) {
  desc.add_options()("game", po::value(&o.game)->value_name("G"),
                     ("the game with its parameters, e.g. 'kalah(houses=6,seeds=4)' or 'bao(variant=kujifunza)'; "
                      "registered: " +
                      models::games().names() + " (default bao; docs/commands.md lists the parameters)")
                         .c_str());
}

void add_position_options(po::options_description& desc, PositionOptions& o) {
  add_game_option(desc, o);
  add_rules_options(desc, o);
  desc.add_options()("position", po::value(&o.position)->value_name("P")->notifier(refuse_empty_position),
                     "position string (notation.md), quoted; default: the variant's start");
}

Rules make_rules(const PositionOptions& o) {
  Rules r;
  r.variant = parse_variant(o.variant);
  if (!o.game.empty()) {
    const search::Spec spec = search::parse_spec(o.game);
    if (spec.name == "bao") {
      if (o.variant_given && spec.params.count("variant"))
        throw InputError("--variant and --game '" + o.game + "' both set the variant; give one");
      models::make_game(o.game);  // its parameters checked against the registration
      for (const auto& [key, value] : spec.params) r.set(key, value);
    }
  }
  for (const std::string& kv : o.rules) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos) throw InputError("--rule: expected KEY=VALUE, found '" + kv + "'");
    r.set(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return r;
}

std::unique_ptr<search::AnyGame> other_game(const PositionOptions& o) {
  if (o.game.empty()) return nullptr;
  auto g = models::make_game(o.game);
  if (search::parse_spec(o.game).name == "bao") return nullptr;
  if (o.variant_given || !o.rules.empty())
    throw InputError("--variant and --rule are Bao's options; give " + search::parse_spec(o.game).name +
                     "'s parameters in --game (" + g->spec() + ")");
  return g;
}

search::AnyState any_position(const search::AnyGame& g, const PositionOptions& o) {
  if (o.position.empty()) return g.start();
  return g.parse_state(o.position);
}

Position make_position(const PositionOptions& o, const Rules& r) {
  if (o.position.empty()) return start_position(r.variant);
  return parse_position(o.position, r.variant);
}

// The option list of --help. The positional arguments come first, under their value
// names as the usage line writes them ("CONFIG", "FILE|-"), not as "--config CONFIG":
// they are given without the option name (which the parser still takes).
static std::string help_text(const po::options_description& desc,
                             const po::positional_options_description* positional) {
  const auto is_positional = [&](const std::string& name) {
    if (!positional) return false;
    const unsigned n = positional->max_total_count();
    // An unbounded list (pos.add(NAME, -1)) names every position: the first few suffice.
    for (unsigned i = 0; i < std::min(n, 16u); ++i)
      if (positional->name_for_position(i) == name) return true;
    return false;
  };
  po::options_description args("arguments");
  po::options_description options("options");  // every command's caption
  for (const auto& o : desc.options()) {
    if (!is_positional(o->long_name())) {
      options.add(o);
      continue;
    }
    // A copy named by its value name: "CONFIG" instead of "--config CONFIG".
    const std::string parameter = o->format_parameter();
    args.add_options()(parameter.c_str(), o->description().c_str());
  }
  std::ostringstream out;
  if (!args.options().empty()) {
    // Boost writes an option without a value as "  --NAME" at the start of its line: the
    // dashes go, moved behind the name as spaces so that the descriptions stay aligned.
    std::ostringstream text;
    text << args;
    std::string t = text.str();
    for (std::size_t at = t.find("  --"); at != std::string::npos; at = t.find("  --", at + 2))
      if (at == 0 || t[at - 1] == '\n') {
        t.erase(at + 2, 2);
        t.insert(t.find(' ', at + 2), "  ");
      }
    out << t << "\n";
  }
  out << options;
  return out.str();
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
    std::cout << "usage: bao " << command << " " << synopsis << "\n\n" << help_text(desc, positional) << "\n";
    return false;
  }
  po::notify(vm);
  if (position_options) position_options->variant_given = !vm["variant"].defaulted() && vm.count("variant");
  return true;
}

bool parse_position_command(const std::string& command, const std::vector<std::string>& args, PositionOptions& o) {
  po::options_description desc("options");
  add_position_options(desc, o);
  po::variables_map vm;
  return parse(command, kPositionSynopsis, args, desc, nullptr, vm, &o);
}

std::vector<std::pair<int, int>> parse_int_ranges(const std::string& opt, const std::string& text, int lo, int hi,
                                                  bool ranges_as_pairs) {
  try {
    return bao::parse_int_ranges(text, lo, hi, ranges_as_pairs);
  } catch (const InputError& e) {
    throw InputError("--" + opt + ": " + e.what());
  }
}

std::vector<int> parse_int_list(const std::string& opt, const std::string& text, int lo, int hi) {
  std::vector<int> out;
  for (const auto& p : parse_int_ranges(opt, text, lo, hi, false)) out.push_back(p.first);
  return out;
}

std::pair<int, int> parse_range_option(const std::string& opt, const std::string& text, int lo, int hi) {
  try {
    return parse_int_range(text, lo, hi);
  } catch (const InputError& e) {
    throw po::error("--" + opt + ": " + e.what());
  }
}

play::OpeningStream parse_stream_option(const std::string& text) {
  try {
    return play::parse_opening_stream(text);
  } catch (const InputError& e) {
    throw po::error(std::string("--opening-stream: ") + e.what());
  }
}

}  // namespace bao::cli
