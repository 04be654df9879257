/* Status codes and error messages shared by every csim unit.
 *
 * Library code never exits or prints: a failing call returns a dpp_status
 * and, when the caller passes a dpp_error, a one-line message saying what
 * was wrong and where (file:line:col for text, byte offsets for binary). */
#ifndef CSIM_STATUS_H
#define CSIM_STATUS_H

#include <stddef.h>

typedef enum dpp_status {
    DPP_OK = 0,
    DPP_E_ARG,     /* a parameter out of its documented range */
    DPP_E_NOMEM,   /* allocation failed */
    DPP_E_IO,      /* a file could not be read or written */
    DPP_E_PARSE,   /* malformed text input (assembly, options) */
    DPP_E_FORMAT,  /* malformed binary input (ELF, command buffer) */
    DPP_E_ILLEGAL, /* an illegal instruction word */
    DPP_E_FAULT,   /* a defined program fault (stack overflow, bad access, step limit) */
} dpp_status;

typedef struct dpp_error {
    dpp_status code;
    char msg[512];
} dpp_error;

/* Short stable name of a status code, e.g. "E_FORMAT". */
const char *dpp_status_name(dpp_status code);

/* Records code and a printf-style message in err (which may be NULL) and
 * returns code, so that `return dpp_error_set(err, DPP_E_ARG, ...);` reads
 * naturally. */
dpp_status dpp_error_set(dpp_error *err, dpp_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
