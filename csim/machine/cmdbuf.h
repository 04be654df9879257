/* cmdbuf: builds PE command buffers (pe.h) in host memory, one packet per call. */
#ifndef CSIM_CMDBUF_H
#define CSIM_CMDBUF_H

#include "pe.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>

typedef struct cmdbuf {
    uint8_t *bytes;
    size_t size, cap;
    int failed; /* an allocation failed: the buffer is incomplete */
} cmdbuf;

/* Appends the command `opcode` with its table's parameter count taken from
 * params. Returns DPP_E_ARG for an unknown opcode, DPP_E_NOMEM on allocation failure. */
dpp_status cmdbuf_add(cmdbuf *cb, unsigned opcode, const uint32_t *params);

/* Appends one raw little-endian word (for malformed buffers in tests). */
dpp_status cmdbuf_word(cmdbuf *cb, uint32_t w);

/* Frees the bytes and zeroes the buffer. */
void cmdbuf_free(cmdbuf *cb);

#endif
