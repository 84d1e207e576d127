/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-window.h: the live-window playback figures (impulse-bench window). */
#pragma once

/* Plays a gas of n circles for seconds in a real window and prints one line of
 * figures; returns the exit status (1 without a display). */
int bench_window_run (int n, double seconds);
