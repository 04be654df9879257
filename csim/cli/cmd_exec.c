/* dpp exec: run a raw command buffer against a device memory image. */
#include "array_opts.h"
#include "cmd_args.h"
#include "commands.h"
#include "imgio.h"
#include "stats.h"
#include "trace.h"

#include "pe.h"
#include "runtime.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_MEM = 1, K_MEM_SIZE, K_MEM_OUT, K_TRACE, K_STATS };

static const cli_option exec_options[] = {
    {"mem", "IMAGE", "device memory contents (required)", NULL, K_MEM, CLI_REQUIRED},
    {"mem-size", "BYTES",
     "device memory size (default: the image plus the buffer; decimal, k/M/G = 10^3/6/9)", NULL,
     K_MEM_SIZE, 0},
    {"mem-out", "FILE", "write the device memory (image-sized) after the run", NULL, K_MEM_OUT, 0},
    {"trace", "FILE", "write every flow-control event of every wavefront", NULL, K_TRACE, 0},
    {"stats", NULL,
     "print the performance counters, instructions issued, lane-instructions, wall time and rate",
     NULL, K_STATS, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void exec_usage(FILE *f)
{
    fprintf(f, "usage: dpp exec CMDBUF --mem IMAGE [options]\n"
               "Loads IMAGE at device address 0, places CMDBUF after it (2 KiB aligned), runs\n"
               "it through the runtime API and reports the first error with its byte offset.\n");
    cli_print_options(f, exec_options);
    cli_print_options(f, cli_array_options);
}

typedef struct exec_cli {
    const char *cmdbuf, *mem, *mem_out, *trace;
    uint64_t mem_size;
    int stats;
    dpp_device_params *params; /* where the array options go */
} exec_cli;

/* One option's value into c: 0, or -1 with a message in err. */
static int exec_option(void *ctx, const cli_option *o, const char *v, char *err, size_t errlen)
{
    exec_cli *c = ctx;
    switch (o->key) {
    case K_MEM:
        c->mem = v;
        return 0;
    case K_MEM_OUT:
        c->mem_out = v;
        return 0;
    case K_TRACE:
        c->trace = v;
        return 0;
    case K_STATS:
        c->stats = 1;
        return 0;
    case K_MEM_SIZE:
        return cli_count(v, 0xFFFFF800ull, &c->mem_size, err, errlen);
    default:
        return cli_array_value(o, v, &c->params->array, err, errlen);
    }
}

static const cmd_args exec_args = {.prog = "dpp exec",
                                   .options = exec_options,
                                   .more = cli_array_options,
                                   .input = "CMDBUF",
                                   .one_only = "one command buffer only",
                                   .usage = exec_usage,
                                   .option = exec_option};

/* A command that changes what a running program reads, with no wait_for_idle
 * after its start_program: the model ran the program to its end first, as the
 * seed's PE need not (docs/pe.md). A warning: the outputs are
 * what a wait_for_idle there would give. */
static void warn_races(struct pe_model *pe, const char *name)
{
    pe_activity a;
    pe_activity_of(pe, &a);
    if (!a.races)
        return;
    const pe_cmd_desc *d = pe_cmd_by_opcode(a.race_opcode);
    fprintf(stderr,
            "%s: byte %zu: warning: %s follows start_program at byte %zu with no wait_for_idle "
            "between (%llu such command(s)): the PE \"consumes commands as fast as it can process "
            "them or pass them along\" [seed 000, 2.1.2], so the program may still be running; the "
            "model ran it to its end first. Put wait_for_idle after start_program.\n",
            name, a.race_off, d ? d->name : "?", a.race_start_off, (unsigned long long)a.races);
}

/* Opens the device, copies image and buffer in, runs, reports. */
static int run(const exec_cli *c, dpp_device_params *p, const uint8_t *img, size_t img_len,
               const uint8_t *cb, size_t cb_len, FILE *trace)
{
    size_t at = (img_len + 2047) / 2048 * 2048;
    size_t need = (at + cb_len + 2047) / 2048 * 2048;
    if (need == 0)
        need = 2048;
    p->mem_bytes = c->mem_size ? (size_t)c->mem_size : need;
    if (p->mem_bytes < need) {
        fprintf(stderr, "dpp exec: --mem-size %zu is smaller than image plus buffer (%zu)\n",
                p->mem_bytes, need);
        return 2;
    }
    dpp_connection *dev;
    dpp_error err;
    if (dpp_am_open(p, &dev, &err)) {
        fprintf(stderr, "dpp exec: %s\n", err.msg);
        return 2;
    }
    cli_tracer tr = {trace, {0}};
    if (trace)
        dpp_am_set_trace(dev, cli_trace_event, &tr);
    size_t size;
    uint8_t *mem = dpp_am_memory(dev, &size);
    memcpy(mem, img, img_len);
    memcpy(mem + at, cb, cb_len);
    uint32_t ticket;
    int done = 0, rc = 0;
    double t0 = cli_now();
    if (dpp_am_submit(dev, (uint32_t)at, (uint32_t)cb_len, c->cmdbuf, &ticket, &err) ||
        dpp_am_consumed(dev, ticket, &done, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    }
    warn_races(dpp_am_pe(dev), c->cmdbuf);
    if (c->stats) {
        cli_stats st = {.seconds = cli_now() - t0, .array = &p->array};
        tm_stats timing;
        dpp_am_perf(dev, &st.total_clocks, &st.active_clocks);
        dpp_am_stats(dev, &st.pa);
        if (dpp_am_timing(dev, &timing))
            st.timing = &timing;
        for (int k = 0; k < MC_CACHES; k++)
            st.cache[k] = mc_cache_of(dpp_am_mc(dev), (mc_cache_id)k)->n;
        cli_print_stats(stdout, &st);
    }
    if (c->mem_out) {
        FILE *f = fopen(c->mem_out, "wb");
        if (!f || fwrite(mem, 1, img_len, f) != img_len || fclose(f)) {
            fprintf(stderr, "%s: error: cannot write the memory image\n", c->mem_out);
            rc = 1;
        }
    }
    dpp_am_close(dev);
    return rc;
}

int cmd_exec(int argc, char **argv)
{
    dpp_device_params p = dpp_device_default_params();
    p.array.threads = cli_default_threads();
    exec_cli c = {.params = &p};
    cli_parser ps;
    int rc = cmd_parse_args(&exec_args, &ps, argc, argv, &c, &c.cmdbuf);
    if (rc >= 0)
        return rc;
    uint8_t *img = NULL, *cb = NULL;
    size_t img_len = 0, cb_len = 0;
    char msg[600];
    if (cli_read_file(c.mem, &img, &img_len, msg, sizeof msg) ||
        cli_read_file(c.cmdbuf, &cb, &cb_len, msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        free(img);
        return 1;
    }
    FILE *trace = NULL;
    if (c.trace && !(trace = fopen(c.trace, "w"))) {
        fprintf(stderr, "%s: error: cannot create: %s\n", c.trace, strerror(errno));
        rc = 1;
    } else {
        rc = run(&c, &p, img, img_len, cb, cb_len, trace);
    }
    if (trace)
        fclose(trace);
    free(img);
    free(cb);
    return rc;
}
