// bao run --mpi: a tournament played by the ranks of an MPI job (mpirun -np P), with
// dynamic scheduling, since game times have a heavy tail and static shards leave ranks
// idle.
//
// Rank 0 is the coordinator: it takes the results folder exactly as a local run does
// (TournamentRun: lock, config.ini, resume, duplicate checks), hands out one game at a
// time to whichever worker thread asks, appends each record it receives to games.jsonl
// at once, prints progress and follows the SPRT, and stops handing out games when the
// SPRT decides or a game fails. Ranks 1..P-1 are workers: each plays with its own
// OpenMP threads (RunOptions::threads), one game per thread at a time, so one rank per
// machine uses the machine. A game's content depends only on the config and its place in
// the schedule (GameFactory::play), so the records are those of a local run. A rank that
// dies takes the job down (mpirun's default) and loses only its games in flight:
// running the same command again resumes from games.jsonl.
#pragma once

#include <optional>

#include "experiments/config.h"
#include "experiments/tournament.h"

namespace bao::experiments {

// Whether this build has MPI (CMake found it; BAO_MPI).
bool mpi_available();

// Initialises MPI (MPI_THREAD_SERIALIZED when threads > 1), runs the tournament, and
// finalises MPI. On rank 0 returns what run_tournament returns (the caller writes the
// summaries); on a worker rank returns nothing. Throws InputError on rank 0 for what
// run_tournament refuses and when the job has fewer than 2 ranks; a game's failure on a
// worker stops the run and is rethrown on rank 0 after the games in flight were recorded.
std::optional<RunResult> run_tournament_mpi(const Config& c, const RunOptions& o);

// The job's ranks, once run_tournament_mpi has run (0 before).
int mpi_ranks();

}  // namespace bao::experiments
