#!/usr/bin/env bash
# Runs beyond one process, end to end: usage: mpi_run_test.sh BAO SCRIPTS_DIR
# The same small round robin played by one thread, by `mpirun -np 3 --oversubscribe bao
# run --mpi` (also killed mid-run with SIGKILL and resumed), by `bao run --shard K/3`
# for K = 1..3 joined with `bao merge`, and by the Slurm scripts under a simulated job
# array: the same games (times aside) and byte-identical summary.csv and summary.md.
# With an SPRT: the summary of an MPI run equals the 1-thread run's. Usage errors of
# bao merge and of the Slurm scripts.
set -u
BAO="$1"; SCRIPTS="$2"
source "$(dirname "$0")/lib.sh"
# mpirun refuses root without these (CI runs as root), and Open MPI's own allocations at
# MPI_Init look like leaks to LeakSanitizer in the sanitizer build.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

cat > "$tmp/t.ini" <<'INI'
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
total=48
cd "$tmp" || exit 1

# The games without their times (which depend on the machine), sorted.
games_of() {
  sed -E 's/,"time_south":[^,]*,"time_north":[^}]*//' "$1/games.jsonl" | sort
}
same_as_one() { # folder: same games and summaries as the 1-thread run
  [ "$(games_of "$1")" == "$(games_of one)" ] && cmp -s "$1/summary.csv" one/summary.csv &&
    cmp -s "$1/summary.md" one/summary.md
}

run run t.ini --threads 1 --out one
check "the 1-thread run exits 0" status_is 0
check "the 1-thread run has all $total games" test "$(wc -l < one/games.jsonl)" -eq "$total"

mpirun -np 3 "$BAO" run t.ini --mpi --out mpi > mpi.out 2> mpi.err; rc=$?
check "mpirun -np 3 bao run --mpi exits 0" status_is 0
check "  it played every game on 2 worker ranks" grep -q "played $total games .*2 worker ranks x 1 threads" mpi.err
check "  it reports rank 0's cost per game" grep -q "rank 0 was busy .* us per game" mpi.err
check "  same games and summaries as one thread" same_as_one mpi
check "  the summary is printed on stdout once" test "$(grep -c '^# bao run' mpi.out)" -eq 1

# Killed mid-run (every rank, as a lost machine would), then the same command resumes;
# deeper searches, so that the kill comes before the end.
cat > k.ini <<'INI'
seed = 3
openings = 20
players = a, b
[player.a]
searcher = alphabeta(tt_mb=1)
eval = default
depth = 9
[player.b]
searcher = alphabeta(tt_mb=1)
eval = material
depth = 8
INI
"$BAO" run k.ini --out kone > /dev/null 2>&1
setsid mpirun -np 3 "$BAO" run k.ini --mpi --threads 1 --out killed > /dev/null 2> killed.err &
pid=$!
for _ in $(seq 1 3000); do
  [ -s killed/games.jsonl ] && break  # a test builtin: no process started while polling
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
if kill -0 "$pid" 2>/dev/null; then
  pkill -9 -f -- "--out killed"; wait "$pid" 2>/dev/null; pid=""
  n=$(wc -l < killed/games.jsonl)
  echo "killed after $n games"
  check "the killed MPI run left fewer games than the total" test "$n" -lt 40
else
  wait "$pid"; pid=""
  echo "note: the MPI run ended before it could be killed; resume is still checked"
  n=40
fi
mpirun -np 3 "$BAO" run k.ini --mpi --out killed > /dev/null 2> resumed.err; rc=$?
check "the resumed MPI run exits 0" status_is 0
check "  no game twice, none missing" test "$(wc -l < killed/games.jsonl)" -eq 40
check "  same games as one thread" test "$(games_of killed)" == "$(games_of kone)"
check "  same summary as one thread" cmp -s killed/summary.csv kone/summary.csv

# Shards with bao run, joined with bao merge.
for k in 1 2 3; do
  run run t.ini --shard "$k/3" --out "shard-$k"
  check "bao run --shard $k/3 exits 0" status_is 0
done
check "  the shards hold every game once" test "$(cat shard-*/games.jsonl | wc -l)" -eq "$total"
check "  --check counts a shard's games" sh -c "'$BAO' run t.ini --shard 2/3 --check | grep -q 'of which shard 2/3 plays 16'"
run merge shard-1 shard-2 shard-3 --out merged
check "bao merge exits 0" status_is 0
check "  same games and summaries as one thread" same_as_one merged
check "  says what it merged" err_has "48 of 48 games from 3 folder(s)"
run merge shard-1 shard-3 --out partial
check "bao merge refuses a missing shard (exit 2)" status_is 2
check "  naming it" err_has "shard(s) 2 of 3 are not among the inputs"
run merge shard-1 shard-3 --out partial --partial
check "bao merge --partial merges what is there" status_is 0
check "  and names the games missing" err_has "shard 2/3: 16 game(s) not played yet"
run merge --out x
check "bao merge without folders: usage error" status_is 1
run merge shard-1 shard-2 shard-3
check "bao merge without --out: usage error" status_is 1
run run t.ini --shard 4/3
check "bao run --shard 4/3: config error" status_is 2
check "  naming the key" err_has "expected K/N with 1 <= K <= N"

# The Slurm job array, its tasks run here one after the other with the variables Slurm
# sets, then the merge job.
for k in 1 2 3; do
  SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=3 \
    SLURM_CPUS_PER_TASK=1 BAO="$BAO" "$SCRIPTS/slurm/run-array.sbatch" t.ini slurm > /dev/null 2>&1
  check "run-array.sbatch task $k/3 exits 0" test $? -eq 0
done
check "  task 2 ran shard 2/3 into slurm/shard-2" grep -q "shard = 2/3" slurm/shard-2/config.ini
BAO="$BAO" "$SCRIPTS/slurm/merge.sbatch" slurm 3 > /dev/null 2>&1
check "merge.sbatch exits 0" test $? -eq 0
check "  same games and summaries as one thread" same_as_one slurm/merged
"$SCRIPTS/slurm/run-array.sbatch" t.ini slurm > /dev/null 2> noarray.err
check "run-array.sbatch outside a job array is refused" test $? -ne 0
check "  saying why" grep -q "SLURM_ARRAY_TASK_ID is not set" noarray.err
# submit, with an sbatch that records what it is asked.
mkdir -p fakebin
cat > fakebin/sbatch <<'SH'
#!/usr/bin/env bash
echo "$*" >> "$(dirname "$0")/calls"
echo $(( $(wc -l < "$(dirname "$0")/calls") + 100 ))
SH
chmod +x fakebin/sbatch
PATH="$tmp/fakebin:$PATH" "$SCRIPTS/slurm/submit" 3 2 t.ini outbase --set seed=9 > submit.out 2>&1
check "submit exits 0" test $? -eq 0
check "  the array: 3 tasks of 2 CPUs with the config and options" \
  grep -q -- "--array=1-3 --cpus-per-task=2 .*run-array.sbatch t.ini outbase --set seed=9" fakebin/calls
check "  the merge after it" grep -q -- "--dependency=afterok:101 .*merge.sbatch outbase 3" fakebin/calls

# reproduce-thesis with each launcher (E4 at the smoke scale): the same tables. Slurm is
# an sbatch that runs the array's tasks here, one after the other, as Slurm would.
cat > fakebin/sbatch-run <<'SH'
#!/usr/bin/env bash
n=""; cpus=1; args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --wait|--parsable) shift ;;
    --array=1-*) n="${1#--array=1-}"; shift ;;
    --cpus-per-task=*) cpus="${1#--cpus-per-task=}"; shift ;;
    --*) shift ;;
    *) args+=("$1"); shift ;;
  esac
done
for k in $(seq 1 "$n"); do
  SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=$n SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=$n \
    SLURM_CPUS_PER_TASK=$cpus "${args[@]}" || exit $?
done
SH
chmod +x fakebin/sbatch-run
mkdir -p slurmbin && ln -s "$tmp/fakebin/sbatch-run" slurmbin/sbatch
for l in local mpi slurm; do
  PATH="$tmp/slurmbin:$PATH" BAO_BIN="$BAO" BAO_RESULTS="$tmp/thesis-$l" "$SCRIPTS/reproduce-thesis" \
    --scale smoke --only E4 --launcher "$l" --ranks 3 --shards 3 > "thesis-$l.log" 2>&1
  check "reproduce-thesis --launcher $l exits 0" test $? -eq 0
done
for f in E4/E4-round-robin/summary.csv E4/tables.md verdicts.csv; do
  check "  mpi: the same $f as local" cmp -s "thesis-local/$f" "thesis-mpi/$f"
  check "  slurm: the same $f as local" cmp -s "thesis-local/$f" "thesis-slurm/$f"
done
check "  slurm: 3 shards merged" test -d thesis-slurm/E4/E4-round-robin.shards/shard-3
check "  run.json names the launcher (mpi)" grep -q -- "--mpi" thesis-mpi/E4/E4-round-robin/run.json
"$SCRIPTS/reproduce-thesis" --launcher ssh > bad.log 2>&1
check "  an unknown launcher is refused" grep -q "must be local, mpi or slurm, found 'ssh'" bad.log

# run.json: how each folder was made.
runs() { # FOLDER PYTHON-EXPRESSION over r (the list of runs): true or not
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]+'/run.json'))['runs']; sys.exit(0 if ($2) else 1)" "$1"
}
check "run.json of the 1-thread run: one run, its command, 1 thread, $total games" \
  runs one "len(r) == 1 and r[0]['command'] == 'bao run t.ini --threads 1 --out one' and r[0]['threads'] == 1 and r[0]['ranks'] == 1 and r[0]['games_played'] == $total"
check "  with the commit, compiler, flags, machine and times" \
  runs one "all(r[0][k] not in ('', None) for k in ('commit','compiler','flags','host','cpu','cores','start','end')) and len(r[0]['commit'].split('+')[0]) in (40, 7) and r[0]['wall_seconds'] > 0 and r[0]['cpu_seconds'] >= 0"
check "run.json of the MPI run: 3 ranks" runs mpi "r[-1]['ranks'] == 3 and 'rank 0' in r[-1]['cpu_seconds_of']"
check "run.json of the killed and resumed MPI run: the resumed run, the games it played" \
  runs killed "r[-1]['games_played'] == 40 - $n"
check "run.json of the merge: the shards' runs, then the merge" \
  runs merged "[x.get('shard') for x in r] == ['1/3', '2/3', '3/3', None] and r[-1]['command'].startswith('bao merge shard-1')"
run merge shard-1 shard-2 shard-3 --out merged
check "  merged again: the shards' runs once" runs merged "[x.get('shard') for x in r] == ['1/3', '2/3', '3/3', None, None]"

# The scaling simulation, fed with the 1-thread run's game times.
"$SCRIPTS/simulate-scaling" one --games 1000 --workers 1,4 --record-cost 0 > sim.out 2> sim.err
check "simulate-scaling exits 0" test $? -eq 0
check "  one worker, static shards: all the game time, 100% efficient" grep -q '^| 1 | .* | 100.0% | .* | 100.0% | 0.0% |$' sim.out
check "  a row for 4 workers" grep -q '^| 4 | ' sim.out
"$SCRIPTS/simulate-scaling" nowhere > sim.out 2> sim.err
check "simulate-scaling on a missing folder: exit 2, named" sh -c "test $? -eq 2 && grep -q \"'nowhere' has no games.jsonl\" sim.err"

# The SPRT summary does not depend on how the games were played.
cat > s.ini <<'INI'
seed = 7
openings = 30
players = a, b
[player.a]
searcher = alphabeta
eval = default
depth = 3
[player.b]
searcher = alphabeta
eval = material
depth = 1
[sprt]
elo0 = 0
elo1 = 400
alpha = 0.1
beta = 0.1
INI
"$BAO" run s.ini --out sprt-one > /dev/null 2>&1
mpirun -np 3 "$BAO" run s.ini --mpi --out sprt-mpi > /dev/null 2>&1
check "an SPRT run decides" grep -q ",H1," sprt-one/summary.csv
check "  the MPI run's summary.csv is the 1-thread run's" cmp -s sprt-one/summary.csv sprt-mpi/summary.csv

finish
