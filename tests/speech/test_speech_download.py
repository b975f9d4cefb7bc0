"""`trivia-host models download` against a model site served on 127.0.0.1."""

import hashlib
import io
import json
import os
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from host.cli import main
from host.speech.download import DownloadError, download_model
from host.speech.model_paths import is_vosk_model

NAME = "vosk-model-small-en-us-test"


def model_zip(name=NAME, with_model=True) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(f"{name}/README", "a test model")
        if with_model:
            zf.writestr(f"{name}/am/final.mdl", os.urandom(300_000))  # incompressible
            zf.writestr(f"{name}/conf/model.conf", "--beam=10.0\n")
    return buffer.getvalue()


class ModelSite:
    """A tiny model site: zips with Range support, a model list, tricks on demand."""

    def __init__(self, files: dict[str, bytes], publish: dict | None = None):
        self.files = files
        self.publish = publish  # name -> {"md5":..., "size":...}, None: no list
        self.cut_first_response_at = None
        self.ignore_range = False
        self.requests: list[tuple[str, str | None]] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                site.requests.append((self.path, self.headers.get("Range")))
                if self.path == "/models/model-list.json" and site.publish is not None:
                    entries = [{"name": n, **facts} for n, facts in site.publish.items()]
                    return self.reply(200, json.dumps(entries).encode())
                data = site.files.get(self.path.rsplit("/", 1)[-1])
                if data is None:
                    return self.reply(404, b"not found")
                start = 0
                if self.headers.get("Range") and not site.ignore_range:
                    start = int(self.headers["Range"].split("=")[1].rstrip("-"))
                    if start >= len(data):
                        return self.reply(416, b"")
                body = data[start:]
                self.send_response(206 if start else 200)
                if start:
                    self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if site.cut_first_response_at:  # the line drops mid-download
                    self.wfile.write(body[: site.cut_first_response_at])
                    site.cut_first_response_at = None
                    self.close_connection = True
                    return
                self.wfile.write(body)

            def reply(self, code, body):
                self.send_response(code)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/models"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site():
    data = model_zip()
    site = ModelSite(
        {f"{NAME}.zip": data, "empty.zip": model_zip("empty", with_model=False)},
        publish={NAME: {"md5": hashlib.md5(data).hexdigest(), "size": len(data)}},
    )
    yield site
    site.close()


def quiet(*args):
    pass


def test_download_checks_the_published_md5_and_unpacks(site, tmp_path):
    messages = []
    model = download_model(NAME, tmp_path, base=site.url, progress=False, say=messages.append)
    assert model == tmp_path / NAME and is_vosk_model(model)
    assert messages == [f"installed {NAME} in {model} (MD5 checked)"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [NAME]  # no zip or partial file left


def test_a_dropped_connection_resumes_where_it_stopped(site, tmp_path):
    site.cut_first_response_at = 100_000
    messages = []
    model = download_model(NAME, tmp_path, base=site.url, progress=False, say=messages.append)
    assert is_vosk_model(model)
    zip_requests = [r for r in site.requests if r[0].endswith(".zip")]
    assert zip_requests == [(f"/models/{NAME}.zip", None), (f"/models/{NAME}.zip", "bytes=100000-")]
    assert any("resuming" in m for m in messages)


def test_a_server_that_ignores_range_gives_a_clean_restart(site, tmp_path):
    (tmp_path / f"{NAME}.zip.part").write_bytes(b"stale bytes from another day")
    site.ignore_range = True
    model = download_model(NAME, tmp_path, base=site.url, progress=False, say=quiet)
    assert is_vosk_model(model)


def test_a_corrupt_download_is_not_installed(site, tmp_path):
    site.publish[NAME]["md5"] = "0" * 32
    with pytest.raises(DownloadError, match="the MD5 checksum does not match after 2 attempts"):
        download_model(NAME, tmp_path, base=site.url, progress=False, attempts=2, say=quiet)
    assert not (tmp_path / NAME).exists()


def test_without_a_model_list_the_size_still_counts(site, tmp_path):
    site.publish = None
    messages = []
    download_model(NAME, tmp_path, base=site.url, progress=False, say=messages.append)
    assert messages[-1].endswith("(no published checksum)")


def test_an_archive_without_a_model_is_refused(site, tmp_path):
    with pytest.raises(DownloadError, match=r"empty\.zip holds no Vosk model"):
        download_model("empty", tmp_path, base=site.url, progress=False, say=quiet)


def test_an_unknown_model_name(site, tmp_path):
    with pytest.raises(DownloadError, match="no such model on the server"):
        download_model("vosk-model-klingon-0.1", tmp_path, base=site.url, progress=False, say=quiet)


def test_already_installed(site, tmp_path):
    download_model(NAME, tmp_path, base=site.url, progress=False, say=quiet)
    messages = []
    download_model(NAME, tmp_path, base=site.url, progress=False, say=messages.append)
    assert messages == [f"{NAME} is already installed in {tmp_path}"]


def test_the_command_when_offline(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TRIVIA_HOST_MODEL_URL", "http://127.0.0.1:9/models")  # nothing listens
    assert main(["models", "download", NAME, "--dest", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert "cannot reach http://127.0.0.1:9/models/" in error and "are you offline?" in error


def test_the_command_downloads(site, tmp_path, capsys):
    assert main(["models", "download", NAME, "--url", site.url, "--dest", str(tmp_path)]) == 0
    assert "(MD5 checked)" in capsys.readouterr().out


def test_a_bad_name_is_refused(tmp_path):
    with pytest.raises(DownloadError, match="is not a model name"):
        download_model("../../etc", tmp_path, progress=False, say=quiet)
