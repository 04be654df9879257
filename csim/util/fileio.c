#include "fileio.h"

#include <stdio.h>
#include <stdlib.h>

dpp_status dpp_file_read(const char *path, size_t max, uint8_t **buf, size_t *len, dpp_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return dpp_error_set(err, DPP_E_IO, "%s: error: cannot open the file", path);
    size_t cap = 1 << 14, n = 0;
    uint8_t *b = malloc(cap + 1);
    int too_long = 0;
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap)
            break;
        if (cap >= max) {
            too_long = 1;
            break;
        }
        uint8_t *nb = realloc(b, cap * 2 + 1);
        if (!nb) {
            free(b);
            b = NULL;
            break;
        }
        b = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!b || bad || too_long || n > max) {
        free(b);
        if (b && !bad) /* too long: say the most it may hold */
            return dpp_error_set(err, DPP_E_IO,
                                 "%s: error: file is too large: expected at most %zu bytes", path,
                                 max);
        return dpp_error_set(err, b ? DPP_E_IO : DPP_E_NOMEM, "%s: error: %s", path,
                             !b ? "out of memory" : "cannot read the file");
    }
    b[n] = 0;
    *buf = b;
    *len = n;
    return DPP_OK;
}
