#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/dev.sh: set up a Debian 12 machine for Impulse, build it, and run it or test it.
#
#   tools/dev.sh run       install missing packages, build, start Impulse
#   tools/dev.sh test      install missing packages, build, run every test
#   tools/dev.sh packages  print the Debian packages the build and the tests need
#
# Packages already present are not reinstalled; apt-get runs only when one is missing.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${IMPULSE_BUILD_DIR:-$top/build}"

# Keep in step with the package list in README.md.
packages=(
  gcc pkg-config meson ninja-build gettext
  libglib2.0-dev libjson-glib-dev libgtk-4-dev libadwaita-1-dev libcairo2-dev
  fonts-cantarell fonts-dejavu-core
)
# Only for the tests: a virtual display for widget tests, the validators of the
# desktop file and the software-centre metadata, an SVG renderer that checks
# exported SVGs against the PNGs of the same figures, and the locale sources the
# translation tests compile a German locale from (tests/test-util.c).
test_packages=(xvfb xauth desktop-file-utils appstream librsvg2-bin libxtst6 locales)

install_missing () {
  local missing=()
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "tools/dev.sh: installing ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${missing[@]}"
}

configure_and_build () {
  if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" "$top"
  fi
  meson compile -C "$build"
}

case "${1:-}" in
  run)
    install_missing "${packages[@]}"
    configure_and_build
    shift
    # The settings schema compiled in the build tree, for running uninstalled.
    export GSETTINGS_SCHEMA_DIR="$build/data${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
    # And the translations compiled there (build/po/LANG/LC_MESSAGES/impulse.mo).
    export IMPULSE_LOCALEDIR="$build/po"
    # With no arguments the window opens on the first lesson's scene.
    exec "$build/app/impulse" "$@"
    ;;
  test)
    install_missing "${packages[@]}" "${test_packages[@]}"
    configure_and_build
    # The window tests need a display: under xvfb-run they have one, and with
    # IMPULSE_TESTS_NEED_DISPLAY a lost display fails them instead of skipping them.
    IMPULSE_TESTS_NEED_DISPLAY=1 xvfb-run -a -s "-screen 0 1280x1024x24" \
      meson test -C "$build" --print-errorlogs
    ;;
  packages)
    # The package list, for scripts that install it themselves (.ci/run).
    echo "${packages[@]}" "${test_packages[@]}"
    ;;
  *)
    echo "Usage: tools/dev.sh run [IMPULSE ARGUMENTS...] | tools/dev.sh test | tools/dev.sh packages" >&2
    exit 2
    ;;
esac
