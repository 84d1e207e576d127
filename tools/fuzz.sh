#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/fuzz.sh: build the fuzz target under AddressSanitizer and UndefinedBehaviorSanitizer
# with clang and libFuzzer, and run it over the scene, session and lesson loaders.
#
#   tools/fuzz.sh SECONDS [BUILD_DIR]
#
# Starts from the seed corpus tests/fuzz/corpus (every edit kind of the session format,
# the inputs of past bugs), the shipped scenes and lessons and the test data, and keeps
# what it learns in BUILD_DIR/fuzz-corpus (default build-fuzz). Exits non-zero on a finding and leaves
# the input that caused it as BUILD_DIR/crash-* (or leak-*, timeout-*, oom-*); rerun one with
#   BUILD_DIR/tests/fuzz/fuzz-loaders BUILD_DIR/crash-...
# Needs clang and libclang-rt-14-dev (apt-get install clang libclang-rt-14-dev).
set -euo pipefail

seconds=${1:?usage: tools/fuzz.sh SECONDS [BUILD_DIR]}
if ! command -v clang >/dev/null \
    || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "tools/fuzz.sh: needs clang and libFuzzer: apt-get install -y clang libclang-rt-14-dev" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$root/build-fuzz}

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$root" -Dfuzz=true --buildtype=debugoptimized \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fno-sanitize-recover=undefined >/dev/null
fi
meson compile -C "$build" tests/fuzz/fuzz-loaders >/dev/null

mkdir -p "$build/fuzz-corpus"
cd "$build"
# A relative "scene" file name in an input is looked up from here: nothing to find.
ASAN_OPTIONS=detect_leaks=1 \
LSAN_OPTIONS=suppressions=$root/tests/lsan.supp \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  tests/fuzz/fuzz-loaders -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=8192 -dict="$root/tests/fuzz/json.dict" -print_final_stats=1 \
    fuzz-corpus "$root/tests/fuzz/corpus" "$root/lessons/scenes" "$root/lessons/course" \
    "$root/tests/data/scenes" "$root/tests/data/sessions" "$root/tests/data/lessons"
