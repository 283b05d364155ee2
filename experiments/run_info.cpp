#include "experiments/run_info.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "build_commit.h"
#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::experiments {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

namespace {

// This process's CPU time and that of its children waited for (bao record's command).
double cpu_seconds() {
  auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  return s(self.ru_utime) + s(self.ru_stime) + s(children.ru_utime) + s(children.ru_stime);
}

bool is_sha256(const std::string& s) {
  return s.size() == 64 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

std::string iso_utc(std::chrono::system_clock::time_point t) {
  const std::time_t tt = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  return "unknown";
}

std::string host_name() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : "unknown";
}

// The Slurm job this process runs in, when it runs in one: its job id and, in a job array,
// the array's job id and this task's id, so that a folder names the jobs that made it.
json slurm_job() {
  json out = json::object();
  for (const auto& [key, var] : {std::pair{"job_id", "SLURM_JOB_ID"}, std::pair{"array_job_id", "SLURM_ARRAY_JOB_ID"},
                                 std::pair{"array_task_id", "SLURM_ARRAY_TASK_ID"}}) {
    const char* v = std::getenv(var);
    if (v != nullptr && *v != '\0') out[key] = v;
  }
  return out;
}

// The "runs" array of DIR/run.json; a file that is not one is moved to run.json.bad.
json read_runs(const fs::path& path, bool keep_bad) {
  if (!fs::exists(path)) return json::array();
  try {
    json doc = json::parse(read_text_file(path.string()));
    if (doc.is_object() && doc.contains("runs") && doc["runs"].is_array()) return doc["runs"];
  } catch (const std::exception&) {
  }
  if (keep_bad) {
    std::error_code ec;
    fs::rename(path, fs::path(path.string() + ".bad"), ec);
  }
  return json::array();
}

}  // namespace

RunInfo::RunInfo(std::string command, int threads, int ranks)
    : command_(std::move(command)),
      threads_(threads),
      ranks_(ranks),
      start_(std::chrono::system_clock::now()),
      t0_(std::chrono::steady_clock::now()),
      cpu0_(cpu_seconds()),
      declaration_(declaration_from_environment()) {}

void RunInfo::append_to(const std::string& dir, int games_played, const std::vector<std::string>& extra) const {
  const fs::path path = fs::path(dir) / "run.json";
  // A merge's shard runs come first, replacing those of an earlier merge into the folder
  // (not listed twice); then the folder's own runs (merges, resumed runs), then this one.
  json runs = json::array();
  for (const auto& e : extra) runs.push_back(json::parse(e));
  for (json& e : read_runs(path, true))
    if (extra.empty() || !e.is_object() || !e.contains("shard")) runs.push_back(std::move(e));
  json r;
  r["command"] = command_;
  r["commit"] = BAO_BUILD_COMMIT;
  if (std::string(BAO_BUILD_DIFF_SHA256) != "") r["diff_sha256"] = BAO_BUILD_DIFF_SHA256;
  if (!declaration_.section.empty())
    r["declaration"] = {{"section", declaration_.section}, {"sha256", declaration_.sha256}};
  r["compiler"] = BAO_COMPILER;
  r["build_type"] = BAO_BUILD_TYPE;
  r["flags"] = BAO_CXX_FLAGS;
  r["host"] = host_name();
  r["cpu"] = cpu_model();
  r["cores"] = std::thread::hardware_concurrency();
  r["threads"] = threads_;
  r["ranks"] = ranks_;
  r["start"] = iso_utc(start_);
  r["end"] = iso_utc(std::chrono::system_clock::now());
  r["wall_seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  r["cpu_seconds"] = cpu_seconds() - cpu0_;
  if (ranks_ > 1) r["cpu_seconds_of"] = "rank 0 (the coordinator) only";
  r["games_played"] = games_played;
  if (json job = slurm_job(); !job.empty()) r["slurm"] = std::move(job);
  runs.push_back(r);
  json doc;
  doc["runs"] = runs;
  write_text_file_atomically(path.string(), doc.dump(2) + "\n");
}

Declaration declaration_from_environment() {
  const char* section = std::getenv("BAO_DECLARATION");
  const char* sha = std::getenv("BAO_DECLARATION_SHA256");
  const std::string s = section ? section : "", h = sha ? sha : "";
  if (s.empty() && h.empty()) return {};
  if (s.empty()) throw InputError("BAO_DECLARATION_SHA256 is set but BAO_DECLARATION (the section it hashes) is not");
  if (!is_sha256(h))
    throw InputError("BAO_DECLARATION_SHA256 must be 64 lower-case hex digits (the SHA-256 of the section '" + s +
                     "'), found '" + h + "'");
  return {s, h};
}

std::vector<std::string> RunInfo::entries_of(const std::string& dir, const std::string& shard) {
  std::vector<std::string> out;
  for (json e : read_runs(fs::path(dir) / "run.json", false)) {
    if (!e.is_object()) continue;
    e["shard"] = shard;
    out.push_back(e.dump());
  }
  return out;
}

std::string shell_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& a : words) {
    if (!out.empty()) out += ' ';
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789-_=./,:+@%") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out += "'";
    for (char ch : a) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    out += "'";
  }
  return out;
}

std::string command_line(const std::string& subcommand, const std::vector<std::string>& args) {
  std::vector<std::string> words{"bao", subcommand};
  words.insert(words.end(), args.begin(), args.end());
  return shell_words(words);
}

}  // namespace bao::experiments
