/* The chip profiles: every number of the timing model, in one table.
 * docs/timing.md lists each with its source: the Cayman SIMD article
 * (../shared/seeds/002_*), the RV740 shader-core article (004_*), or
 * model-defined (MD below) where the articles give no figure. Change a
 * number here and in that table. */
#include "timing.h"

#include <string.h>

static const tm_profile profiles[TM_NUM_CHIPS] = {
    [TM_CHIP_CTM] = {.name = "ctm"}, /* one issue per clock: no timing model */
    [TM_CHIP_CAYMAN] =
        {
            .name = "cayman",
            .simd_lanes = 16,       /* "Each core is a 16-wide SIMD processor" */
            .wave_lanes = 64,       /* "a wavefront is actually 64-wide" */
            .read_cycles = 4,       /* "The first 4 cycles are for reading the register file" */
            .clause_switch = 40,    /* "switches to the next clause ... roughly 40 cycles" */
            .max_waves = 32,        /* "as many as 32 wavefronts" */
            .gpr_regs = 16384,      /* "Each SIMD has 16K registers" (128-bit) */
            .reserved_rows = 8,     /* MD: so that 83 registers leave 2 wavefronts */
            .reserved_per_wave = 0, /* MD */
            .vec_slots = 4,         /* "each lane ... is actually a symmetric VLIW4" */
            .t_slots = 0,           /* no fifth (transcendental) pipeline */
            .trans_slots = 3,       /* MD */
            .dot_slots = 4,         /* MD */
            .gpr_reads = 0,         /* per element file; a CTM instruction never exceeds it */
            .const_reads = 4,       /* "as many as 4 constants" per read period */
            .literal_words = 0,     /* MD: no figure */
            .literal_values = 2,    /* MD: as rv740 */
            .inline_free = 1,       /* MD: as rv740 */
            .tex_cycles = 4,        /* MD: a quarter-wave per cycle */
            .out_fifo = 8,          /* MD: more than a final OUTPUT can fill (docs/timing.md) */
        },
    [TM_CHIP_RV740] =
        {
            .name = "rv740",
            .simd_lanes = 16,       /* "16 blocks of 5 ALUs" per SIMD */
            .wave_lanes = 64,       /* MD: as cayman */
            .read_cycles = 4,       /* MD: as cayman */
            .clause_switch = 40,    /* MD: as cayman */
            .max_waves = 32,        /* MD: as cayman */
            .gpr_regs = 16384,      /* "2 MB in total, split equally amongst" 8 SIMDs: 256 KB */
            .reserved_rows = 8,     /* MD: as cayman */
            .reserved_per_wave = 0, /* MD */
            .vec_slots = 4,         /* "The 4 equal ALUs" */
            .t_slots = 1,           /* "The transcendental unit" */
            .trans_slots = 0,       /* transcendentals go to t only */
            .dot_slots = 4,         /* MD: the 4 equal ALUs; t cannot do dot products */
            .gpr_reads = 3,         /* "at most 3 distinct GPR addresses" in a clock */
            .const_reads = 0,       /* MD: no figure */
            .literal_words = 2,     /* "at most 2 64-bit literal constants" */
            .literal_values = 2,    /* MD: two 32-bit values a 64-bit word */
            .inline_free = 1,       /* MD: 0, 0.5, 1 are inline constants */
            .tex_cycles = 4,        /* MD: a quarter-wave per cycle */
            .out_fifo = 8,          /* MD: as cayman */
        },
};

const tm_profile *tm_profile_of(tm_chip chip)
{
    return chip < TM_NUM_CHIPS ? &profiles[chip] : NULL;
}

int tm_chip_parse(const char *name, tm_chip *out)
{
    for (unsigned k = 0; k < TM_NUM_CHIPS; k++)
        if (!strcmp(name, profiles[k].name)) {
            *out = (tm_chip)k;
            return 0;
        }
    return -1;
}

const char *tm_chip_names(void)
{
    return "ctm|cayman|rv740";
}

unsigned tm_occupancy(const tm_profile *p, unsigned temps, int *by_regs)
{
    unsigned rows = p->gpr_regs / p->wave_lanes - p->reserved_rows;
    unsigned per_wave = (temps ? temps : 1) + p->reserved_per_wave;
    unsigned n = rows / per_wave;
    if (n == 0) /* cannot happen with 128 temporaries at most */
        n = 1;
    *by_regs = n < p->max_waves;
    return *by_regs ? n : p->max_waves;
}
