/* Assembler driver: lines, labels, directives, and the work after the last
 * line (label fix-ups, hazard NOPs, the final OUTPUT, notes, PROGINFO). */
#include "asm_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

dpp_inst *asm_emit(asm_state *s, unsigned type)
{
    if (s->n == DPP_MAX_INSTS) {
        asm_fail(&s->cur, &s->cur.t[0], "program has more than %d instructions", DPP_MAX_INSTS);
        return NULL;
    }
    dpp_inst *in = &s->inst[s->n];
    memset(in, 0, sizeof *in);
    in->cmn.type = (uint16_t)type;
    s->line_of[s->n++] = s->cur.line;
    return in;
}

dpp_status asm_fix_label(asm_state *s, unsigned slot, const tok *t)
{
    if (s->nfixes == ASM_MAX_FIXES)
        return asm_fail(&s->cur, t, "more than %d label references", ASM_MAX_FIXES);
    asm_fix *f = &s->fixes[s->nfixes++];
    snprintf(f->name, sizeof f->name, "%s", t->text);
    f->slot = slot;
    f->line = s->cur.line;
    f->col = t->col;
    return DPP_OK;
}

static const asm_label *find_label(const asm_state *s, const char *name)
{
    for (unsigned i = 0; i < s->nlabels; i++)
        if (!strcmp(s->labels[i].name, name))
            return &s->labels[i];
    return NULL;
}

static dpp_status define_label(asm_state *s, const tok *t)
{
    cursor *c = &s->cur;
    const asm_label *old = find_label(s, t->text);
    if (old)
        return asm_fail(c, t, "label '%s' already defined at line %u", t->text, old->line);
    if (strchr(t->text, '.'))
        return asm_fail(c, t, "a label cannot contain '.'");
    if (s->nlabels == ASM_MAX_LABELS)
        return asm_fail(c, t, "more than %d labels", ASM_MAX_LABELS);
    asm_label *l = &s->labels[s->nlabels++];
    snprintf(l->name, sizeof l->name, "%s", t->text);
    l->slot = s->n;
    l->line = c->line;
    l->col = t->col;
    return DPP_OK;
}

/* ".float cN, x[, y, z, w]" */
static dpp_status dir_float(asm_state *s)
{
    cursor *c = &s->cur;
    const tok *t = asm_next(c);
    unsigned k;
    if (t->kind != TOK_IDENT || t->text[0] != 'c')
        return asm_fail(c, t, ".float needs a constant c0-c255");
    TRY(asm_uint(c, t, t->text + 1, DPP_NUM_CONSTS - 1, &k));
    uint32_t v[4];
    int n = 0;
    while (asm_accept(c, ",")) {
        if (n == 4)
            return asm_fail(c, asm_peek(c), ".float takes 1 or 4 values");
        TRY(asm_float_bits(c, &v[n++]));
    }
    if (n != 1 && n != 4)
        return asm_fail(c, asm_peek(c), ".float takes 1 or 4 values, found %d", n);
    if (!asm_at_end(c))
        return asm_fail(c, asm_peek(c), "unexpected '%s'", asm_peek(c)->text);
    if (s->x->domain_const == k + 1)
        return asm_fail(c, t, ".float c%u: c%u is the .domain constant", k, k);
    for (int i = 0; i < 4; i++)
        s->x->float_val[k][i] = v[n == 1 ? 0 : i];
    s->x->float_set[k] = 1;
    return DPP_OK;
}

/* ".domain cN": the runner sets cN to (W, H, 1/W, 1/H) of the domain. */
static dpp_status dir_domain(asm_state *s)
{
    cursor *c = &s->cur;
    const tok *t = asm_next(c);
    unsigned k;
    if (t->kind != TOK_IDENT || t->text[0] != 'c')
        return asm_fail(c, t, ".domain needs a constant c0-c255");
    TRY(asm_uint(c, t, t->text + 1, DPP_NUM_CONSTS - 1, &k));
    if (!asm_at_end(c))
        return asm_fail(c, asm_peek(c), "unexpected '%s'", asm_peek(c)->text);
    if (s->x->domain_const)
        return asm_fail(c, t, "a second .domain (c%u is the domain already)",
                        s->x->domain_const - 1);
    if (s->x->float_set[k])
        return asm_fail(c, t, ".domain c%u: c%u has a .float value", k, k);
    s->x->domain_const = k + 1;
    return DPP_OK;
}

/* ".int iN, count, init, step" or ".int iN, 0xRAW" */
static dpp_status dir_int(asm_state *s)
{
    cursor *c = &s->cur;
    const tok *t = asm_next(c);
    unsigned k, v[3];
    int neg = 0;
    if (t->kind != TOK_IDENT || t->text[0] != 'i')
        return asm_fail(c, t, ".int needs an integer constant i0-i31");
    TRY(asm_uint(c, t, t->text + 1, DPP_NUM_INTS - 1, &k));
    int n = 0;
    while (n < 3 && asm_accept(c, ",")) {
        const tok *vt = asm_peek(c);
        neg = n == 2 && asm_accept(c, "-");
        vt = asm_next(c);
        TRY(asm_uint(c, vt, vt->text, n == 0 && vt->text[1] == 'x' ? 0xFFFFFFFFu : 255, &v[n]));
        n++;
    }
    if (!asm_at_end(c) || (n != 1 && n != 3))
        return asm_fail(c, asm_peek(c), ".int takes count, init, step (or one raw word)");
    if (n == 1) {
        s->x->int_val[k] = v[0];
    } else {
        if ((neg && v[2] > 128) || (!neg && v[2] > 127))
            return asm_fail(c, asm_peek(c), ".int step must be -128..127");
        dpp_loop_const lc = {(uint8_t)v[0], (uint8_t)v[1], (int8_t)(neg ? -(int)v[2] : (int)v[2])};
        s->x->int_val[k] = dpp_loop_const_pack(lc);
    }
    s->x->int_set |= 1u << k;
    return DPP_OK;
}

/* ".bool bN, 0|1" */
static dpp_status dir_bool(asm_state *s)
{
    cursor *c = &s->cur;
    const tok *t = asm_next(c);
    unsigned k, v;
    if (t->kind != TOK_IDENT || t->text[0] != 'b')
        return asm_fail(c, t, ".bool needs a boolean constant b0-b31");
    TRY(asm_uint(c, t, t->text + 1, DPP_NUM_BOOLS - 1, &k));
    TRY(asm_expect(c, ","));
    t = asm_next(c);
    TRY(asm_uint(c, t, t->text, 1, &v));
    if (!asm_at_end(c))
        return asm_fail(c, asm_peek(c), "unexpected '%s'", asm_peek(c)->text);
    s->x->bool_set |= 1u << k;
    s->x->bool_val = (s->x->bool_val & ~(1u << k)) | v << k;
    return DPP_OK;
}

/* ".proginfo key=value ..." */
static dpp_status dir_proginfo(asm_state *s)
{
    static const struct {
        const char *key, *v0, *v1;
        unsigned max;
        size_t off, flag;
    } keys[] = {
        {"fg_depth_src", "0", "1", 1, offsetof(dpp_proginfo, fg_depth_src),
         offsetof(asm_state, set_fg)},
        {"output_mode", "cached", "umrt", 1, offsetof(dpp_proginfo, output_mode),
         offsetof(asm_state, set_mode)},
        {"fc_mode", "partial", "full", 1, offsetof(dpp_proginfo, fc_mode),
         offsetof(asm_state, set_fc)},
        {"num_temps", NULL, NULL, DPP_NUM_TEMPS, offsetof(dpp_proginfo, num_temps),
         offsetof(asm_state, set_temps)},
    };
    cursor *c = &s->cur;
    while (!asm_at_end(c)) {
        const tok *k = asm_next(c);
        size_t i = 0;
        while (i < sizeof keys / sizeof keys[0] && strcmp(keys[i].key, k->text))
            i++;
        if (i == sizeof keys / sizeof keys[0])
            return asm_fail(c, k,
                            "unknown .proginfo key '%s' (fg_depth_src, output_mode, "
                            "fc_mode, num_temps)",
                            k->text);
        TRY(asm_expect(c, "="));
        const tok *v = asm_next(c);
        unsigned val;
        if (keys[i].v0 && !strcmp(v->text, keys[i].v0))
            val = 0;
        else if (keys[i].v1 && !strcmp(v->text, keys[i].v1))
            val = 1;
        else
            TRY(asm_uint(c, v, v->text, keys[i].max, &val));
        memcpy((char *)&s->x->info + keys[i].off, &val, sizeof val);
        int line = (int)s->cur.line; /* >= 1: given, and where */
        memcpy((char *)s + keys[i].flag, &line, sizeof line);
    }
    return DPP_OK;
}

/* ".use cN | iN | inN | oN | condout | earlyexit": note entries beyond what
 * the code references. */
static dpp_status dir_use(asm_state *s)
{
    cursor *c = &s->cur;
    dpp_usage *u = &s->declared;
    do {
        const tok *t = asm_next(c);
        unsigned k;
        if (!strcmp(t->text, "condout"))
            u->condout = 1;
        else if (!strcmp(t->text, "earlyexit"))
            u->earlyexit = 1;
        else if (!strncmp(t->text, "in", 2) && t->kind == TOK_IDENT) {
            TRY(asm_uint(c, t, t->text + 2, DPP_NUM_INPUTS - 1, &k));
            u->inputs |= (uint16_t)(1u << k);
        } else if (t->text[0] == 'o' && t->kind == TOK_IDENT) {
            TRY(asm_uint(c, t, t->text + 1, DPP_NUM_OUTPUTS - 1, &k));
            u->outputs |= (uint8_t)(1u << k);
        } else if (t->text[0] == 'c' && t->kind == TOK_IDENT) {
            TRY(asm_uint(c, t, t->text + 1, DPP_NUM_CONSTS - 1, &k));
            u->float_used[k] = 1;
        } else if (t->text[0] == 'i' && t->kind == TOK_IDENT) {
            TRY(asm_uint(c, t, t->text + 1, DPP_NUM_INTS - 1, &k));
            u->int_used |= 1u << k;
        } else {
            return asm_fail(c, t, "bad .use item '%s' (cN, iN, inN, oN, condout, earlyexit)",
                            t->text);
        }
    } while (asm_accept(c, ","));
    if (!asm_at_end(c))
        return asm_fail(c, asm_peek(c), "unexpected '%s'", asm_peek(c)->text);
    return DPP_OK;
}

static dpp_status statement(asm_state *s)
{
    cursor *c = &s->cur;
    const tok *t = asm_peek(c);
    /* labels */
    while (t->kind == TOK_IDENT && !strcmp(c->t[c->i + 1].text, ":")) {
        TRY(define_label(s, t));
        asm_next(c);
        asm_next(c);
        t = asm_peek(c);
    }
    if (t->kind == TOK_END)
        return DPP_OK;
    if (t->kind != TOK_IDENT)
        return asm_fail(c, t, "expected an instruction, directive or label, found '%s'", t->text);
    asm_next(c);
    static const struct {
        const char *name;
        dpp_status (*fn)(asm_state *);
    } dirs[] = {{".float", dir_float},
                {".domain", dir_domain},
                {".int", dir_int},
                {".bool", dir_bool},
                {".proginfo", dir_proginfo},
                {".use", dir_use}};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        if (!strcmp(t->text, dirs[i].name))
            return dirs[i].fn(s);
    if (!strcmp(t->text, "alu"))
        return asm_alu_stmt(s, DPP_TYPE_ALU);
    if (!strcmp(t->text, "out"))
        return asm_alu_stmt(s, DPP_TYPE_OUT);
    if (!strcmp(t->text, "tex"))
        return asm_tex_stmt(s);
    if (!strcmp(t->text, "fc"))
        return asm_fc_stmt(s);
    dpp_status st = asm_flow_stmt(s, t);
    if (st != DPP_E_ARG)
        return st;
    return asm_fail(c, t, "unknown instruction or directive '%s'", t->text);
}

/* Splits text into logical lines ('\' continues a line, ';' starts a comment). */
static dpp_status run_lines(asm_state *s, const char *text, size_t len)
{
    char line[4096];
    size_t pos = 0;
    unsigned lineno = 0;
    while (pos < len) {
        size_t n = 0;
        unsigned first = ++lineno;
        for (;;) {
            size_t e = pos;
            while (e < len && text[e] != '\n')
                e++;
            size_t stop = pos;
            while (stop < e && text[stop] != ';')
                stop++;
            size_t keep = stop - pos;
            int cont = keep && text[pos + keep - 1] == '\\' && stop == e;
            if (cont)
                keep--;
            if (n + keep + 1 >= sizeof line) {
                s->cur.line = first;
                return asm_fail(&s->cur, NULL, "line longer than %zu characters", sizeof line - 2);
            }
            memcpy(line + n, text + pos, keep);
            n += keep;
            line[n++] = ' ';
            pos = e < len ? e + 1 : e;
            if (!cont || pos >= len)
                break;
            lineno++;
        }
        s->cur.line = first;
        for (size_t i = 0; i < n; i++)
            if (line[i] == 0)
                return dpp_error_set(s->cur.err, DPP_E_PARSE,
                                     "%s:%u:%zu: error: NUL byte in the text", s->cur.file, first,
                                     i + 1);
        TRY(asm_lex(&s->cur, line, n));
        TRY(statement(s));
    }
    return DPP_OK;
}

static dpp_status resolve_labels(asm_state *s)
{
    for (unsigned i = 0; i < s->nfixes; i++) {
        const asm_fix *f = &s->fixes[i];
        const asm_label *l = find_label(s, f->name);
        if (!l)
            return dpp_error_set(s->cur.err, DPP_E_PARSE, "%s:%u:%u: error: undefined label '%s'",
                                 s->cur.file, f->line, f->col, f->name);
        if (l->slot >= s->n)
            return dpp_error_set(s->cur.err, DPP_E_PARSE,
                                 "%s:%u:%u: error: label '%s' is past the last instruction",
                                 s->cur.file, f->line, f->col, f->name);
        s->inst[f->slot].fc.jump_addr = (uint16_t)l->slot;
    }
    return DPP_OK;
}

static dpp_status hazards(asm_state *s, const dpp_asm_opts *o)
{
    for (unsigned i = 1; i < s->n; i++)
        if (!s->inst[i - 1].cmn.nop && dpp_needs_nop(&s->inst[i - 1], &s->inst[i])) {
            if (o && o->report_nops)
                return dpp_error_set(s->cur.err, DPP_E_PARSE,
                                     "%s:%u:1: error: presubtract reads a temporary written by "
                                     "the previous instruction (line %u), which needs 'nop'",
                                     s->cur.file, s->line_of[i], s->line_of[i - 1]);
            s->inst[i - 1].cmn.nop = 1;
        }
    return DPP_OK;
}

/* The program must end with OUTPUT + TEX_SEM_WAIT (spec 5.1). */
static dpp_status final_output(asm_state *s)
{
    if (s->n && s->inst[s->n - 1].cmn.type == DPP_TYPE_OUT) {
        s->inst[s->n - 1].cmn.tex_sem_wait = 1;
        return DPP_OK;
    }
    s->cur.line = s->n ? s->line_of[s->n - 1] : 1;
    s->cur.n = 0;
    dpp_inst *in = asm_emit(s, DPP_TYPE_OUT);
    if (!in)
        return DPP_E_PARSE;
    in->cmn.tex_sem_wait = 1;
    return DPP_OK;
}

static void fill_exe(asm_state *s)
{
    dpp_exe *x = s->x;
    dpp_usage u;
    x->ninsts = s->n;
    for (unsigned i = 0; i < s->n; i++)
        dpp_inst_encode(&s->inst[i], x->words + i * DPP_INST_DWORDS);
    dpp_usage_of(x->words, x->ninsts, &u);
    const dpp_usage *d = &s->declared;
    x->inputs = u.inputs | d->inputs;
    x->outputs = u.outputs | d->outputs;
    x->condout = u.condout | d->condout;
    x->earlyexit = u.earlyexit | d->earlyexit;
    x->int_used = u.int_used | d->int_used;
    for (unsigned i = 0; i < DPP_NUM_CONSTS; i++)
        x->float_used[i] = u.float_used[i] | d->float_used[i] | x->float_set[i] |
                           (x->domain_const == i + 1);
    x->int_used |= x->int_set;
    x->info.reserved = 1;
    x->info.num_insts = x->ninsts;
    if (!s->set_fc) { /* partial unless the program breaks its rules [seed 000 p38] */
        dpp_error e;
        x->info.fc_mode = dpp_program_check_partial(x->words, x->ninsts,
                                                    DPP_FC_PARTIAL_BRANCHES, &e) != DPP_OK;
    }
    if (!s->set_temps)
        x->info.num_temps = u.num_temps;
    if (!s->set_fg) /* v is the program's W when it writes one (isa-model-defined E11) */
        x->info.fg_depth_src = u.condout;
}

/* A whole-program check's "slot N: ..." message at the source line of slot N. */
static dpp_status at_slot_line(const asm_state *s, const dpp_error *e, dpp_error *err)
{
    unsigned slot = 0;
    sscanf(e->msg, "slot %u", &slot);
    return dpp_error_set(err, DPP_E_ILLEGAL, "%s:%u:1: error: %s", s->cur.file,
                         s->line_of[slot < s->n ? slot : 0], e->msg);
}

dpp_status dpp_asm(const char *text, size_t len, const char *file, const dpp_asm_opts *opts,
                   dpp_exe *exe, dpp_error *err)
{
    asm_state *s = calloc(1, sizeof *s);
    if (!s)
        return dpp_error_set(err, DPP_E_NOMEM, "out of memory");
    memset(exe, 0, sizeof *exe);
    s->x = exe;
    s->cur.file = file;
    s->cur.err = err;
    dpp_status st = run_lines(s, text, len);
    if (st == DPP_OK)
        st = asm_flow_finish(s);
    if (st == DPP_OK)
        st = final_output(s); /* first, so that a label at the end names it */
    if (st == DPP_OK)
        st = resolve_labels(s);
    if (st == DPP_OK)
        st = asm_flow_returns(s);
    if (st == DPP_OK)
        st = hazards(s, opts);
    for (unsigned i = 0; st == DPP_OK && i < s->n; i++) {
        uint32_t w[DPP_INST_DWORDS];
        dpp_error e;
        dpp_inst_encode(&s->inst[i], w);
        if (dpp_inst_validate(w, i, &e) != DPP_OK)
            st =
                dpp_error_set(err, DPP_E_ILLEGAL, "%s:%u:1: error: %s", file, s->line_of[i], e.msg);
    }
    if (st == DPP_OK) {
        fill_exe(s);
        if (exe->info.fg_depth_src && !exe->condout)
            st = dpp_error_set(err, DPP_E_PARSE,
                               "%s:%d:1: error: fg_depth_src=1 takes the conditional value "
                               "from W, but no 'out ... w' writes it (nor does '.use condout' "
                               "say so)",
                               file, s->set_fg);
    }
    if (st == DPP_OK) {
        dpp_error e;
        if (dpp_program_validate(exe->words, exe->ninsts, &e) != DPP_OK ||
            (!exe->info.fc_mode && dpp_program_check_partial(exe->words, exe->ninsts,
                                                             DPP_FC_PARTIAL_BRANCHES, &e)))
            st = at_slot_line(s, &e, err);
    }
    free(s);
    return st;
}
