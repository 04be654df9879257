/* The runtime API of a model device, after CTM's chapter 5 calls
 * (amOpenManagedConnection, amSubmitCommandBuffer, amCommandBufferConsumed,
 * amCloseManagedConnection). A connection owns one device: its memory, MC,
 * CO, PE and processor array. Command buffers live in device memory; the
 * device consumes submitted buffers in order when the host polls
 * (docs/run.md). */
#ifndef CSIM_RUNTIME_H
#define CSIM_RUNTIME_H

#include "pa.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>

typedef struct dpp_device_params {
    size_t mem_bytes; /* device memory, a multiple of 2 KiB, at most 4 GiB - 2 KiB */
    pa_params array;  /* lanes, wavefronts in flight, stack depths, step limit, and the
                         chip profile whose modelled cycles the performance counters
                         count (array.chip, docs/timing.md) */
} dpp_device_params;

typedef struct dpp_connection dpp_connection;

/* Defaults: 16 MiB of memory and pa_default_params(). */
dpp_device_params dpp_device_default_params(void);

/* amOpenManagedConnection: creates a device with zeroed memory. */
dpp_status dpp_am_open(const dpp_device_params *p, dpp_connection **out, dpp_error *err);

/* amCloseManagedConnection: frees the device; NULL is allowed. */
void dpp_am_close(dpp_connection *c);

/* The device memory (host view) and its size. */
uint8_t *dpp_am_memory(dpp_connection *c, size_t *size);

/* amSubmitCommandBuffer: queues size bytes of commands at device address
 * addr; *ticket identifies the buffer. name (copied; NULL for
 * "cmdbuf@0xADDR") starts its error messages. Fails with DPP_E_ARG if the
 * buffer is not inside the memory or the queue (64 buffers) is full. */
dpp_status dpp_am_submit(dpp_connection *c, uint32_t addr, uint32_t size, const char *name,
                         uint32_t *ticket, dpp_error *err);

/* amCommandBufferConsumed: consumes queued buffers in order up to ticket and
 * sets *consumed to 1 once ticket has been consumed (0 for a ticket not yet
 * submitted). The status and message are those of the first buffer that
 * failed while consuming. */
dpp_status dpp_am_consumed(dpp_connection *c, uint32_t ticket, int *consumed, dpp_error *err);

/* Flow-control events of every wavefront (pa_set_trace). */
void dpp_am_set_trace(dpp_connection *c, pa_trace_fn fn, void *user);

/* The device's PE and processor array, for a caller that steps a program
 * itself (run_step.h). */
struct pe_model *dpp_am_pe(dpp_connection *c);
pa_model *dpp_am_pa(dpp_connection *c);
struct mc_model *dpp_am_mc(dpp_connection *c);

/* The processor array's issue counters (pa_get_stats). */
void dpp_am_stats(const dpp_connection *c, pa_stats *st);

/* The chip profile's schedule, sent to sink as it is made (pa_set_timeline). */
void dpp_am_set_timeline(dpp_connection *c, const tm_sink *sink);

/* The timing model's counters (pa_get_timing); 0 under the ctm profile. */
int dpp_am_timing(const dpp_connection *c, tm_stats *st);

/* Performance counters (total clocks, active clocks) as the PE holds them. */
void dpp_am_perf(const dpp_connection *c, uint32_t *total, uint32_t *active);

#endif
