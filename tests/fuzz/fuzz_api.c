/* libFuzzer: the public API (ctm.h) called as a careless testbench would (issue 25). One input
 * is one call sequence: the bytes are a program of at most MAX_CALLS calls of every function
 * of ctm.h over SLOTS handle slots, each empty (NULL), live (a pred, stack, fc or model) or
 * freed, and any of them may be handed to a call of another kind; a few calls get a made-up
 * pointer (memory that no ctm_*_new made). Arguments come from the bytes: mostly in range and
 * at its ends, else just outside it or far (-1, INT_MIN, INT_MAX, raw words). The model runs a
 * small program assembled once at start-up (a loop, a branch, a call, an input and an output),
 * or is given a bad path. At the end every live handle is freed (LeakSanitizer sees the rest).
 *
 * Every call's result is held to what ctm.h promises, not only to not crashing:
 *   - a bad handle or argument gives the documented error value, and ctm_error() is one of the
 *     messages the misuse allows ("FUNC: NAME = V is outside LO..HI", "FUNC: the KIND handle
 *     was freed", ...); NULL to a free or to a call that returns a message keeps the last one,
 *     and the message calls return ctm_error();
 *   - a misuse on a live pred, stack or fc is its next check's CTM_E_ARG, with the first such
 *     message as the diff; a refused step changes nothing (the expected outputs and peeks),
 *     nor does a pred edge with no eval before it;
 *   - a call that succeeds leaves ctm_error() as it was; a successful ctm_*_new clears it, and
 *     never returns a handle that is live already (freed husks are used again);
 *   - a check is CTM_OK exactly when the values given equal the ctm_*_expect ones as the ports
 *     carry them (flags as 0/1, al as 16 bits, bc as packed words, read from a buffer of just
 *     the words bc_o needs), CTM_E_STATE before the first step; the diff and reports agree with
 *     the verdict, a report names the handle's cycle and step and keeps as many steps as set,
 *     the JSON one parses and its field fits its width, and a report stays valid until the
 *     next report call;
 *   - expected values fit their ports and documented ranges (a stack pointer within its
 *     depth, a fault code of the table); ctm_model_step gives 1s, then 0 for good or
 *     -CTM_E_FAULT for good (with a message), and with no input bound the program does not
 *     fault (an unbound input reads zeros); inputs and constants are refused after the first
 *     step; a port read by name and by index agree;
 *   - a command-buffer model (ctm_model_new_cmd, 1.16) takes its image and buffer from
 *     files (the good run's, one not whole words, one larger than any may be, none, a
 *     folder) or word by word (the good run's next word, a word with a bit flipped, any,
 *     at addresses unaligned or past the image's most), each refused as ctm.h says: after
 *     the first step, on an executable's model (whose setters it refuses in turn), with
 *     the size expected named; ctm_model_read_word reads its image before the run, and is
 *     refused past its memory (known to the byte), or when the run cannot be laid out
 *     (CTM_E_STATE; the next step then faults saying why, not crashes); the good run,
 *     whole, does not fault, and a fault's message names the buffer;
 *   - ctm_clear_error (1.17) leaves ctm_error() "";
 *   - every string returned is NUL-terminated.
 * A broken promise aborts with a message (libFuzzer keeps the input); FUZZ_API_TRACE=1 prints
 * the calls of each input as they run. FUZZ_API_SEEDS=DIR writes the built-in seed sequences
 * (below, readable) into DIR and exits: scripts/fuzz.sh seeds the corpus so. */
#include "asm.h"
#include "ctm.h"
#include "ctm_int.h" /* API_MAGIC_BASE, API_ERROR_MAX: a made-up handle must not forge a live one */
#include "elf_exe.h"
#include "fuzz_bytes.h"
#include "le32.h"
#include "run.h"

#include <ctype.h>
#include <fcntl.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { SLOTS = 6, MAX_CALLS = 40, MSG = API_ERROR_MAX, REPORT_MAX = 1 << 22 };
enum { PRED, STACK, FC, MODEL, KINDS };
static const char *const kind_name[KINDS] = {"ctm_pred", "ctm_stack", "ctm_fc", "ctm_model"};
static const char *const block_name[KINDS] = {"pred_stack", "stack_acct", "fc_unit", ""};
static const char *const json_block[KINDS] = {"pred", "stack", "fc", ""};

/* ------------------------------------------------------------ failing */

static int tracing, call_no;
static const char *call_name = "start-up";

__attribute__((noreturn, format(printf, 1, 2))) static void broken(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_api: broken promise in call %d (%s): ", call_no, call_name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  ctm_error() = \"%s\"\n", ctm_error());
    abort();
}

__attribute__((format(printf, 1, 2))) static void trace(const char *fmt, ...)
{
    if (!tracing)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "  %2d %-22s ", call_no, call_name);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* s is a string: not NULL, NUL-terminated within max bytes. Its length. */
static size_t string_ok(const char *s, size_t max, const char *what)
{
    if (!s)
        broken("%s returned NULL", what);
    size_t n = strnlen(s, max);
    if (n == max)
        broken("%s is not NUL-terminated within %zu bytes", what, max);
    return n;
}

/* ctm_error() before the call: a call that succeeds leaves it so. */
static char before[MSG];

static void remember_error(void)
{
    size_t n = string_ok(ctm_error(), MSG, "ctm_error()");
    memcpy(before, ctm_error(), n + 1);
}

static void error_unchanged(void)
{
    string_ok(ctm_error(), MSG, "ctm_error()");
    if (strcmp(ctm_error(), before))
        broken("a call that succeeded changed ctm_error() from \"%s\"", before);
}

/* ------------------------------------------------------------ the bytes */

/* The bytes are read by fuzz_bytes.h (past the end every byte is 0: an argument's low end, a
 * live handle). */

/* The argument encodings (the seeds below spell them out). */
enum {
    A_LO,       /* the range's low end */
    A_HI,       /* its high end */
    A_LIT,      /* the next 4 bytes as an int (in range or not) */
    A_IN,       /* lo + (next 4 bytes) % the range's size (or a smaller span); to A_IN + 5 */
    A_BELOW = 9, /* lo - 1 */
    A_ABOVE,    /* hi + 1 */
    A_INT_MIN,
    A_INT_MAX,
    A_MINUS_1,
    A_ZERO,
    A_SMALL,    /* lo + the byte's high nibble */
};

/* An int argument whose range is lo..hi, drawn inside from lo..lo+span-1. */
static int arg_in(rd *r, long long lo, long long hi, long long span)
{
    unsigned b = u8(r);
    switch (b & 15) {
    case A_LO: return (int)lo;
    case A_HI: return (int)hi;
    case A_LIT: return (int)u32(r);
    case A_BELOW: return (int)(lo - 1);
    case A_ABOVE: return (int)(hi + 1);
    case A_INT_MIN: return INT_MIN;
    case A_INT_MAX: return INT_MAX;
    case A_MINUS_1: return -1;
    case A_ZERO: return 0;
    case A_SMALL: return (int)(lo + (b >> 4));
    default: return (int)(lo + (long long)(u32(r) % (uint64_t)span));
    }
}

static int arg(rd *r, long long lo, long long hi)
{
    return arg_in(r, lo, hi, hi - lo + 1);
}

/* A truth value as an int: 0, 1 or any other (non-zero is true). */
enum { F_0, F_1, F_LIT };
static int flag(rd *r)
{
    switch (u8(r) & 7) {
    case F_0: return 0;
    case F_1: return 1;
    case F_LIT: return (int)u32(r);
    case 3: return -1;
    case 4: return INT_MIN;
    case 5: return 2;
    case 6: return INT_MAX;
    default: return 1;
    }
}

/* A 64-bit word (lane masks, cycles). */
enum { W_0, W_ONES, W_LIT };
static uint64_t word(rd *r)
{
    switch (u8(r) & 7) {
    case W_0: return 0;
    case W_ONES: return ~0ull;
    case W_LIT: return u64(r);
    case 3: return 1ull << 63;
    case 4: return 1;
    case 5: return 0x5555555555555555ull;
    default: return u64(r);
    }
}

/* ------------------------------------------------------------ what a call may fail with */

typedef struct misuses {
    int n;
    int code[8];
    int prefix[8]; /* msg is the start of the message (a file's error follows) */
    char msg[8][MSG];
} misuses;

__attribute__((format(printf, 4, 5))) static void may_fail(misuses *m, int code, int prefix,
                                                          const char *fmt, ...)
{
    if (m->n == 8)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->msg[m->n], MSG, fmt, ap);
    va_end(ap);
    m->code[m->n] = code;
    m->prefix[m->n] = prefix;
    m->n++;
}

static void range(misuses *m, const char *func, const char *name, long long v, long long lo,
                  long long hi)
{
    if (v < lo || v > hi)
        may_fail(m, CTM_E_ARG, 0, "%s: %s = %lld is outside %lld..%lld", func, name, v, lo, hi);
}

/* The call failed as one of m's misuses says: its status (when it has one) and ctm_error(). */
static void failed_as(const misuses *m, int has_status, int status)
{
    const char *err = ctm_error();
    string_ok(err, MSG, "ctm_error()");
    for (int i = 0; i < m->n; i++)
        if ((!has_status || status == m->code[i]) &&
            (m->prefix[i] ? !strncmp(err, m->msg[i], strlen(m->msg[i])) : !strcmp(err, m->msg[i])))
            return;
    broken("returned %d, message \"%s\"; wanted %d, \"%s%s\"%s", status, err, m->code[0],
           m->msg[0], m->prefix[0] ? "..." : "", m->n > 1 ? " or another of its misuses" : "");
}

/* ------------------------------------------------------------ handle slots */

enum { EMPTY, LIVE, FREED };
enum { GOOD, NULL_H, FREED_H, OTHER_H, MADE_UP_H };

typedef struct slot {
    int state, kind;
    void *h;
    int shape[6];
    uint64_t lanes; /* the lane mask */
    int ctx_max;    /* pred: the largest ctx the port carries */
    uint64_t steps, next_cycle, cycle;
    int pending; /* a misuse since the last check: its message */
    char pending_msg[MSG];
    int report; /* the next report: 1 a mismatch's, 0 "", -1 either */
    int history; /* steps kept per context */
    uint64_t since_history; /* steps since it was set */
    int armed;   /* pred: an eval's edge is due (else an edge changes nothing) */
    char diff[512];
    const char *report_at; /* the last report, valid until the next report call */
    char *report_copy;
    /* a model */
    int stepped, ended, faulted, has_ev;
    int bound; /* an input was bound: the program may read past it, or take its CALL */
    int err_known; /* ctm_model_error() is err; else any message but "" */
    char err[MSG];
    /* a command-buffer model (ctm_model_new_cmd): its memory, the image's and the buffer's
     * bytes as put or loaded, how many words of each are the good run's (-1: not a prefix
     * of it), the buffer's name in a fault's message, and whether a read found the run
     * impossible to lay out (the first step must then fault) */
    int cmd, unprepared;
    uint32_t mem;
    size_t img_len, cb_len;
    long img_words, cb_words;
    const char *cb_name;
} slot;

static slot slots[SLOTS];
static _Alignas(16) unsigned char made_up[64];

typedef struct pick {
    int bad;
    slot *s;
    void *h;
} pick;

/* The handle of a call of kind `kind`: mostly a live one of that kind. */
static pick choose(rd *r, int kind)
{
    unsigned b = u8(r);
    pick p = {GOOD, NULL, NULL};
    int s;
    if (b >= 0xF8) {
        uint32_t m = u32(r);
        if (m == (API_MAGIC_BASE | (uint32_t)kind))
            m ^= 0x100;
        memcpy(made_up, &m, sizeof m);
        p.bad = MADE_UP_H;
        p.h = made_up;
        return p;
    }
    if (b < 0xC0) {
        int live[SLOTS], n = 0;
        for (s = 0; s < SLOTS; s++)
            if (slots[s].state == LIVE && slots[s].kind == kind)
                live[n++] = s;
        s = n ? live[b % (unsigned)n] : (int)(b % SLOTS);
    } else {
        s = (int)(b % SLOTS);
    }
    p.s = &slots[s];
    p.h = p.s->state == EMPTY ? NULL : p.s->h;
    p.bad = p.s->state == EMPTY   ? NULL_H
            : p.s->state == FREED ? FREED_H
            : p.s->kind != kind   ? OTHER_H
                                  : GOOD;
    return p;
}

static const char *const bad_name[] = {"live", "NULL", "freed", "other-kind", "made-up"};

/* A call of kind `kind` refused its bad handle: the message says why (or, for NULL to a free
 * or a message call, the last message stays). */
static void handle_refused(const char *func, int kind, const pick *p, int keeps_last_on_null)
{
    const char *err = ctm_error();
    string_ok(err, MSG, "ctm_error()");
    /* a free does nothing; a message call keeps a last message there is (with none, it
     * says the handle is NULL, below) */
    if (p->bad == NULL_H && keeps_last_on_null && (before[0] || strstr(func, "_free"))) {
        error_unchanged();
        return;
    }
    char says[80];
    switch (p->bad) {
    case NULL_H: snprintf(says, sizeof says, "the %s handle is NULL", kind_name[kind]); break;
    case FREED_H: snprintf(says, sizeof says, "the %s handle was freed", kind_name[kind]); break;
    case OTHER_H: snprintf(says, sizeof says, ", not a %s", kind_name[kind]); break;
    default: snprintf(says, sizeof says, "%s", kind_name[kind]); break;
    }
    size_t n = strlen(func);
    if (strncmp(err, func, n) || strncmp(err + n, ": ", 2) || !strstr(err + n, says))
        broken("a %s handle: message \"%s\", wanted \"%s: ...%s...\"", bad_name[p->bad], err, func,
               says);
}

/* A misuse on live s (its message in ctm_error()): a mirror's next check reports the first. */
static void misused(slot *s)
{
    if (s->kind == MODEL) {
        s->err_known = 1;
        snprintf(s->err, sizeof s->err, "%s", ctm_error());
    } else if (!s->pending) {
        s->pending = 1;
        snprintf(s->pending_msg, sizeof s->pending_msg, "%s", ctm_error());
    }
}

static void forget_report(slot *s)
{
    free(s->report_copy);
    s->report_copy = NULL;
    s->report_at = NULL;
}

/* A new handle h in slot s. */
static void adopt(slot *s, int kind, void *h, const int *shape, int n)
{
    for (int i = 0; i < SLOTS; i++)
        if (slots[i].h == h) {
            if (slots[i].state == LIVE)
                broken("%s_new returned a handle that is live already", kind_name[kind]);
            slots[i].state = EMPTY; /* a freed husk used again: not a freed handle any more */
            slots[i].h = NULL;
        }
    forget_report(s);
    memset(s, 0, sizeof *s);
    s->state = LIVE;
    s->kind = kind;
    s->h = h;
    memcpy(s->shape, shape, sizeof(int) * (size_t)n);
    s->err_known = 1;
    s->history = 8;
}

static char func_buf[64];
static const char *fn(int kind, const char *call)
{
    snprintf(func_buf, sizeof func_buf, "%s_%s", kind_name[kind], call);
    return func_buf;
}

/* ------------------------------------------------------------ JSON */

static const char *js_value(const char *s, int depth);

static const char *js_ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    return s;
}

static const char *js_string(const char *s)
{
    if (*s++ != '"')
        return NULL;
    for (;;) {
        unsigned char c = (unsigned char)*s++;
        if (c == '"')
            return s;
        if (c < 0x20)
            return NULL;
        if (c == '\\') {
            c = (unsigned char)*s++;
            if (c == 'u') {
                for (int i = 0; i < 4; i++)
                    if (!isxdigit((unsigned char)*s++))
                        return NULL;
            } else if (!c || !strchr("\"\\/bfnrt", c)) {
                return NULL;
            }
        }
    }
}

static const char *js_digits(const char *s)
{
    if (!isdigit((unsigned char)*s))
        return NULL;
    while (isdigit((unsigned char)*s))
        s++;
    return s;
}

static const char *js_number(const char *s)
{
    if (*s == '-')
        s++;
    if (*s == '0')
        s++;
    else if (!(s = js_digits(s)))
        return NULL;
    if (*s == '.' && !(s = js_digits(s + 1)))
        return NULL;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        s = js_digits(s);
    }
    return s;
}

static const char *js_value(const char *s, int depth)
{
    if (depth > 32)
        return NULL;
    s = js_ws(s);
    char close = *s == '{' ? '}' : ']';
    switch (*s) {
    case '{':
    case '[':
        s = js_ws(s + 1);
        if (*s == close)
            return s + 1;
        for (;;) {
            if (close == '}') {
                if (!(s = js_string(s)))
                    return NULL;
                s = js_ws(s);
                if (*s != ':')
                    return NULL;
                s++;
            }
            if (!(s = js_value(s, depth + 1)))
                return NULL;
            s = js_ws(s);
            if (*s == close)
                return s + 1;
            if (*s != ',')
                return NULL;
            s = js_ws(s + 1);
        }
    case '"': return js_string(s);
    case 't': return strncmp(s, "true", 4) ? NULL : s + 4;
    case 'f': return strncmp(s, "false", 5) ? NULL : s + 5;
    case 'n': return strncmp(s, "null", 4) ? NULL : s + 4;
    default: return js_number(s);
    }
}

static int json_ok(const char *t)
{
    const char *end = js_value(t, 0);
    return end && !*js_ws(end);
}

/* ------------------------------------------------------------ the files of the model */

static const char prog[] =
    ".int i0, 2, 0, 1\n"
    ".bool b0, 1\n"
    ".float c0, 0.5\n"
    "    tex ld r1.r, r0.rgba, i0 unscaled acquire wait\n"
    "    alu rgb mad r2.r, r1.rrr, c0.rrr, #0 alpha mad r2._, #0, #0, #0 setp r lt lt wait\n"
    "    loop i0\n"
    "        alu rgb mad r2.r, r2.rrr, #1, #1 alpha mad r2._, #0, #0, #0\n"
    "        if b0\n"
    "            break if !p.r\n"
    "        endif\n"
    "    endloop\n"
    "    alu rgb mad r2.r, r2.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r lt wait\n"
    "    call sub if res\n"
    "    fc jump done jump_func=0xff\n"
    "sub:\n"
    "    ret\n"
    "done:\n"
    "    out rgb max r2._ o0.r, r2.rrr, r2.rrr, r2.rrr alpha max r2._, #0, #0, #0\n";

enum { DATA_BYTES = 64 };
static dpp_exe exe; /* the program: its words are also fc_unit stimulus */
static char dir[256], elf_path[64], data_path[64], long_path[700];
/* A command-buffer model's good run: the image and the buffer `dpp run --emit` makes for the
 * program over a 4x2 domain (its input zeros), as files; the buffer with 2 bytes more (not
 * whole words); a sparse file larger than any image or buffer may be. */
enum { GOOD_W = 4, GOOD_H = 2 };
static uint8_t *good_img, *good_cb;
static size_t good_img_len, good_cb_len;
static char img_path[64], cb_path[64], odd_path[64], huge_path[64];
#define HUGE_BYTES ((1ull << 30) + 4)

/* A new file in dir, written by write_to(path), then kept open and removed: it is read as
 * /proc/self/fd/N, and nothing is left behind however the run ends (libFuzzer ends on a crash
 * or a timeout without atexit handlers). */
static void make_file(const char *what, int (*write_to)(const char *path), char *as, size_t size)
{
    char path[300];
    snprintf(path, sizeof path, "%s/fuzz_api.XXXXXX", dir);
    int fd = mkstemp(path);
    if (fd < 0 || write_to(path)) {
        fprintf(stderr, "fuzz_api: %s in %s: cannot be written\n", what, dir);
        exit(2);
    }
    close(fd);
    if ((fd = open(path, O_RDONLY)) < 0 || unlink(path)) {
        perror(path);
        exit(2);
    }
    snprintf(as, size, "/proc/self/fd/%d", fd);
}

static int write_elf(const char *path)
{
    dpp_error err;
    if (dpp_asm(prog, strlen(prog), "fuzz_api.s", NULL, &exe, &err) ||
        dpp_elf_write(&exe, path, &err)) {
        fprintf(stderr, "fuzz_api: the model's program: %s\n", err.msg);
        return -1;
    }
    return 0;
}

static int write_data(const char *path)
{
    static const float data[DATA_BYTES / 4] = {1, -2, 0.5f, 3, -0.25f, 8, 0, 1e6f};
    FILE *f = fopen(path, "wb");
    return !f || fwrite(data, 1, sizeof data, f) != sizeof data || fclose(f) ? -1 : 0;
}

static void keep_emitted(void *user, int after, const uint8_t *mem, size_t mem_len,
                         const uint8_t *cb, size_t cb_len)
{
    (void)user;
    if (after)
        return;
    good_img = malloc(mem_len ? mem_len : 1);
    good_cb = malloc(cb_len + 4);
    if (!good_img || !good_cb)
        abort();
    memcpy(good_img, mem, mem_len);
    memcpy(good_cb, cb, cb_len);
    memset(good_cb + cb_len, 0, 4);
    good_img_len = mem_len;
    good_cb_len = cb_len;
}

static int write_bytes(const char *path, const uint8_t *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    return !f || (n && fwrite(b, 1, n, f) != n) || fclose(f) ? -1 : 0;
}

static int write_img(const char *path) { return write_bytes(path, good_img, good_img_len); }
static int write_cb(const char *path) { return write_bytes(path, good_cb, good_cb_len); }
static int write_odd(const char *path) { return write_bytes(path, good_cb, good_cb_len + 2); }
static int write_huge(const char *path) { return truncate(path, (off_t)HUGE_BYTES); }

/* The good run's image and buffer (the program written by write_elf, in exe). */
static void make_good_run(void)
{
    static uint8_t zeros[GOOD_W * GOOD_H * 4];
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = GOOD_W;
    o.height = GOOD_H;
    o.input[0] = (dpp_image){MC_FMT_UINT8_4, 0, GOOD_W, GOOD_H, zeros};
    o.emit = keep_emitted;
    dpp_run_result res;
    dpp_error err;
    if (dpp_run(&exe, &o, "fuzz_api.s", &res, &err) || !good_cb || good_cb_len % 4 ||
        good_img_len % 4) {
        fprintf(stderr, "fuzz_api: the good command-buffer run: %s\n", err.msg);
        exit(2);
    }
    dpp_run_free(&res);
}

static void make_files(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s", tmp && *tmp ? tmp : "/tmp"); /* also a path that is a folder */
    make_file("the program", write_elf, elf_path, sizeof elf_path);
    make_file("the input", write_data, data_path, sizeof data_path);
    make_good_run();
    make_file("the image", write_img, img_path, sizeof img_path);
    make_file("the buffer", write_cb, cb_path, sizeof cb_path);
    make_file("the odd buffer", write_odd, odd_path, sizeof odd_path);
    make_file("the huge file", write_huge, huge_path, sizeof huge_path);

    memset(long_path, 'a', sizeof long_path - 1);
    long_path[0] = '/';
}

/* ------------------------------------------------------------ the mirrors' outputs */

static const int fields[3] = {CTM_PRED_FIELDS, CTM_STACK_FIELDS, CTM_FC_FIELDS};

/* The largest value output `field` of live mirror s can show, as the RTL's ports and the
 * units' documents (docs/pred_stack.md, stack_acct.md, fc_unit.md) have them; LANES: a lane
 * mask of the handle's lanes. */
enum { LANES = -1 };
static long long largest(const slot *s, int field)
{
    switch (s->kind) {
    case PRED:
        return field == CTM_PRED_OBS_SP                                                ? s->shape[2]
               : field == CTM_PRED_OBS_OVERFLOW || field == CTM_PRED_OBS_UNDERFLOW ? 1
                                                                                     : LANES;
    case STACK:
        return field == CTM_STACK_DEPTH ? s->shape[3] : field >= CTM_STACK_OVERFLOW ? 1 : 0xFFFF;
    default:
        switch (field) {
        case CTM_FC_JUMP:
        case CTM_FC_LOOP_TOP_IS_LOOP: return 1;
        case CTM_FC_NEXT_PC:
        case CTM_FC_ADDR_TOP: return 512; /* a slot, or 512: past the last one */
        case CTM_FC_DEPTH: return (1 << s->shape[4]) - 1;
        case CTM_FC_ADDR_SP: return s->shape[2];
        case CTM_FC_LOOP_SP: return s->shape[3];
        case CTM_FC_LOOP_TOP_COUNT: return 255;
        case CTM_FC_AL: return 0xFFFF;
        case CTM_FC_OVF:
        case CTM_FC_UDF: return 7;
        case CTM_FC_FAULT: return 9; /* the last fault code */
        default: return LANES;
        }
    }
}

static void fits(const slot *s, uint64_t v, const char *what, int field)
{
    long long max = largest(s, field);
    if (max == LANES ? (v & ~s->lanes) != 0 : v > (uint64_t)max)
        broken("%s(field %d) = 0x%llx, past what its port can show (%s 0x%llx)", what, field,
               (unsigned long long)v, max == LANES ? "lanes" : "at most",
               (unsigned long long)(max == LANES ? s->lanes : (uint64_t)max));
}

static uint64_t expect_of(const slot *s, int field)
{
    switch (s->kind) {
    case PRED: return ctm_pred_expect(s->h, field);
    case STACK: return ctm_stack_expect(s->h, field);
    default: return ctm_fc_expect(s->h, field);
    }
}

/* The expected outputs of live mirror s's last cycle (bc: fc's counters), read as a
 * testbench would: no error, each fits its port. */
static void expected(const slot *s, uint64_t *want, int *bc)
{
    const char *outer = call_name;
    call_name = fn(s->kind, "expect");
    remember_error();
    for (int f = 0; f < fields[s->kind]; f++) {
        want[f] = expect_of(s, f);
        fits(s, want[f], call_name, f);
    }
    if (s->kind == FC)
        for (int l = 0; l < s->shape[1]; l++) {
            bc[l] = ctm_fc_expect_bc(s->h, l);
            if (bc[l] < 0 || bc[l] >> s->shape[4])
                broken("ctm_fc_expect_bc(lane %d) = %d does not fit %d bits", l, bc[l],
                       s->shape[4]);
        }
    error_unchanged();
    call_name = outer;
}

/* What a refused step (or an edge with no eval) must not change: the expected outputs, and
 * pred's peeks. */
typedef struct snap {
    int n;
    uint64_t v[CTM_FC_FIELDS + 64 + 4 * CTM_PRED_FIELDS];
} snap;

static void take(const slot *s, snap *sn)
{
    sn->n = 0;
    if (s->steps) {
        int bc[64];
        expected(s, sn->v, bc);
        sn->n = fields[s->kind];
        if (s->kind == FC)
            for (int l = 0; l < s->shape[1]; l++)
                sn->v[sn->n++] = (uint64_t)bc[l];
    }
    if (s->kind == PRED)
        for (int c = 0; c <= s->ctx_max && c < 4; c++)
            for (int f = 0; f < CTM_PRED_FIELDS; f++)
                sn->v[sn->n++] = ctm_pred_peek(s->h, c, f);
}

static void unchanged(const slot *s, const snap *was)
{
    snap now;
    char keep[MSG];
    snprintf(keep, sizeof keep, "%s", ctm_error()); /* the refusal's message */
    take(s, &now);
    if (now.n != was->n || memcmp(now.v, was->v, sizeof(uint64_t) * (size_t)now.n))
        broken("the call changed the handle's expected outputs or state (peeks)");
    if (strcmp(keep, ctm_error()))
        broken("reading a handle's outputs changed ctm_error()");
}

/* ------------------------------------------------------------ calls common to the mirrors */

static void stepped(slot *s)
{
    s->steps++;
    s->since_history++;
    s->cycle = s->next_cycle++;
    s->report = 0;
}

static void free_handle(int kind, void *h)
{
    switch (kind) {
    case PRED: ctm_pred_free(h); break;
    case STACK: ctm_stack_free(h); break;
    case FC: ctm_fc_free(h); break;
    default: ctm_model_free(h); break;
    }
}

static void free_slot(slot *s)
{
    const char *outer = call_name;
    call_name = fn(s->kind, "free");
    remember_error();
    free_handle(s->kind, s->h);
    error_unchanged();
    forget_report(s);
    s->state = FREED;
    call_name = outer;
}

static void free_call(rd *r, int kind)
{
    pick p = choose(r, kind);
    trace("%s", bad_name[p.bad]);
    if (!p.bad) {
        free_slot(p.s);
        return;
    }
    remember_error();
    free_handle(kind, p.h);
    handle_refused(call_name, kind, &p, 1);
}

/* A slot for a new handle (a live one there is freed first). */
static slot *target(rd *r)
{
    slot *s = &slots[u8(r) % SLOTS];
    if (s->state == LIVE)
        free_slot(s);
    return s;
}

static void new_failed(const misuses *m, void *h)
{
    if (h)
        broken("a new with a bad argument returned a handle");
    failed_as(m, 0, 0);
}

static void new_made(void *h)
{
    if (!h)
        broken("a new with good arguments returned NULL");
    string_ok(ctm_error(), MSG, "ctm_error()");
    if (*ctm_error())
        broken("a successful new left ctm_error() \"%s\"", ctm_error());
}

static const char *diff_of(int kind, const void *h)
{
    switch (kind) {
    case PRED: return ctm_pred_diff(h);
    case STACK: return ctm_stack_diff(h);
    default: return ctm_fc_diff(h);
    }
}

static void diff_call(rd *r, int kind)
{
    pick p = choose(r, kind);
    trace("%s", bad_name[p.bad]);
    remember_error();
    const char *d = diff_of(kind, p.h);
    string_ok(d, MSG, call_name);
    if (p.bad) {
        handle_refused(call_name, kind, &p, 1);
        if (strcmp(d, ctm_error()))
            broken("returned \"%s\", not the message", d);
        return;
    }
    error_unchanged();
    if (strcmp(d, p.s->diff))
        broken("diff \"%s\", but the last check's was \"%s\"", d, p.s->diff);
}

/* The check's verdict on live s, with the values given differing (or not) from the expected
 * ones: the status, the diff, and what the next report will be. */
static void verdict(slot *s, int st, int differs)
{
    int want = s->pending ? CTM_E_ARG : !s->steps ? CTM_E_STATE : differs ? CTM_E_MISMATCH : CTM_OK;
    trace("-> %d", st);
    if (st != want)
        broken("returned %d, wanted %d (pending misuse %d, steps %llu, values differ %d)", st, want,
               s->pending, (unsigned long long)s->steps, differs);
    const char *func = call_name;
    call_name = fn(s->kind, "diff");
    const char *d = diff_of(s->kind, s->h);
    size_t n = string_ok(d, MSG, call_name);
    call_name = func;
    char head[64];
    switch (st) {
    case CTM_E_ARG:
        if (strcmp(d, s->pending_msg) || strcmp(ctm_error(), s->pending_msg))
            broken("CTM_E_ARG with diff \"%s\" and ctm_error() \"%s\", but the first misuse since "
                   "the last check was \"%s\"",
                   d, ctm_error(), s->pending_msg);
        s->pending = 0;
        s->report = -1;
        break;
    case CTM_E_STATE:
        if (strcmp(d, ctm_error()) || strncmp(d, func, strlen(func)) || d[strlen(func)] != ':')
            broken("CTM_E_STATE with diff \"%s\", ctm_error() \"%s\"", d, ctm_error());
        s->report = -1;
        break;
    case CTM_OK:
        error_unchanged();
        if (n)
            broken("diff \"%s\" after a match", d);
        s->report = 0;
        break;
    default:
        snprintf(head, sizeof head, "cycle %llu", (unsigned long long)s->cycle);
        if (strncmp(d, head, strlen(head)) || (d[strlen(head)] != ',' && d[strlen(head)] != ':'))
            broken("mismatch diff \"%s\" does not start \"%s\"", d, head);
        s->report = 1;
        break;
    }
    memcpy(s->diff, d, n + 1);
}

static const char *report_of(int kind, void *h, int format)
{
    switch (kind) {
    case PRED: return ctm_pred_report(h, format);
    case STACK: return ctm_stack_report(h, format);
    default: return ctm_fc_report(h, format);
    }
}

/* A mismatch report of live s: its head names the unit, the cycle and the step. */
static void report_ok(const slot *s, int format, const char *t)
{
    char want[160];
    unsigned long long cycle = s->cycle, step = s->steps - 1;
    if (format == CTM_REPORT_TEXT) {
        snprintf(want, sizeof want, "MISMATCH %s ", block_name[s->kind]);
        if (strncmp(t, want, strlen(want)))
            broken("text report does not start \"%s\": \"%.300s\"", want, t);
        snprintf(want, sizeof want, " at cycle %llu (step %llu of the handle)\n", cycle, step);
    } else {
        if (!json_ok(t))
            broken("JSON report does not parse: \"%.2000s\"", t);
        snprintf(want, sizeof want,
                 "{\"result\":\"mismatch\",\"source\":\"libctm\",\"block\":\"%s\",",
                 json_block[s->kind]);
        if (strncmp(t, want, strlen(want)))
            broken("JSON report does not start %s: \"%.300s\"", want, t);
        snprintf(want, sizeof want, ",\"cycle\":%llu,\"step\":%llu,", cycle, step);
    }
    if (!strstr(t, want))
        broken("report does not hold \"%s\": \"%.600s\"", want, t);
    /* the history: as deep as set, at most the steps taken since; for stack and fc (the
     * context of a step) the failing step last */
    if (format == CTM_REPORT_TEXT) {
        snprintf(want, sizeof want, " kept):\n");
        if (!s->history != !strstr(t, want))
            broken("text report with a history of %d: \"%.600s\"", s->history, t);
        return;
    }
    /* the first differing field's values fit the width given */
    const char *e = strstr(t, ",\"expected\":\"0x"), *w = strstr(t, ",\"width\":");
    if (!e || !w)
        broken("JSON report without the field's expected value or width: \"%.600s\"", t);
    unsigned long long ev = strtoull(e + strlen(",\"expected\":\"0x"), NULL, 16),
                       width = strtoull(w + strlen(",\"width\":"), NULL, 10);
    if (width < 1 || width > 64 || (width < 64 && ev >> width))
        broken("JSON report: expected 0x%llx in a field of width %llu: \"%.600s\"", ev, width, t);
    snprintf(want, sizeof want, ",\"history_depth\":%d,\"last_steps\":[", s->history);
    const char *h = strstr(t, want);
    if (!h)
        broken("JSON report does not hold \"%s\": \"%.600s\"", want, t);
    unsigned long long n = 0, last = 0;
    for (const char *c = h; (c = strstr(c, "{\"cycle\":")); c++, n++)
        last = strtoull(c + strlen("{\"cycle\":"), NULL, 10);
    if (n > (unsigned long long)s->history || n > s->since_history ||
        (s->kind != PRED && n && last != cycle))
        broken("%llu steps of history (of %d, %llu since it was set), the last of cycle %llu: "
               "\"%.600s\"",
               n, s->history, (unsigned long long)s->since_history, last, t);
}

static void report_call(rd *r, int kind)
{
    pick p = choose(r, kind);
    int format = arg(r, 0, 1);
    trace("%s format %d", bad_name[p.bad], format);
    slot *s = p.s;
    if (!p.bad && s->report_at) { /* the last report is valid until this call */
        if (strcmp(s->report_at, s->report_copy))
            broken("the last report changed before the next report call");
        forget_report(s);
    }
    remember_error();
    const char *t = report_of(kind, p.h, format);
    size_t n = string_ok(t, REPORT_MAX, call_name);
    if (p.bad) {
        handle_refused(call_name, kind, &p, 1);
        if (strcmp(t, ctm_error()))
            broken("returned \"%.200s\", not the message", t);
        return;
    }
    misuses m = {0};
    range(&m, call_name, "format", format, 0, 1);
    if (m.n) {
        failed_as(&m, 0, 0);
        if (strcmp(t, ctm_error()))
            broken("returned \"%.200s\", not the message", t);
        misused(s);
        return;
    }
    error_unchanged();
    if (s->report == 0 && n)
        broken("a report after a match or a step: \"%.300s\"", t);
    if (s->report == 1 && !n)
        broken("an empty report after a mismatch");
    if (n)
        report_ok(s, format, t);
    s->report_at = t;
    s->report_copy = strdup(t);
}

static void set_cycle_call(rd *r, int kind)
{
    pick p = choose(r, kind);
    uint64_t c = word(r);
    trace("%s %llu", bad_name[p.bad], (unsigned long long)c);
    remember_error();
    int st = kind == PRED ? ctm_pred_set_cycle(p.h, c)
             : kind == STACK ? ctm_stack_set_cycle(p.h, c)
                             : ctm_fc_set_cycle(p.h, c);
    if (p.bad) {
        if (st != CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, kind, &p, 0);
        return;
    }
    if (st != CTM_OK)
        broken("returned %d", st);
    error_unchanged();
    p.s->next_cycle = c;
}

static void set_history_call(rd *r, int kind)
{
    pick p = choose(r, kind);
    int steps = arg(r, 0, 4096);
    trace("%s %d", bad_name[p.bad], steps);
    remember_error();
    int st = kind == PRED ? ctm_pred_set_history(p.h, steps)
             : kind == STACK ? ctm_stack_set_history(p.h, steps)
                             : ctm_fc_set_history(p.h, steps);
    if (p.bad) {
        if (st != CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, kind, &p, 0);
        return;
    }
    misuses m = {0};
    range(&m, call_name, "steps", steps, 0, 4096);
    if (m.n) {
        failed_as(&m, 1, st);
        misused(p.s);
        return;
    }
    if (st != CTM_OK)
        broken("returned %d", st);
    error_unchanged();
    p.s->history = steps;
    p.s->since_history = 0;
}

static void expect_call(rd *r, int kind)
{
    pick p = choose(r, kind);
    int nf = fields[kind];
    int field = arg(r, 0, nf - 1);
    trace("%s field %d", bad_name[p.bad], field);
    remember_error();
    uint64_t v = kind == PRED    ? ctm_pred_expect(p.h, field)
                 : kind == STACK ? ctm_stack_expect(p.h, field)
                                 : ctm_fc_expect(p.h, field);
    if (p.bad) {
        if (v)
            broken("returned %llu for a bad handle", (unsigned long long)v);
        handle_refused(call_name, kind, &p, 0);
        return;
    }
    misuses m = {0};
    range(&m, call_name, "field", field, 0, nf - 1);
    if (!p.s->steps)
        may_fail(&m, 0, 0, "%s: no cycle stepped yet", call_name);
    if (m.n) {
        if (v)
            broken("returned %llu for a misuse", (unsigned long long)v);
        failed_as(&m, 0, 0);
        misused(p.s);
        return;
    }
    error_unchanged();
    fits(p.s, v, call_name, field);
}

/* ------------------------------------------------------------ pred_stack */

/* ctm_pred_new, or ctm_pred_new_grouped with its spu_sc (lanes a whole number
 * of SPUs of spu_sc SC lanes and one SFU lane). */
static void pred_new_call(rd *r, int grouped)
{
    slot *s = target(r);
    int c = arg(r, 1, 64), l = arg(r, 1, 64), d = arg(r, 1, 64), g = grouped ? arg(r, 0, 63) : 0;
    trace("%d %d %d %d", c, l, d, g);
    misuses m = {0};
    range(&m, call_name, "contexts", c, 1, 64);
    range(&m, call_name, "lanes", l, 1, 64);
    range(&m, call_name, "depth", d, 1, 64);
    range(&m, call_name, "spu_sc", g, 0, 63);
    if (!m.n && g && l % (g + 1))
        may_fail(&m, CTM_E_ARG, 0,
                 "%s: lanes = %d is not a whole number of SPUs of %d SC lanes and 1 SFU lane",
                 call_name, l, g);
    ctm_pred *h = grouped ? ctm_pred_new_grouped(c, l, d, g) : ctm_pred_new(c, l, d);
    if (m.n) {
        new_failed(&m, h);
        return;
    }
    const int shape[3] = {c, l, d};
    new_made(h);
    adopt(s, PRED, h, shape, 3);
    s->lanes = l >= 64 ? ~0ull : (1ull << l) - 1;
    int w = 1; /* ctx_i: max(1, clog2(contexts)) bits */
    while ((1 << w) < c)
        w++;
    s->ctx_max = (1 << w) - 1;
}

static void pred_cycle_call(rd *r, int eval)
{
    pick p = choose(r, PRED);
    int cmax = p.bad ? 3 : p.s->ctx_max;
    int rst = flag(r), op = arg(r, 0, 7), ctx = arg(r, 0, cmax);
    uint64_t mask = word(r);
    int obs = arg(r, 0, cmax);
    trace("%s rst %d op %d ctx %d mask 0x%llx obs %d", bad_name[p.bad], rst, op, ctx,
          (unsigned long long)mask, obs);
    misuses m = {0};
    snap was;
    if (!p.bad) {
        range(&m, call_name, "op", op, 0, 7);
        range(&m, call_name, "ctx", ctx, 0, cmax);
        range(&m, call_name, "obs_ctx", obs, 0, cmax);
        if (m.n)
            take(p.s, &was);
    }
    remember_error();
    if (eval)
        ctm_pred_eval(p.h, rst, op, ctx, mask, obs);
    else
        ctm_pred_step(p.h, rst, op, ctx, mask, obs);
    if (p.bad) {
        handle_refused(call_name, PRED, &p, 0);
    } else if (m.n) {
        failed_as(&m, 0, 0);
        misused(p.s);
        unchanged(p.s, &was);
        if (eval)
            p.s->armed = 0; /* a refused cycle has no edge */
    } else {
        error_unchanged();
        stepped(p.s);
        p.s->armed = eval;
    }
}

static void pred_edge_call(rd *r)
{
    pick p = choose(r, PRED);
    trace("%s", bad_name[p.bad]);
    snap was;
    if (!p.bad && !p.s->armed)
        take(p.s, &was);
    remember_error();
    ctm_pred_edge(p.h);
    if (p.bad) {
        handle_refused(call_name, PRED, &p, 0);
        return;
    }
    error_unchanged();
    if (!p.s->armed) /* a second edge, or one with no eval: nothing happens */
        unchanged(p.s, &was);
    p.s->armed = 0;
}

static void pred_peek_call(rd *r)
{
    pick p = choose(r, PRED);
    int cmax = p.bad ? 3 : p.s->ctx_max;
    int ctx = arg(r, 0, cmax), field = arg(r, 0, CTM_PRED_FIELDS - 1);
    trace("%s ctx %d field %d", bad_name[p.bad], ctx, field);
    remember_error();
    uint64_t v = ctm_pred_peek(p.h, ctx, field);
    if (p.bad) {
        if (v)
            broken("returned %llu for a bad handle", (unsigned long long)v);
        handle_refused(call_name, PRED, &p, 0);
        return;
    }
    misuses m = {0};
    range(&m, call_name, "ctx", ctx, 0, cmax);
    range(&m, call_name, "field", field, 0, CTM_PRED_FIELDS - 1);
    if (m.n) {
        if (v)
            broken("returned %llu for a misuse", (unsigned long long)v);
        failed_as(&m, 0, 0);
        misused(p.s);
        return;
    }
    error_unchanged();
    fits(p.s, v, call_name, field);
}

/* How a check's values are made from the expected ones. */
enum { C_EXACT, C_ONE_OFF, C_RANDOM, C_SAME_ON_THE_PORT };

static void pred_check_call(rd *r)
{
    pick p = choose(r, PRED);
    uint64_t w[CTM_PRED_FIELDS] = {0};
    if (!p.bad && p.s->steps)
        expected(p.s, w, NULL);
    unsigned mode = u8(r) % 4;
    uint64_t g[CTM_PRED_FIELDS];
    memcpy(g, w, sizeof g);
    int sp = (int)w[CTM_PRED_OBS_SP], ovf = (int)w[CTM_PRED_OBS_OVERFLOW],
        udf = (int)w[CTM_PRED_OBS_UNDERFLOW];
    if (mode == C_ONE_OFF) {
        unsigned f = u8(r) % CTM_PRED_FIELDS;
        if (f == CTM_PRED_OBS_SP)
            sp += u8(r) & 1 ? 1 : -1;
        else if (f == CTM_PRED_OBS_OVERFLOW)
            ovf = !ovf;
        else if (f == CTM_PRED_OBS_UNDERFLOW)
            udf = !udf;
        else
            g[f] ^= 1ull << (u8(r) % 64);
    } else if (mode == C_RANDOM) {
        for (int f = 0; f < CTM_PRED_FIELDS; f++)
            g[f] = word(r);
        sp = arg(r, 0, 64);
        ovf = flag(r);
        udf = flag(r);
    } else if (mode == C_SAME_ON_THE_PORT) {
        int any = flag(r) | 1; /* true as any non-zero int */
        ovf = ovf ? any : 0;
        udf = udf ? INT_MIN : 0;
    }
    trace("%s mode %u", bad_name[p.bad], mode);
    remember_error();
    int st = ctm_pred_check(p.h, g[CTM_PRED_EXEC_MASK], g[CTM_PRED_OBS_PRED],
                            g[CTM_PRED_OBS_TASK_MASK], g[CTM_PRED_OBS_EXEC_MASK], sp,
                            g[CTM_PRED_OBS_TOP], ovf, udf);
    if (p.bad) {
        if (st != CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, PRED, &p, 0);
        return;
    }
    g[CTM_PRED_OBS_SP] = (uint64_t)sp; /* as the port carries them */
    g[CTM_PRED_OBS_OVERFLOW] = ovf != 0;
    g[CTM_PRED_OBS_UNDERFLOW] = udf != 0;
    verdict(p.s, st, memcmp(g, w, sizeof g) != 0);
}

/* ------------------------------------------------------------ stack_acct */

static void stack_new_call(rd *r)
{
    slot *s = target(r);
    static const int width_of[8] = {16, 32, 48, 64, 0, 20, -16, 65};
    unsigned b = u8(r);
    int width = (b & 7) == 7 && b >> 3 ? (int)u32(r) : width_of[b & 7];
    int rule = arg(r, 0, 2), chip = arg(r, 0, 3), depth = arg(r, 1, 1024);
    trace("%d %d %d %d", width, rule, chip, depth);
    misuses m = {0};
    if (width != 16 && width != 32 && width != 48 && width != 64)
        may_fail(&m, 0, 0, "%s: width = %d is not one of 16, 32, 48, 64", call_name, width);
    range(&m, call_name, "rule", rule, 0, 2);
    range(&m, call_name, "chip", chip, 0, 3);
    range(&m, call_name, "depth", depth, 1, 1024);
    ctm_stack *h = ctm_stack_new(width, rule, chip, depth);
    if (m.n) {
        new_failed(&m, h);
        return;
    }
    const int shape[4] = {width, rule, chip, depth};
    new_made(h);
    adopt(s, STACK, h, shape, 4);
}

static void stack_step_call(rd *r)
{
    pick p = choose(r, STACK);
    int rst = flag(r), op = arg(r, 0, 15), pop = arg(r, 0, 7), wqm = flag(r), taken = flag(r),
        size = arg(r, 0, 255);
    trace("%s rst %d op %d pop %d wqm %d taken %d size %d", bad_name[p.bad], rst, op, pop, wqm,
          taken, size);
    misuses m = {0};
    snap was;
    if (!p.bad) {
        range(&m, call_name, "op", op, 0, 15);
        range(&m, call_name, "pop_count", pop, 0, 7);
        range(&m, call_name, "stack_size", size, 0, 255);
        if (m.n)
            take(p.s, &was);
    }
    remember_error();
    ctm_stack_step(p.h, rst, op, pop, wqm, taken, size);
    if (p.bad) {
        handle_refused(call_name, STACK, &p, 0);
    } else if (m.n) {
        failed_as(&m, 0, 0);
        misused(p.s);
        unchanged(p.s, &was);
    } else {
        error_unchanged();
        stepped(p.s);
    }
}

static void stack_check_call(rd *r)
{
    pick p = choose(r, STACK);
    uint64_t w[CTM_STACK_FIELDS] = {0};
    if (!p.bad && p.s->steps)
        expected(p.s, w, NULL);
    unsigned mode = u8(r) % 4;
    int v[CTM_STACK_FIELDS];
    for (int f = 0; f < CTM_STACK_FIELDS; f++)
        v[f] = (int)w[f];
    if (mode == C_ONE_OFF) {
        unsigned f = u8(r) % CTM_STACK_FIELDS;
        v[f] = f >= CTM_STACK_OVERFLOW ? !v[f] : v[f] + (u8(r) & 1 ? 1 : -1);
    } else if (mode == C_RANDOM) {
        for (int f = 0; f < CTM_STACK_FIELDS; f++)
            v[f] = f >= CTM_STACK_OVERFLOW ? flag(r) : arg(r, 0, 65535);
    } else if (mode == C_SAME_ON_THE_PORT) {
        for (int f = CTM_STACK_OVERFLOW; f < CTM_STACK_FIELDS; f++) {
            int any = flag(r) | 4; /* true as any non-zero int */
            v[f] = v[f] ? any : 0;
        }
    }
    trace("%s mode %u", bad_name[p.bad], mode);
    remember_error();
    int st = ctm_stack_check(p.h, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    if (p.bad) {
        if (st != CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, STACK, &p, 0);
        return;
    }
    int differs = 0;
    for (int f = 0; f < CTM_STACK_FIELDS; f++)
        differs |= (f >= CTM_STACK_OVERFLOW ? (uint64_t)(v[f] != 0) : (uint64_t)v[f]) != w[f];
    verdict(p.s, st, differs);
}

/* ------------------------------------------------------------ fc_unit */

static void fc_new_call(rd *r)
{
    slot *s = target(r);
    int c = arg(r, 1, 256), l = arg(r, 1, 64), ad = arg(r, 0, 32), ld = arg(r, 0, 32),
        bw = arg(r, 3, 8);
    trace("%d %d %d %d %d", c, l, ad, ld, bw);
    misuses m = {0};
    range(&m, call_name, "contexts", c, 1, 256);
    range(&m, call_name, "lanes", l, 1, 64);
    range(&m, call_name, "addr_depth", ad, 0, 32);
    range(&m, call_name, "loop_depth", ld, 0, 32);
    range(&m, call_name, "bc_width", bw, 3, 8);
    ctm_fc *h = ctm_fc_new(c, l, ad, ld, bw);
    if (m.n) {
        new_failed(&m, h);
        return;
    }
    const int shape[5] = {c, l, ad, ld, bw};
    new_made(h);
    adopt(s, FC, h, shape, 5);
    s->lanes = l >= 64 ? ~0ull : (1ull << l) - 1;
}

static void fc_step_call(rd *r)
{
    pick p = choose(r, FC);
    int rst = flag(r), cmd = arg(r, 0, 3), ctx = arg(r, 0, 255), full = flag(r);
    uint32_t cmn, fci, addr;
    unsigned b = u8(r);
    if (b & 1) { /* an instruction of the model's program */
        const uint32_t *in = &exe.words[(size_t)(b >> 1) % exe.ninsts * DPP_INST_DWORDS];
        cmn = in[0], fci = in[2], addr = in[3];
    } else {
        cmn = u32(r), fci = u32(r), addr = u32(r);
    }
    uint32_t ic = u32(r);
    int bc = flag(r);
    uint64_t pr = word(r), pg = word(r), pb = word(r), pa = word(r), alu = word(r);
    int alu_valid = flag(r), pc = arg(r, 0, 511);
    uint64_t live = word(r);
    trace("%s rst %d cmd %d ctx %d fc 0x%08x pc %d live 0x%llx", bad_name[p.bad], rst, cmd, ctx,
          fci, pc, (unsigned long long)live);
    misuses m = {0};
    snap was;
    if (!p.bad) {
        range(&m, call_name, "cmd", cmd, 0, 3);
        range(&m, call_name, "ctx", ctx, 0, 255);
        range(&m, call_name, "pc", pc, 0, 511);
        if (m.n)
            take(p.s, &was);
    }
    remember_error();
    ctm_fc_step(p.h, rst, cmd, ctx, full, cmn, fci, addr, ic, bc, pr, pg, pb, pa, alu, alu_valid,
                pc, live);
    if (p.bad) {
        handle_refused(call_name, FC, &p, 0);
    } else if (m.n) {
        failed_as(&m, 0, 0);
        misused(p.s);
        unchanged(p.s, &was);
    } else {
        error_unchanged();
        stepped(p.s);
    }
}

static void fc_expect_bc_call(rd *r)
{
    pick p = choose(r, FC);
    int lanes = p.bad ? 16 : p.s->shape[1];
    int lane = arg(r, 0, lanes - 1);
    trace("%s lane %d", bad_name[p.bad], lane);
    remember_error();
    int v = ctm_fc_expect_bc(p.h, lane);
    if (p.bad) {
        if (v)
            broken("returned %d for a bad handle", v);
        handle_refused(call_name, FC, &p, 0);
        return;
    }
    misuses m = {0};
    range(&m, call_name, "lane", lane, 0, lanes - 1);
    if (!p.s->steps)
        may_fail(&m, 0, 0, "%s: no cycle stepped yet", call_name);
    if (m.n) {
        if (v)
            broken("returned %d for a misuse", v);
        failed_as(&m, 0, 0);
        misused(p.s);
        return;
    }
    error_unchanged();
    if (v < 0 || v >> p.s->shape[4])
        broken("counter %d does not fit %d bits", v, p.s->shape[4]);
}

/* bc_o as 32-bit words: lane i's counter at bits [i*width +: width]. */
static unsigned bc_get(const uint32_t *words, int lane, int width)
{
    unsigned v = 0;
    for (int b = 0; b < width; b++) {
        unsigned bit = (unsigned)(lane * width + b);
        v |= (words[bit / 32] >> bit % 32 & 1u) << b;
    }
    return v;
}

static void bc_put(uint32_t *words, int lane, int width, unsigned v)
{
    for (int b = 0; b < width; b++) {
        unsigned bit = (unsigned)(lane * width + b);
        words[bit / 32] = (words[bit / 32] & ~(1u << bit % 32)) | (v >> b & 1u) << bit % 32;
    }
}

static void fc_check_call(rd *r)
{
    pick p = choose(r, FC);
    uint64_t w[CTM_FC_FIELDS] = {0};
    int want_bc[64] = {0};
    int lanes = p.bad ? 16 : p.s->shape[1], bw = p.bad ? 6 : p.s->shape[4];
    if (!p.bad && p.s->steps)
        expected(p.s, w, want_bc);
    unsigned mode = u8(r) % 4, bc_mode = u8(r) % 5;
    /* the counters: NULL (not compared), as expected, as expected with the bits past the last
     * lane set, one lane off, or any; in a buffer of exactly the words bc_o needs */
    size_t nwords = ((size_t)lanes * (size_t)bw + 31) / 32;
    uint32_t *bc = bc_mode ? calloc(nwords, sizeof *bc) : NULL;
    if (bc_mode && !bc)
        abort();
    if (bc_mode) {
        for (int l = 0; l < lanes; l++)
            bc_put(bc, l, bw, (unsigned)want_bc[l]);
        if (bc_mode == 2 && lanes * bw % 32)
            bc[nwords - 1] |= ~0u << lanes * bw % 32;
        else if (bc_mode == 3) {
            int l = (int)(u8(r) % (unsigned)lanes);
            bc_put(bc, l, bw, (unsigned)want_bc[l] ^ 1u << u8(r) % (unsigned)bw);
        } else if (bc_mode == 4) {
            for (size_t i = 0; i < nwords; i++)
                bc[i] = u32(r);
        }
    }
    int v[CTM_FC_FIELDS];
    for (int f = 0; f < CTM_FC_FIELDS; f++)
        v[f] = (int)w[f];
    uint64_t g[CTM_FC_FIELDS];
    memcpy(g, w, sizeof g);
    static const int mask_field[CTM_FC_FIELDS] = {
        [CTM_FC_WANT] = 1, [CTM_FC_ACTIVE] = 1, [CTM_FC_BR_INACTIVE] = 1,
        [CTM_FC_LOOP_MASKED] = 1, [CTM_FC_LOOP_TOP_LIVE] = 1, [CTM_FC_LOOP_TOP_BRK] = 1,
        [CTM_FC_LOOP_TOP_CONT] = 1};
    if (mode == C_ONE_OFF) {
        unsigned f = u8(r) % CTM_FC_FIELDS;
        if (mask_field[f])
            g[f] ^= 1ull << u8(r) % 64;
        else if (f == CTM_FC_JUMP || f == CTM_FC_LOOP_TOP_IS_LOOP)
            v[f] = !v[f];
        else
            v[f] += u8(r) & 1 ? 1 : -1;
    } else if (mode == C_RANDOM) {
        for (int f = 0; f < CTM_FC_FIELDS; f++) {
            g[f] = word(r);
            v[f] = arg(r, 0, 1023);
        }
    } else if (mode == C_SAME_ON_THE_PORT) {
        v[CTM_FC_JUMP] = v[CTM_FC_JUMP] ? -1 : 0;
        v[CTM_FC_LOOP_TOP_IS_LOOP] = v[CTM_FC_LOOP_TOP_IS_LOOP] ? 3 : 0;
        v[CTM_FC_AL] += 65536 * (int)(u8(r) % 4);
    }
    trace("%s mode %u bc %u", bad_name[p.bad], mode, bc_mode);
    remember_error();
    int st = ctm_fc_check(p.h, v[CTM_FC_JUMP], v[CTM_FC_NEXT_PC], g[CTM_FC_WANT],
                          g[CTM_FC_ACTIVE], g[CTM_FC_BR_INACTIVE], g[CTM_FC_LOOP_MASKED], bc,
                          v[CTM_FC_DEPTH], v[CTM_FC_ADDR_SP], v[CTM_FC_ADDR_TOP], v[CTM_FC_LOOP_SP],
                          v[CTM_FC_LOOP_TOP_IS_LOOP], v[CTM_FC_LOOP_TOP_COUNT],
                          g[CTM_FC_LOOP_TOP_LIVE], g[CTM_FC_LOOP_TOP_BRK], g[CTM_FC_LOOP_TOP_CONT],
                          v[CTM_FC_AL], v[CTM_FC_OVF], v[CTM_FC_UDF], v[CTM_FC_FAULT]);
    if (p.bad) {
        free(bc);
        if (st != CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, FC, &p, 0);
        return;
    }
    /* the values as the ports carry them */
    for (int f = 0; f < CTM_FC_FIELDS; f++)
        if (!mask_field[f])
            g[f] = f == CTM_FC_JUMP || f == CTM_FC_LOOP_TOP_IS_LOOP ? (uint64_t)(v[f] != 0)
                   : f == CTM_FC_AL                                 ? (uint16_t)v[f]
                                                                    : (uint64_t)v[f];
    int differs = memcmp(g, w, sizeof g) != 0;
    for (int l = 0; bc && l < lanes; l++)
        differs |= bc_get(bc, l, bw) != (unsigned)want_bc[l];
    free(bc);
    verdict(p.s, st, differs);
}

/* ------------------------------------------------------------ the processor array */

enum { PORTS = 32 };
static const char *const port_names[PORTS] = {
    "cmd",        "ctx",       "full_mode", "op",         "b_else",     "jump_any",  "a_op",
    "jump_func",  "b_pop_cnt", "b_op0",     "b_op1",      "jump_addr",  "pred_sel",  "pred_inv",
    "pred0",      "pred1",     "pred2",     "pred3",      "alu_result", "alu_valid", "bool_const",
    "loop_count", "loop_init", "loop_step", "pc",         "live",       "active",    "want",
    "jump",       "next_pc",   "fault",     "wave",
};
static int port_index[PORTS];

static void model_new_call(rd *r)
{
    slot *s = target(r);
    unsigned b = u8(r) % 10;
    const char *path = b < 5    ? elf_path
                       : b == 5 ? NULL
                       : b == 6 ? "/nonexistent/fuzz_api.elf"
                       : b == 7 ? dir
                       : b == 8 ? data_path
                                : long_path;
    /* domains mostly small, so that a run may end within a sequence (4096 at A_HI) */
    int w = arg_in(r, 1, 4096, 16), h = arg_in(r, 1, 4096, 16), lanes = arg(r, 1, 64),
        ctxs = arg(r, 1, 16),
        ad = arg(r, 0, 32), ld = arg(r, 0, 32);
    if (w >= 1 && w <= 4096 && h >= 1 && h <= 4096 && w * h > 65536)
        h = 65536 / w; /* each end is tried, but not 4096 x 4096: 16M elements to set up */
    trace("%s %d %d %d %d %d %d", path ? path : "NULL", w, h, lanes, ctxs, ad, ld);
    misuses m = {0};
    if (!path)
        may_fail(&m, 0, 0, "%s: elf_path is NULL", call_name);
    else if (!*path) /* SystemVerilog's nearest to NULL */
        may_fail(&m, 0, 0, "%s: elf_path is empty", call_name);
    range(&m, call_name, "width", w, 1, 4096);
    range(&m, call_name, "height", h, 1, 4096);
    range(&m, call_name, "lanes", lanes, 1, 64);
    range(&m, call_name, "contexts", ctxs, 1, 16);
    range(&m, call_name, "addr_depth", ad, 0, 32);
    range(&m, call_name, "loop_depth", ld, 0, 32);
    if (!m.n && path != elf_path)
        may_fail(&m, 0, 1, "%s: %s", call_name, path);
    ctm_model *mh = ctm_model_new(path, w, h, lanes, ctxs, ad, ld);
    if (m.n) {
        new_failed(&m, mh);
        /* ctm_model_error(NULL) says why */
        const char *e = ctm_model_error(NULL);
        string_ok(e, MSG, "ctm_model_error");
        if (strcmp(e, ctm_error()))
            broken("ctm_model_error(NULL) \"%s\" after a failed new", e);
        return;
    }
    const int shape[6] = {w, h, lanes, ctxs, ad, ld};
    new_made(mh);
    adopt(s, MODEL, mh, shape, 6);
    s->lanes = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
}

/* A setter's misuses common to all: too late, and n. */
static void setter_misuses(misuses *m, const slot *s, int n, int n_max)
{
    if (s->cmd) /* refused first, whatever the rest */
        may_fail(m, CTM_E_STATE, 0,
                 "%s: this ctm_model runs a command buffer (ctm_model_new_cmd): its inputs, "
                 "constants and surfaces are what its memory image and commands say",
                 call_name);
    else if (s->stepped)
        may_fail(m, CTM_E_STATE, 0,
                 "%s: too late: inputs and constants are set before the first ctm_model_step",
                 call_name);
    range(m, call_name, "n", n, 0, n_max);
}

/* The end of a setter on model p: its status against the misuses. */
static int setter_done(const pick *p, const misuses *m, int st)
{
    if (p->bad) {
        if (st != CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, MODEL, p, 0);
    } else if (m->n) {
        failed_as(m, 1, st);
        misused(p->s);
    } else {
        if (st != CTM_OK)
            broken("returned %d", st);
        error_unchanged();
        p->s->unprepared = 0; /* what the run is made of changed: it may be laid out now */
        return 1;
    }
    return 0;
}

static const int bytes_per_element[5] = {2, 4, 4, 8, 16};
static float input_data[8192 * 4]; /* the largest input the harness binds: 8192 x 1 FLOAT32_4 */

static void model_set_input_call(rd *r)
{
    pick p = choose(r, MODEL);
    int n = arg(r, 0, 15), nodata = u8(r) % 8 == 0, format = arg(r, 0, 4), w = arg(r, 1, 8192),
        h = arg(r, 1, 8192);
    misuses m = {0};
    if (!p.bad)
        setter_misuses(&m, p.s, n, 15);
    range(&m, call_name, "format", format, 0, 4);
    range(&m, call_name, "width", w, 1, 8192);
    range(&m, call_name, "height", h, 1, 8192);
    if (nodata)
        may_fail(&m, CTM_E_ARG, 0, "%s: data is NULL", call_name);
    else if (format >= 0 && format <= 4 && w >= 1 && w <= 8192 && h >= 1 &&
             (size_t)w * (size_t)h * (size_t)bytes_per_element[format] > sizeof input_data) {
        h = 1; /* what the buffer holds: the caller's part of the contract */
        m.n = 0;
        if (!p.bad)
            setter_misuses(&m, p.s, n, 15);
    }
    trace("%s n %d %s format %d %dx%d", bad_name[p.bad], n, nodata ? "NULL" : "data", format, w, h);
    remember_error();
    int st = ctm_model_set_input(p.h, n, nodata ? NULL : input_data, format, w, h);
    if (p.bad)
        m.n = 0;
    if (setter_done(&p, &m, st))
        p.s->bound = 1;
}

static void model_load_input_call(rd *r)
{
    pick p = choose(r, MODEL);
    int n = arg(r, 0, 15);
    unsigned b = u8(r) % 8;
    const char *path = b < 3    ? data_path
                       : b == 3 ? "/dev/null"
                       : b == 4 ? "/nonexistent/fuzz_api.raw"
                       : b == 5 ? NULL
                       : b == 6 ? dir
                                : "";
    /* shapes of exactly the file's bytes, or any */
    static const int fit[6][3] = {{CTM_FMT_UINT16_1, 32, 1}, {CTM_FMT_UINT8_4, 4, 4},
                                  {CTM_FMT_FLOAT32_1, 16, 1}, {CTM_FMT_FLOAT32_2, 2, 4},
                                  {CTM_FMT_FLOAT32_4, 4, 1}, {CTM_FMT_FLOAT32_4, 1, 4}};
    int format, w, h;
    b = u8(r);
    if (b & 1) {
        format = fit[(b >> 1) % 6][0], w = fit[(b >> 1) % 6][1], h = fit[(b >> 1) % 6][2];
    } else {
        format = arg(r, 0, 4), w = arg(r, 1, 8192), h = arg(r, 1, 8192);
    }
    trace("%s n %d %s format %d %dx%d", bad_name[p.bad], n, path ? path : "NULL", format, w, h);
    misuses m = {0};
    if (!p.bad)
        setter_misuses(&m, p.s, n, 15);
    range(&m, call_name, "format", format, 0, 4);
    range(&m, call_name, "width", w, 1, 8192);
    range(&m, call_name, "height", h, 1, 8192);
    if (!m.n) {
        size_t want = (size_t)w * (size_t)h * (size_t)bytes_per_element[format];
        if (!path)
            may_fail(&m, CTM_E_ARG, 0, "%s: path is NULL", call_name);
        else if (!*path)
            may_fail(&m, CTM_E_ARG, 0, "%s: path is empty", call_name);
        else if (path != data_path && strcmp(path, "/dev/null"))
            may_fail(&m, CTM_E_IO, 1, "%s: %s", call_name, path); /* cannot be read */
        else if (path != data_path || want > DATA_BYTES)
            may_fail(&m, CTM_E_FORMAT, 1, "%s: %s", call_name, path); /* too short */
        else if (want < DATA_BYTES) { /* too long: either */
            may_fail(&m, CTM_E_FORMAT, 1, "%s: %s", call_name, path);
            may_fail(&m, CTM_E_IO, 1, "%s: %s", call_name, path);
        }
    }
    remember_error();
    int st = ctm_model_load_input(p.h, n, path, format, w, h);
    if (p.bad)
        m.n = 0;
    if (setter_done(&p, &m, st))
        p.s->bound = 1;
}

static double any_double(rd *r)
{
    static const double some[] = {0, -0.0, 1.5, -1e30, 1e300, -1e300, DBL_MIN, 3.4e38, 1e-50};
    unsigned b = u8(r) % 12;
    if (b < 9)
        return some[b];
    if (b == 9)
        return INFINITY;
    if (b == 10)
        return NAN;
    uint64_t bits = u64(r);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static void model_set_constf_call(rd *r)
{
    pick p = choose(r, MODEL);
    int n = arg(r, 0, 255);
    double x = any_double(r), y = any_double(r), z = any_double(r), w = any_double(r);
    trace("%s n %d %g %g %g %g", bad_name[p.bad], n, x, y, z, w);
    misuses m = {0};
    if (!p.bad)
        setter_misuses(&m, p.s, n, 255);
    remember_error();
    setter_done(&p, &m, ctm_model_set_constf(p.h, n, x, y, z, w));
}

static void model_set_consti_call(rd *r)
{
    pick p = choose(r, MODEL);
    int n = arg(r, 0, 31), count = arg(r, 0, 255), init = arg(r, 0, 255), step = arg(r, -128, 127);
    trace("%s n %d count %d init %d step %d", bad_name[p.bad], n, count, init, step);
    misuses m = {0};
    if (!p.bad)
        setter_misuses(&m, p.s, n, 31);
    range(&m, call_name, "count", count, 0, 255);
    range(&m, call_name, "init", init, 0, 255);
    range(&m, call_name, "step", step, -128, 127);
    remember_error();
    setter_done(&p, &m, ctm_model_set_consti(p.h, n, count, init, step));
}

static void model_set_constb_call(rd *r)
{
    pick p = choose(r, MODEL);
    int n = arg(r, 0, 31), value = arg(r, 0, 1);
    trace("%s n %d value %d", bad_name[p.bad], n, value);
    misuses m = {0};
    if (!p.bad)
        setter_misuses(&m, p.s, n, 31);
    range(&m, call_name, "value", value, 0, 1);
    remember_error();
    setter_done(&p, &m, ctm_model_set_constb(p.h, n, value));
}

static void model_error_ok(const slot *s)
{
    const char *outer = call_name;
    call_name = "ctm_model_error";
    const char *e = ctm_model_error(s->h);
    size_t n = string_ok(e, MSG, call_name);
    if (s->err_known ? strcmp(e, s->err) != 0 : n == 0)
        broken("\"%s\", wanted %s\"%s\"", e, s->err_known ? "" : "a fault's message, not ",
               s->err_known ? s->err : "");
    call_name = outer;
}

/* ------------------------------------------------------------ a command-buffer model */

/* The device memory a command-buffer run needs for s's image and buffer (run_step.c's rule,
 * as docs/run.md gives it): the image, the buffer at the next 2 KiB, rounded to 2 KiB. */
static size_t cmd_need(const slot *s)
{
    size_t at = (s->img_len + 2047) / 2048 * 2048, need = (at + s->cb_len + 2047) / 2048 * 2048;
    return need ? need : 2048;
}

static int cmd_fits(const slot *s)
{
    return !s->mem || s->mem >= cmd_need(s);
}

/* The image and the buffer are the good run's, whole. */
static int cmd_pristine(const slot *s)
{
    return s->img_words == (long)(good_img_len / 4) && s->img_len == good_img_len &&
           s->cb_words == (long)(good_cb_len / 4) && s->cb_len == good_cb_len;
}

/* A step of command-buffer model s, not faulted before, returned st. A run that cannot be
 * laid out faults saying so; the good run does not fault (its LOOP needs a frame of loop
 * stack); a fault's message names the buffer. */
static void cmd_step_ok(const slot *s, int st)
{
    if (!cmd_fits(s)) {
        if (st != -CTM_E_FAULT || !strstr(ctm_model_error(s->h), "is smaller than the image"))
            broken("a memory of %u bytes for %zu: returned %d \"%s\"", (unsigned)s->mem,
                   cmd_need(s), st, ctm_model_error(s->h));
        return;
    }
    if (st == -CTM_E_FAULT && cmd_pristine(s) && s->shape[5] > 0)
        broken("the good run faulted: %s", ctm_model_error(s->h));
    size_t n = strlen(s->cb_name);
    if (st == -CTM_E_FAULT &&
        (strncmp(ctm_model_error(s->h), s->cb_name, n) || ctm_model_error(s->h)[n] != ':'))
        broken("a fault's message does not name the buffer \"%s\": \"%s\"", s->cb_name,
               ctm_model_error(s->h));
}

static void model_new_cmd_call(rd *r)
{
    slot *s = target(r);
    /* memories that hold the good run (16 KiB: to the byte), ones that do not, and refused
     * ones; 1 GiB, the top,
     * only as refused ends (a run of it would take a GiB each sequence) */
    static const uint32_t mem_of[8] = {0, 65536, 2048, 4096, 16384, 2047, (1u << 30) + 2048,
                                       UINT32_MAX};
    unsigned b = u8(r);
    uint32_t mem = b % 9 == 8 ? u32(r) | 1 : mem_of[b % 9];
    int lanes = arg(r, 1, 64), ctxs = arg(r, 1, 16), ad = arg(r, 0, 32), ld = arg(r, 0, 32);
    trace("%u %d %d %d %d", (unsigned)mem, lanes, ctxs, ad, ld);
    misuses m = {0};
    range(&m, call_name, "mem_bytes", mem, 0, 1 << 30);
    range(&m, call_name, "lanes", lanes, 1, 64);
    range(&m, call_name, "contexts", ctxs, 1, 16);
    range(&m, call_name, "addr_depth", ad, 0, 32);
    range(&m, call_name, "loop_depth", ld, 0, 32);
    if (!m.n && mem % 2048)
        may_fail(&m, 0, 0, "%s: mem_bytes = %u is not a multiple of 2048 (0: the image plus "
                 "the buffer)", call_name, (unsigned)mem);
    ctm_model *mh = ctm_model_new_cmd(mem, lanes, ctxs, ad, ld);
    if (m.n) {
        new_failed(&m, mh);
        return;
    }
    const int shape[6] = {0, 0, lanes, ctxs, ad, ld};
    new_made(mh);
    adopt(s, MODEL, mh, shape, 6);
    s->lanes = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
    s->cmd = 1;
    s->mem = mem;
    s->cb_name = "command buffer";
}

/* A call that sets the image or the buffer of model p: refused as cmd_refuse says (ctm.h),
 * before any of its own misuses; 1 when it may go on to its own. */
static int cmd_setter_misuses(misuses *m, const pick *p)
{
    if (p->bad)
        return 0;
    if (!p->s->cmd)
        may_fail(m, CTM_E_STATE, 0, "%s: this ctm_model runs an executable (ctm_model_new); "
                 "ctm_model_new_cmd makes one that runs a command buffer", call_name);
    else if (p->s->stepped)
        may_fail(m, CTM_E_STATE, 0, "%s: too late: the memory image and the command buffer "
                 "are set before the run's first step, commit or transaction", call_name);
    return !m->n;
}

/* The image's most bytes: the memory's, less the smallest buffer's 2 KiB. */
static size_t cmd_img_max(const slot *s)
{
    return s->mem ? s->mem - 2048u : 1u << 30;
}

/* The word at byte at of b (len bytes), 0 past its end. */
static uint32_t good_word(const uint8_t *b, size_t len, size_t at)
{
    return at + 4 <= len ? dpp_get_le32(b + at) : 0;
}

static void model_put_mem_call(rd *r)
{
    pick p = choose(r, MODEL);
    const slot *s = p.s;
    int cmd = !p.bad && s->cmd;
    size_t max = cmd ? cmd_img_max(s) : 1u << 30;
    unsigned b = u8(r);
    uint32_t addr, n_good = (uint32_t)(good_img_len / 4);
    switch (b % 8) {
    case 0: addr = cmd && s->img_words >= 0 ? 4u * (uint32_t)s->img_words : 0; break; /* next */
    case 1: addr = 4 * (u8(r) % n_good); break;
    case 2: addr = 4 * (u8(r) % n_good) + 1 + b / 8 % 3; break; /* unaligned */
    case 3: addr = (uint32_t)max; break;                        /* just past the end */
    case 4: addr = (uint32_t)(max - 4); break;                  /* the last word */
    case 5: addr = 0xFFFFFFFC; break;
    default: addr = u32(r); break;
    }
    if (max - 4 > 65536 && addr % 4 == 0 && addr + 4ull <= max && addr > 65536)
        addr %= 65536; /* a word far out would take the image to 1 GiB */
    uint32_t want = good_word(good_img, good_img_len, addr);
    b = u8(r);
    uint32_t word = b % 4 == 0 ? want : b % 4 == 1 ? want ^ 1u << (b >> 2) % 32 : u32(r);
    trace("%s 0x%x 0x%08x", bad_name[p.bad], (unsigned)addr, (unsigned)word);
    misuses m = {0};
    if (cmd_setter_misuses(&m, &p) && (addr % 4 || addr + 4ull > max))
        may_fail(&m, CTM_E_ARG, 0, "%s: addr = 0x%x is not a multiple of 4 below %zu (the "
                 "image's most bytes%s)", call_name, (unsigned)addr, max,
                 s->mem ? ": mem_bytes less 2 KiB for the buffer" : "");
    remember_error();
    int st = ctm_model_put_mem(p.h, addr, word);
    if (p.bad)
        m.n = 0;
    if (!setter_done(&p, &m, st))
        return;
    slot *w = p.s;
    int same = word == want && addr + 4ull <= good_img_len;
    if (!(same && w->img_words >= 0 && addr / 4 <= (uint32_t)w->img_words))
        w->img_words = -1; /* a word that is not the good one, or past a gap */
    else if (addr / 4 == (uint32_t)w->img_words)
        w->img_words++;
    if (addr + 4ull > w->img_len)
        w->img_len = addr + 4ull;
}

static void model_put_cmd_call(rd *r)
{
    pick p = choose(r, MODEL);
    const slot *s = p.s;
    int next = !p.bad && s->cmd && s->cb_words >= 0;
    uint32_t want = next ? good_word(good_cb, good_cb_len, 4 * (size_t)s->cb_words) : 0;
    unsigned b = u8(r);
    uint32_t word = b % 4 < 2 ? want : b % 4 == 2 ? want ^ 1u << (b >> 2) % 32 : u32(r);
    trace("%s 0x%08x", bad_name[p.bad], (unsigned)word);
    misuses m = {0};
    cmd_setter_misuses(&m, &p);
    remember_error();
    int st = ctm_model_put_cmd(p.h, word);
    if (p.bad)
        m.n = 0;
    if (!setter_done(&p, &m, st))
        return;
    slot *w = p.s;
    w->cb_words = next && word == want && 4 * (size_t)w->cb_words < good_cb_len ? w->cb_words + 1
                                                                                 : -1;
    w->cb_len += 4;
}

/* The files ctm_model_load_mem and _load_cmd are given. */
enum { FP_IMG, FP_CB, FP_ODD, FP_DATA, FP_NULL_DEV, FP_HUGE, FP_NONE, FP_DIR, FP_NULL, FP_EMPTY, FP_LONG,
       FP_KINDS };

static const char *file_path(int f)
{
    switch (f) {
    case FP_IMG: return img_path;
    case FP_CB: return cb_path;
    case FP_ODD: return odd_path;
    case FP_DATA: return data_path;
    case FP_NULL_DEV: return "/dev/null";
    case FP_HUGE: return huge_path;
    case FP_NONE: return "/nonexistent/fuzz_api.bin";
    case FP_DIR: return dir;
    case FP_NULL: return NULL;
    case FP_EMPTY: return "";
    default: return long_path;
    }
}

static unsigned long long file_bytes(int f)
{
    switch (f) {
    case FP_IMG: return good_img_len;
    case FP_CB: return good_cb_len;
    case FP_ODD: return good_cb_len + 2;
    case FP_DATA: return DATA_BYTES;
    case FP_HUGE: return HUGE_BYTES;
    default: return 0;
    }
}

/* ctm_model_load_mem (buffer 0) or _load_cmd (1) of a file of kind f on model p. */
static void model_load_call(rd *r, int buffer)
{
    pick p = choose(r, MODEL);
    int f = (int)(u8(r) % FP_KINDS);
    const char *path = file_path(f);
    trace("%s %s", bad_name[p.bad], path ? path : "NULL");
    misuses m = {0};
    unsigned long long n = file_bytes(f);
    size_t max = buffer ? 1u << 29 : !p.bad && p.s->cmd ? cmd_img_max(p.s) : 0;
    int too_big = 0;
    if (cmd_setter_misuses(&m, &p)) {
        too_big = path && *path && f < FP_NONE && n > max;
        if (!path || !*path)
            may_fail(&m, CTM_E_ARG, 0, "%s: path is %s", call_name, path ? "empty" : "NULL");
        else if (f >= FP_NONE) /* cannot be read */
            may_fail(&m, CTM_E_IO, 1, "%s: %s", call_name, path);
        else if (n > max)
            may_fail(&m, CTM_E_FORMAT, 1, "%s: %s: %llu bytes, but ", call_name, path, n);
        else if (buffer && n % 4)
            may_fail(&m, CTM_E_FORMAT, 0, "%s: %s: %llu bytes, but a command buffer is whole "
                     "32-bit words: expected a multiple of 4 (%llu or %llu)", call_name, path,
                     n, n - n % 4, n - n % 4 + 4);
    }
    remember_error();
    int st = buffer ? ctm_model_load_cmd(p.h, path) : ctm_model_load_mem(p.h, path);
    if (p.bad)
        m.n = 0;
    if (too_big && !p.bad) {
        char most[64];
        snprintf(most, sizeof most, "expected at most %zu", max);
        if (!strstr(ctm_error(), most))
            broken("a file of %llu bytes: \"%s\" does not say \"%s\"", n, ctm_error(), most);
    }
    if (!setter_done(&p, &m, st))
        return;
    slot *w = p.s;
    long words = f == FP_IMG && !buffer ? (long)(good_img_len / 4)
                 : f == FP_CB && buffer ? (long)(good_cb_len / 4)
                 : n == 0              ? 0
                                       : -1;
    if (buffer) {
        w->cb_words = words;
        w->cb_len = n;
        w->cb_name = path; /* the run's errors name the file */
    } else {
        w->img_words = words;
        w->img_len = n;
    }
}

static void model_read_word_call(rd *r)
{
    pick p = choose(r, MODEL);
    const slot *s = p.s;
    unsigned b = u8(r);
    uint32_t addr = b % 6 == 0   ? 0
                    : b % 6 == 1 ? 4 * (u8(r) % (uint32_t)(good_img_len / 4))
                    : b % 6 == 2 ? 4 * u8(r) + 1 + b / 8 % 3
                    : b % 6 == 3 ? 0xFFFFFFFC
                    : b % 6 == 4 ? u32(r) & 0x1FFFC
                                 : u32(r);
    int null_out = u8(r) % 8 == 0;
    trace("%s 0x%x%s", bad_name[p.bad], (unsigned)addr, null_out ? " NULL" : "");
    remember_error();
    uint32_t word = 0xDEADBEEF;
    int st = ctm_model_read_word(p.h, addr, null_out ? NULL : &word);
    if (p.bad) {
        if (st != CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, MODEL, &p, 0);
        return;
    }
    slot *w = p.s;
    misuses m = {0};
    char head[MSG];
    snprintf(head, sizeof head, "%s: addr = 0x%x is not a multiple of 4 inside the run's ",
             call_name, (unsigned)addr);
    /* A command-buffer run's memory is known to the byte, and it is laid out unless the
     * memory is too small; an executable's size is not known here, and a bound input may
     * keep it from being laid out. Either is refused first. */
    size_t size = s->cmd ? (s->mem ? s->mem : cmd_need(s)) : 0;
    int past = addr % 4 || addr == 0xFFFFFFFC || (s->cmd && addr + 4ull > size);
    if (null_out)
        may_fail(&m, CTM_E_ARG, 0, "%s: word is NULL", call_name);
    else if (!s->cmd || !cmd_fits(s))
        may_fail(&m, CTM_E_STATE, 1, "%s: the run could not be prepared: ", call_name);
    if (!null_out && (!s->cmd ? 1 : cmd_fits(s) && past))
        may_fail(&m, CTM_E_ARG, 1, "%s", head); /* past an executable's memory: maybe */
    int certain = null_out || past || (s->cmd && m.n);
    if (st != CTM_OK || certain) {
        failed_as(&m, 1, st);
        if (!null_out && word != 0)
            broken("a refused read left *word 0x%08x, not 0", (unsigned)word);
        misused(w);
        w->unprepared |= st == CTM_E_STATE;
        return;
    }
    error_unchanged();
    /* before the first step, a command-buffer run's memory is its image */
    if (s->cmd && !s->stepped && s->img_words >= 0 && addr < 4ull * (size_t)s->img_words &&
        word != good_word(good_img, good_img_len, addr))
        broken("the image's word at 0x%x reads 0x%08x, put 0x%08x", (unsigned)addr,
               (unsigned)word, (unsigned)good_word(good_img, good_img_len, addr));
}

static void model_step_call(rd *r)
{
    pick p = choose(r, MODEL);
    trace("%s", bad_name[p.bad]);
    remember_error();
    int st = ctm_model_step(p.h);
    if (p.bad) {
        if (st != -CTM_E_ARG)
            broken("returned %d for a bad handle", st);
        handle_refused(call_name, MODEL, &p, 0);
        return;
    }
    slot *s = p.s;
    trace("-> %d", st);
    if (s->faulted ? st != -CTM_E_FAULT
        : s->ended ? st != 0
                   : st != 1 && st != 0 && st != -CTM_E_FAULT)
        broken("returned %d (faulted %d, ended %d)", st, s->faulted, s->ended);
    /* The program cannot fault on its own: its input, unbound, reads zeros (ctm.h), so it
     * takes no CALL, and its LOOP needs one frame of loop stack. A bound input may hold
     * anything, or be smaller than the domain. */
    if (st == -CTM_E_FAULT && !s->faulted && !s->cmd && !s->bound && s->shape[5] > 0)
        broken("the program faulted, with no input bound: %s", ctm_model_error(s->h));
    if (s->unprepared && !s->faulted && st != -CTM_E_FAULT)
        broken("a read found the run impossible to lay out, but the step returned %d", st);
    if (s->cmd && !s->faulted)
        cmd_step_ok(s, st);
    s->stepped = 1;
    s->has_ev = st == 1;
    if (st == 0)
        s->ended = 1;
    if (st >= 0)
        error_unchanged();
    if (st == -CTM_E_FAULT && !s->faulted) {
        s->faulted = 1;
        s->err_known = 0; /* the fault's message */
        model_error_ok(s);
        trace("fault: %s", ctm_model_error(s->h));
    }
}

/* A port's value on live model s fits the port. */
static void port_fits(const slot *s, int port, uint64_t v)
{
    const char *name = port_names[port];
    uint64_t max = ~0ull;
    if (!strcmp(name, "cmd"))
        max = 3;
    else if (!strcmp(name, "ctx"))
        max = (uint64_t)s->shape[3] - 1;
    else if (!strcmp(name, "pc"))
        max = 511;
    else if (!strcmp(name, "next_pc"))
        max = 1023;
    else if (!strcmp(name, "op"))
        max = 7;
    else if (!strcmp(name, "fault"))
        max = 15;
    else if (!strcmp(name, "jump") || !strcmp(name, "full_mode") || !strcmp(name, "alu_valid") ||
             !strcmp(name, "bool_const"))
        max = 1;
    else if (!strncmp(name, "loop_", 5))
        max = 255;
    if (v > max)
        broken("port %s = %llu, past its largest value %llu", name, (unsigned long long)v,
               (unsigned long long)max);
    if ((!strcmp(name, "live") || !strcmp(name, "active") || !strcmp(name, "want")) &&
        (v & ~s->lanes))
        broken("port %s = 0x%llx has lanes past the last", name, (unsigned long long)v);
}

static int known_port(const char *name)
{
    for (int i = 0; name && i < PORTS; i++)
        if (!strcmp(name, port_names[i]))
            return i;
    return -1;
}

/* A port name: a real one, or not. */
static const char *any_name(rd *r, char *buf, size_t size)
{
    unsigned b = u8(r);
    if (b < 0xC0)
        return port_names[b % PORTS];
    switch (b % 5) {
    case 0: return NULL;
    case 1: return "";
    case 2: return "CMD";
    case 3: return "pred4";
    default: {
        size_t n = u8(r) % size;
        for (size_t i = 0; i < n; i++)
            buf[i] = (char)(u8(r) | 1);
        buf[n] = 0;
        return buf;
    }
    }
}

static void model_get_call(rd *r)
{
    pick p = choose(r, MODEL);
    char buf[80];
    const char *name = any_name(r, buf, sizeof buf - 1);
    trace("%s %s", bad_name[p.bad], name ? name : "NULL");
    remember_error();
    uint64_t v = ctm_model_get(p.h, name);
    if (p.bad) {
        if (v)
            broken("returned %llu for a bad handle", (unsigned long long)v);
        handle_refused(call_name, MODEL, &p, 0);
        return;
    }
    int port = known_port(name);
    misuses m = {0};
    if (port < 0)
        may_fail(&m, 0, 1, "%s: no port named \"%s\"", call_name, name ? name : "(NULL)");
    else if (!p.s->has_ev)
        may_fail(&m, 0, 1, "%s: no current step", call_name);
    if (m.n) {
        if (v)
            broken("returned %llu for a misuse", (unsigned long long)v);
        failed_as(&m, 0, 0);
        misused(p.s);
        return;
    }
    error_unchanged();
    port_fits(p.s, port, v);
    uint64_t by_index = ctm_model_get_port(p.s->h, port_index[port]);
    error_unchanged();
    if (by_index != v)
        broken("%s = %llu by name, %llu by index", name, (unsigned long long)v,
               (unsigned long long)by_index);
}

static void model_port_call(rd *r)
{
    char buf[80];
    const char *name = any_name(r, buf, sizeof buf - 1);
    trace("%s", name ? name : "NULL");
    remember_error();
    int port = ctm_model_port(name);
    int k = known_port(name);
    if (k < 0 ? port != -1 : port != port_index[k])
        broken("ctm_model_port(\"%s\") = %d", name ? name : "NULL", port);
    error_unchanged();
}

static void model_get_port_call(rd *r)
{
    pick p = choose(r, MODEL);
    int port = arg(r, 0, PORTS - 1);
    trace("%s %d", bad_name[p.bad], port);
    remember_error();
    uint64_t v = ctm_model_get_port(p.h, port);
    if (p.bad) {
        if (v)
            broken("returned %llu for a bad handle", (unsigned long long)v);
        handle_refused(call_name, MODEL, &p, 0);
        return;
    }
    misuses m = {0};
    range(&m, call_name, "port", port, 0, PORTS - 1);
    if (!m.n && !p.s->has_ev)
        may_fail(&m, 0, 1, "%s: no current step", call_name);
    if (m.n) {
        if (v)
            broken("returned %llu for a misuse", (unsigned long long)v);
        failed_as(&m, 0, 0);
        misused(p.s);
        return;
    }
    error_unchanged();
    for (int i = 0; i < PORTS; i++)
        if (port_index[i] == port)
            port_fits(p.s, i, v);
}

static void model_error_call(rd *r)
{
    pick p = choose(r, MODEL);
    trace("%s", bad_name[p.bad]);
    remember_error();
    if (!p.bad) {
        model_error_ok(p.s);
        error_unchanged();
        return;
    }
    const char *e = ctm_model_error(p.h);
    string_ok(e, MSG, call_name);
    handle_refused(call_name, MODEL, &p, 1);
    if (strcmp(e, ctm_error()))
        broken("returned \"%s\", not ctm_error()", e);
}

/* ctm_clear_error (1.17): the thread's message is "" after it, however it was. */
static void clear_error_call(rd *r)
{
    (void)r;
    ctm_clear_error();
    if (string_ok(ctm_error(), MSG, "ctm_error()"))
        broken("ctm_error() is \"%s\" after ctm_clear_error", ctm_error());
}

static void version_call(rd *r)
{
    (void)r;
    if (ctm_version() != (CTM_VERSION_MAJOR << 16 | CTM_VERSION_MINOR << 8 | CTM_VERSION_PATCH))
        broken("ctm_version() = 0x%x", (unsigned)ctm_version());
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", CTM_VERSION_MAJOR, CTM_VERSION_MINOR, CTM_VERSION_PATCH);
    string_ok(ctm_version_string(), 32, "ctm_version_string");
    if (strcmp(ctm_version_string(), v))
        broken("ctm_version_string() = \"%s\"", ctm_version_string());
    string_ok(ctm_error(), MSG, "ctm_error()");
}

/* ------------------------------------------------------------ the program of calls */

enum op {
    OP_PRED_NEW, OP_PRED_FREE, OP_PRED_STEP, OP_PRED_EVAL, OP_PRED_EDGE, OP_PRED_PEEK,
    OP_PRED_EXPECT, OP_PRED_CHECK, OP_PRED_DIFF, OP_PRED_REPORT, OP_PRED_SET_CYCLE,
    OP_PRED_SET_HISTORY,
    OP_STACK_NEW, OP_STACK_FREE, OP_STACK_STEP, OP_STACK_EXPECT, OP_STACK_CHECK, OP_STACK_DIFF,
    OP_STACK_REPORT, OP_STACK_SET_CYCLE, OP_STACK_SET_HISTORY,
    OP_FC_NEW, OP_FC_FREE, OP_FC_STEP, OP_FC_EXPECT, OP_FC_EXPECT_BC, OP_FC_CHECK, OP_FC_DIFF,
    OP_FC_REPORT, OP_FC_SET_CYCLE, OP_FC_SET_HISTORY,
    OP_MODEL_NEW, OP_MODEL_FREE, OP_MODEL_SET_INPUT, OP_MODEL_LOAD_INPUT, OP_MODEL_SET_CONSTF,
    OP_MODEL_SET_CONSTI, OP_MODEL_SET_CONSTB, OP_MODEL_STEP, OP_MODEL_GET, OP_MODEL_PORT,
    OP_MODEL_GET_PORT, OP_MODEL_ERROR,
    OP_VERSION,
    OP_PRED_NEW_GROUPED, /* after the others: the seeds' earlier op bytes keep their meaning */
    OP_MODEL_NEW_CMD, OP_MODEL_LOAD_MEM, OP_MODEL_PUT_MEM, OP_MODEL_LOAD_CMD, OP_MODEL_PUT_CMD,
    OP_MODEL_READ_WORD, OP_CLEAR_ERROR,
    OPS
};

static const char *const op_name[OPS] = {
    "ctm_pred_new", "ctm_pred_free", "ctm_pred_step", "ctm_pred_eval", "ctm_pred_edge",
    "ctm_pred_peek", "ctm_pred_expect", "ctm_pred_check", "ctm_pred_diff", "ctm_pred_report",
    "ctm_pred_set_cycle", "ctm_pred_set_history",
    "ctm_stack_new", "ctm_stack_free", "ctm_stack_step", "ctm_stack_expect", "ctm_stack_check",
    "ctm_stack_diff", "ctm_stack_report", "ctm_stack_set_cycle", "ctm_stack_set_history",
    "ctm_fc_new", "ctm_fc_free", "ctm_fc_step", "ctm_fc_expect", "ctm_fc_expect_bc",
    "ctm_fc_check", "ctm_fc_diff", "ctm_fc_report", "ctm_fc_set_cycle", "ctm_fc_set_history",
    "ctm_model_new", "ctm_model_free", "ctm_model_set_input", "ctm_model_load_input",
    "ctm_model_set_constf", "ctm_model_set_consti", "ctm_model_set_constb", "ctm_model_step",
    "ctm_model_get", "ctm_model_port", "ctm_model_get_port", "ctm_model_error",
    "ctm_version",
    "ctm_pred_new_grouped",
    "ctm_model_new_cmd", "ctm_model_load_mem", "ctm_model_put_mem", "ctm_model_load_cmd",
    "ctm_model_put_cmd", "ctm_model_read_word", "ctm_clear_error",
};

static void one_call(rd *r, enum op op)
{
    call_name = op_name[op];
    switch (op) {
    case OP_PRED_NEW: pred_new_call(r, 0); break;
    case OP_PRED_NEW_GROUPED: pred_new_call(r, 1); break;
    case OP_PRED_FREE: free_call(r, PRED); break;
    case OP_PRED_STEP: pred_cycle_call(r, 0); break;
    case OP_PRED_EVAL: pred_cycle_call(r, 1); break;
    case OP_PRED_EDGE: pred_edge_call(r); break;
    case OP_PRED_PEEK: pred_peek_call(r); break;
    case OP_PRED_EXPECT: expect_call(r, PRED); break;
    case OP_PRED_CHECK: pred_check_call(r); break;
    case OP_PRED_DIFF: diff_call(r, PRED); break;
    case OP_PRED_REPORT: report_call(r, PRED); break;
    case OP_PRED_SET_CYCLE: set_cycle_call(r, PRED); break;
    case OP_PRED_SET_HISTORY: set_history_call(r, PRED); break;
    case OP_STACK_NEW: stack_new_call(r); break;
    case OP_STACK_FREE: free_call(r, STACK); break;
    case OP_STACK_STEP: stack_step_call(r); break;
    case OP_STACK_EXPECT: expect_call(r, STACK); break;
    case OP_STACK_CHECK: stack_check_call(r); break;
    case OP_STACK_DIFF: diff_call(r, STACK); break;
    case OP_STACK_REPORT: report_call(r, STACK); break;
    case OP_STACK_SET_CYCLE: set_cycle_call(r, STACK); break;
    case OP_STACK_SET_HISTORY: set_history_call(r, STACK); break;
    case OP_FC_NEW: fc_new_call(r); break;
    case OP_FC_FREE: free_call(r, FC); break;
    case OP_FC_STEP: fc_step_call(r); break;
    case OP_FC_EXPECT: expect_call(r, FC); break;
    case OP_FC_EXPECT_BC: fc_expect_bc_call(r); break;
    case OP_FC_CHECK: fc_check_call(r); break;
    case OP_FC_DIFF: diff_call(r, FC); break;
    case OP_FC_REPORT: report_call(r, FC); break;
    case OP_FC_SET_CYCLE: set_cycle_call(r, FC); break;
    case OP_FC_SET_HISTORY: set_history_call(r, FC); break;
    case OP_MODEL_NEW: model_new_call(r); break;
    case OP_MODEL_FREE: free_call(r, MODEL); break;
    case OP_MODEL_SET_INPUT: model_set_input_call(r); break;
    case OP_MODEL_LOAD_INPUT: model_load_input_call(r); break;
    case OP_MODEL_SET_CONSTF: model_set_constf_call(r); break;
    case OP_MODEL_SET_CONSTI: model_set_consti_call(r); break;
    case OP_MODEL_SET_CONSTB: model_set_constb_call(r); break;
    case OP_MODEL_STEP: model_step_call(r); break;
    case OP_MODEL_GET: model_get_call(r); break;
    case OP_MODEL_PORT: model_port_call(r); break;
    case OP_MODEL_GET_PORT: model_get_port_call(r); break;
    case OP_MODEL_ERROR: model_error_call(r); break;
    case OP_MODEL_NEW_CMD: model_new_cmd_call(r); break;
    case OP_MODEL_LOAD_MEM: model_load_call(r, 0); break;
    case OP_MODEL_PUT_MEM: model_put_mem_call(r); break;
    case OP_MODEL_LOAD_CMD: model_load_call(r, 1); break;
    case OP_MODEL_PUT_CMD: model_put_cmd_call(r); break;
    case OP_MODEL_READ_WORD: model_read_word_call(r); break;
    case OP_CLEAR_ERROR: clear_error_call(r); break;
    default: version_call(r); break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rd r = {data, size, 0};
    memset(slots, 0, sizeof slots);
    if (tracing)
        fprintf(stderr, "fuzz_api: a sequence of %zu bytes\n", size);
    for (call_no = 0; call_no < MAX_CALLS && r.at < r.n; call_no++)
        one_call(&r, (enum op)(u8(&r) % OPS));
    call_name = "the end: free every live handle";
    for (int i = 0; i < SLOTS; i++) {
        if (slots[i].state == LIVE)
            free_slot(&slots[i]);
        forget_report(&slots[i]);
    }
    return 0;
}

/* ------------------------------------------------------------ seeds */

/* The encodings, for the seeds: an int argument (A_*), a truth value (F_*), a word (W_*). */
#define LIT(x) A_LIT, (uint8_t)((x)&0xFF), (uint8_t)((x) >> 8 & 0xFF), (uint8_t)((x) >> 16 & 0xFF), \
               (uint8_t)((unsigned)(x) >> 24)
#define WLIT(x) W_LIT, LIT8(x)
#define LIT8(x) (uint8_t)((x)&0xFF), (uint8_t)((x) >> 8 & 0xFF), (uint8_t)((x) >> 16 & 0xFF),     \
                (uint8_t)((x) >> 24 & 0xFF), 0, 0, 0, 0
#define H 0     /* a live handle of the call's kind (else slot 0) */
#define SLOT(n) (0xC0 + (n)) /* whatever slot n holds: 0xC0 % 6 == 0 */

/* A pred_stack testbench: reset, PUSH, a DUT one lane off, both reports; a bad op and the
 * check that reports it; a double free. */
static const uint8_t seed_pred[] = {
    OP_PRED_NEW, 0, LIT(4), LIT(16), LIT(4),
    OP_PRED_SET_HISTORY, H, LIT(4),
    OP_PRED_STEP, H, F_1, A_LO, A_LO, W_0, A_LO,
    OP_PRED_CHECK, H, C_EXACT,
    OP_PRED_STEP, H, F_0, LIT(CTM_PRED_OP_PUSH), LIT(1), WLIT(0x00F0), LIT(1),
    OP_PRED_EVAL, H, F_0, LIT(CTM_PRED_OP_SETP), LIT(1), WLIT(0x0F00), LIT(1),
    OP_PRED_PEEK, H, LIT(1), LIT(CTM_PRED_OBS_SP),
    OP_PRED_CHECK, H, C_ONE_OFF, 0, 3,
    OP_PRED_DIFF, H,
    OP_PRED_REPORT, H, A_LO,
    OP_PRED_REPORT, H, A_HI,
    OP_PRED_EDGE, H,
    OP_PRED_STEP, H, F_0, A_ABOVE, A_LO, W_0, A_LO,
    OP_PRED_EXPECT, H, A_ABOVE,
    OP_PRED_CHECK, H, C_EXACT,
    OP_PRED_SET_CYCLE, H, WLIT(1000),
    OP_PRED_STEP, H, F_0, LIT(CTM_PRED_OP_POP), A_HI, W_ONES, A_HI,
    OP_PRED_CHECK, H, C_SAME_ON_THE_PORT, F_LIT, 7, 0, 0, 0,
    OP_PRED_FREE, H,
    OP_PRED_FREE, SLOT(0),
    OP_PRED_STEP, SLOT(0), F_0, A_LO, A_LO, W_0, A_LO,
};

/* A stack_acct testbench; a check before any step, a handle of another kind. */
static const uint8_t seed_stack[] = {
    OP_STACK_NEW, 1, 3, LIT(1), LIT(2), LIT(64),
    OP_STACK_CHECK, H, C_EXACT,
    OP_STACK_STEP, H, F_1, A_LO, A_LO, F_0, F_0, LIT(16),
    OP_STACK_STEP, H, F_0, LIT(CTM_STACK_OP_PUSH), A_LO, F_1, F_0, LIT(16),
    OP_STACK_STEP, H, F_0, LIT(CTM_STACK_OP_LOOP_START), A_LO, F_0, F_1, LIT(16),
    OP_STACK_CHECK, H, C_ONE_OFF, 2, 1,
    OP_STACK_REPORT, H, A_HI,
    OP_STACK_REPORT, H, A_LO,
    OP_STACK_STEP, H, F_0, LIT(CTM_STACK_OP_POP), A_ABOVE, F_0, F_0, LIT(16),
    OP_STACK_CHECK, H, C_EXACT,
    OP_STACK_SET_HISTORY, H, A_ABOVE,
    OP_STACK_EXPECT, H, LIT(CTM_STACK_HWM),
    OP_PRED_NEW, 0, A_LO, A_LO, A_LO,
    OP_STACK_STEP, SLOT(0), F_0, A_LO, A_LO, F_0, F_0, A_LO,
    OP_STACK_DIFF, H,
};

/* An fc_unit testbench stepping the model's program words; counters compared. */
static const uint8_t seed_fc[] = {
    OP_FC_NEW, 2, LIT(2), LIT(16), LIT(4), LIT(4), LIT(6),
    OP_FC_STEP, H, F_1, A_LO, A_LO, F_0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, F_0,
        W_0, W_0, W_0, W_0, W_0, F_0, A_LO, W_ONES,
    OP_FC_STEP, H, F_0, LIT(CTM_FC_CMD_START), A_LO, F_1, 1, 0, 0, 0, 0, F_0, W_ONES, W_0, W_0,
        W_0, W_0, F_0, A_LO, WLIT(0xFFFF),
    OP_FC_STEP, H, F_0, LIT(CTM_FC_CMD_EXEC), A_LO, F_1, 11, 3, 0, 1, 0, F_0, W_ONES, W_0, W_0,
        W_0, W_0, F_1, LIT(5), WLIT(0xFFFF),
    OP_FC_EXPECT_BC, H, LIT(3),
    OP_FC_CHECK, H, C_EXACT, 1,
    OP_FC_CHECK, H, C_ONE_OFF, 3, 5, 1, CTM_FC_ACTIVE, 2,
    OP_FC_REPORT, H, A_LO,
    OP_FC_REPORT, H, A_HI,
    OP_FC_CHECK, H, C_SAME_ON_THE_PORT, 2, 3,
    OP_FC_STEP, H, F_0, A_ABOVE, A_LO, F_0, 1, 0, 0, 0, 0, F_0, W_0, W_0, W_0, W_0, W_0, F_0, A_LO,
        W_0,
    OP_FC_CHECK, H, C_EXACT, 0,
    OP_FC_EXPECT, H, A_ABOVE,
    OP_FC_SET_HISTORY, H, A_HI,
    OP_FC_FREE, H,
};

/* The processor array: inputs and constants, steps read port by port, a late setter, then
 * bad paths and a freed handle. */
static const uint8_t seed_model[] = {
    OP_MODEL_NEW, 3, 0, LIT(8), LIT(2), LIT(4), LIT(2), LIT(4), LIT(4),
    OP_MODEL_LOAD_INPUT, H, A_LO, 0, 9,
    OP_MODEL_SET_CONSTI, H, A_LO, LIT(3), A_LO, LIT(1),
    OP_MODEL_SET_CONSTB, H, A_LO, A_LO,
    OP_MODEL_SET_CONSTF, H, A_LO, 2, 3, 0, 0,
    OP_MODEL_STEP, H,
    OP_MODEL_GET, H, 0,
    OP_MODEL_GET, H, 24,
    OP_MODEL_GET_PORT, H, LIT(5),
    OP_MODEL_STEP, H,
    OP_MODEL_GET, H, 26,
    OP_MODEL_STEP, H,
    OP_MODEL_STEP, H,
    OP_MODEL_GET, H, 0xC3,
    OP_MODEL_SET_INPUT, H, A_LO, 1, A_LO, A_LO, A_LO,
    OP_MODEL_ERROR, H,
    OP_MODEL_PORT, 29,
    OP_MODEL_NEW, 4, 6, A_LO, A_LO, A_LO, A_LO, A_LO, A_LO,
    OP_MODEL_NEW, 4, 5, A_LO, A_LO, A_LO, A_LO, A_LO, A_LO,
    OP_MODEL_ERROR, SLOT(4),
    OP_MODEL_FREE, H,
    OP_MODEL_STEP, SLOT(3),
    OP_MODEL_ERROR, SLOT(3),
    OP_VERSION,
};

/* A command-buffer model: the good run from files, read, stepped to its end; a late put, an
 * executable's setter. */
#define STEPS4 OP_MODEL_STEP, H, OP_MODEL_STEP, H, OP_MODEL_STEP, H, OP_MODEL_STEP, H
static const uint8_t seed_cmd_good[] = {
    OP_MODEL_NEW_CMD, 0, 0, LIT(16), LIT(4), LIT(4), LIT(4),
    OP_MODEL_LOAD_MEM, H, FP_IMG,
    OP_MODEL_LOAD_CMD, H, FP_CB,
    OP_MODEL_READ_WORD, H, 1, 5, 1,
    STEPS4, STEPS4,
    OP_MODEL_GET, H, 24,
    OP_MODEL_PUT_CMD, H, 0,
    OP_MODEL_READ_WORD, H, 4, 0, 0, 0, 0, 1,
    OP_MODEL_SET_CONSTB, H, A_LO, A_LO,
};

/* Word by word into a memory that cannot hold the run (a read says so, the step faults); a
 * bad word; files of the wrong size or none; an executable's model; a freed handle. */
static const uint8_t seed_cmd_bad[] = {
    OP_MODEL_NEW_CMD, 1, 3, LIT(16), LIT(1), LIT(4), LIT(4),
    OP_MODEL_PUT_MEM, SLOT(1), 0, 0,
    OP_MODEL_PUT_MEM, SLOT(1), 0, 0,
    OP_MODEL_PUT_CMD, SLOT(1), 0,
    OP_MODEL_PUT_MEM, SLOT(1), 4, 0,
    OP_MODEL_LOAD_CMD, SLOT(1), FP_CB,
    OP_MODEL_PUT_CMD, SLOT(1), 3, 0, 0, 0, 0,
    OP_MODEL_LOAD_CMD, SLOT(1), FP_IMG,
    OP_MODEL_READ_WORD, SLOT(1), 0, 1,
    OP_MODEL_STEP, SLOT(1),
    OP_MODEL_READ_WORD, SLOT(1), 0, 1,
    OP_MODEL_NEW_CMD, 2, 1, LIT(8), LIT(2), LIT(4), LIT(4),
    OP_MODEL_PUT_MEM, SLOT(2), 2, 0, 0,
    OP_MODEL_PUT_MEM, SLOT(2), 0, 0,
    OP_MODEL_PUT_CMD, SLOT(2), 2,
    OP_MODEL_LOAD_CMD, SLOT(2), FP_ODD,
    OP_MODEL_LOAD_CMD, SLOT(2), FP_HUGE,
    OP_MODEL_LOAD_MEM, SLOT(2), FP_HUGE,
    OP_MODEL_LOAD_MEM, SLOT(2), FP_NONE,
    OP_MODEL_LOAD_CMD, SLOT(2), FP_NULL,
    OP_MODEL_STEP, SLOT(2),
    OP_MODEL_ERROR, SLOT(2),
    OP_MODEL_NEW_CMD, 3, 5, A_LO, A_LO, A_LO, A_LO,
    OP_MODEL_NEW, 4, 0, LIT(4), LIT(2), LIT(4), LIT(1), LIT(4), LIT(4),
    OP_MODEL_LOAD_MEM, SLOT(4), FP_IMG,
    OP_MODEL_READ_WORD, SLOT(4), 0, 1,
    OP_MODEL_FREE, SLOT(1),
    OP_MODEL_PUT_CMD, SLOT(1), 0,
};

static void write_seeds(const char *to)
{
    static const struct {
        const char *name;
        const uint8_t *bytes;
        size_t size;
    } seeds[] = {
        {"seed-pred", seed_pred, sizeof seed_pred},
        {"seed-stack", seed_stack, sizeof seed_stack},
        {"seed-fc", seed_fc, sizeof seed_fc},
        {"seed-model", seed_model, sizeof seed_model},
        {"seed-cmd-good", seed_cmd_good, sizeof seed_cmd_good},
        {"seed-cmd-bad", seed_cmd_bad, sizeof seed_cmd_bad},
    };
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", to, seeds[i].name);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(seeds[i].bytes, 1, seeds[i].size, f) != seeds[i].size || fclose(f)) {
            perror(path);
            exit(2);
        }
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *seeds = getenv("FUZZ_API_SEEDS");
    if (seeds && *seeds) {
        write_seeds(seeds);
        exit(0);
    }
    tracing = getenv("FUZZ_API_TRACE") && *getenv("FUZZ_API_TRACE") == '1';
    make_files();
    if (tracing)
        fprintf(stderr, "fuzz_api: the good run: an image of %zu bytes, a buffer of %zu\n",
                good_img_len, good_cb_len);
    call_name = "start-up: ctm_model_port";
    for (int i = 0; i < PORTS; i++) {
        port_index[i] = ctm_model_port(port_names[i]);
        if (port_index[i] < 0 || port_index[i] >= PORTS)
            broken("ctm_model_port(\"%s\") = %d", port_names[i], port_index[i]);
        for (int j = 0; j < i; j++)
            if (port_index[j] == port_index[i])
                broken("ports %s and %s have one index", port_names[j], port_names[i]);
    }
    return 0;
}
