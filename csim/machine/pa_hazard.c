/* The hazard checks of pa_hazard.h: what each instruction reads and writes,
 * decoded once, and one wavefront's outstanding texture and ALU work. */
#include "pa_hazard.h"

#include "asm.h"
#include "pa_int.h"

#include <stdio.h>
#include <string.h>

static void add_read(pa_hz_uop *h, unsigned addr, unsigned rel)
{
    for (unsigned k = 0; k < h->nread; k++)
        if (h->read[k] == addr && (h->read_rel >> k & 1) == (rel != 0))
            return;
    h->read_rel |= (uint8_t)((rel != 0) << h->nread);
    h->read[h->nread++] = (uint8_t)addr;
}

static void add_write(pa_hz_uop *h, unsigned addr, unsigned rel)
{
    h->write_rel |= (uint8_t)((rel != 0) << h->nwrite);
    h->write[h->nwrite++] = (uint8_t)addr;
}

static void decode_alu(const pa_uop *u, pa_hz_uop *h)
{
    for (unsigned k = 0; k < 6; k++)
        if ((u->src_read >> k & 1) && u->src[k].kind == DPP_SRC_TEMP)
            add_read(h, u->src[k].addr, u->src[k].rel);
    if (u->wmask & 7)
        add_write(h, u->rgb_addrd & 127, u->rgb_addrd_rel);
    if (u->wmask & 8)
        add_write(h, u->alpha_addrd & 127, u->alpha_addrd_rel);
    if (u->type == DPP_TYPE_ALU)
        h->bits_write = (uint8_t)(u->alu_wmask | (u->pred_we & 15) << 1);
}

static void decode_tex(const pa_uop *u, pa_hz_uop *h)
{
    const dpp_tex *t = &u->inst.tex;
    if (t->inst == DPP_TEX_NOP)
        return;
    add_read(h, t->src_addr & 127, t->src_rel);
    if (t->inst == DPP_TEX_DXDY) {
        add_read(h, t->dx_addr & 127, t->dx_rel);
        add_read(h, t->dy_addr & 127, t->dy_rel);
    }
    /* A predicated TEX or TEXKILL reads its predicate bits (RGB_PRED_SEL for R,
     * G, B; ALPHA_PRED_SEL for A) from the ALU engine [seed 000, p28]. */
    for (unsigned c = 0; c < 4; c++)
        if (u->psel[c] != 0xFF)
            h->bits_read |= (uint8_t)(2u << u->psel[c]);
    h->lookup = t->inst != DPP_TEX_KILL && (u->inst.cmn.rgb_wmask || u->inst.cmn.alpha_wmask);
    if (h->lookup)
        add_write(h, t->dst_addr & 127, t->dst_rel);
}

/* JUMP_FUNC is indexed by (ALU result, predicate, boolean) as bits 2, 1, 0: it
 * reads an input iff two entries that differ only in that input differ. */
static void decode_fc(const pa_uop *u, pa_hz_uop *h)
{
    unsigned jf = u->fc.jump_func;
    if ((jf >> 4 ^ jf) & 0x0F)
        h->bits_read |= 1;
    if (((jf >> 2 ^ jf) & 0x33) && u->fc.pred_sel >= DPP_PRED_RRRR &&
        u->fc.pred_sel <= DPP_PRED_AAAA)
        h->bits_read |= (uint8_t)(2u << (u->fc.pred_sel - DPP_PRED_RRRR));
}

void pa_hz_decode(const pa_uop *u, pa_hz_uop *h)
{
    memset(h, 0, sizeof *h);
    const dpp_cmn *m = &u->inst.cmn;
    h->wait = m->tex_sem_wait != 0;
    h->alu_wait = m->alu_wait != 0;
    if (u->type == DPP_TYPE_TEX) {
        h->engine = PA_HZ_TEX;
        h->acquire = u->inst.tex.sem_acquire != 0;
        decode_tex(u, h);
    } else if (u->type == DPP_TYPE_FC) {
        h->engine = PA_HZ_FC;
        decode_fc(u, h);
    } else {
        h->engine = PA_HZ_ALU;
        decode_alu(u, h);
    }
}

static inline int has(const uint64_t *set, unsigned r)
{
    return set[r >> 6] >> (r & 63) & 1;
}

static inline void put(uint64_t *set, unsigned r, int on)
{
    uint64_t b = 1ull << (r & 63);
    set[r >> 6] = on ? set[r >> 6] | b : set[r >> 6] & ~b;
}

/* A temporary's address with aL; out of range is the ALU's or TEX's own fault. */
static int temp_at(unsigned addr, int rel, int32_t al, unsigned *r)
{
    int64_t i = (int64_t)addr + (rel ? al : 0);
    *r = (unsigned)i;
    return i >= 0 && i < DPP_NUM_TEMPS;
}

/* "wave W pc P (INSTRUCTION): WHAT [seed 000, pN]; FIX" */
static dpp_status broken(const pa_uop *u, unsigned pc, unsigned wave, dpp_error *err,
                         const char *what, const char *page, const char *fix)
{
    char text[256];
    dpp_disasm_inst(&u->inst, 0, text, sizeof text);
    return dpp_error_set(err, DPP_E_FAULT, "wave %u pc %u (%s): %s [seed 000, %s]; %s", wave, pc,
                         text, what, page, fix);
}

/* p35-p37: a lookup's destination is written when its data arrives, which
 * only an ACQUIRE on it (or a later lookup) followed by a WAIT makes sure of. */
static dpp_status check_tex(const pa_hz_state *s, const pa_uop *u, const pa_hz_uop *h, unsigned pc,
                            int32_t al, unsigned wave, dpp_error *err)
{
    if (!(s->tex_open[0] | s->tex_open[1] | s->tex_held[0] | s->tex_held[1]))
        return DPP_OK; /* no lookup outstanding: the usual case */
    char what[160];
    unsigned r;
    for (unsigned k = 0; k < h->nread + h->nwrite; k++) {
        int is_read = k < h->nread;
        unsigned addr = is_read ? h->read[k] : h->write[k - h->nread];
        int rel = is_read ? h->read_rel >> k & 1 : h->write_rel >> (k - h->nread) & 1;
        if (!temp_at(addr, rel, al, &r) || (!has(s->tex_open, r) && !has(s->tex_held, r)))
            continue;
        if (!is_read && h->lookup)
            continue; /* lookups write in order */
        int held = has(s->tex_held, r);
        snprintf(what, sizeof what,
                 "r%u is %s before the texture lookup at pc %u that writes it has completed", r,
                 is_read ? "read" : "written", s->tex_pc[r]);
        return broken(u, pc, wave, err, what, "p37",
                      held ? "set TEX_SEM_WAIT (wait) on this instruction"
                           : "set TEX_SEM_ACQUIRE and TEX_SEM_WAIT (acquire wait) on that lookup "
                             "or a later one, and TEX_SEM_WAIT (wait) on the first instruction "
                             "that uses its result");
    }
    return DPP_OK;
}

/* p28: the engines run in parallel; TEX and FC take ALU results (registers,
 * the ALU result, predicate bits) only after an ALU_WAIT. ALU and OUTPUT
 * instructions are one engine, in order. */
static dpp_status check_alu(const pa_hz_state *s, const pa_uop *u, const pa_hz_uop *h, unsigned pc,
                            int32_t al, unsigned wave, dpp_error *err)
{
    if (h->engine == PA_HZ_ALU || h->alu_wait)
        return DPP_OK;
    char what[160];
    unsigned r;
    for (unsigned k = 0; k < h->nread; k++)
        if (temp_at(h->read[k], h->read_rel >> k & 1, al, &r) && has(s->alu_temps, r)) {
            snprintf(what, sizeof what,
                     "the texture engine reads r%u, which the ALU instruction at pc %u wrote, "
                     "without waiting for it",
                     r, s->alu_pc[r]);
            return broken(u, pc, wave, err, what, "p28", "set ALU_WAIT (aluwait) on it");
        }
    unsigned bits = h->bits_read & s->alu_bits;
    if (bits) {
        const char *engine = h->engine == PA_HZ_TEX ? "texture" : "flow-control";
        unsigned b = (unsigned)__builtin_ctz(bits);
        if (b)
            snprintf(what, sizeof what,
                     "the %s engine reads predicate bit %u, which the ALU "
                     "instruction at pc %u wrote, without waiting for it",
                     engine, b - 1, s->bits_pc[b]);
        else
            snprintf(what, sizeof what,
                     "the %s engine reads the ALU result, which the ALU instruction "
                     "at pc %u wrote, without waiting for it",
                     engine, s->bits_pc[0]);
        return broken(u, pc, wave, err, what, "p28", "set ALU_WAIT (aluwait) on it");
    }
    return DPP_OK;
}

/* What the instruction leaves outstanding. */
static void record(pa_hz_state *s, const pa_hz_uop *h, unsigned pc, int32_t al)
{
    unsigned r;
    for (unsigned k = 0; k < h->nwrite; k++) {
        if (!temp_at(h->write[k], h->write_rel >> k & 1, al, &r))
            continue;
        int alu = h->engine == PA_HZ_ALU;
        put(s->alu_temps, r, alu);
        if (alu)
            s->alu_pc[r] = (uint16_t)pc;
        if (h->lookup) {
            put(s->tex_open, r, 1);
            put(s->tex_held, r, 0);
            s->tex_pc[r] = (uint16_t)pc;
        }
    }
    s->alu_bits |= h->bits_write;
    for (unsigned b = 0; b < 5; b++)
        if (h->bits_write >> b & 1)
            s->bits_pc[b] = (uint16_t)pc;
    if (h->acquire) {
        for (int w = 0; w < 2; w++) {
            s->tex_held[w] |= s->tex_open[w];
            s->tex_open[w] = 0;
        }
    }
}

dpp_status pa_hz_issue(pa_hz_state *s, const pa_uop *u, const pa_hz_uop *h, unsigned pc, int32_t al,
                       unsigned wave, dpp_error *err)
{
    if (h->wait) /* the wait happens first, also on an instruction that acquires */
        s->tex_held[0] = s->tex_held[1] = 0;
    if (h->alu_wait) {
        s->alu_temps[0] = s->alu_temps[1] = 0;
        s->alu_bits = 0;
    }
    dpp_status st = check_tex(s, u, h, pc, al, wave, err);
    if (!st)
        st = check_alu(s, u, h, pc, al, wave, err);
    if (!st)
        record(s, h, pc, al);
    s->early_new = 0;
    if (u->type == DPP_TYPE_OUT) {
        if (!s->out_pc)
            s->out_pc = (uint16_t)(pc + 1);
    } else if (s->out_pc && !s->early_pc) {
        s->early_pc = s->out_pc;
        s->early_new = 1;
    }
    return st;
}
