/* Internals shared by the files of the public API (ctm_api.c, ctm_model.c);
 * not installed. The install keeps only ctm_* symbols global, so these stay
 * inside libctm. */
#ifndef CSIM_CTM_INT_H
#define CSIM_CTM_INT_H

#include <stddef.h>
#include <stdint.h>

/* Sets what ctm_error() returns for this thread (a failed ctm_*_new). */
void api_set_error(const char *msg);

/* Records why a ctm_*_new failed (printf-style); returns NULL for the caller to return. */
void *api_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* An output field of a mirror, in the order its check compares them. */
typedef struct api_field {
    const char *name;
    int per_lane; /* a lane mask: the difference lists the lanes */
} api_field;

/* Compares n fields of the last stepped cycle; on the first difference writes
 * "cycle C: NAME: expected 0x.., actual 0x.." (and the lanes) into diff and
 * returns CTM_E_MISMATCH, else CTM_OK. */
int api_compare(const api_field *f, const uint64_t *want, const uint64_t *got, int n,
                uint64_t cycle, char *diff, size_t size);

#endif
