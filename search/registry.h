// The searcher registry: every searcher is declared once, with its name, a one-line
// summary, its kind, its parameter schema and its factory for Bao; the other games make
// it from the same entry (search/generic_searchers.h, the random trees'
// search/random_tree_searchers.h). The one registry of the toolkit is models::searchers()
// (models/all_searchers.h); this file holds its types. Every list of searcher
// names (help texts, `bao trees`, Python's bao.searchers(), the bench suite, the table in
// docs/commands.md) is read from a registry, never typed again.
//
// A spec is read against the schema: a key the schema lacks is refused before the
// factory runs (the message lists the schema's keys), a required key that is missing
// too; the factory reads its values with Args, which takes defaults and ranges from the
// schema, so a default is written once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bao/rules.h"
#include "engine/param.h"
#include "search/evaluator.h"
#include "search/model_search.h"
#include "search/searcher.h"
#include "search/spec.h"

namespace bao::search {

using bao::Param;

// A spec being read by a factory: typed values with the schema's defaults and ranges.
// Asking for a key the schema lacks is a programming error (std::logic_error).
class Args {
 public:
  Args(Spec& spec, const std::vector<Param>& schema) : spec_(spec), schema_(schema) {}
  bool get_bool(const std::string& key);
  std::int64_t get_int(const std::string& key);
  // The raw text; the schema's default when absent and not required.
  std::string get_text(const std::string& key);
  // A real number written in full (a Text parameter), within [lo, hi]; otherwise an
  // InputError "NAME: KEY must be a number in [lo, hi] (what), found 'TEXT'".
  double get_real(const std::string& key, double lo, double hi, const std::string& what);
  bool has(const std::string& key) const { return spec_.params.count(key) > 0; }
  Spec& spec() { return spec_; }
  const std::string& name() const { return spec_.name; }
  // "name(k=v,...)" with every parameter of the schema, as given or its default, bools
  // and numbers written canonically: a description that names the whole configuration.
  std::string canonical() const;

 private:
  const Param& param(const std::string& key) const;
  Spec& spec_;
  const std::vector<Param>& schema_;
  std::vector<std::pair<std::string, std::string>> read_;  // values read, canonical text
};

using BaoFactory =
    std::function<std::unique_ptr<Searcher>(Args& args, const Rules& rules, std::shared_ptr<const Evaluator> eval)>;

// What a searcher is, for the lists that take one kind of searcher (`bao bench --suite`
// times every kind but Plain, whose alpha-beta has lines of its own).
enum class SearcherKind {
  Unset,          // refused by SearcherRegistry::add: every registration states its kind
  Plain,          // V0 alone, by a classic algorithm: minimax, alpha-beta, the strength mode, random
  OpponentModel,  // OM, PrOM, M*, (D,d)-OM, root OM, safe and robust OM: searches with opponent models
  Mcts,           // Monte-Carlo tree search, with an opponent model or without one
};

// "plain", "opponent-model", "mcts".
const char* kind_name(SearcherKind k);

struct SearcherEntry {
  std::string name;
  std::string summary;  // one line: what it searches
  SearcherKind kind = SearcherKind::Unset;
  std::vector<Param> params;
  BaoFactory make;
  bool tree_grid_default = false;  // in `bao trees`' default list of searchers
  // Searchers of one family compute the same move by other means (OM's, PrOM's, M*'s,
  // (D,d)-OM's variants): `bao trees` measures agreement against the family's first
  // searcher listed. "" for a family of its own name.
  std::string family;
  // The parameters `bao bench --suite` searches it with, as written inside the brackets
  // ("model=material"); "" for none.
  std::string bench_params;
  // The bytes a searcher made from args may hold at most (tables, pools and what grows
  // with them); empty: the sum of its Cost::Memory parameters, in MiB.
  std::function<std::uint64_t(Args& args)> memory = {};
};

class SearcherRegistry {
 public:
  // Throws std::logic_error for a name registered twice or an entry without a kind.
  void add(SearcherEntry e);
  const std::vector<SearcherEntry>& entries() const { return entries_; }
  const SearcherEntry* find(std::string_view name) const;
  // "a, b, c" in registration order.
  std::string names() const;
  // Throws InputError naming an unknown searcher (and the known ones), a parameter the
  // schema lacks (and the schema's keys), a missing required one or a bad value.
  std::unique_ptr<Searcher> make(std::string_view spec, const Rules& rules,
                                 std::shared_ptr<const Evaluator> eval) const;
  // The memory a searcher of `spec` may hold (SearcherEntry::memory), read from the spec
  // without making the searcher: the one estimate bao search, bao run's memory check and
  // bao serve's cap share. Throws InputError as make() does for an unknown searcher or a
  // bad value of a memory parameter.
  std::uint64_t memory_bytes(std::string_view spec) const;
  // Throws InputError when a searcher of `spec` cannot keep to its limits on this
  // machine: a parameter marked Param::Cost::Threads above the machine's hardware threads
  // (hardware_threads()), or its memory (memory_bytes) above what check_memory_bytes
  // allows, naming the parameters marked Param::Cost::Memory to lower. Every maker of a
  // searcher (make(), AnyGame::make_searcher) calls it before anything is allocated, so
  // bao search, bao run, bao serve and Python's bao.search all refuse alike.
  void check_resources(std::string_view spec) const;
  // The markdown table of searchers and parameters that docs/commands.md holds.
  std::string markdown_table() const;

 private:
  std::vector<SearcherEntry> entries_;
};

// Throws InputError for a key of spec that schema lacks (listing the schema's keys) and a
// required key spec lacks. Returns the schema's keys, comma separated.
std::string check_against_schema(const Spec& spec, const std::vector<Param>& schema);

// tt_mb as every searcher with a table declares it: MiB, default kDefaultTableMb, 0 to
// kMaxTableMb, 0 meaning no table.
Param table_param();

// Throws InputError "WHAT would hold N MiB of tables and pools, more than ...; lower
// PARAMS" when
// `bytes` exceed what table_memory_excess allows on this machine; nothing otherwise.
void check_memory_bytes(std::uint64_t bytes, const std::string& what, const std::string& params);

// The hardware threads of this machine (std::thread::hardware_concurrency); 0 when unknown.
int hardware_threads();

// A parameter's line in help and docs: "tt_mb (16; 0 to 65536): the table's size in MiB".
std::string describe_param(const Param& p);

}  // namespace bao::search
