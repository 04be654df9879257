/* asm -> disasm -> asm is bit-exact: 200 random legal programs of 500
 * instructions (100,000 words), each printed by the disassembler and
 * assembled again, must give back the identical executable. */
#include "asm.h"
#include "isa_gen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

enum { PROGRAMS = 200, SLOTS = 500 };

static void first_difference(const dpp_exe *a, const dpp_exe *b, const char *text)
{
    for (unsigned i = 0; i < a->ninsts * DPP_INST_DWORDS; i++)
        if (a->words[i] != b->words[i]) {
            char line[512];
            dpp_inst in;
            dpp_inst_decode(a->words + (i / 6) * 6, &in);
            dpp_disasm_inst(&in, 1, line, sizeof line);
            print_error("slot %u dword %u: 0x%08x became 0x%08x\n  %s\n", i / 6, i % 6, a->words[i],
                        b->words[i], line);
            return;
        }
    print_error("words equal; notes or proginfo differ\n%.2000s\n", text);
}

static void random_programs_roundtrip(void **state)
{
    (void)state;
    uint64_t rng = 0x1234567887654321ull;
    dpp_exe *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    unsigned words = 0;
    for (int p = 0; p < PROGRAMS; p++) {
        char *text = NULL;
        dpp_error err;
        gen_program(&rng, SLOTS, a);
        assert_int_equal(dpp_program_validate(a->words, a->ninsts, &err), DPP_OK);
        assert_int_equal(dpp_disasm(a, &text, &err), DPP_OK);
        dpp_status st = dpp_asm(text, strlen(text), "random.s", NULL, b, &err);
        if (st != DPP_OK)
            print_error("%s\n", err.msg);
        assert_int_equal(st, DPP_OK);
        if (memcmp(a, b, sizeof *a))
            first_difference(a, b, text);
        assert_memory_equal(a, b, sizeof *a);
        words += a->ninsts;
        free(text);
    }
    assert_true(words >= 100000);
    free(a);
    free(b);
}

/* One instruction of each type, printed alone and parsed back. */
static void single_words_roundtrip(void **state)
{
    (void)state;
    uint64_t rng = 42;
    for (int i = 0; i < 2000; i++) {
        dpp_inst in, back;
        char line[600], prog[700];
        dpp_exe *x = malloc(sizeof *x);
        dpp_error err;
        gen_inst(&rng, i & 3, 1, &in);
        if (in.cmn.type == DPP_TYPE_FC)
            in.fc.jump_addr = 0;
        gen_fix_alu_result(&in, 1);
        dpp_disasm_inst(&in, 0, line, sizeof line);
        snprintf(prog, sizeof prog, "%s\n", line);
        dpp_asm_opts o = {1};
        dpp_status st = dpp_asm(prog, strlen(prog), "one.s", &o, x, &err);
        if (st != DPP_OK)
            print_error("%s\n%s\n", line, err.msg);
        assert_int_equal(st, DPP_OK);
        dpp_inst_decode(x->words, &back);
        if (in.cmn.type == DPP_TYPE_OUT)
            in.cmn.tex_sem_wait = 1; /* the assembler forces WAIT on the last OUTPUT */
        uint32_t w1[6], w2[6];
        dpp_inst_encode(&in, w1);
        dpp_inst_encode(&back, w2);
        assert_memory_equal(w1, w2, sizeof w1);
        free(x);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(single_words_roundtrip),
        cmocka_unit_test(random_programs_roundtrip),
    };
    return cmocka_run_group_tests_name("roundtrip", tests, NULL, NULL);
}
