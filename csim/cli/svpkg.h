/* The writers of `dpp svpkg`'s packages (cmd_svpkg.c dispatches). */
#ifndef CSIM_CLI_SVPKG_H
#define CSIM_CLI_SVPKG_H

#include <stdio.h>

/* ctm_dpi_pkg (svpkg_dpi.c): 0, or 1 with a message on stderr when a table
 * row has no SystemVerilog form. */
int svpkg_emit_dpi(FILE *out);

/* python/ctm/_api.py (svpkg_py.c): the same tables as Python data; 0. */
int svpkg_emit_py(FILE *out);

/* The constants taken from the model's tables (svpkg_consts.c): the PE's opcodes, the MC's
 * formats and layouts, as csim/api/ctm_consts.h (--consts), as ctm_dpi_pkg's localparams and
 * as rows of _api.py's CONSTS. */
void svpkg_emit_consts_h(FILE *out);
void svpkg_emit_consts_sv(FILE *out);
void svpkg_emit_consts_py(FILE *out);

#endif
