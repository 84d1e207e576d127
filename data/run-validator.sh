#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# run-validator.sh TOOL PACKAGE ARGS...: runs a validator for the tests. The test is
# always defined, so a missing tool fails it with the package to install rather than
# dropping the test from the suite (a build configured before the tool was installed
# would otherwise never run it).
tool=$1
package=$2
shift 2
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "$tool not found: install the Debian package $package (tools/dev.sh test does)" >&2
  exit 1
fi
exec "$tool" "$@"
