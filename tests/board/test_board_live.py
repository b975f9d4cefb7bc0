"""The live board without a browser: what a typed game publishes (captions,
states, never an answer before its ruling), the settings, the server's HTTP
and WebSocket sides, and `trivia-host board SAVE --out`."""

from __future__ import annotations

import copy
import json
import socket
import urllib.error
import urllib.request
from types import SimpleNamespace

import pytest
from board_support import game_args

from host.board.captions import CaptioningChannel
from host.board.live import LiveBoard
from host.board.options import DEFAULT_PORT, board_settings
from host.board.server import BoardServer
from host.board.view import game_view
from host.cli import main
from host.errors import UserError
from host.rules.editions import load_rules
from host.table.channels import KeyboardChannel, Listening, ScriptedChannel
from host.table.setup import play

LINES = ["6", "history", "1989", "1", "first", "no idea"]


class RecordingServer:
    url = "http://127.0.0.1:1/"

    def __init__(self):
        self.published: list[tuple[str, object]] = []

    def publish_state(self, view: dict) -> None:
        self.published.append(("state", view))

    def publish_caption(self, kind: str, text: str) -> None:
        self.published.append((kind, text))


@pytest.fixture
def followed(tmp_path):
    """A typed game followed by a LiveBoard; (what it published, the save folder)."""
    server = RecordingServer()
    outcome = play(game_args(tmp_path), channel=ScriptedChannel(LINES), board=LiveBoard(server))
    assert outcome == "ended"
    return server.published, tmp_path


def test_the_board_hears_and_sees_the_whole_game(followed):
    published, _ = followed
    captions = [(kind, text) for kind, text in published if kind != "state"]
    states = [view for kind, view in published if kind == "state"]
    assert captions[0] == ("said", "The board is on http://127.0.0.1:1/")
    assert ("heard", "history") in captions
    assert any(kind == "said" and "George Orwell" in text for kind, text in captions)
    assert any(v["roll"] == {"side": "Ann", "value": 6} for v in states)
    asked = [v for v in states if v["question"]]
    assert asked[0]["question"]["text"] == "In which year did the Berlin Wall fall?"
    assert asked[0]["question"]["name"] == "History"
    last = states[-1]
    assert last["turn"] == "Ben" and last["question"] is None
    assert last["ruling"]["correct"] is False and last["ruling"]["answer"] == "George Orwell"
    assert [w["id"] for w in last["sides"][0]["wedges"]] == ["history"]
    assert 'data-side="Ann"' in last["svg"]


def test_no_state_carries_an_answer_before_its_ruling(followed):
    published, _ = followed
    states = [view for kind, view in published if kind == "state"]
    for answer in ("1989", "George Orwell"):
        ruled = next(i for i, v in enumerate(states) if (v["ruling"] or {}).get("answer") == answer)
        assert all(answer not in json.dumps(v) for v in states[:ruled])


def test_an_answer_stays_hidden_while_its_question_is_still_open(followed):
    _, folder = followed
    data = json.loads((folder / "game.json").read_text())
    rules = load_rules("classic", "standard")
    from host.cards.deck import load_decks

    cards = {c.id: c for d in load_decks(data["meta"]["deck_paths"]) for c in d.cards}
    open_question = {"card": "table-01", "category": "science", "purpose": "space"}
    data["state"]["question"] = open_question  # e.g. a steal after a wrong answer
    before = copy.deepcopy(data["state"])
    before["prompt"] = {"type": "answer", "side": "Ann", **open_question}
    data["meta"]["last_ruling"] = {"state": before, "action": {"type": "answer", "correct": False}}
    view = game_view(data, cards, rules)
    assert view["ruling"] is None
    assert view["question"]["text"] == "What is the chemical symbol for gold?"
    assert "Au" not in json.dumps({k: v for k, v in view.items() if k != "svg"})


def test_captions_of_what_is_heard_and_the_channel_otherwise_unchanged():
    captions: list[tuple[str, str]] = []
    inner = ScriptedChannel(["<silence>", "Paris"], voice=True)
    channel = CaptioningChannel(inner, lambda kind, text: captions.append((kind, text)))
    channel.say("Where?")
    assert channel.listen(Listening("free")).nothing
    assert channel.listen(Listening("free")).text == "Paris"
    assert channel.voice is True and channel.adjust("louder") == "voice_louder"
    assert inner.said == ["Where?"]
    assert captions == [("said", "Where?"), ("heard", "(nothing heard)"), ("heard", "Paris")]
    assert not hasattr(CaptioningChannel(KeyboardChannel(), print), "unknown_words")
    keyboard = channel.keyboard_factory()  # "keyboard": the table's new channel is captioned
    keyboard._inner = KeyboardChannel(write=lambda line: None)
    keyboard.say("Type your answers.")
    assert captions[-1] == ("said", "Type your answers.")


def test_settings_from_config_and_command_line():
    none = SimpleNamespace()
    assert board_settings({}, none).show is False
    assert board_settings({}, none).port == DEFAULT_PORT
    assert board_settings({"table": {"board": True, "board_port": 9000}}, none).port == 9000
    args = SimpleNamespace(board=False, board_port=0, board_lan=True)
    settings = board_settings({}, args)
    assert (settings.show, settings.port, settings.lan) == (True, 0, True)
    for bad in ({"board": "yes"}, {"board_port": 70000}, {"board_port": "80"}):
        with pytest.raises(UserError):
            board_settings({"table": bad}, none)


def test_the_server_serves_the_page_and_pushes_changes():
    from websockets.sync.client import connect

    server = BoardServer(port=0)
    server.start()
    try:
        with urllib.request.urlopen(server.url, timeout=30) as response:
            page = response.read().decode()
            assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        assert 'role="log"' in page and 'aria-live="polite"' in page
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(server.url + "secrets.txt", timeout=30)
        assert missing.value.code == 404
        for headers in ({"Host": "evil.example"}, {"Origin": "http://evil.example"}):
            request = urllib.request.Request(
                f"http://127.0.0.1:{server.port}/live", headers=headers
            )
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=30)
            assert refused.value.code == 403
        server.publish_caption("said", "Hello.")
        with connect(f"ws://127.0.0.1:{server.port}/live", open_timeout=30) as live:
            snapshot = json.loads(live.recv(timeout=30))
            assert snapshot["type"] == "snapshot"
            assert snapshot["data"]["captions"] == [{"kind": "said", "text": "Hello."}]
            live.send("roll")  # read-only: ignored
            server.publish_state({"turn": "Ann"})
            assert json.loads(live.recv(timeout=30))["data"] == {"turn": "Ann"}
    finally:
        server.stop()


def test_on_the_network_every_page_needs_the_token():
    server = BoardServer(port=0, lan=True)
    server.start()
    try:
        assert server.url.endswith(f"/?token={server.token}")
        local = f"http://127.0.0.1:{server.port}/"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(local + "?token=guess", timeout=30)
        assert refused.value.code == 403
        with urllib.request.urlopen(f"{local}?token={server.token}", timeout=30) as response:
            assert response.status == 200
    finally:
        server.stop()


def test_a_taken_port_is_a_clear_message():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        server = BoardServer(port=taken.getsockname()[1])
        with pytest.raises(UserError, match="--board-port"):
            server.start()


def test_board_command_draws_a_saved_game(followed, tmp_path, capsys):
    _, folder = followed
    out = tmp_path / "board.svg"
    assert main(["board", str(folder), "--out", str(out)]) == 0
    svg = out.read_text()
    assert svg.count('class="space"') == 73 and "1: Ann — wedges: History" in svg
    assert main(["board", str(tmp_path / "none"), "--out", str(out)]) == 2
    assert "no saved game there" in capsys.readouterr().err


def test_board_command_draws_a_png(followed, tmp_path):
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as exc:  # OSError: no cairo library
        pytest.skip(f"PNG pictures need cairosvg and libcairo2 (the board extra): {exc}")
    _, folder = followed
    out = tmp_path / "board.png"
    assert main(["board", str(folder / "game.json"), "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
