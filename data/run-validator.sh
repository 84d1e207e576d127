#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# run-validator.sh [--strict] TOOL PACKAGE ARGS...: runs a validator for the tests. The
# test is always defined, so a missing tool fails it with the package to install rather
# than dropping the test from the suite (a build configured before the tool was installed
# would otherwise never run it). --strict: anything the tool says fails the test too
# (desktop-file-validate says hints, such as two main categories, and still exits 0).
strict=no
if [ "$1" = "--strict" ]; then
  strict=yes
  shift
fi
tool=$1
package=$2
shift 2
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "$tool not found: install the Debian package $package (tools/dev.sh test does)" >&2
  exit 1
fi
if [ "$strict" = no ]; then
  exec "$tool" "$@"
fi
said=$("$tool" "$@" 2>&1)
status=$?
if [ -n "$said" ]; then
  printf '%s\n' "$said" >&2
  [ "$status" -ne 0 ] || status=1
fi
exit "$status"
