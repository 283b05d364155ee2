// The results folders of `bao serve` (bao serve --results DIR): their games (games.jsonl,
// read again only when it changed), one game with every ply's state and its predicted
// replies, the summary files, evaluation curves of a recorded game (kept while its moves
// stay the same) and the SPRT's track. Requests name a folder by its number, ?folder=N;
// a file the server refuses to read is a 403 naming it.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <semaphore>
#include <string>
#include <vector>

#include "cli/serve_api.h"
#include "cli/serve_request.h"

namespace bao::cli {

class ResultsFolders {
 public:
  // `searches`, the server's search slots, and `evaluators`, the names a request may
  // use, are the server's and outlive this.
  ResultsFolders(const ServeOptions& o, std::counting_semaphore<1024>& searches,
                 const std::vector<std::string>& evaluators);
  ~ResultsFolders();

  // Each folder: number, name, path, whether it has games and a summary.
  json folders();
  using Query = std::map<std::string, std::string>;
  json games(const Query& q);
  json game(const Query& q);
  json summary(const Query& q);
  json curve(const Query& q, const std::function<bool()>& client_gone);
  json sprt(const Query& q);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bao::cli
