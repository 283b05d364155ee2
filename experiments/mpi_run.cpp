#include "experiments/mpi_run.h"

#include "engine/error.h"
#include "engine/text_input.h"

#ifdef BAO_MPI
#include <mpi.h>
#include <omp.h>
#include <sched.h>

#include <chrono>
#include <exception>
#include <string>
#include <thread>

#include "experiments/tournament_run.h"
#endif

namespace bao::experiments {

namespace {
int g_ranks = 0;
}

int mpi_ranks() { return g_ranks; }

#ifndef BAO_MPI

bool mpi_available() { return false; }

std::optional<RunResult> run_tournament_mpi(const Config&, const RunOptions&) {
  throw InputError("this bao was built without MPI (install libopenmpi-dev and rebuild)");
}

#else

bool mpi_available() { return true; }

namespace {

// The messages. Work: a worker thread asks (kRequest, no data) and gets a schedule index
// (kWork; -1: no more). A finished game goes back as "INDEX JSON" (kRecord), a failed one
// as "INDEX MESSAGE" (kFailure); a worker rank whose threads are all done sends kDone.
enum Tag : int { kRequest = 1, kWork = 2, kRecord = 3, kFailure = 4, kDone = 5 };

// MPI_Init_thread and MPI_Finalize around the run.
class Session {
 public:
  explicit Session(bool threads) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, threads ? MPI_THREAD_SERIALIZED : MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    serialized_ = provided >= MPI_THREAD_SERIALIZED;
  }
  ~Session() { MPI_Finalize(); }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool serialized() const { return serialized_; }

 private:
  int rank_ = 0, size_ = 1;
  bool serialized_ = false;
};

void send_text(const std::string& text, int dest, int tag) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD);
}

std::string receive_text(const MPI_Status& probed) {
  int n = 0;
  MPI_Get_count(&probed, MPI_CHAR, &n);
  std::string text(static_cast<std::size_t>(n), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

// "INDEX REST" -> INDEX (the schedule's), REST.
int split_index(const std::string& text, std::string& rest, int schedule_size) {
  const auto space = text.find(' ');
  int index = -1;
  if (space == std::string::npos || !to_int(std::string_view(text).substr(0, space), index) || index < 0 ||
      index >= schedule_size)
    throw InputError("a worker sent a message without a game of the schedule: '" + text.substr(0, 40) + "'");
  rest = text.substr(space + 1);
  return index;
}

// Rank 0. Answers every message until each worker rank said it is done, even when the
// folder could not be taken (then every request gets "no more"), so no rank waits for
// ever; then rethrows that error or returns the run's result.
RunResult coordinate(const Config& c, const RunOptions& o, const GameFactory& games, int workers) {
  TournamentRun run(c, o, games);
  std::exception_ptr open_error;
  try {
    run.open();
  } catch (...) {
    open_error = std::current_exception();
  }
  const auto& schedule = games.schedule();
  const int n = static_cast<int>(schedule.size());
  int done = 0;
  // Time spent on messages (not waiting): the coordinator's cost per game, which
  // scripts/simulate-scaling takes to predict how many workers one coordinator can serve.
  double busy = 0;
  int games_handled = 0;
  while (done < workers) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (!flag) {
      // Waiting without spinning: rank 0 shares a machine with workers.
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    struct Busy {
      std::chrono::steady_clock::time_point t0;
      double& busy;
      ~Busy() { busy += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); }
    } timer{t0, busy};
    if (st.MPI_TAG == kRequest || st.MPI_TAG == kDone) {
      MPI_Recv(nullptr, 0, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (st.MPI_TAG == kDone) {
        ++done;
        continue;
      }
      std::optional<ScheduledGame> g;
      if (!open_error) g = run.next();
      const int index = g ? games.index(*g) : -1;
      MPI_Send(&index, 1, MPI_INT, st.MPI_SOURCE, kWork, MPI_COMM_WORLD);
      continue;
    }
    const std::string text = receive_text(st);
    std::string rest;
    try {
      const int index = split_index(text, rest, n);
      ++games_handled;
      if (st.MPI_TAG == kRecord)
        run.finished(from_json(rest), schedule[index]);
      else
        run.failed(rest);
    } catch (const std::exception& e) {
      run.failed(std::string("rank ") + std::to_string(st.MPI_SOURCE) + ": " + e.what());
    }
  }
  if (open_error) std::rethrow_exception(open_error);
  if (o.progress && games_handled > 0)
    *o.progress << "bao run: rank 0 was busy " << busy << " s for " << games_handled << " games ("
                << busy / games_handled * 1e6 << " us per game: requests, records, appends)\n";
  return run.close();
}

// Ranks 1..P-1: each thread asks for a game, plays it and sends the record back, until
// rank 0 says there is no more. The MPI calls are serialised (MPI_THREAD_SERIALIZED);
// a request and its reply are one critical section, so replies cannot cross.
void work(const RunOptions& o, const GameFactory& games, int rank) {
  const int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  // mpirun binds each rank to a core when there are at most 2 ranks, to a socket above:
  // a rank's threads then share the cores it is bound to. Said, not corrected: the
  // binding is the user's choice.
  cpu_set_t allowed;
  if (o.progress && sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) < threads)
    *o.progress << "bao run: rank " << rank << " may run on " << CPU_COUNT(&allowed) << " core(s) only, for " << threads
                << " threads: mpirun bound it (use mpirun --bind-to none, or --map-by slot:PE=" << threads << ")\n";
  const auto& schedule = games.schedule();
#pragma omp parallel num_threads(threads)
  {
    PlayerCache players;
    for (;;) {
      int index = -1;
#pragma omp critical(bao_mpi)
      {
        MPI_Send(nullptr, 0, MPI_INT, 0, kRequest, MPI_COMM_WORLD);
        MPI_Recv(&index, 1, MPI_INT, 0, kWork, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
      if (index < 0) break;
      const ScheduledGame& g = schedule[index];
      std::string message;
      int tag = kRecord;
      try {
        message = std::to_string(index) + " " + to_json(games.play(g, players));
      } catch (const std::exception& e) {
        tag = kFailure;
        message = std::to_string(index) + " game " + games.name(g) + ": " + e.what();
      }
#pragma omp critical(bao_mpi)
      send_text(message, 0, tag);
    }
  }
  MPI_Send(nullptr, 0, MPI_INT, 0, kDone, MPI_COMM_WORLD);
}

}  // namespace

std::optional<RunResult> run_tournament_mpi(const Config& c, const RunOptions& o) {
  const int threads = o.threads > 0 ? o.threads : omp_get_max_threads();
  Session mpi(threads > 1);
  g_ranks = mpi.size();
  if (mpi.size() < 2) {
    throw InputError(
        "--mpi needs at least 2 ranks (rank 0 hands out the games, the others play): mpirun -np P with P >= 2");
  }
  if (threads > 1 && !mpi.serialized())
    throw InputError("this MPI library does not offer MPI_THREAD_SERIALIZED, needed for --threads > 1 per rank");
  const GameFactory games(c);
  if (mpi.rank() != 0) {
    work(o, games, mpi.rank());
    return std::nullopt;
  }
  return coordinate(c, o, games, mpi.size() - 1);
}

#endif

}  // namespace bao::experiments
