/* The alu, out, tex and fc statements of the assembler (docs/asm.md). */
#include "asm_int.h"

#include <stdio.h>
#include <string.h>

int asm_enum_index(const char *field, const char *name)
{
    const dpp_field_desc *f = dpp_field_find(field);
    for (unsigned v = 0; f && v < f->enum_count; v++)
        if (f->enum_names[v] && !strcmp(f->enum_names[v], name))
            return (int)v;
    return -1;
}

/* Register reference: "r12", "r[aL+12]", each optionally followed by
 * ".suffix" (returned in sfx, "" if none). prefix is 'r', 'c' or 'o'. */
static dpp_status parse_reg(asm_state *s, char prefix, unsigned max, unsigned *idx, unsigned *rel,
                            char sfx[ASM_NAME], const tok **at)
{
    cursor *c = &s->cur;
    const tok *t = asm_next(c);
    *at = t;
    sfx[0] = 0;
    *rel = 0;
    if (t->kind != TOK_IDENT || t->text[0] != prefix)
        return asm_fail(c, t, "expected a %c register, found '%s'", prefix,
                        t->kind == TOK_END ? "end of line" : t->text);
    const char *dot = strchr(t->text, '.');
    char num[ASM_NAME];
    snprintf(num, sizeof num, "%.*s", (int)(dot ? dot - t->text - 1 : (long)strlen(t->text) - 1),
             t->text + 1);
    if (num[0] == 0 && !dot && asm_accept(c, "[")) {
        /* relative: [aL+N] or [aL] */
        const tok *al = asm_next(c);
        if (strcmp(al->text, "aL"))
            return asm_fail(c, al, "expected 'aL' in a relative address");
        *rel = 1;
        *idx = 0;
        if (asm_accept(c, "+")) {
            const tok *n = asm_next(c);
            TRY(asm_uint(c, n, n->text, max, idx));
        }
        TRY(asm_expect(c, "]"));
        const tok *d = asm_peek(c);
        if (d->kind == TOK_IDENT && d->text[0] == '.' && d->col == c->t[c->i - 1].col + 1) {
            snprintf(sfx, ASM_NAME, "%s", d->text + 1);
            asm_next(c);
        }
        return DPP_OK;
    }
    TRY(asm_uint(c, t, num, max, idx));
    if (dot)
        snprintf(sfx, ASM_NAME, "%s", dot + 1);
    return DPP_OK;
}

/* xyzw are accepted for rgba in masks and swizzles. */
static char channel_letter(char ch)
{
    const char *xyzw = "xyzw", *p = ch ? strchr(xyzw, ch) : NULL;
    return p ? "rgba"[p - xyzw] : ch;
}

/* Write mask letters (subset of chans, in order) or "_" for none. */
static dpp_status parse_mask(asm_state *s, const tok *t, const char *sfx_in, const char *chans,
                             unsigned *mask)
{
    char sfx[ASM_NAME];
    size_t len = strlen(sfx_in);
    for (size_t i = 0; i <= len && i < sizeof sfx; i++)
        sfx[i] = channel_letter(sfx_in[i]);
    sfx[sizeof sfx - 1] = 0;
    *mask = 0;
    if (!strcmp(sfx, "_"))
        return DPP_OK;
    size_t n = strlen(chans);
    if (strlen(sfx) == n && strchr(sfx, '_')) { /* positional: "r_b" */
        for (size_t i = 0; i < n; i++) {
            if (sfx[i] != '_' && sfx[i] != chans[i])
                return asm_fail(&s->cur, t, "bad write mask '.%s' (use '%s' with _ for gaps)", sfx,
                                chans);
            *mask |= (unsigned)(sfx[i] != '_') << i;
        }
        return DPP_OK;
    }
    const char *p = sfx;
    for (unsigned i = 0; chans[i] && *p; i++)
        if (*p == chans[i]) {
            *mask |= 1u << i;
            p++;
        }
    if (*p || !sfx[0])
        return asm_fail(&s->cur, t, "bad write mask '.%s' (use letters of '%s' in order, or _)",
                        sfx, chans);
    return DPP_OK;
}

/* Swizzle letters (r g b a 0 h 1, table names) of exactly n channels. */
static dpp_status parse_swizzle(asm_state *s, const tok *t, const char *sw, const char *field,
                                int n, uint16_t *out)
{
    if ((int)strlen(sw) != n)
        return asm_fail(&s->cur, t, "swizzle '.%s' must have %d channel%s", sw, n,
                        n > 1 ? "s" : "");
    for (int i = 0; i < n; i++) {
        char one[2] = {channel_letter(sw[i]), 0};
        int v = asm_enum_index(field, one);
        if (v < 0)
            return asm_fail(&s->cur, t, "bad swizzle channel '%c' in '.%s'", sw[i], sw);
        out[i] = (uint16_t)v;
    }
    return DPP_OK;
}

dpp_status asm_pred(asm_state *s, uint16_t *sel, uint16_t *inv, int replicate_only)
{
    cursor *c = &s->cur;
    *inv = (uint16_t)asm_accept(c, "!");
    const tok *t = asm_next(c);
    if (t->kind != TOK_IDENT || strncmp(t->text, "p.", 2))
        return asm_fail(c, t, "expected a predicate p.rgba, p.r, p.g, p.b or p.a");
    const char *m = t->text + 2;
    static const char *const shortn[] = {"r", "g", "b", "a"};
    int v = asm_enum_index("rgb_pred_sel", m);
    for (int i = 0; i < 4 && v < 0; i++)
        if (!strcmp(m, shortn[i]))
            v = DPP_PRED_RRRR + i;
    if (v <= DPP_PRED_NONE)
        return asm_fail(c, t, "bad predicate '%s' (p.rgba, p.r .. p.a)", t->text);
    if (replicate_only && v == DPP_PRED_RGBA)
        return asm_fail(c, t, "flow control needs a single predicate bit (p.r, p.g, p.b, p.a)");
    *sel = (uint16_t)v;
    return DPP_OK;
}

/* "op[.omod][.sat]" of one unit. */
static dpp_status parse_opcode(asm_state *s, const char *opfield, uint16_t *op, uint16_t *omod,
                               uint16_t *clamp)
{
    cursor *c = &s->cur;
    const tok *t = asm_next(c);
    char buf[ASM_NAME];
    snprintf(buf, sizeof buf, "%s", t->text);
    char *save = NULL, *part = strtok_r(buf, ".", &save);
    int v = part ? asm_enum_index(opfield, part) : -1;
    if (t->kind != TOK_IDENT || v < 0)
        return asm_fail(c, t, "unknown %s opcode '%s'", opfield[0] == 'r' ? "RGB" : "alpha",
                        t->text);
    *op = (uint16_t)v;
    while ((part = strtok_r(NULL, ".", &save))) {
        int m = asm_enum_index("rgb_omod", part);
        if (!strcmp(part, "sat"))
            *clamp = 1;
        else if (m >= 0)
            *omod = (uint16_t)m;
        else
            return asm_fail(c, t, "unknown opcode suffix '.%s' (u2 u4 u8 d2 d4 d8 disabled sat)",
                            part);
    }
    return DPP_OK;
}

/* One source address: rN, r[aL+N], cN, c[aL+N], #value; a swizzle after a
 * register is returned in sfx ("" if none). */
static dpp_status parse_addr(asm_state *s, dpp_src_addr *d, char sfx[ASM_NAME])
{
    cursor *c = &s->cur;
    unsigned idx, rel;
    const tok *t = asm_peek(c);
    sfx[0] = 0;
    if (asm_accept(c, "#")) {
        uint32_t bits;
        t = asm_peek(c);
        TRY(asm_float_bits(c, &bits));
        for (unsigned code = 0; code < 128; code++)
            if (dpp_inline_const_bits(code) == bits) {
                *d = (dpp_src_addr){(uint16_t)(0x80 | code), 0, 0};
                return DPP_OK;
            }
        return asm_fail(c, t,
                        "'%s' is not an inline constant (4-bit exponent, 3-bit mantissa, "
                        "0 to 480)",
                        t->text);
    }
    int cnst = t->kind == TOK_IDENT && t->text[0] == 'c';
    TRY(parse_reg(s, cnst ? 'c' : 'r', cnst ? DPP_NUM_CONSTS - 1 : DPP_NUM_TEMPS - 1, &idx, &rel,
                  sfx, &t));
    *d = (dpp_src_addr){(uint16_t)idx, (uint16_t)cnst, (uint16_t)rel};
    return DPP_OK;
}

static dpp_status parse_src_addr(asm_state *s, dpp_src_addr *d)
{
    char sfx[ASM_NAME];
    const tok *t = asm_peek(&s->cur);
    TRY(parse_addr(s, d, sfx));
    if (sfx[0])
        return asm_fail(&s->cur, t,
                        "a source address takes no swizzle ('.%s'); swizzle the operand", sfx);
    return DPP_OK;
}

/* An operand written as an address ("r2.xyz", "c[aL+1].a", "#0.5"), waiting
 * for a source slot. */
typedef struct direct_operand {
    uint16_t *sel;
    dpp_src_addr addr;
    int need[2]; /* [0]: the RGB half of the slot (channels r,g,b), [1]: the alpha half */
    tok at;
} direct_operand;

/* The source slots of one ALU statement. */
typedef struct slot_alloc {
    direct_operand d[6];
    unsigned n;
    int given[2][3]; /* half h of slot k is fixed (by "src" or an earlier operand) */
    int src_part;
    int units; /* bit 0: "rgb" seen, bit 1: "alpha" seen */
} slot_alloc;

/* Operand: [-][|]X[|] where X is sN.swz (N in 0,1,2 or p), or an address
 * with an optional swizzle that the assembler places in a source slot. */
static dpp_status parse_operand(asm_state *s, slot_alloc *al, int nch, uint16_t *sel, uint16_t *swz,
                                uint16_t *mod)
{
    cursor *c = &s->cur;
    int neg = asm_accept(c, "-"), abs = asm_accept(c, "|");
    const tok *t = asm_peek(c);
    const char *dflt = nch == 3 ? "rgb" : "a", *sw = dflt;
    char sfx[ASM_NAME];
    direct_operand *d = NULL;
    if (t->kind == TOK_IDENT && t->text[0] == 's' && t->text[1] && strchr("012p", t->text[1]) &&
        (t->text[2] == 0 || t->text[2] == '.')) {
        asm_next(c);
        *sel = t->text[1] == 'p' ? DPP_SEL_SRCP : (uint16_t)(t->text[1] - '0');
        if (t->text[2])
            sw = t->text + 3;
    } else if (!strcmp(t->text, "#") ||
               (t->kind == TOK_IDENT && (t->text[0] == 'r' || t->text[0] == 'c'))) {
        d = &al->d[al->n++];
        d->at = *t;
        d->sel = sel;
        TRY(parse_addr(s, &d->addr, sfx));
        if (sfx[0])
            sw = sfx;
    } else {
        return asm_fail(c, t,
                        "expected an operand (s0, s1, s2, sp, a register rN, a constant cN or "
                        "#value), found '%s'",
                        t->kind == TOK_END ? "end of line" : t->text);
    }
    TRY(parse_swizzle(s, t, sw, "red_swiz_a", nch, swz));
    for (int i = 0; d && i < nch; i++) /* R,G,B come from the RGB half, A from the alpha half */
        d->need[swz[i] == DPP_SWZ_A] |= swz[i] <= DPP_SWZ_A;
    if (abs)
        TRY(asm_expect(c, "|"));
    *mod = (uint16_t)((neg ? DPP_MOD_NEG : 0) | (abs ? DPP_MOD_ABS : 0));
    return DPP_OK;
}

/* Is slot k usable for d: every half d needs is free or holds d's address?
 * With exact, every needed half must already hold it. */
static int slot_fits(const slot_alloc *al, const dpp_inst *in, const direct_operand *d, int k,
                     int exact)
{
    const dpp_src_addr *half[2] = {in->alu.rgb_src, in->alu.alpha_src};
    for (int h = 0; h < 2; h++) {
        if (!d->need[h])
            continue;
        int same = al->given[h][k] && !memcmp(&half[h][k], &d->addr, sizeof d->addr);
        if (exact ? !same : (al->given[h][k] && !same))
            return 0;
    }
    return 1;
}

/* Places every direct operand in a source slot, reusing a slot that already
 * holds its address; unused halves become inline 0 when there is no "src". */
static dpp_status allocate_slots(asm_state *s, dpp_inst *in, slot_alloc *al)
{
    dpp_src_addr *half[2] = {in->alu.rgb_src, in->alu.alpha_src};
    for (unsigned i = 0; i < al->n; i++) {
        direct_operand *d = &al->d[i];
        int k = 0;
        while (k < 3 && !slot_fits(al, in, d, k, 1))
            k++;
        if (k == 3)
            for (k = 0; k < 3 && !slot_fits(al, in, d, k, 0); k++)
                ;
        if (k == 3)
            return asm_fail(&s->cur, &d->at,
                            "no source slot left for '%s': an instruction reads at most three "
                            "RGB and three alpha addresses",
                            d->at.text);
        for (int h = 0; h < 2; h++)
            if (d->need[h]) {
                half[h][k] = d->addr;
                al->given[h][k] = 1;
            }
        *d->sel = (uint16_t)k;
    }
    if (al->src_part)
        return DPP_OK;
    for (int h = 0; h < 2; h++)
        for (int k = 0; k < 3; k++)
            if (!al->given[h][k])
                half[h][k] = (dpp_src_addr){0x80, 0, 0};
    return DPP_OK;
}

/* "rgb op dst[ oT.mask], A, B, C [if pred]" or the alpha twin. */
static dpp_status parse_unit(asm_state *s, dpp_inst *in, slot_alloc *al, int alpha)
{
    cursor *c = &s->cur;
    dpp_alu *a = &in->alu;
    dpp_cmn *m = &in->cmn;
    char sfx[ASM_NAME];
    unsigned idx, rel, mask;
    const tok *t;
    TRY(parse_opcode(s, alpha ? "alpha_op" : "rgb_op", alpha ? &a->alpha_op : &a->rgb_op,
                     alpha ? &a->alpha_omod : &a->rgb_omod,
                     alpha ? &m->alpha_clamp : &m->rgb_clamp));
    TRY(parse_reg(s, 'r', DPP_NUM_TEMPS - 1, &idx, &rel, sfx, &t));
    TRY(parse_mask(s, t, sfx, alpha ? "a" : "rgb", &mask));
    *(alpha ? &a->alpha_addrd : &a->rgb_addrd) = (uint16_t)idx;
    *(alpha ? &a->alpha_addrd_rel : &a->rgb_addrd_rel) = (uint16_t)rel;
    *(alpha ? &m->alpha_wmask : &m->rgb_wmask) = (uint16_t)mask;
    const tok *o = asm_peek(c);
    if (o->kind == TOK_IDENT && o->text[0] == 'o' && o->text[1] >= '0' && o->text[1] <= '9') {
        if (m->type != DPP_TYPE_OUT)
            return asm_fail(c, o, "only an 'out' instruction writes outputs");
        TRY(parse_reg(s, 'o', DPP_NUM_OUTPUTS - 1, &idx, &rel, sfx, &t));
        TRY(parse_mask(s, t, sfx, alpha ? "a" : "rgb", &mask));
        *(alpha ? &a->alpha_target : &a->rgb_target) = (uint16_t)idx;
        *(alpha ? &m->alpha_omask : &m->rgb_omask) = (uint16_t)mask;
    }
    if (alpha && asm_peek(c)->kind == TOK_IDENT && !strcmp(asm_peek(c)->text, "w")) {
        if (m->type != DPP_TYPE_OUT)
            return asm_fail(c, asm_peek(c), "only an 'out' instruction writes W");
        asm_next(c);
        a->w_omask = 1;
    }
    for (int k = 0; k < 3; k++) {
        TRY(asm_expect(c, ","));
        if (alpha)
            TRY(parse_operand(s, al, 1, &a->alpha_sel[k], &a->alpha_swiz[k], &a->alpha_mod[k]));
        else
            TRY(parse_operand(s, al, 3, &a->rgb_sel[k], a->rgb_swiz[k], &a->rgb_mod[k]));
    }
    if (asm_accept(c, "if"))
        TRY(asm_pred(s, alpha ? &m->alpha_pred_sel : &m->rgb_pred_sel,
                     alpha ? &m->alpha_pred_inv : &m->rgb_pred_inv, 0));
    return DPP_OK;
}

static dpp_status parse_srcs(asm_state *s, dpp_inst *in, slot_alloc *al)
{
    if (al->src_part)
        return asm_fail(&s->cur, &s->cur.t[s->cur.i - 1], "a second 'src'");
    for (int k = 0; k < 3; k++) {
        if (k)
            TRY(asm_expect(&s->cur, ","));
        TRY(parse_src_addr(s, &in->alu.rgb_src[k]));
        TRY(asm_expect(&s->cur, "/"));
        TRY(parse_src_addr(s, &in->alu.alpha_src[k]));
        al->given[0][k] = al->given[1][k] = 1;
    }
    al->src_part = 1;
    return DPP_OK;
}

static dpp_status parse_enum_tok(asm_state *s, const char *field, uint16_t *out)
{
    const tok *t = asm_next(&s->cur);
    int v = asm_enum_index(field, t->text);
    if (v < 0)
        return asm_fail(&s->cur, t, "bad %s '%s'", field, t->text);
    *out = (uint16_t)v;
    return DPP_OK;
}

int asm_common_flag(asm_state *s, dpp_inst *in)
{
    static const struct {
        const char *word;
        size_t off;
    } flags[] = {
        {"nop", offsetof(dpp_inst, cmn.nop)},
        {"wait", offsetof(dpp_inst, cmn.tex_sem_wait)},
        {"last", offsetof(dpp_inst, cmn.last)},
        {"aluwait", offsetof(dpp_inst, cmn.alu_wait)},
        {"inactive", offsetof(dpp_inst, cmn.write_inactive)},
    };
    const tok *t = asm_peek(&s->cur);
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (t->kind == TOK_IDENT && !strcmp(t->text, flags[i].word)) {
            if (in->cmn.type == DPP_TYPE_FC && !strcmp(t->text, "inactive"))
                return 0;
            uint16_t one = 1;
            memcpy((char *)in + flags[i].off, &one, sizeof one);
            asm_next(&s->cur);
            return 1;
        }
    return 0;
}

dpp_status asm_generic_field(asm_state *s, dpp_inst *in, int *done)
{
    cursor *c = &s->cur;
    *done = 0;
    const tok *t = asm_peek(c);
    if (t->kind != TOK_IDENT || strcmp(c->t[c->i + 1].text, "="))
        return DPP_OK;
    const dpp_field_desc *f = dpp_field_find(t->text);
    if (!f || !(f->types & (1u << in->cmn.type)))
        return asm_fail(c, t, "'%s' is not a field of a %s instruction", t->text,
                        dpp_field_value_name(dpp_field_find("type"), in->cmn.type));
    if (!strcmp(f->name, "stat_we"))
        return asm_fail(c, t,
                        "'stat_we=' is refused: STAT_WE is not the predicate enable, the output "
                        "masks are (\"RGB_OMASK 3 bits Write R G B to output or to predicate "
                        "bits\", seed 000, p34); write 'setp MASK CMP CMP' for predicate bits, "
                        "or 'stat MASK' for the statistics bits, which have no effect");
    asm_next(c);
    asm_next(c);
    const tok *v = asm_next(c);
    int e = f->enum_names ? asm_enum_index(f->name, v->text) : -1;
    unsigned val = (unsigned)e;
    if (e < 0)
        TRY(asm_uint(c, v, v->text, (1u << f->width) - 1, &val));
    dpp_field_set(in, f, val);
    *done = 1;
    return DPP_OK;
}

/* Trailing words shared by every statement: flags and field=value. */
static dpp_status parse_tail_word(asm_state *s, dpp_inst *in, int *done)
{
    *done = asm_common_flag(s, in);
    if (!*done)
        TRY(asm_generic_field(s, in, done));
    return DPP_OK;
}

/* A channel mask in letters of "rgba" (or "_"), bit 0 = r. */
static dpp_status parse_rgba_mask(asm_state *s, unsigned *mask)
{
    const tok *t = asm_next(&s->cur);
    return parse_mask(s, t, t->text, "rgba", mask);
}

static dpp_status alu_part(asm_state *s, dpp_inst *in, slot_alloc *al, const tok *t)
{
    cursor *c = &s->cur;
    dpp_alu *a = &in->alu;
    int done;
    if (!strcmp(t->text, "rgb") || !strcmp(t->text, "alpha")) {
        int alpha = t->text[0] == 'a';
        if (al->units >> alpha & 1)
            return asm_fail(c, t, "a second '%s' part", t->text);
        al->units |= 1 << alpha;
        return parse_unit(s, in, al, alpha);
    }
    if (!strcmp(t->text, "src"))
        return parse_srcs(s, in, al);
    if (!strcmp(t->text, "srcp")) {
        TRY(parse_enum_tok(s, "rgb_srcp_op", &a->rgb_srcp_op));
        TRY(asm_expect(c, "/"));
        return parse_enum_tok(s, "alpha_srcp_op", &a->alpha_srcp_op);
    }
    if (!strcmp(t->text, "setp")) {
        if (in->cmn.type != DPP_TYPE_ALU)
            return asm_fail(c, t, "only an 'alu' instruction sets predicate bits");
        unsigned mask;
        TRY(parse_rgba_mask(s, &mask));
        dpp_cmn_set_omask(&in->cmn, mask); /* "or to predicate bits" [seed 000, p34] */
        TRY(parse_enum_tok(s, "alu_result_op", &a->rgb_target));
        return parse_enum_tok(s, "alu_result_op", &a->alpha_target);
    }
    if (!strcmp(t->text, "stat")) {
        unsigned mask;
        TRY(parse_rgba_mask(s, &mask));
        in->cmn.stat_we = (uint16_t)mask;
        return DPP_OK;
    }
    if (!strcmp(t->text, "setres")) {
        if (in->cmn.type != DPP_TYPE_ALU)
            return asm_fail(c, t, "only an 'alu' instruction writes the ALU result");
        const tok *ch = asm_next(c);
        if (strcmp(ch->text, "r") && strcmp(ch->text, "a"))
            return asm_fail(c, ch, "setres takes channel r or a, not '%s'", ch->text);
        a->alu_wmask = 1;
        in->cmn.alu_result_sel = ch->text[0] == 'a';
        return parse_enum_tok(s, "alu_result_op", &in->cmn.alu_result_op);
    }
    c->i--;
    TRY(parse_tail_word(s, in, &done));
    if (!done)
        return asm_fail(c, t, "unexpected '%s' in an ALU instruction", t->text);
    return DPP_OK;
}

dpp_status asm_alu_stmt(asm_state *s, unsigned type)
{
    dpp_inst *in = asm_emit(s, type);
    if (!in)
        return DPP_E_PARSE;
    slot_alloc al;
    memset(&al, 0, sizeof al);
    while (!asm_at_end(&s->cur))
        TRY(alu_part(s, in, &al, asm_next(&s->cur)));
    return allocate_slots(s, in, &al);
}

/* "rN.swz4" for a TEX source, DX or DY. */
static dpp_status parse_tex_src(asm_state *s, uint16_t *addr, uint16_t *rel, uint16_t *swz)
{
    char sfx[ASM_NAME];
    unsigned idx, r;
    const tok *t;
    TRY(parse_reg(s, 'r', DPP_NUM_TEMPS - 1, &idx, &r, sfx, &t));
    *addr = (uint16_t)idx;
    *rel = (uint16_t)r;
    return parse_swizzle(s, t, sfx, "src_swiz_0", 4, swz);
}

dpp_status asm_tex_stmt(asm_state *s)
{
    cursor *c = &s->cur;
    dpp_inst *in = asm_emit(s, DPP_TYPE_TEX);
    if (!in)
        return DPP_E_PARSE;
    dpp_tex *x = &in->tex;
    char sfx[ASM_NAME];
    unsigned idx, rel, mask;
    const tok *t;
    TRY(parse_enum_tok(s, "tex_inst", &x->inst));
    TRY(parse_reg(s, 'r', DPP_NUM_TEMPS - 1, &idx, &rel, sfx, &t));
    TRY(parse_mask(s, t, sfx, "rgba", &mask));
    x->dst_addr = (uint16_t)idx;
    x->dst_rel = (uint16_t)rel;
    in->cmn.rgb_wmask = mask & 7;
    in->cmn.alpha_wmask = (uint16_t)(mask >> 3);
    TRY(asm_expect(c, ","));
    TRY(parse_tex_src(s, &x->src_addr, &x->src_rel, x->src_swiz));
    TRY(asm_expect(c, ","));
    t = asm_next(c);
    if (t->kind != TOK_IDENT || t->text[0] != 'i')
        return asm_fail(c, t, "expected an input i0-i15");
    TRY(asm_uint(c, t, t->text + 1, DPP_NUM_INPUTS - 1, &idx));
    x->tex_id = (uint16_t)idx;
    for (int k = 0; k < 4; k++)
        x->dst_swiz[k] = (uint16_t)k; /* identity unless dswz says otherwise */
    while (!asm_at_end(c)) {
        int done;
        t = asm_next(c);
        if (!strcmp(t->text, "dswz")) {
            const tok *w = asm_next(c);
            TRY(parse_swizzle(s, w, w->text, "dst_swiz_0", 4, x->dst_swiz));
        } else if (!strcmp(t->text, "dx")) {
            TRY(parse_tex_src(s, &x->dx_addr, &x->dx_rel, x->dx_swiz));
        } else if (!strcmp(t->text, "dy")) {
            TRY(parse_tex_src(s, &x->dy_addr, &x->dy_rel, x->dy_swiz));
        } else if (!strcmp(t->text, "acquire")) {
            x->sem_acquire = 1;
        } else if (!strcmp(t->text, "unscaled")) {
            x->unscaled = 1;
        } else if (!strcmp(t->text, "if")) {
            /* A lookup writes R, G, B and A, so `if P` predicates all four: the RGB
             * and the alpha predicate selects alike (docs/asm.md, Texture). */
            dpp_cmn *m = &in->cmn;
            TRY(asm_pred(s, &m->rgb_pred_sel, &m->rgb_pred_inv, 0));
            m->alpha_pred_sel = m->rgb_pred_sel;
            m->alpha_pred_inv = m->rgb_pred_inv;
        } else {
            c->i--;
            TRY(parse_tail_word(s, in, &done));
            if (!done)
                return asm_fail(c, t, "unexpected '%s' in a TEX instruction", t->text);
        }
    }
    return DPP_OK;
}

dpp_status asm_fc_stmt(asm_state *s)
{
    cursor *c = &s->cur;
    dpp_inst *in = asm_emit(s, DPP_TYPE_FC);
    if (!in)
        return DPP_E_PARSE;
    TRY(parse_enum_tok(s, "fc_op", &in->fc.op));
    const tok *t = asm_peek(c);
    if (t->kind == TOK_NUM) {
        unsigned v;
        TRY(asm_uint(c, t, t->text, DPP_MAX_INSTS - 1, &v));
        in->fc.jump_addr = (uint16_t)v;
        asm_next(c);
    } else if (t->kind == TOK_IDENT && strcmp(c->t[c->i + 1].text, "=") && strcmp(t->text, "if") &&
               !asm_common_flag(s, in)) {
        TRY(asm_fix_label(s, s->n - 1, t));
        asm_next(c);
    }
    while (!asm_at_end(c)) {
        int done;
        t = asm_peek(c);
        if (asm_accept(c, "if")) {
            TRY(asm_pred(s, &in->cmn.rgb_pred_sel, &in->cmn.rgb_pred_inv, 1));
            continue;
        }
        TRY(parse_tail_word(s, in, &done));
        if (!done)
            return asm_fail(c, t, "unexpected '%s' in an FC instruction", t->text);
    }
    return DPP_OK;
}
