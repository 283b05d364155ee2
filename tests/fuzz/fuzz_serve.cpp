// The JSON API of bao serve (ServeApi::handle): the input's first line is "METHOD
// TARGET" (the target read as the server reads it: path, then ?query), the rest is the
// body. Checked for every request: the answer is a 200 (a JSON body when it says it is
// JSON, and every /api/ answer does) or a 4xx whose body is a JSON object with a
// non-empty "error"; never a 5xx. A 200 from /api/position or /api/play has a valid
// position (64 seeds, the position string round trip); a 200 from /api/record has a
// record that bao replay reads under the request's rules, with the names given, as many
// plies as the answer says, and the final position /api/position gives for the game.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/game_session.h"
#include "cli/serve_api.h"
#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "engine/error.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

namespace fs = std::filesystem;
namespace http = bao::cli::http;
using json = nlohmann::ordered_json;

// A game of tests/fuzz/corpus/jsonl, for the results folder's games.jsonl.
const char kGame[] =
    R"({"pairing":"a vs b","first":"a","second":"b","opening_index":0,"game":0,"south":"a","north":"b","ope)"
    R"(ning":"0,2,1,0,7,2,0,1/0,0,0,0,0,0,1,1/1,1,1,1,0,1,1,0/1,1,1,1,1,0,1,1 S 18,18 A- -","moves":["A6R",)"
    R"("a7R","A3R","a5L*","A5R","a8L*","A3L","a7L*","A3L","a5L","A2L*","a5L*","A5L","a3R","A5R","a2L","A5R")"
    R"(,"a2L*","A5R","a2L","A6L","a2L","A5R","a5L","A8R>","a2L","A4R","a4L","A4L","a4L","A7R","a5L","A7R",")"
    R"(a6L","A7R","a3R","A7L*","a3L*","B3R","b8R","B1L","b1L","B2L","a4R","B3R*","a7L","B8R","b8R","B1L","a)"
    R"(3R","A7L","b7R","A4L","b4L","A3R","a3L*","B5R","b2L*","B7R"],"result":"south","winner":"a","reason":)"
    R"("North's front row is empty","plies":59,"first_points":1,"nodes_south":149,"nodes_north":130,"time_s)"
    R"(outh":4.3302e-05,"time_north":2.8868e-05})";

// A results folder with one game and a summary (folder 0) and an empty one (folder 1),
// made once, in the temporary folder, for the process.
bao::cli::ServeApi& api() {
  static const fs::path dir = [] {
    const fs::path& d = bao::fuzz::process_folder("serve");
    fs::create_directories(d / "games");
    fs::create_directories(d / "empty");
    std::ofstream(d / "games" / "games.jsonl") << kGame << "\n";
    std::ofstream(d / "games" / "summary.md") << "# summary\n";
    return d;
  }();
  static bao::cli::ServeApi a([] {
    bao::cli::ServeOptions o;
    o.max_depth = 2;
    o.max_time_ms = 5;
    o.max_memory_mb = 16;  // alpha-beta's default table, no larger
    o.max_searches = 1;
    o.results = {(dir / "games").string(), (dir / "empty").string()};
    return o;
  }());
  return a;
}

void check_position_text(const std::string& text, const bao::Rules& rules, const std::string& detail) {
  const bao::Position p = bao::parse_position(text, rules.variant);
  BAO_FUZZ_CHECK(bao::seed_total(p) == bao::kSeeds, detail);
  BAO_FUZZ_CHECK(bao::format_position(p) == text, detail);
}

// The rules the request names, read as the API reads "variant" and "rules"; called only
// for a request the API answered with a 200.
bao::Rules request_rules(const json& j) {
  bao::Rules r;
  if (j.contains("variant") && !j["variant"].is_null()) r.variant = bao::parse_variant(j["variant"].get<std::string>());
  if (j.contains("rules") && !j["rules"].is_null())
    for (const auto& [key, value] : j["rules"].items())
      r.set(key, value.is_string() ? value.get<std::string>() : value.dump());
  return r;
}

std::string header(const bao::GameRecord& g, const std::string& key) {
  for (const auto& [k, v] : g.headers)
    if (k == key) return v;
  return "";
}

void check_record(const json& body, const json& answer, const std::string& detail) {
  const bao::Rules rules = request_rules(body);
  const std::string record = answer.at("record").get<std::string>();
  bao::GameRecord g;
  try {
    g = bao::read_game(record, "fuzz", rules, false);
  } catch (const bao::InputError& e) {
    bao::fuzz::fail("the record of /api/record reads back", record + "\n" + e.what());
  }
  BAO_FUZZ_CHECK(g.plies.size() == answer.at("plies").get<std::size_t>(), record);
  BAO_FUZZ_CHECK(bao::cli::result_text(g.final_position(), rules) == answer.at("result").get<std::string>(), record);
  for (const char* side : {"south", "north"}) {
    const std::string name = body.contains(side) && body[side].is_string() ? body[side].get<std::string>() : "";
    const std::string key = side[0] == 's' ? "South" : "North";
    BAO_FUZZ_CHECK(header(g, key) == name, record);
  }
  // The same game through /api/position ends where the record does.
  json same = body;
  same.erase("south");
  same.erase("north");
  const http::Response r = api().handle({.method = "POST", .path = "/api/position", .body = same.dump()});
  BAO_FUZZ_CHECK(r.status == 200, detail + " -> " + r.body);
  const json p = json::parse(r.body);
  BAO_FUZZ_CHECK(p.at("state").at("position").get<std::string>() == bao::format_position(g.final_position()), record);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The results folder is there and read: its game is listed.
  const http::Response r = api().handle({.method = "GET", .path = "/api/games", .query = {{"folder", "0"}}});
  if (r.status != 200 || r.body.find("\"total\":1") == std::string::npos)
    bao::fuzz::fail("the results folder is served", std::to_string(r.status) + " " + r.body);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = bao::fuzz::text_of(data, size);
  const std::size_t nl = text.find('\n');
  const std::string line = text.substr(0, nl);
  http::Request req;
  req.body = nl == std::string::npos ? "" : text.substr(nl + 1);
  const std::size_t sp = line.find(' ');
  req.method = line.substr(0, sp);
  const std::string target = sp == std::string::npos ? "/" : line.substr(sp + 1);
  const std::size_t q = target.find('?');
  req.path = http::url_decode(target.substr(0, q));
  if (q != std::string::npos) req.query = http::parse_query(target.substr(q + 1));

  const http::Response r = api().handle(req);
  const std::string detail = std::to_string(r.status) + " " + r.body;
  BAO_FUZZ_CHECK(r.status == 200 || (r.status >= 400 && r.status < 500), detail);
  const bool api_path = req.path.starts_with("/api/");
  if (api_path) BAO_FUZZ_CHECK(r.content_type == "application/json", detail);
  if (r.content_type != "application/json") {
    BAO_FUZZ_CHECK(r.status == 200 && !r.body.empty(), detail);
    return 0;
  }
  const json answer = json::parse(r.body, nullptr, false);
  BAO_FUZZ_CHECK(answer.is_object(), detail);
  if (r.status != 200) {
    BAO_FUZZ_CHECK(answer.size() == 1 && answer.contains("error") && answer["error"].is_string(), detail);
    BAO_FUZZ_CHECK(!answer["error"].get<std::string>().empty(), detail);
    return 0;
  }
  if (req.path == "/api/position" || req.path == "/api/play" || req.path == "/api/record") {
    const json body = req.body.empty() ? json::object() : json::parse(req.body);
    const bao::Rules rules = request_rules(body);
    if (req.path == "/api/record") {
      check_record(body, answer, detail);
    } else {
      check_position_text(answer.at("state").at("position").get<std::string>(), rules, detail);
      const std::size_t given = body.contains("moves") && body["moves"].is_array() ? body["moves"].size() : 0;
      const std::size_t played = answer.at("moves").size();
      BAO_FUZZ_CHECK(played == given + (req.path == "/api/play" ? 1 : 0), detail);
    }
  }
  return 0;
}
