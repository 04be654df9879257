/* The field table, encode/decode, and every validation rule with its message. */
#include "fp_bits.h"
#include "isa.h"
#include "isa_gen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

static void table_is_consistent(void **state)
{
    (void)state;
    size_t n;
    const dpp_field_desc *f = dpp_fields(&n);
    assert_true(n > 80);
    assert_true(n <= 128); /* isa_check.c keeps per-type lists of at most 128 fields */
    for (unsigned t = 0; t < 4; t++) {
        uint32_t seen[DPP_INST_DWORDS] = {0};
        for (size_t i = 0; i < n; i++) {
            assert_true(f[i].width >= 1 && f[i].width <= 9);
            assert_true(f[i].lo + f[i].width <= 32);
            assert_true(f[i].dword < DPP_INST_DWORDS);
            if (!(f[i].types & (1u << t)))
                continue;
            uint32_t m = (uint32_t)((1ull << f[i].width) - 1) << f[i].lo;
            if (seen[f[i].dword] & m)
                print_error("type %u: field %s overlaps another\n", t, f[i].name);
            assert_int_equal(seen[f[i].dword] & m, 0);
            seen[f[i].dword] |= m;
        }
    }
    for (size_t i = 0; i < n; i++) {
        assert_ptr_equal(dpp_field_find(f[i].name), &f[i]);
        for (size_t j = i + 1; j < n; j++)
            assert_true(f[i].offset != f[j].offset || f[i].types != f[j].types);
    }
    assert_null(dpp_field_find("no_such_field"));
}

/* Known positions from spec 5.2 / 6.3, checked through the encoder. */
static void encoder_places_fields(void **state)
{
    (void)state;
    dpp_inst in;
    uint32_t w[6];
    memset(&in, 0, sizeof in);
    in.cmn.type = DPP_TYPE_FC;
    in.fc.jump_addr = 0x1FF;
    in.fc.b_pop_cnt = 31;
    in.fc.jump_func = 0xA5;
    in.cmn.rgb_pred_sel = DPP_PRED_AAAA;
    dpp_inst_encode(&in, w);
    assert_int_equal(w[0], 2u | 5u << 3);
    assert_int_equal(w[2], 0xA5u << 8 | 31u << 16);
    assert_int_equal(w[3], 0x1FFu << 16);
    assert_int_equal(w[1] | w[4] | w[5], 0);
    memset(&in, 0, sizeof in);
    in.cmn.type = DPP_TYPE_ALU;
    in.alu.rgb_src[2].addr = 0x80 | 5;
    in.alu.alpha_srcp_op = DPP_SRCP_INV;
    in.alu.rgb_swiz[2][2] = DPP_SWZ_1;
    in.alu.alpha_mod[2] = DPP_MOD_NAB;
    in.alu.alu_wmask = 1;
    in.cmn.stat_we = 0xF;
    dpp_inst_encode(&in, w);
    assert_int_equal(w[0], 0xF0000000u);
    assert_int_equal(w[1], 0x85u << 20);
    assert_int_equal(w[2], 3u << 30);
    assert_int_equal(w[3], 1u << 31);
    assert_int_equal(w[5], 6u << 20 | 3u << 30);
}

static void decode_inverts_encode(void **state)
{
    (void)state;
    uint64_t rng = 7;
    for (int i = 0; i < 20000; i++) {
        dpp_inst in, back;
        uint32_t w[6], w2[6];
        gen_inst(&rng, -1, DPP_MAX_INSTS, &in);
        dpp_inst_encode(&in, w);
        dpp_inst_decode(w, &back);
        assert_memory_equal(&in, &back, sizeof in);
        dpp_inst_encode(&back, w2);
        assert_memory_equal(w, w2, sizeof w);
    }
}

typedef struct bad_word {
    const char *field; /* set this field (of an otherwise valid word) ... */
    unsigned value;    /* ... to this value */
    unsigned type;
    const char *field2; /* optional second field */
    unsigned value2;
    const char *expect; /* message fragment */
} bad_word;

/* Validates (as slot 3) a zero word of `type` with `field` set to `value`. */
static dpp_status validate_with(unsigned type, const char *field, unsigned value, dpp_error *err)
{
    dpp_inst in;
    uint32_t w[6];
    memset(&in, 0, sizeof in);
    in.cmn.type = (uint16_t)type;
    dpp_field_set(&in, dpp_field_find(field), value);
    dpp_inst_encode(&in, w);
    return dpp_inst_validate(w, 3, err);
}

static void illegal_words(void **state)
{
    (void)state;
    static const bad_word bad[] = {
        {"rgb_omod", DPP_OMOD_DISABLED, DPP_TYPE_ALU, NULL, 0, "OMOD_DISABLED on RGB op"},
        {"alpha_omod", DPP_OMOD_DISABLED, DPP_TYPE_OUT, NULL, 0, "OMOD_DISABLED on alpha op"},
        {"alu_wmask", 1, DPP_TYPE_OUT, NULL, 0, "cannot write the ALU result"},
        {"w_omask", 1, DPP_TYPE_ALU, NULL, 0, "cannot write W"},
        {"rgb_pred_sel", DPP_PRED_RGBA, DPP_TYPE_FC, NULL, 0, "replicate"},
        {"rgb_pred_sel", 6, DPP_TYPE_ALU, NULL, 0, "rgb_pred_sel has reserved value 6"},
        {"alpha_pred_sel", 7, DPP_TYPE_TEX, NULL, 0, "alpha_pred_sel has reserved value 7"},
        {"rgb_op", 6, DPP_TYPE_ALU, NULL, 0, "rgb_op has reserved value 6"},
        {"rgb_op", 13, DPP_TYPE_ALU, NULL, 0, "rgb_op has reserved value 13"},
        {"alpha_op", 4, DPP_TYPE_ALU, NULL, 0, "alpha_op has reserved value 4"},
        {"rgb_op", DPP_RGB_MDH, DPP_TYPE_ALU, NULL, 0, "MDH/MDV"},
        {"alpha_op", DPP_ALPHA_MDV, DPP_TYPE_ALU, NULL, 0, "MDH/MDV"},
        {"red_swiz_b", 7, DPP_TYPE_ALU, NULL, 0, "red_swiz_b has reserved value 7"},
        {"alpha_swiz_c", 7, DPP_TYPE_OUT, NULL, 0, "alpha_swiz_c has reserved value 7"},
        {"rgb_op", DPP_RGB_SOP, DPP_TYPE_ALU, NULL, 0, "SOP needs a transcendental"},
        {"alpha_op", DPP_ALPHA_DP, DPP_TYPE_ALU, NULL, 0, "alpha DP needs RGB op"},
        {"rgb_addr1", 0x85, DPP_TYPE_ALU, "rgb_addr1_rel", 1, "inline constant with relative"},
        {"tex_sem_acquire", 1, DPP_TYPE_TEX, NULL, 0, "TEX_SEM_ACQUIRE without TEX_SEM_WAIT"},
        {"tex_inst", 7, DPP_TYPE_TEX, NULL, 0, "tex_inst has reserved value 7"},
        {"a_op", 3, DPP_TYPE_FC, NULL, 0, "a_op has reserved value 3"},
        {"b_op0", 3, DPP_TYPE_FC, NULL, 0, "b_op0 has reserved value 3"},
        {"b_op1", 3, DPP_TYPE_FC, NULL, 0, "b_op1 has reserved value 3"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dpp_inst in;
        uint32_t w[6];
        dpp_error err;
        memset(&in, 0, sizeof in);
        in.cmn.type = (uint16_t)bad[i].type;
        dpp_inst_encode(&in, w);
        assert_int_equal(dpp_inst_validate(w, 3, &err), DPP_OK);
        dpp_field_set(&in, dpp_field_find(bad[i].field), bad[i].value);
        if (bad[i].field2)
            dpp_field_set(&in, dpp_field_find(bad[i].field2), bad[i].value2);
        dpp_inst_encode(&in, w);
        assert_int_equal(dpp_inst_validate(w, 3, &err), DPP_E_ILLEGAL);
        if (!strstr(err.msg, bad[i].expect) || strncmp(err.msg, "slot 3: ", 8))
            print_error("case %zu: message '%s' lacks '%s'\n", i, err.msg, bad[i].expect);
        assert_non_null(strstr(err.msg, bad[i].expect));
        assert_int_equal(strncmp(err.msg, "slot 3: ", 8), 0);
    }
}

/* seed 000, p34: "RGB_OMASK 3 bits Write R G B to output or to predicate
 * bits": the output masks of an ALU instruction are its predicate enables, so
 * they are legal there; STAT_WE is a statistics enable without architectural
 * effect (docs/isa-model-defined.md I13), legal on ALU and OUTPUT. */
static void output_masks_legal_on_alu(void **state)
{
    (void)state;
    static const struct {
        unsigned type;
        const char *field;
        unsigned value;
    } ok[] = {
        {DPP_TYPE_ALU, "rgb_omask", 7},
        {DPP_TYPE_ALU, "alpha_omask", 1},
        {DPP_TYPE_ALU, "stat_we", 0xF},
        {DPP_TYPE_OUT, "stat_we", 0xF},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        dpp_error err;
        dpp_status st = validate_with(ok[i].type, ok[i].field, ok[i].value, &err);
        if (st != DPP_OK)
            print_error("case %zu: %s\n", i, err.msg);
        assert_int_equal(st, DPP_OK);
    }
}

static void reserved_bits(void **state)
{
    (void)state;
    static const struct {
        uint32_t w[6];
        const char *expect;
    } bad[] = {
        {{2, 1, 0, 0, 0, 0}, "reserved bits 0x00000001 set in dword 1 of a fc"},
        {{2, 0, 1u << 3, 0, 0, 0}, "dword 2 of a fc"},
        {{2, 0, 0, 1u << 30, 0, 0}, "reserved bits 0x40000000 set in dword 3"},
        {{2, 0, 0, 0, 0, 1}, "dword 5 of a fc"},
        {{2 | 1u << 11, 0, 0, 0, 0, 0}, "dword 0 of a fc"},
        {{3, 1, 0, 0, 0, 0}, "dword 1 of a tex"},
        {{3, 0, 0, 0, 1, 0}, "dword 4 of a tex"},
        {{3 | 1u << 19, 0, 0, 0, 0, 0}, "dword 0 of a tex"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dpp_error err;
        assert_int_equal(dpp_inst_validate(bad[i].w, 9, &err), DPP_E_ILLEGAL);
        if (!strstr(err.msg, bad[i].expect))
            print_error("case %zu: '%s' lacks '%s'\n", i, err.msg, bad[i].expect);
        assert_non_null(strstr(err.msg, bad[i].expect));
    }
}

static void program_rules(void **state)
{
    (void)state;
    dpp_inst p[3];
    uint32_t w[3 * 6];
    dpp_error err;
    memset(p, 0, sizeof p);
    /* slot 0 writes r5, slot 1 reads r5 through the presubtract */
    p[0].cmn.type = DPP_TYPE_ALU;
    p[0].cmn.rgb_wmask = 1;
    p[0].alu.rgb_addrd = 5;
    p[1].cmn.type = DPP_TYPE_ALU;
    p[1].alu.alpha_src[1].addr = 5;
    p[1].alu.rgb_sel[2] = DPP_SEL_SRCP;
    p[2].cmn.type = DPP_TYPE_OUT;
    for (int i = 0; i < 3; i++)
        dpp_inst_encode(&p[i], w + 6 * i);
    assert_int_equal(dpp_program_validate(w, 3, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "slot 1: presubtract reads a temporary written by slot 0"));
    assert_true(dpp_needs_nop(&p[0], &p[1]));
    p[0].cmn.nop = 1;
    dpp_inst_encode(&p[0], w);
    assert_int_equal(dpp_program_validate(w, 3, &err), DPP_OK);
    /* a TEX before never needs the NOP; nor does a write to another register */
    dpp_inst tex = {0};
    tex.cmn.type = DPP_TYPE_TEX;
    tex.cmn.rgb_wmask = 7;
    tex.tex.dst_addr = 5;
    assert_false(dpp_needs_nop(&tex, &p[1]));
    p[0].alu.rgb_addrd = 6;
    assert_false(dpp_needs_nop(&p[0], &p[1]));
    /* relative destinations may alias anything */
    p[0].alu.rgb_addrd_rel = 1;
    assert_true(dpp_needs_nop(&p[0], &p[1]));
    /* the last slot must be an OUTPUT */
    assert_int_equal(dpp_program_validate(w, 2, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "last instruction must be an OUTPUT"));
    /* jump past the end */
    dpp_inst j = {0};
    j.cmn.type = DPP_TYPE_FC;
    j.fc.jump_addr = 3;
    dpp_inst_encode(&j, w + 6);
    assert_int_equal(dpp_program_validate(w, 3, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "jump address 3 is past the last slot 2"));
    assert_int_equal(dpp_program_validate(w, 0, &err), DPP_E_ILLEGAL);
    assert_int_equal(dpp_program_validate(w, DPP_MAX_INSTS + 1, &err), DPP_E_ILLEGAL);
}

/* An FC that reads the ALU result needs an ALU write of it after the last FC
 * instruction and after the last jump target (spec 5.13). */
static void alu_result_freshness(void **state)
{
    (void)state;
    dpp_inst p[5];
    uint32_t w[5 * 6];
    dpp_error err;
    memset(p, 0, sizeof p);
    p[0].cmn.type = DPP_TYPE_ALU;
    p[0].alu.alu_wmask = 1;
    p[1].cmn.type = DPP_TYPE_TEX; /* TEX keeps the result */
    p[2].cmn.type = DPP_TYPE_FC;
    p[2].fc.jump_func = 0xF0; /* jump if the result is set */
    p[2].fc.jump_addr = 4;
    p[3].cmn.type = DPP_TYPE_FC;
    p[3].fc.jump_func = 0x0F;
    p[3].fc.jump_addr = 4;
    p[4].cmn.type = DPP_TYPE_OUT;
    for (int i = 0; i < 5; i++)
        dpp_inst_encode(&p[i], w + 6 * i);
    assert_int_equal(dpp_program_validate(w, 5, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "slot 3: flow control reads the ALU result"));
    /* the second FC ignores the result: fine */
    p[3].fc.jump_func = 0x33;
    dpp_inst_encode(&p[3], w + 18);
    assert_int_equal(dpp_program_validate(w, 5, &err), DPP_OK);
    /* a jump target between the write and the read invalidates it */
    p[3].fc.jump_addr = 1;
    dpp_inst_encode(&p[3], w + 18);
    assert_int_equal(dpp_program_validate(w, 5, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "slot 2: flow control reads the ALU result"));
}

static void inline_constants_and_loop_constants(void **state)
{
    (void)state;
    static const struct {
        unsigned code;
        float v;
    } t[] = {{0x00, 0.0f}, {0x01, 0x1p-9f}, {0x07, 7 * 0x1p-9f}, {0x08, 0x1p-6f}, {0x38, 1.0f},
             {0x3C, 1.5f}, {0x40, 2.0f},    {0x30, 0.5f},        {0x7F, 480.0f},  {0x78, 256.0f}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        assert_true(dpp_fp_f(dpp_inline_const_bits(t[i].code)) == t[i].v);
    }
    dpp_src_addr s = {0x85, 0, 0};
    assert_int_equal(dpp_src_classify(&s), DPP_SRC_INLINE);
    s.cnst = 1;
    assert_int_equal(dpp_src_classify(&s), DPP_SRC_CONST);
    s = (dpp_src_addr){0x05, 0, 1};
    assert_int_equal(dpp_src_classify(&s), DPP_SRC_TEMP);
    dpp_loop_const k = dpp_loop_const_unpack(0x00FE0A05u);
    assert_int_equal(k.count, 5);
    assert_int_equal(k.init, 10);
    assert_int_equal(k.step, -2);
    assert_int_equal(dpp_loop_const_pack(k), 0x00FE0A05u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_is_consistent),
        cmocka_unit_test(encoder_places_fields),
        cmocka_unit_test(decode_inverts_encode),
        cmocka_unit_test(illegal_words),
        cmocka_unit_test(output_masks_legal_on_alu),
        cmocka_unit_test(reserved_bits),
        cmocka_unit_test(program_rules),
        cmocka_unit_test(alu_result_freshness),
        cmocka_unit_test(inline_constants_and_loop_constants),
    };
    return cmocka_run_group_tests_name("isa", tests, NULL, NULL);
}
