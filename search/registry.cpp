#include "search/registry.h"

#include <cstdio>
#include <stdexcept>
#include <thread>

#include "engine/error.h"
#include "engine/text_input.h"
#include "search/random_tree_support.h"
#include "search/tt.h"

namespace bao::search {

const Param& Args::param(const std::string& key) const {
  for (const Param& p : schema_)
    if (p.name == key) return p;
  throw std::logic_error(spec_.name + ": the factory reads '" + key + "', which its schema lacks");
}

bool Args::get_bool(const std::string& key) {
  const Param& p = param(key);
  const bool v = spec_.take_bool(key, p.def == "true");
  read_.emplace_back(key, v ? "true" : "false");
  return v;
}

std::int64_t Args::get_int(const std::string& key) {
  const Param& p = param(key);
  if (p.required && !has(key)) throw InputError(spec_.name + ": parameter " + key + " is required");
  std::int64_t def = 0;
  if (!p.def.empty() && !to_int(p.def, def))
    throw std::logic_error(spec_.name + ": default of " + key + " not a number");
  const std::int64_t v = spec_.take_int(key, def, p.min, p.max);
  read_.emplace_back(key, std::to_string(v));
  return v;
}

double Args::get_real(const std::string& key, double lo, double hi, const std::string& what) {
  const std::string text = get_text(key);
  double v = 0;
  if (!to_double(text, v) || !(v >= lo && v <= hi)) {
    char range[64];
    std::snprintf(range, sizeof range, "[%g, %g]", lo, hi);
    throw InputError(spec_.name + ": " + key + " must be a number in " + range + " (" + what + "), found '" + text +
                     "'");
  }
  return v;
}

std::string Args::get_text(const std::string& key) {
  const Param& p = param(key);
  const auto it = spec_.params.find(key);
  if (it == spec_.params.end()) {
    if (p.required) throw InputError(spec_.name + ": parameter " + key + " is required");
    return p.def;
  }
  std::string v = it->second;
  spec_.params.erase(it);
  read_.emplace_back(key, v);
  return v;
}

std::string Args::canonical() const {
  std::string out;
  for (const Param& p : schema_) {
    std::string value = p.def;
    for (const auto& [k, v] : read_)
      if (k == p.name) value = v;
    if (value.empty()) continue;
    out += (out.empty() ? "(" : ",") + p.name + "=" + value;
  }
  return spec_.name + (out.empty() ? "" : out + ")");
}

const char* kind_name(SearcherKind k) {
  switch (k) {
    case SearcherKind::Plain:
      return "plain";
    case SearcherKind::OpponentModel:
      return "opponent-model";
    case SearcherKind::Mcts:
      return "mcts";
    case SearcherKind::Unset:
      break;
  }
  return "unset";
}

void SearcherRegistry::add(SearcherEntry e) {
  if (find(e.name)) throw std::logic_error("searcher '" + e.name + "' registered twice");
  if (e.kind == SearcherKind::Unset) throw std::logic_error("searcher '" + e.name + "' registered without a kind");
  entries_.push_back(std::move(e));
}

const SearcherEntry* SearcherRegistry::find(std::string_view name) const {
  for (const SearcherEntry& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

std::string SearcherRegistry::names() const {
  std::string out;
  for (const SearcherEntry& e : entries_) out += (out.empty() ? "" : ", ") + e.name;
  return out;
}

std::unique_ptr<Searcher> SearcherRegistry::make(std::string_view text, const Rules& rules,
                                                 std::shared_ptr<const Evaluator> eval) const {
  if (!eval) throw InputError("searcher '" + std::string(text) + "': no evaluator given");
  Spec spec = parse_spec(text);
  const SearcherEntry* e = find(spec.name);
  if (!e) throw InputError("unknown searcher '" + spec.name + "' (known: " + names() + ")");
  const std::string known = check_against_schema(spec, e->params);
  check_resources(text);
  Args args(spec, e->params);
  auto s = e->make(args, rules, std::move(eval));
  spec.finish(known);  // a key the schema has but the factory did not read: refused too
  return s;
}

std::string check_against_schema(const Spec& spec, const std::vector<Param>& schema) {
  std::string known;
  for (const Param& p : schema) known += (known.empty() ? "" : ", ") + p.name;
  for (const auto& [key, value] : spec.params) {
    bool found = false;
    for (const Param& p : schema) found |= p.name == key;
    if (!found)
      throw InputError(spec.name + ": unknown parameter '" + key + "' (known: " + (known.empty() ? "none" : known) +
                       ")");
  }
  for (const Param& p : schema)
    if (p.required && !spec.params.count(p.name))
      throw InputError(spec.name + ": parameter " + p.name + " is required");
  return known;
}

std::uint64_t SearcherRegistry::memory_bytes(std::string_view text) const {
  Spec spec = parse_spec(text);
  const SearcherEntry* e = find(spec.name);
  if (!e) throw InputError("unknown searcher '" + spec.name + "' (known: " + names() + ")");
  Args args(spec, e->params);
  if (e->memory) return e->memory(args);
  std::uint64_t bytes = 0;
  for (const Param& p : e->params)
    if (p.cost == Param::Cost::Memory) bytes += static_cast<std::uint64_t>(args.get_int(p.name)) << 20;
  return bytes;
}

void SearcherRegistry::check_resources(std::string_view text) const {
  Spec spec = parse_spec(text);
  const SearcherEntry* e = find(spec.name);
  if (!e) throw InputError("unknown searcher '" + spec.name + "' (known: " + names() + ")");
  Args args(spec, e->params);
  const std::string what = "searcher '" + std::string(text) + "'";
  // Threads beyond the cores only take turns: the main search reads its clock only when
  // it is scheduled, each helper must be scheduled to see the stop, and starting a thread
  // alone costs 0.2-0.5 ms. alphabeta(threads=256) on two cores runs 1.7-1.9 s for a
  // limit of 10 ms (15-25 s on Kalah).
  const int hardware = hardware_threads();
  std::string lower;
  for (const Param& p : e->params) {
    if (p.cost == Param::Cost::Memory) lower += (lower.empty() ? "" : " or ") + p.name;
    if (p.cost != Param::Cost::Threads || hardware == 0) continue;
    const std::int64_t n = args.get_int(p.name);
    if (n > hardware)
      throw InputError(what + ": " + p.name + "=" + std::to_string(n) + ", more than the " + std::to_string(hardware) +
                       " hardware threads of this machine (threads beyond them only take turns, and the time "
                       "limit would not hold); give " +
                       p.name + "=" + std::to_string(hardware) + " or fewer");
  }
  // What it would hold, before anything is allocated: a node pool grows during the
  // search, where running out would be a bare std::bad_alloc.
  check_memory_bytes(memory_bytes(text), what, lower.empty() ? "the memory it asks for" : lower);
}

int hardware_threads() { return static_cast<int>(std::thread::hardware_concurrency()); }

Param table_param() {
  return {"tt_mb", Param::Type::Int,   std::to_string(kDefaultTableMb),
          0,       kMaxTableMb,        "a table of exact values by position and depth, in MiB (0: none)",
          false,   Param::Cost::Memory};
}

void check_memory_bytes(std::uint64_t bytes, const std::string& what, const std::string& params) {
  const std::string excess = table_memory_excess(bytes, machine_memory_bytes(), available_memory_bytes());
  if (!excess.empty())
    throw InputError(what + " would hold " + std::to_string(bytes >> 20) + " MiB of tables and pools, " + excess +
                     "; lower " + params);
}

std::string describe_param(const Param& p) {
  std::string out = "`" + p.name + "`";
  std::string extra;
  if (p.required)
    extra = "required";
  else if (!p.def.empty())
    extra = p.def;
  if (p.type == Param::Type::Int) {
    extra += (extra.empty() ? "" : "; ") + std::to_string(p.min) + " to " + std::to_string(p.max);
  }
  if (!extra.empty()) out += " (" + extra + ")";
  if (!p.doc.empty()) out += ": " + p.doc;
  return out;
}

std::string SearcherRegistry::markdown_table() const {
  std::string out = "| searcher | what it does | parameters (default; range) | on random trees |\n|---|---|---|---|\n";
  for (const SearcherEntry& e : entries_) {
    std::string params;
    for (const Param& p : e.params) params += (params.empty() ? "" : "; ") + describe_param(p);
    out += "| `" + e.name + "` | " + e.summary + " | " + (params.empty() ? "none" : params) + " | " +
           (runs_on_trees(e.name) ? "yes" : "no: " + tree_refusal_reason(e.name)) + " |\n";
  }
  return out;
}

}  // namespace bao::search
