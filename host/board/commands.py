"""`trivia-host board SAVE --out FILE.svg|.png`: draw a saved game's board."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from host.errors import UserError

SAVE_NAME = "game.json"
PNG_WIDTH = 1200


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "board",
        help="draw the board of a saved game as a picture (SVG, or PNG with cairosvg)",
        description="Draws the board of a saved game: every space, the pieces and their "
        "wedges, and a legend. SAVE is a save file (game.json, or one in earlier/) or "
        "the folder that holds game.json.",
    )
    parser.add_argument("save", metavar="SAVE", help="a saved game, or its save folder")
    parser.add_argument("--out", required=True, metavar="FILE", help="FILE.svg or FILE.png")
    parser.set_defaults(func=run_board)


def run_board(args) -> int:
    from host.board.view import saved_game_svg
    from host.rules.editions import load_rules

    data = read_save(Path(args.save))
    out = Path(args.out)
    if out.suffix.lower() not in (".svg", ".png"):
        raise UserError(f"{out}: the picture is written as .svg or .png")
    state = data["state"]
    svg = saved_game_svg(data, load_rules(state["edition"], state["mode"]))
    try:
        if out.suffix.lower() == ".png":
            out.write_bytes(png_of(svg))
        else:
            out.write_text(svg, encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{out}: cannot write the picture ({exc.strerror or exc})") from None
    print(f"The board of that game is drawn in {out}.")
    return 0


def read_save(path: Path) -> dict:
    """A saved game's data, or UserError saying what is wrong with the file."""
    if path.is_dir():
        path = path / SAVE_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"{path}: no saved game there") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise UserError(f"{path}: not a readable saved game ({exc})") from None
    state = data.get("state") if isinstance(data, dict) else None
    if not isinstance(state, dict) or not {"edition", "mode", "sides"} <= set(state):
        raise UserError(f"{path}: not a saved game (no game state with edition, mode and sides)")
    return data


def png_of(svg: str) -> bytes:
    if importlib.util.find_spec("cairosvg") is None:
        raise UserError(
            "PNG pictures need cairosvg: pip install 'trivia-host[board]', or write .svg"
        )
    try:
        import cairosvg
    except OSError as exc:  # the package is there, the cairo library it loads is not
        raise UserError(
            f"PNG pictures need the cairo library ({exc}): apt install libcairo2, or write .svg"
        ) from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=PNG_WIDTH)
