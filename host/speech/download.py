"""`trivia-host models download NAME`: fetch a Vosk model zip into the user's models folder.

Resumes a broken download with an HTTP Range request (or starts cleanly if
the server ignores it), checks the size, and checks the MD5 the model site
publishes in its model-list.json when that list can be read. The archive is
unpacked next to the other models and must contain a Vosk model.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import shutil
import socket
import tempfile
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

from tqdm import tqdm

from host.errors import ModelError
from host.speech.model_paths import MODELS_DIR, is_vosk_model

DEFAULT_BASE_URL = "https://alphacephei.com/vosk/models"
BASE_URL_ENV = "TRIVIA_HOST_MODEL_URL"
DEFAULT_MODEL = "vosk-model-small-en-us-0.15"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_CHUNK = 256 * 1024


class DownloadError(ModelError):
    """The model could not be fetched or did not check out."""


def base_url(option: str | None = None) -> str:
    return (option or os.environ.get(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/")


def _offline_message(url: str, exc: Exception) -> str:
    return (
        f"cannot reach {url} ({exc}); are you offline? You can fetch the zip on "
        f"another machine and unzip it into {MODELS_DIR}"
    )


def published_facts(base: str, name: str, timeout: float = 10) -> dict:
    """{'md5': ..., 'size': ...} for `name` from the site's model list, or {}."""
    try:
        with urllib.request.urlopen(f"{base}/model-list.json", timeout=timeout) as response:
            entries = json.load(response)
    except (OSError, ValueError, urllib.error.URLError):
        return {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and entry.get("name") == name:
            return {k: entry[k] for k in ("md5", "size") if entry.get(k)}
    return {}


def _fetch(url: str, part: Path, timeout: float, progress: bool) -> int:
    """Download into `part`, resuming if it exists; returns the expected total size."""
    have = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url, headers={"Range": f"bytes={have}-"} if have else {})
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:  # nothing left to send: the file is whole
            return have
        if exc.code == 404:
            raise DownloadError(
                f"{url}: no such model on the server (404); check the name "
                "at https://alphacephei.com/vosk/models"
            ) from None
        raise DownloadError(f"{url}: the server answered {exc.code} {exc.reason}") from None
    with response:
        if response.status == 206:
            total = int(response.headers.get("Content-Range", "/0").rsplit("/", 1)[-1] or 0)
            mode = "ab"
        else:  # the server ignored the Range: start again from zero
            have, mode = 0, "wb"
            total = int(response.headers.get("Content-Length") or 0)
        with (
            open(part, mode) as out,
            tqdm(
                total=total or None,
                initial=have,
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                desc=part.name.removesuffix(".part"),
                disable=not progress,
            ) as bar,
        ):
            while chunk := response.read(_CHUNK):
                out.write(chunk)
                bar.update(len(chunk))
    return total


def _md5(path: Path) -> str:
    digest = hashlib.md5()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _unpack(archive: Path, name: str, dest: Path) -> Path:
    try:
        with zipfile.ZipFile(archive) as zf:
            for member in zf.namelist():
                if member.startswith("/") or ".." in Path(member).parts:
                    raise DownloadError(f"{archive.name}: unsafe path '{member}' in the archive")
            with tempfile.TemporaryDirectory(dir=dest, prefix=".unpack-") as tmp:
                zf.extractall(tmp)
                inner = Path(tmp) / name
                source = inner if inner.is_dir() else Path(tmp)
                if not is_vosk_model(source):
                    raise DownloadError(
                        f"{archive.name} holds no Vosk model (no am/final.mdl and conf/model.conf)"
                    )
                target = dest / name
                if target.exists():
                    shutil.rmtree(target)
                shutil.move(str(source), target)
                return target
    except zipfile.BadZipFile:
        raise DownloadError(f"{archive.name} is not a valid zip archive") from None


def download_model(
    name: str = DEFAULT_MODEL,
    dest: Path = MODELS_DIR,
    base: str | None = None,
    md5: str | None = None,
    attempts: int = 3,
    timeout: float = 30,
    progress: bool = True,
    say=print,
) -> Path:
    """Fetch, check and unpack model `name` into `dest`; returns the model folder."""
    if not _NAME.match(name):
        raise DownloadError(f"'{name}' is not a model name (like {DEFAULT_MODEL})")
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    if is_vosk_model(dest / name):
        say(f"{name} is already installed in {dest}")
        return dest / name
    base = base_url(base)
    url = f"{base}/{name}.zip"
    facts = published_facts(base, name, timeout)
    md5 = md5 or facts.get("md5")
    part = dest / f"{name}.zip.part"
    for attempt in range(1, attempts + 1):
        try:
            total = _fetch(url, part, timeout, progress)
        except (OSError, http.client.HTTPException) as exc:  # URLError, resets, timeouts
            reason = getattr(exc, "reason", exc)
            if attempt == attempts or isinstance(reason, (socket.gaierror, ConnectionRefusedError)):
                raise DownloadError(_offline_message(url, reason)) from None
            say(f"download interrupted ({reason}); resuming")
            continue
        size = part.stat().st_size
        expected = int(facts.get("size") or total or 0)
        if expected and size < expected:
            say(f"download stopped at {size} of {expected} bytes; resuming")
            continue
        if (expected and size > expected) or (md5 and _md5(part) != md5.lower()):
            part.unlink()
            problem = "size" if expected and size > expected else "MD5 checksum"
            if attempt == attempts:
                raise DownloadError(
                    f"{name}.zip: the {problem} does not match after "
                    f"{attempts} attempts; not installed"
                )
            say(f"{name}.zip: the {problem} does not match; downloading again")
            continue
        break
    else:
        raise DownloadError(
            f"{name}.zip: incomplete after {attempts} attempts; run the command again to resume"
        )
    archive = part.with_suffix("")
    part.replace(archive)
    try:
        model = _unpack(archive, name, dest)
    finally:
        archive.unlink(missing_ok=True)
    say(f"installed {name} in {model}" + (" (MD5 checked)" if md5 else " (no published checksum)"))
    return model
