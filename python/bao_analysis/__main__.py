"""python3 -m bao_analysis EXPERIMENT ARGS...: runs one experiment's analysis (the list:
python3 -m bao_analysis --help). Each experiment's module reads its own ARGS, as the
script of the same name under scripts/ does."""
import importlib
import sys

# EXPERIMENT: (module, its arguments, what it writes)
COMMANDS = {
    "thesis": ("thesis", "RESULTS [--scale NAME] [--resamples N] [--seed S]",
               "E4-E7, the second pass, S2, verdicts.md|csv and reference.md (scripts/thesis-analyse)"),
    "e8": ("e8", "E8_FOLDER", "E8's tables, verdicts and figures (scripts/e8-analyse)"),
    "e9": ("e9", "E9_FOLDER", "E9's tables, verdicts and figures (scripts/e9-analyse)"),
    "e9s": ("e9s", "E9S_FOLDER", "E9s's tables, verdicts and figure (scripts/e9s-analyse)"),
    "e9sp": ("e9sp", "E9SP_FOLDER [E9S_FOLDER]",
             "E9s-p's tables and verdicts: E9s' deeper gauntlet at power (scripts/reproduce-e9sp)"),
    "e10": ("e10", "E10_FOLDER", "E10's tables, verdicts and figure (scripts/e10-analyse)"),
    "e11": ("e11", "E11_FOLDER", "E11's tables, verdicts and figure (scripts/e11-analyse)"),
    "e12": ("e12", "E12_FOLDER", "E12's and E12m's tables, verdicts and figure (scripts/e12-analyse)"),
    "e7d": ("e7d", "E7D_FOLDER", "E7d's tables and verdicts: the opponent's depth learned (scripts/e7d-analyse)"),
    "e12m-budget": ("e12m", "E12_FOLDER BAO", "E12m's iterations a move, measured (scripts/e12m-budget)"),
    "e8s": ("e8s", "E8S_FOLDER", "E8s' tables, verdicts and figure (scripts/reproduce-e8s)"),
    "e8v": ("e8v", "E8V_FOLDER", "E8v's tables, verdicts and figure (scripts/reproduce-e8v)"),
    "e8p": ("e8p", "E8P_FOLDER", "E8p's tables, verdicts and figure (scripts/reproduce-e8p)"),
    "e8s-budget": ("e8s_budget", "PILOT_FOLDER OPPONENT", "E8s' iterations a move from its pilot, measured"),
    "hisarms": ("hisarms", "S2_FOLDER [--resamples N] [--seed S]",
                "S2 hisarms' tables alone (thesis writes them too)"),
    "hiswrong": ("hiswrong", "S2_FOLDER [--resamples N] [--seed S]",
                 "S2 hiswrong's tables: the wrong-model rows with Donkers' evaluators, RESULTS/S2/hiswrong/tables.md"),
    "omview": ("omview", "S2_FOLDER [--resamples N] [--seed S]",
               "S2 omview's tables: full-depth OM with the model scored for the opponent, RESULTS/S2/omview/tables.md"),
    "promarms": ("promarms", "S2_FOLDER [--resamples N] [--seed S]",
                 "S2 promarms' tables: PrOM with Donkers' rules at MIN nodes, RESULTS/S2/promarms/tables.md"),
    "promprobe": ("promprobe", "S2_FOLDER [--resamples N] [--seed S]",
                  "S2 promprobe's tables: PrOM with Donkers' failed-probe prediction, RESULTS/S2/promprobe/tables.md"),
    "s2power": ("power", "S2_FOLDER [--resamples N] [--seed S]",
                "S2 power's tables: the openings arm at 3-point power, RESULTS/S2/power/tables.md"),
    "s2power2": ("power2", "S2_FOLDER [--resamples N] [--seed S]",
                 "S2 power2's tables: the rest of S2's 30-opening bounds at 3-point power, RESULTS/S2/power2/tables.md"),
    "hisall": ("hisall", "S2_FOLDER [--resamples N] [--seed S]",
               "S2 hisall's tables: every difference of Donkers' program at once, RESULTS/S2/hisall/tables.md"),
    "s2depths": ("depths", "RESULTS [--scale NAME] [--resamples N] [--seed S]",
                 "S2 depths' tables alone, RESULTS/S2/depths/tables.md (scripts/thesis-analyse writes them too)"),
    "s2depths-p": ("depths_p", "RESULTS [--scale NAME] [--resamples N] [--seed S]",
                   "S2 depths-p's tables alone, RESULTS/S2/depths-p/tables.md (scripts/thesis-analyse writes them too)"),
    "s2depths-q": ("depths_q", "RESULTS [--scale NAME] [--resamples N] [--seed S]",
                   "S2 depths-q's tables alone, RESULTS/S2/depths-q/tables.md (scripts/thesis-analyse writes them too)"),
}


def usage():
    lines = ["usage: python3 -m bao_analysis EXPERIMENT ARGS...", "", "experiments:"]
    lines += [f"  {name} {args}\n      {what}" for name, (_, args, what) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(usage(), file=sys.stdout if len(argv) >= 2 else sys.stderr)
        return 0 if len(argv) >= 2 else 2
    if argv[1] not in COMMANDS:
        print(f"bao_analysis: unknown experiment '{argv[1]}' (one of {', '.join(COMMANDS)})", file=sys.stderr)
        return 2
    module = importlib.import_module(f"{__package__}.{COMMANDS[argv[1]][0]}")
    return module.main([f"bao_analysis {argv[1]}"] + argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
