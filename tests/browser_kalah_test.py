#!/usr/bin/env python3
"""tests/browser_kalah_test.py BAO [--screenshot PNG]: the board of `bao serve` for a game other
than Bao, Kalah, in headless Chromium (Selenium, chromium-driver).

Starts `bao serve --port 0`, opens the page and checks what a person sees:
  * the game selector lists the registry's games (GET /api/registry), not a hand list;
  * Kalah(6,4) chosen: two rows of six houses and two stores, every house's count the
    start's;
  * a click on South's house 3 plays move 3: its last seed ends in South's store, so South
    moves again (the sides do not alternate); the position shown, every count on the board
    and South's store are what the server's /api/play answers for that move;
  * a click on a house of the side not to move changes nothing; then a move that passes the
    turn, and the engine (North) replies;
  * the evaluation curve of the game: a point per position, a point clicked shows its ply;
  * the layout of `bao show --game kalah`, and the board turned round by "flip board";
  * a move list replayed from the start ("Moves" field): the position is the API's;
  * Checkers: the 32 dark squares hold the pieces of the server's text board; a click on a
    piece with two moves offers both, the one chosen is played, the engine replies;
  * Replay, on a results folder of Kalah games that `bao run` plays here: a game opened
    and stepped to its end (the API's last state), the analysis offering Kalah's
    evaluators, the game's evaluation curve, a point clicked to its ply with the best move
    marked;
  * no JavaScript error in the console.
--screenshot PNG (docs/img/serve-kalah.png): a Kalah game under way with its evaluation
curve, ply 1 looked at. Fails when Selenium, Chromium or chromedriver is missing
(scripts/test installs them).
"""
import json
import os
import pathlib
import sys
import tempfile
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import browser_test as bt  # noqa: E402  (its Selenium import, helpers and checks)
from browser_test import By, Select, check, fail, js_errors, text, wait  # noqa: E402
from serve_any_game_test import KALAH_RUN  # noqa: E402  (a small Kalah tournament's config)

KALAH = "kalah(houses=6,seeds=4)"


def post(base, path, body):
    req = urllib.request.Request(base.rstrip("/") + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def get(base, path):
    with urllib.request.urlopen(base.rstrip("/") + path) as r:
        return json.loads(r.read())


def board_counts(driver):
    """{house name: count} and {side: store count} as drawn."""
    return driver.execute_script("""
      const h = {}, s = {};
      document.querySelectorAll('#play-board [data-count]').forEach(e => { h[e.dataset.count] = Number(e.textContent); });
      document.querySelectorAll('#play-board [data-store-count]').forEach(e => {
        s[e.dataset.storeCount] = Number(e.textContent); });
      return [h, s];""")


def counts_of(position):
    """The same from a Kalah position string (docs/kalah.md)."""
    rows, stores, _ = position.split()
    south, north = (list(map(int, r.split(","))) for r in rows.split("/"))
    houses = {f"S{i + 1}": n for i, n in enumerate(south)} | {f"N{i + 1}": n for i, n in enumerate(north)}
    s, n = map(int, stores.split(","))
    return houses, {"South": s, "North": n}


def plies(driver):
    return driver.execute_script("return [...document.querySelectorAll('#play-moves [data-ply]')].map(e => e.textContent)")


def check_kalah(driver, base, shot=None):
    driver.get(base)
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the page")
    names = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#game option")]
    registry = [g["name"] for g in get(base, "/api/registry")["games"]]
    check(names == registry and "kalah" in names, f"the game selector lists the registry's games: {names}")
    Select(driver.find_element(By.ID, "game")).select_by_value("kalah")
    spec = driver.find_element(By.ID, "game-spec")
    spec.clear()
    spec.send_keys(KALAH)
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#play-board [data-pit]")) == 12 and
         text(d, "#play-position").startswith("4,4,4,4,4,4/"), "the Kalah board")
    start = post(base, "/api/position", {"game": KALAH})["start"]
    houses, stores = board_counts(driver)
    check(len(driver.find_elements(By.CSS_SELECTOR, "#play-board [data-store]")) == 2 and
          (houses, stores) == counts_of(start), "twelve houses and two stores with the start's counts")
    check(driver.find_element(By.ID, "variant").is_displayed() is False, "Bao's variant field is hidden for Kalah")

    # North's house while South is to move: refused, nothing changes.
    driver.find_element(By.CSS_SELECTOR, '#play-board [data-pit="N2"]').click()
    check(plies(driver) == [] and text(driver, "#play-position") == start, "a click on North's house plays nothing")

    # South's house 3 ends in South's store: South moves again.
    expected = post(base, "/api/play", {"game": KALAH, "move": "3"})
    driver.find_element(By.CSS_SELECTOR, '#play-board [data-pit="S3"]').click()
    wait(driver, lambda d: len(plies(d)) == 1, "the first ply")
    check(plies(driver) == ["S 3"] and text(driver, "#play-position") == expected["state"]["position"],
          f"S3 clicked plays 3: {text(driver, '#play-position')}")
    check(board_counts(driver) == list(counts_of(expected["state"]["position"])),
          "every house and store on the board is the position's")
    check(expected["state"]["to_move"] == "South" and text(driver, "#play-status").startswith("South to move"),
          "the last seed in South's store: South moves again")

    # House 1 passes the turn; the engine (North) replies.
    driver.find_element(By.CSS_SELECTOR, '#play-board [data-pit="S1"]').click()
    wait(driver, lambda d: len(plies(d)) >= 3 and text(d, "#play-status").startswith("South to move"), "North's reply",
         timeout=30)
    moves = [p.split()[1] for p in plies(driver)]
    replayed = post(base, "/api/position", {"game": KALAH, "moves": moves})
    check(plies(driver)[2].startswith("N ") and text(driver, "#play-position") == replayed["state"]["position"],
          f"the engine replied as North: {plies(driver)}")

    # The evaluation curve: a point per position.
    driver.find_element(By.ID, "play-curve-button").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#play-curve .point")) == len(moves) + 1,
         "the evaluation curve", timeout=30)
    check("Values from South's view" in text(driver, "#play-curve-info"), "the curve is drawn with its note")
    # A point clicked shows its ply on the board.
    driver.find_element(By.CSS_SELECTOR, '#play-curve .point[data-ply="1"]').click()
    wait(driver, lambda d: text(d, "#play-position") == expected["state"]["position"], "ply 1 shown from the curve")
    check(text(driver, "#play-status").startswith("Looking at ply 1"), "the status says which ply is shown")
    if shot:
        driver.save_screenshot(shot)

    # A move list replayed from the start.
    driver.find_element(By.ID, "start-moves").send_keys("3 1 2")
    Select(driver.find_element(By.ID, "human")).select_by_value("both")
    driver.find_element(By.ID, "new-game").click()
    replayed = post(base, "/api/position", {"game": KALAH, "moves": ["3", "1", "2"]})
    wait(driver, lambda d: len(plies(d)) == 3 and text(d, "#play-position") == replayed["state"]["position"],
         "the replayed moves")
    check([p.split()[0] for p in plies(driver)] == ["S", "S", "N"], f"the plies name their movers: {plies(driver)}")

    # The board as bao show draws it (North's row on top, its house 1 on the right, North's
    # store on the left), and turned round by "flip board".
    def layout(d):
        return d.execute_script("""
          const c = (n) => { const e = document.querySelector(`#play-board [data-pit="${n}"] circle`);
                             return [Number(e.getAttribute('cx')), Number(e.getAttribute('cy'))]; };
          const s = (n) => Number(document.querySelector(`#play-board [data-store="${n}"]`).getAttribute('x'));
          return { S1: c('S1'), S6: c('S6'), N1: c('N1'), N6: c('N6'), South: s('South'), North: s('North') };""")
    g = layout(driver)
    check(g["N1"][1] < g["S1"][1] and g["N1"][0] > g["N6"][0] and g["S1"][0] < g["S6"][0] and g["North"] < g["South"],
          "North's row on top with house 1 on the right, South's from the left, North's store on the left")
    driver.find_element(By.ID, "flip").click()
    g = layout(driver)
    check(g["S1"][1] < g["N1"][1] and g["S1"][0] > g["S6"][0] and g["South"] < g["North"], "flipped: turned round")
    driver.find_element(By.ID, "flip").click()


def check_checkers(driver, base):
    Select(driver.find_element(By.ID, "human")).select_by_value("South")  # the first side: Black
    Select(driver.find_element(By.ID, "game")).select_by_value("checkers")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#play-board [data-pit]")) == 32 and
         text(d, "#play-position").startswith("B:"), "the checkers board")
    start = post(base, "/api/position", {"game": "checkers"})["state"]
    drawn = driver.execute_script("""
      const m = {};
      document.querySelectorAll('#play-board [data-piece]').forEach(e => {
        m[e.parentNode.dataset.pit] = e.dataset.piece; });
      return m;""")
    rows = [line for line in start["board"].split("\n")[:8]]
    expected = {}
    for r, line in enumerate(rows):
        for c in range(8):
            ch = line[2 * c + 1] if 2 * c + 1 < len(line) else " "
            if ch in "bBwW":
                expected[f"sq{4 * r + c // 2 + 1}"] = ch
    check(drawn == expected and len(drawn) == 24, f"the 32 dark squares hold the pieces of bao show's board: {len(drawn)}")
    # Square 9 has two steps: a click offers both, a choice plays it.
    legal9 = [m["move"] for m in start["legal"] if m["move"].split("-")[0].split("x")[0] == "9"]
    driver.find_element(By.CSS_SELECTOR, '#play-board [data-pit="sq9"]').click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#choices button")) == len(legal9),
         "the choices of square 9")
    driver.find_element(By.CSS_SELECTOR, f'#choices button[data-move="{legal9[0]}"]').click()
    wait(driver, lambda d: len(plies(d)) >= 1, "the chosen checkers move")
    after = post(base, "/api/play", {"game": "checkers", "move": legal9[0]})["state"]["position"]
    check(plies(driver)[0].endswith(legal9[0]) and len(legal9) == 2,
          f"square 9 clicked offers {legal9}, the choice is played: {plies(driver)}")
    wait(driver, lambda d: len(plies(d)) >= 2, "White's reply", timeout=30)
    replayed = post(base, "/api/position", {"game": "checkers", "moves": [p.split()[1] for p in plies(driver)]})
    check(text(driver, "#play-position") == replayed["state"]["position"] and after != start["position"],
          "the engine replied as White; the position is the API's")


def check_replay(driver, base):
    """The Replay tab on a results folder of Kalah games (bao run with game = SPEC)."""
    driver.find_element(By.CSS_SELECTOR, '#tabs [data-tab="replay"]').click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#games-table tbody tr")) == 4, "the Kalah games listed")
    driver.find_element(By.CSS_SELECTOR, '#games-table tbody tr[data-index="1"]').click()
    game = get(base, "/api/game?folder=0&index=1")
    houses = 2 * len(game["states"][0]["position"].split()[0].split("/")[0].split(","))
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#replay-board [data-pit]")) == houses,
         "the Kalah game's board")
    driver.find_element(By.ID, "replay-last").click()
    check(text(driver, "#replay-position") == game["states"][-1]["position"] and
          len(driver.find_elements(By.CSS_SELECTOR, "#replay-moves [data-ply]")) == len(game["moves"]),
          f"the game stepped to its end: the API's last state, {len(game['moves'])} plies listed")
    evals = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#analyse-eval option")]
    registry = next(g for g in get(base, "/api/registry")["games"] if g["name"] == "kalah")
    check(evals == [e["name"] for e in registry["evaluators"]], f"the analysis offers Kalah's evaluators: {evals}")
    depth = driver.find_element(By.ID, "analyse-depth")
    depth.clear()
    depth.send_keys("3")
    driver.find_element(By.ID, "curve").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#eval-curve .point")) == len(game["moves"]) + 1,
         "the Kalah game's curve", timeout=30)
    driver.find_element(By.CSS_SELECTOR, '#eval-curve .point[data-ply="2"]').click()
    wait(driver, lambda d: text(d, "#replay-position") == game["states"][2]["position"], "ply 2 from the curve")
    best = driver.execute_script("return [...document.querySelectorAll('#replay-board .pit.best')].length")
    check(best == 1, "the curve's best move at ply 2 is marked on the board")


def main():
    args = sys.argv[1:]
    shot = None
    if "--screenshot" in args:
        i = args.index("--screenshot")
        shot = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        print(__doc__)
        return 1
    bao = os.path.abspath(args[0])
    chrome, chromedriver = bt.find_browser()
    if not chrome or not chromedriver:
        fail("no chromium or chromedriver (Debian: chromium chromium-driver; scripts/test installs them)")
    with tempfile.TemporaryDirectory() as tmp:
        log = open(pathlib.Path(tmp) / "serve.log", "w")
        ini = pathlib.Path(tmp) / "kalah.ini"
        ini.write_text(KALAH_RUN)
        results = pathlib.Path(tmp) / "kalah"
        bt.subprocess.run([bao, "run", str(ini), "--out", str(results)], check=True, capture_output=True)
        proc = bt.subprocess.Popen([bao, "serve", "--port", "0", "--max-depth", "6", "--results", str(results)],
                                   stdout=bt.subprocess.PIPE, stderr=log, text=True)
        line = proc.stdout.readline()
        if not line.startswith("listening on http://"):
            proc.kill()
            fail(f"bao serve did not start: {line!r}")
        base = line.split()[-1]
        opts = bt.webdriver.ChromeOptions()
        opts.binary_location = chrome
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--window-size=1400,1050", f"--user-data-dir={tmp}/chrome"):
            opts.add_argument(a)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = None
        try:
            driver = bt.webdriver.Chrome(service=bt.Service(chromedriver), options=opts)
            check_kalah(driver, base, shot)
            check_checkers(driver, base)
            check_replay(driver, base)
            errors = js_errors(driver)
            check(not errors, f"no JavaScript errors ({errors})")
        finally:
            if driver:
                driver.quit()
            proc.kill()
            proc.wait()
            log.close()
    print("browser_kalah_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
