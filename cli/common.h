// Shared pieces of the `bao` subcommands: exit codes, option parsing with --help, and
// the options every command that takes a position has (--variant, --position, --rule).
#pragma once

#include <boost/program_options.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/bao/position.h"
#include "engine/bao/rules.h"
#include "play/openings.h"
#include "search/any_game.h"

namespace bao::cli {

namespace po = boost::program_options;

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 1;     // bad command line (unknown option, missing value)
inline constexpr int kExitBadInput = 2;  // bad input (position, move, record, file)

// Options of commands that work on one position.
struct PositionOptions {
  std::string game;  // --game: a registered game's spec (models/games.h); empty: Bao
  std::string variant = "kiswahili";
  std::string position;            // empty: not given, the variant's start (--position "" is refused)
  std::vector<std::string> rules;  // "key=value"
  bool variant_given = false;
};
void add_rules_options(po::options_description& desc, PositionOptions& o);
// --game G: a registered game's spec (PositionOptions::game).
void add_game_option(po::options_description& desc, PositionOptions& o);
void add_position_options(po::options_description& desc, PositionOptions& o);
// Bao's rules from --variant, --rule and a --game naming bao with parameters. Throws
// InputError for a bad option or a conflict (--variant with bao(variant=...)).
Rules make_rules(const PositionOptions& o);
Position make_position(const PositionOptions& o, const Rules& r);  // throws InputError
// The synopsis of add_position_options' options, for the usage line of --help.
inline constexpr const char* kPositionSynopsis = "[--game G | --variant V] [--rule KEY=VALUE ...] [--position P]";
// The game --game names when it is not Bao (whose commands keep their own code), else
// null. Throws InputError for an unknown game, a bad parameter, or Bao's options
// (--variant, --rule) given with another game.
std::unique_ptr<search::AnyGame> other_game(const PositionOptions& o);
// --position read by game g, or g's start.
search::AnyState any_position(const search::AnyGame& g, const PositionOptions& o);

// Parses args (without the subcommand) into vm. Returns false after printing the usage
// when --help was given. Throws po::error on a usage error.
bool parse(const std::string& command, const std::string& synopsis, const std::vector<std::string>& args,
           po::options_description& desc, const po::positional_options_description* positional, po::variables_map& vm,
           PositionOptions* position_options = nullptr);
// The command line of a command that takes one position and nothing else (bao show, bao
// moves) into o. Returns false after printing the usage (--help).
bool parse_position_command(const std::string& command, const std::vector<std::string>& args, PositionOptions& o);

// "2,3,4", "2-8", "2,4-6" for the option --opt (engine/text_input.h), every item within
// [lo, hi]. Throws InputError naming the option and the bad item.
std::vector<std::pair<int, int>> parse_int_ranges(const std::string& opt, const std::string& text, int lo, int hi,
                                                  bool ranges_as_pairs);
std::vector<int> parse_int_list(const std::string& opt, const std::string& text, int lo, int hi);
// "N" or "MIN-MAX" for the option --opt (engine/text_input.h's parse_int_range). Throws
// po::error (a usage error) naming the option.
std::pair<int, int> parse_range_option(const std::string& opt, const std::string& text, int lo, int hi);
// The value of --opening-stream, "tournament" or "v1" (play::parse_opening_stream). Throws
// po::error (a usage error) for another name.
play::OpeningStream parse_stream_option(const std::string& text);

// The subcommands: each returns the process's exit status.
int cmd_show(const std::vector<std::string>& args);
int cmd_moves(const std::vector<std::string>& args);
int cmd_replay(const std::vector<std::string>& args);
int cmd_perft(const std::vector<std::string>& args);
int cmd_search(const std::vector<std::string>& args);
int cmd_solve(const std::vector<std::string>& args);
int cmd_check_proof(const std::vector<std::string>& args);
int cmd_bench(const std::vector<std::string>& args);
int cmd_run(const std::vector<std::string>& args);
int cmd_merge(const std::vector<std::string>& args);
int cmd_record(const std::vector<std::string>& args);
int cmd_trees(const std::vector<std::string>& args);
int cmd_tree_games(const std::vector<std::string>& args);
int cmd_learn_eval(const std::vector<std::string>& args);
int cmd_learn_types(const std::vector<std::string>& args);
int cmd_play(const std::vector<std::string>& args);
int cmd_serve(const std::vector<std::string>& args);

}  // namespace bao::cli
