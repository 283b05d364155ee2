#include "cli/serve_search_caps.h"

#include <algorithm>
#include <sstream>

#include "cli/serve_request.h"
#include "engine/text_input.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "search/spec.h"

namespace bao::cli {

std::vector<std::string> split_names(const std::string& names) {
  std::vector<std::string> out;
  std::stringstream in(names);
  std::string item;
  while (std::getline(in, item, ',')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

std::vector<std::string> evaluator_list() {
  std::vector<std::string> out = split_names(models::evaluator_names());
  std::erase_if(out, [](const std::string& name) { return name.find(' ') != std::string::npos; });
  return out;
}

void check_engine(const ServeOptions& o, const std::vector<std::string>& evaluators,
                  const experiments::PlayerConfig& pc) {
  if (std::find(evaluators.begin(), evaluators.end(), pc.eval) == evaluators.end()) {
    std::string known;
    for (const auto& e : evaluators) known += (known.empty() ? "" : ", ") + e;
    bad("unknown evaluator '" + pc.eval + "' (known: " + known + ")");
  }
  const std::string& searcher = pc.searcher;
  const search::Spec spec = search::parse_spec(searcher);
  // A model a searcher names is an evaluator of the game (`evaluators`) or one built in;
  // anything else would be read as a weights file.
  const auto known = [&](const std::string& name) {
    return std::find(evaluators.begin(), evaluators.end(), name) != evaluators.end();
  };
  for (const std::string& name : models::spec_evaluators(spec))
    if (!models::is_builtin_evaluator(name) && !known(name))
      bad("searcher '" + searcher + "': weights files are not available through the server; use evaluator names");
  // Every parameter with a cost, as the registry marks it (search::Param::Cost): no
  // table or pool beyond max_memory_mb, at most max_threads cores a search slot (Lazy
  // SMP), no nested depth beyond max_depth, and the searcher's whole memory (tables,
  // pools) at most max_memory_mb.
  const auto at_most = [&](const std::string& key, std::int64_t cap, bool numbers_only) {
    const auto it = spec.params.find(key);
    if (it == spec.params.end()) return;
    int n = 0;
    const bool number = to_int(it->second, n);
    if ((!number && !numbers_only) || (number && n > cap))
      bad("searcher '" + searcher + "': " + key + " must be at most " + std::to_string(cap) + " on this server");
  };
  const search::SearcherEntry* entry = models::searchers().find(spec.name);
  if (!entry) bad("unknown searcher '" + spec.name + "' (known: " + models::searcher_names() + ")");
  for (const search::Param& p : entry->params) {
    if (p.cost == search::Param::Cost::Memory) at_most(p.name, o.max_memory_mb, false);
    if (p.cost == search::Param::Cost::Threads) at_most(p.name, o.max_threads, false);
    if (p.cost == search::Param::Cost::Plies) at_most(p.name, o.max_depth, p.type == search::Param::Type::Text);
  }
  const std::uint64_t bytes = models::searchers().memory_bytes(searcher);
  if (bytes > (static_cast<std::uint64_t>(o.max_memory_mb) << 20))
    bad("searcher '" + searcher + "' would hold " + std::to_string(bytes >> 20) +
        " MiB of tables and pools, more than " + std::to_string(o.max_memory_mb) + " MiB on this server");
  // Minimax's depth alone bounds its time (about 1 s at 10).
  if (spec.name == "minimax" && pc.depth > kMaxMinimaxDepth)
    bad("minimax has no time limit: depth at most " + std::to_string(kMaxMinimaxDepth) + " on this server, found " +
        std::to_string(pc.depth));
}

SearchSlot::SearchSlot(std::counting_semaphore<1024>& slots, std::int64_t wait_ms) : slots_(slots) {
  if (!slots_.try_acquire_for(std::chrono::milliseconds(wait_ms)))
    throw HttpError(503, "the server is busy with other searches; try again");
}

ClientWatch::ClientWatch(const std::function<bool()>& client_gone) {
  if (client_gone)
    thread_ = std::jthread([this, client_gone](const std::stop_token& done) {
      while (!done.stop_requested() && !gone_) {
        if (client_gone()) gone_ = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    });
}

}  // namespace bao::cli
