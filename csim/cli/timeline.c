/* The schedule as a waveform and a GTKWave save file (timeline.h). The timing model sends slot
 * changes in nondecreasing time; they are gathered per cycle and only what differs from the
 * previous cycle is written, as VCD text. An FST is that VCD converted by gtkwave's own
 * vcd2fst (Debian's gtkwave, the package that also gives fst2vcd and GTKWave itself): the kit
 * builds no FST writer, so none can vanish with a Verilator release (5.050 dropped the C one). */
#include "timeline.h"

#include <errno.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define MAX_SLOTS 256
#define VCD2FST "vcd2fst"

/* A signal's width; 0 for a string (its value is a name, which GTKWave shows as text). */
enum { V_VALID, V_WAVE, V_PC, V_CLAUSE, V_LANES, V_STALL, NVARS };
static const char *const var_names[NVARS] = {"valid", "wave", "pc", "clause", "lanes", "stall"};
static const uint32_t var_bits[NVARS] = {1, 32, 10, 0, 64, 0};
/* the SIMD's own signals */
enum { S_RESIDENT, S_ALU_BUSY, S_ALU_WAVE, S_TEX_BUSY, NSIMD };
static const char *const simd_names[NSIMD] = {"resident", "alu_busy", "alu_wave", "tex_busy"};
static const uint32_t simd_bits[NSIMD] = {8, 1, 32, 1};

static const char *const clause_names[TM_NUM_CLAUSES] = {"none", "ALU", "TEX", "OUT", "CF"};
static const char *const stall_names[TM_NUM_CAUSES] = {"issue", "clause", "latency", "unit",
                                                       "reads", "fetch",  "empty",   "fifo"};

struct cli_timeline {
    FILE *vcd;
    int to_fst; /* the VCD is a temporary, converted at the end */
    char path[1024], vcd_path[1040], gtkw[1030];
    const char *chip;
    unsigned slots, used; /* slots declared; highest slot ever occupied + 1 */
    tm_slot_state cur[MAX_SLOTS], shown[MAX_SLOTS];
    uint32_t simd[NSIMD]; /* as last written */
    int simd_shown;
    uint64_t time, end; /* the cycle being gathered; the last one written */
    int started, io_error;
};

/* VCD identifier of signal number n: base 94 over the printable characters '!'..'~'. */
static void vcd_id(unsigned n, char id[8])
{
    int k = 0;
    do {
        id[k++] = (char)('!' + n % 94);
        n /= 94;
    } while (n && k < 7);
    id[k] = 0;
}

/* Signal numbers: the SIMD's first, then NVARS per slot. */
static unsigned simd_sig(int f)
{
    return (unsigned)f;
}

static unsigned slot_sig(unsigned k, int f)
{
    return NSIMD + k * NVARS + (unsigned)f;
}

static void declare_var(FILE *f, unsigned sig, uint32_t bits, const char *name)
{
    char id[8];
    vcd_id(sig, id);
    if (bits)
        fprintf(f, "$var wire %u %s %s $end\n", bits, id, name);
    else
        fprintf(f, "$var string 1 %s %s $end\n", id, name);
}

static void emit_bits(FILE *f, unsigned sig, uint32_t bits, uint64_t v)
{
    char id[8], b[72];
    vcd_id(sig, id);
    if (bits == 1) {
        fprintf(f, "%c%s\n", v & 1 ? '1' : '0', id);
        return;
    }
    int n = 0, top = 63;
    while (top > 0 && !(v >> top & 1))
        top--; /* VCD extends a shorter vector with zeros */
    for (int i = top; i >= 0; i--)
        b[n++] = (char)('0' + (v >> i & 1));
    b[n] = 0;
    fprintf(f, "b%s %s\n", b, id);
}

static void emit_name(FILE *f, unsigned sig, const char *name)
{
    char id[8];
    vcd_id(sig, id);
    fprintf(f, "s%s %s\n", name, id);
}

/* The VCD's header: the SIMD's signals and those of `slots` slots. */
static void write_header(cli_timeline *t, unsigned slots)
{
    t->started = 1;
    t->slots = slots < MAX_SLOTS ? slots : MAX_SLOTS;
    FILE *f = t->vcd;
    fprintf(f, "$version dpp run --timeline $end\n$timescale 1ns $end\n");
    fprintf(f, "$scope module simd0 $end\n");
    for (int v = 0; v < NSIMD; v++)
        declare_var(f, simd_sig(v), simd_bits[v], simd_names[v]);
    for (unsigned k = 0; k < t->slots; k++) {
        fprintf(f, "$scope module slot%02u $end\n", k);
        for (int v = 0; v < NVARS; v++)
            declare_var(f, slot_sig(k, v), var_bits[v], var_names[v]);
        fprintf(f, "$upscope $end\n");
        t->cur[k] = (tm_slot_state){.slot = (uint8_t)k, .cause = TM_EMPTY};
        /* differs in every field: all are written at the first cycle */
        t->shown[k] = (tm_slot_state){
            .lanes = ~0ull, .wave = ~0u, .pc = 0xFFFF, .valid = 2, .clause = 0xFF, .cause = 0xFF};
    }
    fprintf(f, "$upscope $end\n$enddefinitions $end\n");
}

static void declare(void *user, const tm_profile *p, unsigned slots)
{
    cli_timeline *t = user;
    t->chip = p->name;
    if (!t->started) /* one declaration for every start_program */
        write_header(t, slots);
}

static const char *name_of(const char *const *names, unsigned n, uint64_t v)
{
    return v < n ? names[v] : "?";
}

/* Writes the gathered cycle: the signals that changed. */
static void write_cycle(cli_timeline *t)
{
    FILE *f = t->vcd;
    fprintf(f, "#%llu\n", (unsigned long long)t->time);
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
        for (int v = 0; v < NVARS; v++) {
            if (now[v] == was[v])
                continue;
            if (v == V_CLAUSE)
                emit_name(f, slot_sig(k, v), name_of(clause_names, TM_NUM_CLAUSES, now[v]));
            else if (v == V_STALL)
                emit_name(f, slot_sig(k, v), name_of(stall_names, TM_NUM_CAUSES, now[v]));
            else
                emit_bits(f, slot_sig(k, v), var_bits[v], now[v]);
        }
        *s = *c;
        if (c->valid && k + 1 > t->used)
            t->used = k + 1;
    }
    const uint32_t simd[NSIMD] = {resident, alu, alu_wave, tex};
    for (int v = 0; v < NSIMD; v++)
        if (!t->simd_shown || simd[v] != t->simd[v])
            emit_bits(f, simd_sig(v), simd_bits[v], simd[v]);
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

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n > m && !strcmp(s + n - m, tail);
}

/* Is `prog` an executable in a folder of PATH? */
static int on_path(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    char buf[4096];
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ":");
        if (n && n + strlen(prog) + 2 < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, prog);
            if (!access(buf, X_OK))
                return 1;
        }
        p += n + (p[n] == ':');
    }
    return 0;
}

int cli_timeline_name_ok(const char *path)
{
    return ends_with(path, ".fst") || ends_with(path, ".vcd");
}

cli_timeline *cli_timeline_open(const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path);
    if (n >= 1024) {
        snprintf(err, errlen, "%.100s...: error: the name is too long", path);
        return NULL;
    }
    int to_fst = ends_with(path, ".fst");
    if (to_fst && !on_path(VCD2FST)) {
        snprintf(err, errlen,
                 "%s: error: writing FST needs %s (Debian's gtkwave package) on PATH; "
                 "or name the file .vcd",
                 path, VCD2FST);
        return NULL;
    }
    cli_timeline *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "%s: error: out of memory", path);
        return NULL;
    }
    t->to_fst = to_fst;
    snprintf(t->path, sizeof t->path, "%s", path);
    /* The VCD is written beside the FST, so that it fails (or not) where the FST would. */
    snprintf(t->vcd_path, sizeof t->vcd_path, to_fst ? "%s.tmp.vcd" : "%s", path);
    snprintf(t->gtkw, sizeof t->gtkw, "%.*s.gtkw", (int)(n - 4), path);
    /* The FST itself is created now, so that a folder that is not there is an error before
     * the run. */
    FILE *probe = to_fst ? fopen(path, "wb") : NULL;
    if ((to_fst && !probe) || !(t->vcd = fopen(t->vcd_path, "w"))) {
        snprintf(err, errlen, "%s: error: cannot create: %s", path, strerror(errno));
        if (probe)
            fclose(probe), remove(path);
        free(t);
        return NULL;
    }
    if (probe)
        fclose(probe);
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

/* One signal of the save file: "scope.name" or "scope.name[B-1:0]", in hex (flags 0x22),
 * a single bit in binary (0x28), a string as it is (0x28, no range). */
static void gtkw_signal(FILE *f, const char *scope, const char *name, uint32_t bits)
{
    if (bits <= 1)
        fprintf(f, "@28\n%s.%s\n", scope, name);
    else
        fprintf(f, "@22\n%s.%s[%u:0]\n", scope, name, bits - 1);
}

static int write_gtkw(const cli_timeline *t)
{
    FILE *f = fopen(t->gtkw, "w");
    if (!f)
        return -1;
    char *abs_wave = realpath(t->path, NULL);
    fprintf(f, "[*] dpp run --timeline: the %s profile's schedule of one SIMD, cycles 0..%llu\n",
            t->chip ? t->chip : "?", (unsigned long long)t->end);
    fprintf(f, "[dumpfile] \"%s\"\n", abs_wave ? abs_wave : t->path);
    free(abs_wave);
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

/* vcd2fst VCD FST, its output on our stderr; 0 when it succeeded. */
static int convert_to_fst(const cli_timeline *t, char *err, size_t errlen)
{
    char *const argv[] = {VCD2FST, (char *)t->vcd_path, (char *)t->path, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, 2, 1);
    pid_t pid;
    int rc = posix_spawnp(&pid, VCD2FST, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc) {
        snprintf(err, errlen, "%s: error: cannot run %s: %s", t->path, VCD2FST, strerror(rc));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, errlen, "%s: error: %s: %s", t->path, VCD2FST, strerror(errno));
            return -1;
        }
    struct stat st;
    if (!WIFEXITED(status) || WEXITSTATUS(status) || stat(t->path, &st) || !st.st_size) {
        snprintf(err, errlen, "%s: error: %s %s %s failed (exit status %d)", t->path, VCD2FST,
                 t->vcd_path, t->path, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return -1;
    }
    return 0;
}

int cli_timeline_close(cli_timeline *t, char *err, size_t errlen)
{
    if (!t)
        return 0;
    if (!t->started)
        write_header(t, 0); /* a run that never started: a waveform of the SIMD alone */
    write_cycle(t);
    int rc = 0;
    if (ferror(t->vcd) | fclose(t->vcd)) {
        snprintf(err, errlen, "%s: error: cannot write: %s", t->vcd_path, strerror(errno));
        rc = -1;
    }
    if (!rc && t->to_fst)
        rc = convert_to_fst(t, err, errlen);
    if (t->to_fst)
        remove(t->vcd_path);
    if (!rc && write_gtkw(t)) {
        snprintf(err, errlen, "%s: error: cannot write: %s", t->gtkw, strerror(errno));
        rc = -1;
    }
    free(t);
    return rc;
}
