/* SPDX-License-Identifier: GPL-3.0-or-later */
/* imp-svg.h: a small SVG writer behind the renderer's painter (imp-draw.h).
 *
 * Draw on the writer's cairo_t as on any other: every fill and stroke becomes a
 * <path>, every layout a <text> per line, clips and faded groups <g> elements,
 * all in the order they are painted. The document depends on no cairo version's
 * output, and its text stays text where it was drawn: a label is written after
 * the plate under it and before what is drawn over it.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _ImpSvg ImpSvg;

ImpSvg *imp_svg_new (double width, double height);
cairo_t *imp_svg_get_context (ImpSvg *svg);
GBytes *imp_svg_finish (ImpSvg *svg, const char *title, const char *description);
void imp_svg_free (ImpSvg *svg);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ImpSvg, imp_svg_free)

G_END_DECLS
