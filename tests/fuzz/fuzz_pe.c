/* libFuzzer: the PE's command processor (ctm_pe, ctm.h) fed arbitrary command words, as a
 * broken driver or a corrupted buffer would feed a design. Input: a byte of lanes (1..64), a
 * byte of flags (bit 0: end with ctm_pe_finish; bit 1: read every field of each command
 * after it; bit 2: put a word after the stream stopped), then the words, little-endian.
 *
 * Promises held, not only "no crash": every status is CTM_OK, CTM_E_FORMAT or CTM_E_FAULT;
 * the stream's first error is the one the model's pe_execute (what `dpp exec` runs) gives
 * for the same words up to it, with the same text; after it every call returns it again and
 * takes no word; and the state the handle shows equals the model's after those words (all
 * of them when no error came, those up to a failed command's when one failed as it ran). */
#include "../unit/pe_ref.h"

#include <stdarg.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MEM = 64 << 10, WORDS_MAX = 512, PAIRS_MAX = 4096, STARTS_MAX = 4 };

__attribute__((noreturn, format(printf, 1, 2))) static void broken(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz_pe: broken promise: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

/* Bounds the work of one input, not its validity: a 4096 x 4096 domain is legal but each
 * start_program over it takes seconds. Walks the headers only; the PE checks everything. */
static int too_much_work(const uint32_t *w, size_t n)
{
    unsigned starts = 0;
    for (size_t at = 0; at < n; at += 1 + ((w[at] >> 16 & 0x3FFF) + 1)) {
        unsigned op = w[at] >> 8 & 0xFF;
        if (op == PE_SET_DOMAIN && at + 4 < n) {
            uint64_t i0 = w[at + 1] & 0xFFF, j0 = w[at + 2] & 0xFFF, i1 = w[at + 3] & 0xFFF,
                     j1 = w[at + 4] & 0xFFF;
            if (i1 >= i0 && j1 >= j0 && (i1 - i0 + 1) * (j1 - j0 + 1) > PAIRS_MAX)
                return 1;
        }
        starts += op == PE_START_PROGRAM;
    }
    return starts > STARTS_MAX;
}

/* Reads every field of the last command (none before the first): CTM_OK for its own. */
static void read_fields(const ctm_pe *pe)
{
    uint64_t op;
    if (ctm_pe_field(pe, "opcode", &op) != CTM_OK)
        return;
    const pe_cmd_desc *d = pe_cmd_by_opcode((unsigned)op);
    if (!d)
        broken("the last command has opcode 0x%02x, not in the table", (unsigned)op);
    uint64_t v;
    static const char *const common[] = {"nparams", "offset", "p0"};
    for (size_t k = 0; k < sizeof common / sizeof common[0]; k++)
        if (ctm_pe_field(pe, common[k], &v) != CTM_OK)
            broken("%s: field %s: %s", d->name, common[k], ctm_error());
    for (unsigned k = 0; k < PE_MAX_FIELDS && d->fields[k]; k++)
        if (ctm_pe_field(pe, d->fields[k]->name, &v) != CTM_OK || v > d->fields[k]->mask)
            broken("%s: field %s: %s", d->name, d->fields[k]->name, ctm_error());
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    unsigned lanes = 1 + data[0] % 64, flags = data[1];
    uint32_t w[WORDS_MAX + 4] = {0};
    size_t n = (size - 2) / 4 < WORDS_MAX ? (size - 2) / 4 : WORDS_MAX;
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 4; b++)
            w[i] |= (uint32_t)data[2 + 4 * i + b] << 8 * b;
    if (too_much_work(w, n))
        return 0;
    ctm_pe *pe = ctm_pe_new((int)lanes, MEM);
    if (!pe)
        broken("ctm_pe_new(%u, %d): %s", lanes, MEM, ctm_error());
    int st = CTM_OK;
    size_t taken = 0;
    uint64_t before = 0, pending = 0, commands = 0; /* commands before the last put */
    for (; taken < n && st == CTM_OK; taken++) {
        ctm_pe_get(pe, "commands", &before);
        st = ctm_pe_put(pe, w[taken]);
        if (flags & 2)
            read_fields(pe);
    }
    ctm_pe_get(pe, "pending", &pending);
    ctm_pe_get(pe, "commands", &commands);
    int at_finish = st == CTM_OK && (flags & 1);
    if (at_finish)
        st = ctm_pe_finish(pe);
    if (st != CTM_OK && st != CTM_E_FORMAT && st != CTM_E_FAULT)
        broken("status %d: %s", st, ctm_error());

    /* The model's run of the same words, and whether it ran what the handle ran: without
     * an error, the complete commands; a command that failed as it ran, up to its last
     * word; a command cut short at the end, all words (the model runs nothing); a word that
     * failed its framing, up to it, its command completed with zeros (pe_execute checks a
     * packet's length before its parameters; the model runs nothing). */
    size_t upto = taken;
    int same_run = 1;
    if (st == CTM_OK)
        upto = taken - pending;
    else if (at_finish || commands == before) {
        same_run = 0;
        /* a parameter that failed: its header is `pending` words before it */
        const pe_cmd_desc *d =
            pending && !at_finish ? pe_cmd_by_opcode(w[taken - 1 - pending] >> 8 & 0xFF) : NULL;
        for (size_t k = 0; d && k < d->nparams - pending; k++)
            w[upto++] = 0;
    }
    pe_ref r;
    dpp_error err = {0};
    dpp_status want =
        pe_ref_run(&r, lanes, MEM, w, upto, at_finish ? "ctm_pe_finish" : "ctm_pe_put", &err);
    if (want == DPP_E_NOMEM)
        broken("the model: %s", err.msg);
    if ((st == CTM_OK) != (want == DPP_OK) || (st != CTM_OK && strcmp(ctm_pe_error(pe), err.msg)))
        broken("the handle says %d \"%s\", the model %d \"%s\" (%zu words)", st, ctm_pe_error(pe),
               want, err.msg, upto);
    const char *why = same_run ? pe_ref_differs(pe, &r) : NULL;
    pe_ref_drop(&r);
    if (why)
        broken("after %zu words: %s", upto, why);

    if (st != CTM_OK) { /* stopped: the same error, no word taken */
        uint64_t words_before = 0, words_after = 0;
        ctm_pe_get(pe, "words", &words_before);
        if ((flags & 4) && ctm_pe_put(pe, 0xC0001B00u) != st)
            broken("a put after the error: not %d", st);
        if (ctm_pe_finish(pe) != st || strcmp(ctm_error(), ctm_pe_error(pe)))
            broken("ctm_pe_finish after the error: not %d \"%s\"", st, ctm_pe_error(pe));
        ctm_pe_get(pe, "words", &words_after);
        if (words_after != words_before)
            broken("words taken after the error: %llu, then %llu", (unsigned long long)words_before,
                   (unsigned long long)words_after);
    }
    ctm_pe_free(pe);
    return 0;
}
