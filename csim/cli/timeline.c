/* The schedule as an FST waveform and a GTKWave save file (timeline.h). The
 * timing model sends slot changes in nondecreasing time; they are gathered
 * per cycle and only what differs from the previous cycle is written. */
#include "timeline.h"

#include "fstapi.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SLOTS 256

enum { V_VALID, V_WAVE, V_PC, V_CLAUSE, V_LANES, V_STALL, NVARS };
static const char *const var_names[NVARS] = {"valid", "wave", "pc", "clause", "lanes", "stall"};
static const uint32_t var_bits[NVARS] = {1, 32, 10, 3, 64, 3};
/* the SIMD's own signals */
enum { S_RESIDENT, S_ALU_BUSY, S_ALU_WAVE, S_TEX_BUSY, NSIMD };
static const char *const simd_names[NSIMD] = {"resident", "alu_busy", "alu_wave", "tex_busy"};
static const uint32_t simd_bits[NSIMD] = {8, 1, 32, 1};

struct cli_timeline {
    void *fst;
    char path[1024], gtkw[1030];
    const char *chip;
    unsigned slots, used; /* slots declared; highest slot ever occupied + 1 */
    fstHandle var[MAX_SLOTS][NVARS];
    fstHandle simd_var[NSIMD];
    tm_slot_state cur[MAX_SLOTS], shown[MAX_SLOTS];
    uint32_t simd[NSIMD]; /* as last written */
    int simd_shown;
    uint64_t time, end; /* the cycle being gathered; the last one written */
    int started;
};

static const char *const clause_names[TM_NUM_CLAUSES] = {"none", "ALU", "TEX", "OUT", "CF"};
static const char *const stall_names[TM_NUM_CAUSES] = {"issue", "clause", "latency", "unit",
                                                       "reads", "fetch",  "empty"};

/* An enum table of n names for values 0..n-1 in `bits` bits (GTKWave shows the names). */
static fstEnumHandle enum_table(void *fst, const char *name, const char *const *names, unsigned n,
                                unsigned bits)
{
    char vals[8][8];
    const char *lit[8], *val[8];
    for (unsigned k = 0; k < n; k++) {
        for (unsigned b = 0; b < bits; b++)
            vals[k][b] = (char)('0' + (k >> (bits - 1 - b) & 1));
        vals[k][bits] = 0;
        lit[k] = names[k];
        val[k] = vals[k];
    }
    return fstWriterCreateEnumTable(fst, name, n, bits, lit, val);
}

static void declare(void *user, const tm_profile *p, unsigned slots)
{
    cli_timeline *t = user;
    t->chip = p->name;
    if (t->started)
        return; /* one declaration for every start_program */
    t->started = 1;
    t->slots = slots < MAX_SLOTS ? slots : MAX_SLOTS;
    fstEnumHandle ecl = enum_table(t->fst, "clause", clause_names, TM_NUM_CLAUSES, 3);
    fstEnumHandle est = enum_table(t->fst, "stall", stall_names, TM_NUM_CAUSES, 3);
    fstWriterSetScope(t->fst, FST_ST_VCD_MODULE, "simd0", NULL);
    for (int f = 0; f < NSIMD; f++)
        t->simd_var[f] = fstWriterCreateVar(t->fst, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, simd_bits[f],
                                            simd_names[f], 0);
    for (unsigned k = 0; k < t->slots; k++) {
        char name[16];
        snprintf(name, sizeof name, "slot%02u", k);
        fstWriterSetScope(t->fst, FST_ST_VCD_MODULE, name, NULL);
        for (int f = 0; f < NVARS; f++) {
            int is_enum = f == V_CLAUSE || f == V_STALL; /* GTKWave shows their names */
            if (is_enum)
                fstWriterEmitEnumTableRef(t->fst, f == V_CLAUSE ? ecl : est);
            t->var[k][f] = fstWriterCreateVar(t->fst, is_enum ? FST_VT_SV_ENUM : FST_VT_VCD_WIRE,
                                              FST_VD_IMPLICIT, var_bits[f], var_names[f], 0);
        }
        fstWriterSetUpscope(t->fst);
        t->cur[k] = (tm_slot_state){.slot = (uint8_t)k, .cause = TM_EMPTY};
        /* differs in every field: all are written at the first cycle */
        t->shown[k] = (tm_slot_state){
            .lanes = ~0ull, .wave = ~0u, .pc = 0xFFFF, .valid = 2, .clause = 0xFF, .cause = 0xFF};
    }
    fstWriterSetUpscope(t->fst);
}

/* Writes the gathered cycle: the signals that changed. */
static void write_cycle(cli_timeline *t)
{
    fstWriterEmitTimeChange(t->fst, t->time);
    uint32_t resident = 0, alu = 0, tex = 0, alu_wave = 0;
    for (unsigned k = 0; k < t->slots; k++) {
        const tm_slot_state *c = &t->cur[k];
        tm_slot_state *s = &t->shown[k];
        resident += c->valid;
        if (c->valid && c->cause == TM_ISSUE && c->clause == TM_CL_TEX)
            tex = 1;
        else if (c->valid && (c->cause == TM_ISSUE || c->cause == TM_READS))
            alu = 1, alu_wave = c->wave;
        const uint64_t now[NVARS] = {c->valid, c->wave, c->pc, c->clause, c->lanes, c->cause};
        const uint64_t was[NVARS] = {s->valid, s->wave, s->pc, s->clause, s->lanes, s->cause};
        for (int f = 0; f < NVARS; f++)
            if (now[f] != was[f])
                fstWriterEmitValueChange64(t->fst, t->var[k][f], var_bits[f], now[f]);
        *s = *c;
        if (c->valid && k + 1 > t->used)
            t->used = k + 1;
    }
    const uint32_t simd[NSIMD] = {resident, alu, alu_wave, tex};
    for (int f = 0; f < NSIMD; f++)
        if (!t->simd_shown || simd[f] != t->simd[f])
            fstWriterEmitValueChange32(t->fst, t->simd_var[f], simd_bits[f], simd[f]);
    memcpy(t->simd, simd, sizeof simd);
    t->simd_shown = 1;
    t->end = t->time;
}

static void change(void *user, const tm_slot_state *s)
{
    cli_timeline *t = user;
    if (s->slot >= t->slots)
        return;
    if (s->time != t->time) {
        write_cycle(t);
        t->time = s->time;
    }
    t->cur[s->slot] = *s;
}

cli_timeline *cli_timeline_open(const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path);
    if (n >= 1024) {
        snprintf(err, errlen, "%.100s...: error: the name is too long", path);
        return NULL;
    }
    FILE *f = fopen(path, "wb"); /* the writer's own failure says nothing of why */
    if (!f) {
        snprintf(err, errlen, "%s: error: cannot create: %s", path, strerror(errno));
        return NULL;
    }
    fclose(f);
    cli_timeline *t = calloc(1, sizeof *t);
    if (!t || !(t->fst = fstWriterCreate(path, 1))) {
        snprintf(err, errlen, "%s: error: cannot create the FST writer", path);
        free(t);
        return NULL;
    }
    snprintf(t->path, sizeof t->path, "%s", path);
    size_t stem = n > 4 && !strcmp(path + n - 4, ".fst") ? n - 4 : n;
    snprintf(t->gtkw, sizeof t->gtkw, "%.*s.gtkw", (int)stem, path);
    fstWriterSetTimescale(t->fst, -9); /* 1 ns: one cycle */
    fstWriterSetVersion(t->fst, "dpp run --timeline");
    return t;
}

tm_sink cli_timeline_sink(cli_timeline *t)
{
    tm_sink s = {declare, change, t};
    return s;
}

const char *cli_timeline_gtkw(const cli_timeline *t)
{
    return t->gtkw;
}

/* One signal of the save file: "scope.name" or "scope.name[B-1:0]", in hex (flags 0x22)
 * or, a single bit, in binary (0x28). */
static void gtkw_signal(FILE *f, const char *scope, const char *name, uint32_t bits)
{
    if (bits == 1)
        fprintf(f, "@28\n%s.%s\n", scope, name);
    else
        fprintf(f, "@22\n%s.%s[%u:0]\n", scope, name, bits - 1);
}

static int write_gtkw(const cli_timeline *t)
{
    FILE *f = fopen(t->gtkw, "w");
    if (!f)
        return -1;
    char *abs_fst = realpath(t->path, NULL);
    fprintf(f, "[*] dpp run --timeline: the %s profile's schedule of one SIMD, cycles 0..%llu\n",
            t->chip ? t->chip : "?", (unsigned long long)t->end);
    fprintf(f, "[dumpfile] \"%s\"\n", abs_fst ? abs_fst : t->path);
    free(abs_fst);
    fprintf(f, "[timestart] 0\n[size] 1600 900\n[pos] -1 -1\n");
    fprintf(f, "[sst_width] 250\n[signals_width] 300\n[sst_expanded] 1\n");
    for (int v = 0; v < NSIMD; v++)
        gtkw_signal(f, "simd0", simd_names[v], simd_bits[v]);
    for (unsigned k = 0; k < (t->used ? t->used : 1); k++) {
        char scope[32];
        snprintf(scope, sizeof scope, "simd0.slot%02u", k);
        fprintf(f, "@200\n-slot %u\n", k); /* a comment line above the slot's signals */
        for (int v = 0; v < NVARS; v++)
            gtkw_signal(f, scope, var_names[v], var_bits[v]);
    }
    return fclose(f);
}

int cli_timeline_close(cli_timeline *t, char *err, size_t errlen)
{
    if (!t)
        return 0;
    if (t->started)
        write_cycle(t);
    fstWriterClose(t->fst);
    int rc = 0;
    if (write_gtkw(t)) {
        snprintf(err, errlen, "%s: error: cannot write: %s", t->gtkw, strerror(errno));
        rc = -1;
    }
    free(t);
    return rc;
}
