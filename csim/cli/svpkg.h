/* The writers of `dpp svpkg`'s packages (cmd_svpkg.c dispatches). */
#ifndef CSIM_CLI_SVPKG_H
#define CSIM_CLI_SVPKG_H

#include <stdio.h>

/* ctm_dpi_pkg (svpkg_dpi.c): 0, or 1 with a message on stderr when a table
 * row has no SystemVerilog form. */
int svpkg_emit_dpi(FILE *out);

/* python/ctm/_api.py (svpkg_py.c): the same tables as Python data; 0. */
int svpkg_emit_py(FILE *out);

#endif
