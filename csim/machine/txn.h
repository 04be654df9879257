/* txn: what the PE, MC and CO do, one transaction at a time, in the order the
 * model does them (docs/txn.md). A run with a sink set (mc_set_txn_sink) hands
 * every PE command executed, every MC access and every CO decision to it; a
 * run without one pays one predictable branch per access. The sink is held by
 * the MC (mc_model), the one object the PE, the processor array and the CO
 * all share, so a single sink sees the three units in one order. */
#ifndef CSIM_TXN_H
#define CSIM_TXN_H

#include <stdint.h>

typedef enum txn_unit { TXN_UNIT_PE = 0, TXN_UNIT_MC = 1, TXN_UNIT_CO = 2, TXN_UNITS } txn_unit;

/* Kinds; the public CTM_TXN_* codes are these (ctm.h). */
typedef enum txn_kind {
    TXN_PE_CMD = 0,        /* index opcode, address byte offset, mask nparams, value params */
    TXN_MC_INPUT = 1,      /* index input, x, y, address, format, value the four fp32 read */
    TXN_MC_CONSTF = 2,     /* index constant, address, format, value */
    TXN_MC_CONSTI = 3,     /* index constant c, address of (c, 0), format, value[0] the word */
    TXN_MC_CONSTB = 4,     /* index constant c, address of (c, 0), format, value[0] 0 or 1 */
    TXN_MC_OUTPUT = 5,     /* index output, x, y, address, format, mask as applied, value,
                              bytes and byte_en as stored */
    TXN_MC_COND_READ = 6,  /* x, y (the pair i, j), address, format, value[0] = b */
    TXN_MC_COND_WRITE = 7, /* x, y, address, format, mask 1, value[0] = v, bytes, byte_en */
    TXN_MC_FLUSH = 8,      /* index: cache lines written back */
    TXN_MC_WORD = 9,       /* address, value[0] (read_perf_counters) */
    TXN_CO_DECIDE = 10,    /* index client, x, y (i, j), v, b, test, loc, writemask, reads, keep,
                              write */
    TXN_KINDS
} txn_kind;

/* One transaction; fields a kind does not name are 0. */
typedef struct txn {
    int32_t unit, kind, index, format;
    int64_t x, y;
    uint64_t address;
    uint32_t mask;
    uint32_t value[4];
    uint32_t v, b;
    int32_t test, loc, writemask, reads, keep, write;
    uint32_t bytes[4]; /* the element's bytes a write stores: byte k in bits 8(k%4) of bytes[k/4] */
    uint32_t byte_en;  /* bit k: byte k of the element (at address + k) is stored */
} txn;

typedef void (*txn_fn)(void *user, const txn *t);

#endif
