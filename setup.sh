#!/usr/bin/env bash
# Installs everything trivia-host needs (Debian packages when run as root,
# Python packages into .venv), then runs what was asked:
#   bash setup.sh play [ARGS]   start a game
#   bash setup.sh test [ARGS]   run the test suite
#   bash setup.sh ARGS          any other trivia-host command
set -euo pipefail
cd "$(dirname "$0")"

debian_packages=(python3 python3-venv python3-pip espeak-ng libespeak-ng1 libportaudio2 flite)

missing=()
if command -v dpkg-query >/dev/null; then
  for pkg in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: please install these Debian packages first: ${missing[*]}" >&2
  fi
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# Reinstall only when the project's requirements changed since the last install.
stamp=.venv/.installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e '.[test,voice]'  # voice: the neural host voice (default)
  touch "$stamp"
fi

command=${1:-play}
[ $# -gt 0 ] && shift
case "$command" in
  test) exec .venv/bin/python -m pytest -q "$@" ;;
  *)    exec .venv/bin/trivia-host "$command" "$@" ;;
esac
