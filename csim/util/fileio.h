/* Reading a whole file into memory (the assembler's text, executables). */
#ifndef CSIM_FILEIO_H
#define CSIM_FILEIO_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

/* Reads the file at path (at most max bytes) into a new heap buffer *buf
 * (free() it) of *len bytes, plus a terminating NUL not counted in *len.
 * Fails with DPP_E_IO ("PATH: error: ...") if it cannot be read or is
 * longer than max. */
dpp_status dpp_file_read(const char *path, size_t max, uint8_t **buf, size_t *len, dpp_error *err);

#endif
