/* mc: the CTM memory controller (spec ctm-isa.md 1.3, 3). It owns the surface
 * state of every client (instructions, float/int/bool constants, 16 inputs,
 * 4 outputs, the conditional buffer), turns (x, y) requests into addresses of
 * the device memory, applies the output channel mask and keeps the output
 * write cache and the conditional output cache (mc_cache.h), whose writes
 * only an eviction or flush_out_cache (mc_flush) make visible in memory.
 * An access outside a surface or outside the memory is a DPP_E_FAULT. */
#ifndef CSIM_MC_H
#define CSIM_MC_H

#include "mc_cache.h"
#include "mc_format.h"
#include "status.h"
#include "txn.h"

#include <stddef.h>
#include <stdint.h>

#define MC_NUM_INPUTS       16
#define MC_NUM_OUTPUTS      4
#define MC_INST_BYTES       24 /* one instruction slot: six dwords */
#define MC_CACHE_LINES      64 /* output cache: 64 lines of 32 bytes, FIFO replacement */
#define MC_COND_CACHE_LINES 16 /* conditional output cache: 16 lines of 32 bytes, FIFO */

/* The MC's caches (mc_cache.h). */
typedef enum mc_cache_id { MC_CACHE_OUT, MC_CACHE_COND, MC_CACHES } mc_cache_id;

typedef enum mc_client {
    MC_CL_INST,
    MC_CL_CONSTF,
    MC_CL_CONSTI,
    MC_CL_CONSTB,
    MC_CL_INPUT,  /* index 0..15 */
    MC_CL_OUTPUT, /* index 0..3 */
    MC_CL_COND,
} mc_client;

typedef struct mc_model mc_model;

/* Creates a controller over size bytes of device memory at mem (not owned;
 * it must outlive the controller). */
dpp_status mc_create(uint8_t *mem, size_t size, mc_model **out, dpp_error *err);

/* Frees the controller (not the memory); NULL is allowed. */
void mc_destroy(mc_model *m);

/* Sets the surface of a client (index for inputs and outputs). Fails with
 * DPP_E_ARG for a bad index or a surface (other than the instructions')
 * reaching past the memory. */
dpp_status mc_set_surface(mc_model *m, mc_client c, unsigned index, const mc_surface *s,
                          dpp_error *err);

/* The surface of a client (valid = 0 if never set), or NULL for a bad index. */
const mc_surface *mc_get_surface(const mc_model *m, mc_client c, unsigned index);

/* set_out_mask: bit c enables channel c of every output write. */
void mc_set_out_mask(mc_model *m, unsigned mask);
unsigned mc_out_mask(const mc_model *m);

/* Reads input idx at (x, y) as four fp32 bit patterns; in the 2x2 modes a
 * single-channel input returns (x+1,y), (x,y+1), (x+1,y+1), (x,y). */
dpp_status mc_read_input(const mc_model *m, unsigned idx, int64_t x, int64_t y, uint32_t v[4],
                         dpp_error *err);

/* Writes channels chmask (AND the output mask) of v to output idx at (x, y),
 * through the output cache. */
dpp_status mc_write_output(mc_model *m, unsigned idx, int64_t x, int64_t y, const uint32_t v[4],
                           unsigned chmask, dpp_error *err);

/* Fetches the six dwords of instruction slot pc. */
dpp_status mc_fetch_inst(const mc_model *m, unsigned pc, uint32_t words[6], dpp_error *err);

/* Float constant c (element (c, 0) of the constant surface). */
dpp_status mc_const_float(const mc_model *m, unsigned c, uint32_t v[4], dpp_error *err);

/* Integer constant c (its word, mc_int_word) and boolean constant c (0 or 1,
 * mc_bool_value): element (c, 0) of their surfaces, in the surface's layout and format. */
dpp_status mc_const_int(const mc_model *m, unsigned c, uint32_t *w, dpp_error *err);
dpp_status mc_const_bool(const mc_model *m, unsigned c, uint32_t *b, dpp_error *err);

/* Conditional buffer value b at (i, j) (channel 0), and its write-back, both
 * through the conditional output cache: a read or write whose line is not
 * cached pulls it in from memory; a written byte reaches memory when its line
 * is evicted or at mc_flush. */
dpp_status mc_cond_read(mc_model *m, int64_t i, int64_t j, uint32_t *b, dpp_error *err);
dpp_status mc_cond_write(mc_model *m, int64_t i, int64_t j, uint32_t v, dpp_error *err);

/* Model-defined, for stimulus runs that never read their outputs: output
 * writes are still checked against their surface but not kept, so memory
 * stays flat whatever the domain (on = 1). */
void mc_set_discard_outputs(mc_model *m, int on);

/* flush_out_cache: writes every written byte of both caches to memory (the
 * output cache first) and empties them. */
void mc_flush(mc_model *m);

/* Lines currently held in the output cache (for tests and statistics). */
unsigned mc_cache_lines_used(const mc_model *m);

/* Output writes that stored a byte since mc_create: to a line the cache held
 * (hits), or taking a new line (misses), and lines the full cache evicted to
 * memory (evictions); flushes are not evictions. */
void mc_cache_counts(const mc_model *m, uint64_t *hits, uint64_t *misses, uint64_t *evictions);

/* Cache k: its counts since mc_create (.n; for the conditional output cache
 * the CO's reads and write-backs), the lines it holds now (.nlines) and at
 * most (.cap). */
const mc_cache *mc_cache_of(const mc_model *m, mc_cache_id k);

/* A 32-bit little-endian write straight to memory (read_perf_counters). */
dpp_status mc_write_word(mc_model *m, uint32_t addr, uint32_t value, dpp_error *err);

/* The transaction sink of the run (txn.h; fn NULL: none). The MC holds it
 * because the PE, the processor array and the CO all reach the one mc_model:
 * each access below reports itself when it succeeds, and the PE and CO report
 * through mc_txn_emit. A run with a sink is single-threaded (pa.c). */
void mc_set_txn_sink(mc_model *m, txn_fn fn, void *user);

/* Only the transactions of units (bit u: txn_unit u) reach the sink from now
 * on; the others are not made (a checker's run takes only its units': the MC,
 * PE and CO skip building records it would drop). mc_set_txn_sink sets all. */
void mc_set_txn_units(mc_model *m, unsigned units);

/* Whether a sink is set. */
int mc_txn_on(const mc_model *m);

/* Whether unit u's transactions reach the sink. */
int mc_txn_unit_on(const mc_model *m, txn_unit u);

/* Hands t to the sink (the caller checked mc_txn_unit_on; t->unit and kind set). */
void mc_txn_emit(const mc_model *m, const txn *t);

#endif
