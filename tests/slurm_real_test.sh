#!/usr/bin/env bash
# The Slurm scripts under a real Slurm: usage: slurm_real_test.sh BAO SCRIPTS_DIR
# Starts a private one-node cluster in a temporary folder (munged, slurmctld and slurmd
# with their own key, socket, ports on loopback, state and logs; nothing of the machine's
# own Slurm or munge configuration is read), then:
#   * scripts/slurm/submit: an array of 3 shards and the afterok merge job; the merged
#     folder has the games and summaries of one process, and run.json names the jobs;
#   * one array task cancelled while it runs (the merge job goes with it), the tournament
#     submitted again: every game once, the same games and summaries as one process;
#   * reproduce-thesis --launcher slurm (E4, smoke scale): the local launcher's tables;
#   * bao run --mpi under mpirun and under srun --mpi=pmix in a 2-task allocation.
# The daemons are stopped by the PIDs this script started, whatever the outcome.
# Exit 77 (CTest's skip) when the daemons cannot run here: not root (slurmd starts jobs
# as their user), or a container without the privileges they need; the message, on
# stderr, names what failed. With BAO_REQUIRE_SLURM set (CI sets it) each of these exits 1
# instead, so that a skip cannot pass unnoticed. Without the packages it fails naming
# them: scripts/test installs them.
set -u
BAO="$(realpath "$1")"; SCRIPTS="$(realpath "$2")"
source "$(dirname "$0")/lib.sh"
# skip MESSAGE...: the lines on stderr, then exit 77 (skip), or 1 (fail) where
# BAO_REQUIRE_SLURM is set.
skip() {
  local verdict=SKIP status=77
  [ -n "${BAO_REQUIRE_SLURM:-}" ] && verdict="FAIL (BAO_REQUIRE_SLURM is set, no skip)" status=1
  printf 'slurm_real_test: %s: %s\n' "$verdict" "$1" >&2
  shift
  [ $# -gt 0 ] && printf '%s\n' "$@" >&2
  exit $status
}
t_start=$(date +%s)

missing=()
for c in munged:munge slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client squeue:slurm-client \
         scancel:slurm-client scontrol:slurm-client sinfo:slurm-client; do
  command -v "${c%%:*}" > /dev/null || missing+=("${c%%:*} (Debian: ${c#*:})")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "slurm_real_test: FAIL: missing ${missing[*]}; scripts/test installs them" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  skip "needs root (slurmd starts each job as its user; here uid $(id -u))"
fi
# Nothing of a Slurm job this test may itself run in, nor sbatch defaults, may leak in.
for v in $(compgen -e | grep -E '^(SLURM|SBATCH|SALLOC|SRUN)_'); do unset "$v"; done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# ---- the cluster ----------------------------------------------------------------------
# munged wants its socket's folder (and those above it) searchable by all.
chmod 755 "$tmp"
s="$tmp/slurm"
mkdir -p "$s/state" "$s/spool" "$s/log"
munge_pid="" ctld_pid="" slurmd_pid=""
stop_cluster() {
  if [ -n "$ctld_pid" ] && kill -0 "$ctld_pid" 2> /dev/null; then
    # Jobs first, so that no slurmstepd or bao outlives the daemons.
    local ids
    mapfile -t ids < <(squeue -h -o %A 2> /dev/null | sort -u)
    [ ${#ids[@]} -gt 0 ] && scancel "${ids[@]}" 2> /dev/null
    for _ in $(seq 1 50); do
      [ -z "$(squeue -h -o %A 2> /dev/null)" ] && break
      sleep 0.2
    done
  fi
  local p
  for p in $slurmd_pid $ctld_pid $munge_pid; do
    kill "$p" 2> /dev/null || continue
    for _ in $(seq 1 25); do kill -0 "$p" 2> /dev/null || break; sleep 0.2; done
    kill -9 "$p" 2> /dev/null
    wait "$p" 2> /dev/null
  done
}
cleanup() { stop_cluster; lib_cleanup; }
trap cleanup EXIT
trap "exit 143" TERM INT  # so that the EXIT trap stops the daemons then too
skip_because() { # what failed, then the log to show
  local log
  log=$(tail -n 15 "$2" 2> /dev/null | sed 's/^/  | /')
  skip "$1; the Slurm daemons cannot run here (e.g. a container" \
    "  without the privileges to run jobs as root or to use loopback ports). Last lines of $2:" "$log"
}

# The guard itself, in this script run again (not recursively) with a munged that exits
# at once, and as an unprivileged user: a skip there, a failure with BAO_REQUIRE_SLURM.
if [ -z "${BAO_SLURM_GUARD_RUN:-}" ]; then
  mkdir "$tmp/nomunge"
  printf '#!/bin/sh\necho "munged: exits at once (the guard check)" >&2\nexit 1\n' > "$tmp/nomunge/munged"
  chmod 755 "$tmp/nomunge/munged"
  guard() { # EXPECTED-STATUS STDERR-TEXT, then the command: its status and stderr
    local want="$1" text="$2" got; shift 2
    "$@" > "$tmp/guard.out" 2> "$tmp/guard.err"; got=$?
    [ "$got" -eq "$want" ] && grep -qF -- "$text" "$tmp/guard.err" && return 0
    echo "     exit $got, expected $want with '$text' on stderr; stderr:"; sed 's/^/     | /' "$tmp/guard.err"
    return 1
  }
  me="$(realpath "$0")"
  check "guard: munged exits, BAO_REQUIRE_SLURM unset: skip (77), the reason on stderr" \
    guard 77 "SKIP: munged did not start" env -u BAO_REQUIRE_SLURM BAO_SLURM_GUARD_RUN=1 PATH="$tmp/nomunge:$PATH" "$me" "$BAO" "$SCRIPTS"
  check "guard: munged exits, BAO_REQUIRE_SLURM=1: fails (1)" \
    guard 1 "FAIL (BAO_REQUIRE_SLURM is set, no skip): munged did not start" \
    env BAO_REQUIRE_SLURM=1 BAO_SLURM_GUARD_RUN=1 PATH="$tmp/nomunge:$PATH" "$me" "$BAO" "$SCRIPTS"
  check "guard: not root, BAO_REQUIRE_SLURM unset: skip (77)" \
    guard 77 "SKIP: needs root" setpriv --reuid=65534 --regid=65534 --clear-groups \
    env -u BAO_REQUIRE_SLURM BAO_SLURM_GUARD_RUN=1 "$me" "$BAO" "$SCRIPTS"
  check "guard: not root, BAO_REQUIRE_SLURM=1: fails (1)" \
    guard 1 "FAIL (BAO_REQUIRE_SLURM is set, no skip): needs root" setpriv --reuid=65534 --regid=65534 \
    --clear-groups env BAO_REQUIRE_SLURM=1 BAO_SLURM_GUARD_RUN=1 "$me" "$BAO" "$SCRIPTS"
fi

dd if=/dev/urandom of="$s/munge.key" bs=1024 count=1 status=none
chmod 600 "$s/munge.key"
munged -F --socket="$s/munge.sock" --key-file="$s/munge.key" --log-file="$s/log/munged.log" \
  --pid-file="$s/munged.pid" --seed-file="$s/munged.seed" > "$s/log/munged.out" 2>&1 &
munge_pid=$!
for _ in $(seq 1 50); do [ -S "$s/munge.sock" ] && break; kill -0 "$munge_pid" 2> /dev/null || break; sleep 0.1; done
[ -S "$s/munge.sock" ] || { cat "$s/log/munged.out" >> "$s/log/munged.log"; skip_because "munged did not start" "$s/log/munged.log"; }

# Two free ports on loopback (bound by the kernel's choice, then released).
read -r ctld_port slurmd_port < <(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 ))
# One node (this machine) in one partition; CPUs are the consumable (cons_tres, CR_CPU),
# so tasks of 1 CPU run side by side. No cgroups: processes are tracked through /proc,
# tasks are not bound. config_overrides: the node is as written here even where slurmd
# reads the hardware's sockets and cores otherwise. Jobs are scheduled as soon as they
# can start (by default Slurm waits up to 3 s per scheduling pass, which made this test
# twice as slow).
cat > "$s/slurm.conf" <<CONF
ClusterName=baotest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$s/munge.sock
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/log/slurmctld.log
SlurmdLogFile=$s/log/slurmd.log
SlurmdParameters=config_overrides
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=5
MinJobAge=600
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=bao Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$s/slurm.conf"
slurmctld -D > "$s/log/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -N "$host" > "$s/log/slurmd.out" 2>&1 &
slurmd_pid=$!
state=""
for _ in $(seq 1 120); do
  state=$(sinfo -h -o %T 2> /dev/null)
  [ "$state" = idle ] && break
  kill -0 "$ctld_pid" 2> /dev/null || skip_because "slurmctld exited" "$s/log/slurmctld.out"
  kill -0 "$slurmd_pid" 2> /dev/null || skip_because "slurmd exited" "$s/log/slurmd.out"
  sleep 0.5
done
[ "$state" = idle ] || skip_because "the node is '${state:-not listed}' after 60 s, not idle" "$s/log/slurmd.log"
echo "a one-node Slurm $(sinfo -V | awk '{print $2}') on $host: $cpus CPUs, ${mem} MiB (up in $(( $(date +%s) - t_start )) s)"

# ---- helpers --------------------------------------------------------------------------
# wait_done SECONDS JOBID...: until squeue lists none of the jobs; 1 on the timeout.
wait_done() {
  local limit="$1" ids; shift
  ids=$(IFS=,; echo "$*")
  for _ in $(seq 1 $(( limit * 5 ))); do
    [ -z "$(squeue -h -j "$ids" -o %i 2> /dev/null)" ] && return 0
    sleep 0.2
  done
  echo "     still queued after $limit s:"; squeue -j "$ids" | sed 's/^/     | /'
  return 1
}
# states_of JOBID: the job's state, or its array tasks' states, "TASK=STATE" sorted.
states_of() {
  scontrol -o show job "$1" 2> /dev/null |
    sed -E 's/.*ArrayTaskId=([^ ]*).*JobState=([A-Z_]*).*/\1=\2/; s/^JobId=.*JobState=([A-Z_]*).*/\1/' | sort | tr '\n' ' '
}
state_is() { # JOBID, then the expected states_of
  [ "$(states_of "$1")" = "$2 " ] && return 0
  echo "     job $1: '$(states_of "$1")', expected '$2'"
  return 1
}
games_of() { # the games without their times (which depend on the machine), sorted
  sed -E 's/,"time_south":[^,]*,"time_north":[^}]*//' "$1/games.jsonl" | sort
}
same_as() { # folder, the 1-process folder: the same games and summaries
  [ "$(games_of "$1")" == "$(games_of "$2")" ] && cmp -s "$1/summary.csv" "$2/summary.csv" &&
    cmp -s "$1/summary.md" "$2/summary.md"
}
runs() { # FOLDER PYTHON-EXPRESSION over r (the list of runs of run.json): true or not
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]+'/run.json'))['runs']; sys.exit(0 if ($2) else 1)" "$1" ||
    { echo "     $1/run.json:"; python3 -c "import json,sys; [print('     |', x.get('command'), x.get('shard'), x.get('slurm')) for x in json.load(open(sys.argv[1]+'/run.json'))['runs']]" "$1"; return 1; }
}
submit() { # OUTBASE CONFIG: scripts/slurm/submit 3 shards of 1 CPU; sets array and merge
  BAO="$BAO" "$SCRIPTS/slurm/submit" 3 1 "$2" "$1" > "$1.submit" 2>&1 ||
    { echo "     submit failed:"; sed 's/^/     | /' "$1.submit"; array=""; merge=""; return 1; }
  array=$(sed -nE 's/^array job ([0-9]+) .*/\1/p' "$1.submit")
  merge=$(sed -nE 's/.*merge job ([0-9]+) .*/\1/p' "$1.submit")
  [ -n "$array" ] && [ -n "$merge" ]
}
at() { echo "  (at $(( $(date +%s) - t_start )) s)"; }
cd "$tmp" || exit 1

# ---- a tournament through submit ------------------------------------------------------
cat > t.ini <<'INI'
seed = 5
openings = 8
schedule = round-robin
players = a, b, c
[player.a]
searcher = alphabeta(tt_mb=1)
eval = default
depth = 4
[player.b]
searcher = alphabeta(tt_mb=1)
eval = material
depth = 3
[player.c]
searcher = minimax
eval = default
depth = 2
INI
"$BAO" run t.ini --threads 1 --out one > /dev/null 2>&1
check "the 1-process run has its 48 games" test "$(wc -l < one/games.jsonl 2> /dev/null)" = 48

check "submit 3 1 t.ini sub: an array job and a merge job" submit sub t.ini
check "  both done within 60 s" wait_done 60 "$array" "$merge"
check "  the 3 array tasks completed" state_is "$array" "1=COMPLETED 2=COMPLETED 3=COMPLETED"
check "  the merge job completed" state_is "$merge" COMPLETED
check "  the tasks' logs are in the output folder" test -f "sub/slurm-${array}_3.out" -a -f "sub/slurm-$merge-merge.out"
check "  the merged folder: the games and summaries of one process" same_as sub/merged one
check "  run.json: each shard's run names its array job and task" \
  runs sub/merged "[(x.get('shard'), x.get('slurm', {}).get('array_job_id'), x.get('slurm', {}).get('array_task_id')) for x in r[:3]] == [(f'{k}/3', '$array', str(k)) for k in (1, 2, 3)]"
check "  run.json: the merge's run names the merge job" runs sub/merged "r[-1]['slurm'] == {'job_id': '$merge'}"
check "  the 1-process run names no job" runs one "'slurm' not in r[0]"

at
# ---- an array task cancelled while it runs, then submitted again -----------------------
# Deeper searches, so that a shard runs for seconds.
cat > k.ini <<'INI'
seed = 3
openings = 24
players = a, b
[player.a]
searcher = alphabeta(tt_mb=1)
eval = default
depth = 11
[player.b]
searcher = alphabeta(tt_mb=1)
eval = material
depth = 10
INI
"$BAO" run k.ini --threads 1 --out kone > /dev/null 2>&1
check "the 1-process run of k.ini has its 48 games" test "$(wc -l < kone/games.jsonl 2> /dev/null)" = 48
check "submit 3 1 k.ini can" submit can k.ini
first_array="$array" cancelled=""
# Until task 2 has played a game (at most 60 s), polled often: a shard runs for about 2 s
# on this project's machine, and the check needs it cancelled before its end.
for _ in $(seq 1 1200); do
  if [ -s can/shard-2/games.jsonl ] && [ "$(squeue -h -j "${array}_2" -o %T 2> /dev/null)" = RUNNING ]; then
    scancel "${array}_2" && cancelled=$(wc -l < can/shard-2/games.jsonl)
    break
  fi
  sleep 0.05
done
check "scancel ${array}_2 while it runs" test -n "$cancelled"
check "  all done within 60 s" wait_done 60 "$array" "$merge"
echo "     task 2 cancelled after $cancelled of its 16 games; shard-2 holds $(wc -l < can/shard-2/games.jsonl)"
check "  task 2 cut short: fewer than its 16 games" test "$(wc -l < can/shard-2/games.jsonl 2> /dev/null)" -lt 16
check "  task 2 cancelled, 1 and 3 completed" state_is "$array" "1=COMPLETED 2=CANCELLED 3=COMPLETED"
check "  the merge job cancelled with it (its dependency can never hold)" state_is "$merge" CANCELLED
check "  nothing merged" test ! -e can/merged
check "submit 3 1 k.ini can, again" submit can k.ini
check "  both done within 60 s" wait_done 60 "$array" "$merge"
check "  the 3 array tasks completed" state_is "$array" "1=COMPLETED 2=COMPLETED 3=COMPLETED"
check "  the merge job completed" state_is "$merge" COMPLETED
check "  every game once" test "$(wc -l < can/merged/games.jsonl 2> /dev/null)" = 48
check "  the games and summaries of one process" same_as can/merged kone
check "  run.json: shard 2's last run is of the second array job" \
  runs can/merged "[x.get('slurm', {}).get('array_job_id') for x in r if x.get('shard') == '2/3'][-1] == '$array' != '$first_array'"

at
# ---- reproduce-thesis --launcher slurm ------------------------------------------------
for l in local slurm; do
  # Bounded, so that a job stuck in the queue fails the test instead of hanging it (the
  # cleanup cancels what is left).
  BAO_BIN="$BAO" BAO_RESULTS="$tmp/thesis-$l" timeout 300 "$SCRIPTS/reproduce-thesis" \
    --scale smoke --only E4 --launcher "$l" --shards 3 > "thesis-$l.log" 2>&1; rc=$?
  [ $rc -eq 124 ] && echo "     timed out after 300 s"
  check "reproduce-thesis --scale smoke --only E4 --launcher $l exits 0 within 300 s" test $rc -eq 0
  [ $rc -eq 0 ] || tail -n 20 "thesis-$l.log" | sed 's/^/     | /'
done
for f in E4/E4-round-robin/summary.csv E4/tables.md verdicts.csv; do
  check "  slurm: the same $f as local" cmp -s "thesis-local/$f" "thesis-slurm/$f"
done
check "  slurm: the shards' logs beside them" compgen -G "thesis-slurm/E4/E4-round-robin.shards/slurm-*_3.out"
check "  slurm: run.json names the array job" runs thesis-slurm/E4/E4-round-robin "'array_job_id' in r[0].get('slurm', {})"

at
# ---- MPI inside an allocation ---------------------------------------------------------
# mpirun finds the allocation's tasks (2 here) through Slurm's variables.
job=$(sbatch --parsable --ntasks=2 --output=mpi.out \
  --wrap "mpirun --allow-run-as-root $BAO run t.ini --mpi --out mpi")
check "sbatch --ntasks=2 --wrap 'mpirun bao run --mpi'" test -n "$job"
check "  done within 60 s" wait_done 60 "$job"
check "  it completed" state_is "$job" COMPLETED
grep -q COMPLETED <<<"$(states_of "$job")" || tail -n 20 mpi.out | sed 's/^/     | /'

check "  with 2 ranks" runs mpi "r[-1]['ranks'] == 2 and r[-1]['slurm'] == {'job_id': '$job'}"
check "  the games and summaries of one process" same_as mpi one

job=$(sbatch --parsable --ntasks=2 --output=pmix.out --wrap "srun --mpi=pmix $BAO run t.ini --mpi --out pmix")
check "sbatch --ntasks=2 --wrap 'srun --mpi=pmix bao run --mpi'" test -n "$job"
check "  done within 60 s" wait_done 60 "$job"
check "  it completed" state_is "$job" COMPLETED
grep -q COMPLETED <<<"$(states_of "$job")" || tail -n 20 pmix.out | sed 's/^/     | /'
check "  with 2 ranks" runs pmix "r[-1]['ranks'] == 2"
check "  the games and summaries of one process" same_as pmix one

echo "slurm_real_test: $(( $(date +%s) - t_start )) s in all"
finish
