/* Random legal instruction words and programs (see isa_gen.h). */
#include "isa_gen.h"

#include "asm.h"

#include <string.h>

uint32_t gen_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (uint32_t)((*s * 0x2545F4914F6CDD1Dull) >> 32);
}

/* A random value of field f that names a legal enum value (if f has names). */
static unsigned field_value(uint64_t *rng, const dpp_field_desc *f)
{
    for (;;) {
        unsigned v = gen_rand(rng) & ((1u << f->width) - 1);
        if (!f->enum_names || dpp_field_value_name(f, v))
            return v;
    }
}

void gen_inst(uint64_t *rng, int type, unsigned nslots, dpp_inst *out)
{
    size_t n;
    const dpp_field_desc *f = dpp_fields(&n);
    for (;;) {
        unsigned t = type < 0 ? gen_rand(rng) & 3 : (unsigned)type;
        memset(out, 0, sizeof *out);
        out->cmn.type = (uint16_t)t;
        for (size_t i = 0; i < n; i++)
            if ((f[i].types & (1u << t)) && strcmp(f[i].name, "type"))
                dpp_field_set(out, &f[i], field_value(rng, &f[i]));
        if (t == DPP_TYPE_FC)
            out->fc.jump_addr = (uint16_t)(out->fc.jump_addr % nslots);
        uint32_t w[DPP_INST_DWORDS];
        dpp_inst_encode(out, w);
        if (dpp_inst_validate(w, 0, NULL) == DPP_OK)
            return;
    }
}

void gen_fix_alu_result(dpp_inst *in, unsigned n)
{
    uint8_t target[DPP_MAX_INSTS] = {0};
    for (unsigned i = 0; i < n; i++)
        if (in[i].cmn.type == DPP_TYPE_FC) {
            if (in[i].fc.a_op != DPP_AOP_POP && in[i].fc.jump_addr < n)
                target[in[i].fc.jump_addr] = 1;
            if (in[i].fc.a_op == DPP_AOP_PUSH && i + 1 < n)
                target[i + 1] = 1;
        }
    int valid = 0;
    for (unsigned i = 0; i < n; i++) {
        dpp_fc *f = &in[i].fc;
        valid &= !target[i];
        if (in[i].cmn.type == DPP_TYPE_FC) {
            if (!valid)
                f->jump_func = (uint16_t)((f->jump_func & 0x0F) * 0x11);
            valid = 0;
        } else if (in[i].cmn.type == DPP_TYPE_ALU && in[i].alu.alu_wmask) {
            valid = 1;
        }
    }
}

void gen_program(uint64_t *rng, unsigned n, dpp_exe *x)
{
    dpp_inst in[DPP_MAX_INSTS];
    memset(x, 0, sizeof *x);
    for (unsigned i = 0; i < n; i++) {
        gen_inst(rng, i + 1 == n ? DPP_TYPE_OUT : -1, n, &in[i]);
        if (i + 1 == n)
            in[i].cmn.tex_sem_wait = 1;
    }
    for (unsigned i = 1; i < n; i++)
        if (dpp_needs_nop(&in[i - 1], &in[i]))
            in[i - 1].cmn.nop = 1;
    gen_fix_alu_result(in, n);
    x->ninsts = n;
    for (unsigned i = 0; i < n; i++)
        dpp_inst_encode(&in[i], x->words + i * DPP_INST_DWORDS);
    x->info = (dpp_proginfo){1,
                             gen_rand(rng) & 1,
                             gen_rand(rng) & 1,
                             gen_rand(rng) & 1,
                             gen_rand(rng) % (DPP_NUM_TEMPS + 1),
                             n};
    dpp_error e; /* partial mode only for a program that keeps its rules [seed 000 p38] */
    if (!x->info.fc_mode && dpp_program_check_partial(x->words, n, DPP_FC_PARTIAL_BRANCHES, &e))
        x->info.fc_mode = 1;
    for (int k = 0; k < 4; k++) {
        unsigned c = gen_rand(rng) % DPP_NUM_CONSTS, i = gen_rand(rng) % DPP_NUM_INTS;
        x->float_set[c] = 1;
        for (int ch = 0; ch < 4; ch++)
            x->float_val[c][ch] = gen_rand(rng);
        x->int_set |= 1u << i;
        x->int_val[i] = gen_rand(rng);
    }
    x->bool_set = gen_rand(rng);
    x->bool_val = gen_rand(rng) & x->bool_set;
    dpp_usage u;
    dpp_usage_of(x->words, n, &u);
    x->inputs = u.inputs | (uint16_t)(gen_rand(rng) & 3);
    x->outputs = u.outputs;
    x->condout = u.condout;
    x->earlyexit = u.earlyexit | (gen_rand(rng) & 1);
    x->int_used = u.int_used | x->int_set | (1u << (gen_rand(rng) % 32));
    for (unsigned i = 0; i < DPP_NUM_CONSTS; i++)
        x->float_used[i] = u.float_used[i] | x->float_set[i];
    x->float_used[gen_rand(rng) % DPP_NUM_CONSTS] = 1;
}
