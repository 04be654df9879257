#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int dpp_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 16;
    while (c < need) {
        if (c > SIZE_MAX / 2 / elem)
            return -1;
        c *= 2;
    }
    unsigned char *p = realloc(*arr, c * elem);
    if (!p)
        return -1;
    memset(p + *cap * elem, 0, (c - *cap) * elem);
    *arr = p;
    *cap = c;
    return 0;
}
