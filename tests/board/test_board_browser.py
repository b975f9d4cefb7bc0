"""The live board in a real browser: Debian's Chromium, driven by Playwright,
follows a keyboard game typed line by line. Pieces, wedges, the question and
the captions update; no answer reaches the page before its ruling; axe-core
finds no serious accessibility violations; the page fits when zoomed to 200%.
Screenshots go to test-artefacts/board/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from board_support import ARTEFACTS, ROOT, TypedGame, live_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WAIT_MS = 60_000  # generous: the machine may be busy; nothing here measures time

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Debian's chromium is not installed (/usr/bin/chromium); "
    "`bash setup.sh test` installs it (apt-get install chromium)",
)


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def served():
    server, board = live_server()
    try:
        yield server, board
    finally:
        server.stop()


def test_the_page_follows_a_keyboard_game(browser, served, tmp_path):
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    server, board = served
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    frames: list[dict] = []
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived", lambda payload: frames.append(json.loads(payload))
        ),
    )
    game = TypedGame(tmp_path, board).start()
    try:
        page.goto(server.url)
        expect(page.locator("#connection")).to_contain_text("live")
        expect(page.locator("#captions")).to_contain_text("Welcome to Trivial Pursuit")
        expect(page.locator("#turn")).to_contain_text("Ann’s turn, to roll")
        pieces = page.locator("#board g.piece")
        expect(pieces).to_have_count(2)
        expect(page.locator('#board g.space[data-kind="hub"]')).to_have_count(1)
        expect(page.locator("#board g.space")).to_have_count(73)

        game.type("6")
        expect(page.locator("#roll")).to_contain_text("Ann rolled a 6")
        game.type("history")
        expect(page.locator("#question-text")).to_contain_text("Berlin Wall")
        expect(page.locator("#question-category")).to_contain_text("History")
        assert "1989" not in page.content()
        page.screenshot(path=str(ARTEFACTS / "1-question.png"), full_page=True)

        game.type("1989")
        expect(page.locator("#ruling-verdict")).to_contain_text("Ann: right")
        expect(page.locator("#ruling-answer")).to_contain_text("1989")
        expect(page.locator('#board g.piece[data-side="Ann"]')).to_have_attribute(
            "data-wedges", "history"
        )
        expect(page.locator('#sides li[data-side="Ann"]')).to_contain_text(
            "Wedges: His History (1 of 6)"
        )
        expect(page.locator("#captions")).to_contain_text("Ann wins the History wedge")

        game.type("1")
        game.type("first")
        expect(page.locator("#question-text")).to_contain_text("Nineteen Eighty-Four")
        assert "Orwell" not in page.content()
        page.screenshot(path=str(ARTEFACTS / "2-second-question.png"), full_page=True)

        game.type("no idea")
        expect(page.locator("#ruling-verdict")).to_contain_text("Ann: wrong")
        expect(page.locator("#ruling-answer")).to_contain_text("George Orwell")
        expect(page.locator("#captions")).to_contain_text("A pass.")
        expect(page.locator("#captions")).to_contain_text("George Orwell")
        expect(page.locator("#turn")).to_contain_text("Ben’s turn")
        expect(page.locator('#board g.piece[data-side="Ann"]')).not_to_have_attribute(
            "data-space", "14"
        )
        page.screenshot(path=str(ARTEFACTS / "3-ruling.png"), full_page=True)
    finally:
        game.end()
    assert game.outcome == "ended"
    assert_answer_only_after_ruling(frames, "1989", typed="1989")
    assert_answer_only_after_ruling(frames, "George Orwell", typed="no idea")


def assert_answer_only_after_ruling(frames: list[dict], answer: str, typed: str) -> None:
    """Until the player's answer `typed` is heard, nothing the host said and
    no state carries `answer`; after it, a state carries it only as the ruling."""
    heard = False
    for frame in frames:
        for state in _states(frame):
            ruled = (state.get("ruling") or {}).get("answer") == answer
            assert ruled or answer not in json.dumps(state), (answer, frame)
            assert not ruled or heard, (answer, "ruled before it was answered")
        for caption in _captions(frame):
            if caption["kind"] == "heard" and caption["text"] == typed:
                heard = True
            if caption["kind"] == "said":
                assert heard or answer not in caption["text"], (answer, caption)
    assert heard, f"the answer {typed!r} was never heard"


def _states(frame: dict) -> list[dict]:
    if frame["type"] == "state":
        return [frame["data"]]
    if frame["type"] == "snapshot" and frame["data"]["state"]:
        return [frame["data"]["state"]]
    return []


def _captions(frame: dict) -> list[dict]:
    if frame["type"] == "caption":
        return [frame["data"]]
    if frame["type"] == "snapshot":
        return frame["data"]["captions"]
    return []


def test_no_serious_accessibility_violations_and_it_fits_at_200_percent(browser, served, tmp_path):
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    assert AXE.is_file(), (
        f"axe-core is missing ({AXE}): `bash setup.sh test` installs it, "
        "or run `npm install --no-save axe-core` in the project folder"
    )
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    server, board = served
    game = TypedGame(tmp_path, board).start()
    try:
        # The page's Content-Security-Policy forbids inline scripts; axe is let in here only.
        context = browser.new_context(viewport={"width": 1280, "height": 1000}, bypass_csp=True)
        page = context.new_page()
        page.goto(server.url)
        game.type("6")
        game.type("history")
        expect(page.locator("#question-text")).to_contain_text("Berlin Wall")
        expect(page.locator("#captions")).to_contain_text("Berlin Wall")
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        results = page.evaluate("async () => await axe.run(document)")
        serious = [
            f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']]}"
            for v in results["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert not serious, "\n".join(serious)

        # 200% zoom is a viewport half as wide in CSS pixels, at twice the density.
        zoomed = browser.new_page(viewport={"width": 640, "height": 500}, device_scale_factor=2)
        zoomed.goto(server.url)
        expect(zoomed.locator("#question-text")).to_contain_text("Berlin Wall")
        overflow = zoomed.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 200% zoom"
        question_box = zoomed.locator("#question-text").bounding_box()
        assert question_box and question_box["x"] >= 0 and question_box["width"] <= 640
        zoomed.screenshot(path=str(ARTEFACTS / "zoom-200.png"), full_page=True)
    finally:
        game.end()


def test_the_page_follows_a_demo_game(browser, tmp_path):
    """The demo (simulated players speaking to the host) with --board."""
    import socket
    import threading

    from playwright.sync_api import Error, expect

    from host.cli import main

    expect.set_options(timeout=WAIT_MS)
    with socket.socket() as probe:  # a free port for the demo's board
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = ["demo", "--board", "--board-port", str(port), "--questions", "2"]
    argv += ["--wav", str(tmp_path / "host.wav"), "--save-dir", str(tmp_path / "save")]
    result: list[int] = []
    demo = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    demo.start()
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    for _attempt in range(120):  # until the demo's server listens
        try:
            page.goto(f"http://127.0.0.1:{port}/")
            break
        except Error:
            page.wait_for_timeout(500)
    expect(page.locator("#captions")).to_contain_text("Genus six")
    expect(page.locator("#board g.piece")).to_have_count(2)
    expect(page.locator("#question-text")).not_to_be_empty()
    expect(page.locator("#captions p.heard").first).to_be_visible()
    expect(page.locator("#ruling-verdict")).to_contain_text(":")
    page.screenshot(path=str(ARTEFACTS / "demo.png"), full_page=True)
    demo.join(timeout=300)
    assert result == [0]
