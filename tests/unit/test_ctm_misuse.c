/* Every call of ctm.h misused on purpose (issue 25): a NULL handle, a freed
 * handle, a handle of another kind, and each argument just outside its range.
 * Each must give the documented error value and a message that names the
 * function and the argument (and the value and range), never a crash and
 * never a silent default; a misuse in a call that returns nothing is the next
 * check's CTM_E_ARG. */
#include "cmocka_all.h"

#include "asm.h"
#include "ctm.h"
#include "elf_exe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The handles a row's call uses; which of them is the bad one is the case's. */
typedef struct handles {
    ctm_pred *p;
    ctm_stack *s;
    ctm_fc *f;
    ctm_model *m;
    ctm_commit_checker *c; /* drives a model of its own */
    ctm_model *cm;
    ctm_pe *e;
    ctm_txn_checker *t; /* of the CO's transactions; drives a model of its own */
    ctm_model *tm;
    ctm_mem *y; /* an input, an output and a conditional buffer set */
    ctm_model *xm; /* a run of a command buffer (ctm_model_new_cmd): one wait_for_idle */
} handles;

/* A call, its result widened (a NULL pointer as 0, a string as its length
 * marker: 1 if it is the error text). */
typedef long long (*call_fn)(const handles *h);

static uint32_t bc_words[16];

/* Sets ctm_error()'s text: a failed call with a message we know. */
static void api_set_error_for_test(const char *msg)
{
    ctm_stack_new(20, 0, 0, 1); /* width 20: fails */
    (void)msg;
}

/* ------------------------------------------------------------ the calls */

#define CALL(name, body)                                                                           \
    static long long name(const handles *h)                                                        \
    {                                                                                              \
        (void)h;                                                                                   \
        body                                                                                       \
    }
#define IS_ERROR_TEXT(s) (strcmp((s), ctm_error()) == 0)

/* a call that returns nothing: its message is read right after it */
CALL(pred_step, ctm_pred_step(h->p, 0, 2, 0, 1, 0); return 0;)
CALL(pred_eval, ctm_pred_eval(h->p, 0, 2, 0, 1, 0); return 0;)
CALL(pred_edge, ctm_pred_edge(h->p); return 0;)
CALL(pred_peek, return (long long)ctm_pred_peek(h->p, 0, CTM_PRED_OBS_SP);)
CALL(pred_expect, return (long long)ctm_pred_expect(h->p, CTM_PRED_EXEC_MASK);)
CALL(pred_check, return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_diff, return IS_ERROR_TEXT(ctm_pred_diff(h->p));)
CALL(pred_diff_port, int port; int lane; return ctm_pred_diff_port(h->p, &port, &lane);)
CALL(pred_report, return IS_ERROR_TEXT(ctm_pred_report(h->p, CTM_REPORT_TEXT));)
CALL(pred_set_cycle, return ctm_pred_set_cycle(h->p, 7);)
CALL(pred_set_history, return ctm_pred_set_history(h->p, 4);)
CALL(pred_free, ctm_pred_free(h->p); return 0;)
CALL(stack_step, ctm_stack_step(h->s, 0, 1, 0, 0, 0, 8); return 0;)
CALL(stack_expect, return (long long)ctm_stack_expect(h->s, CTM_STACK_ENTRIES);)
CALL(stack_check, return ctm_stack_check(h->s, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(stack_diff, return IS_ERROR_TEXT(ctm_stack_diff(h->s));)
CALL(stack_diff_port, int port; int lane; return ctm_stack_diff_port(h->s, &port, &lane);)
CALL(stack_report, return IS_ERROR_TEXT(ctm_stack_report(h->s, CTM_REPORT_JSON));)
CALL(stack_set_cycle, return ctm_stack_set_cycle(h->s, 7);)
CALL(stack_set_history, return ctm_stack_set_history(h->s, 4);)
CALL(stack_free, ctm_stack_free(h->s); return 0;)
CALL(fc_step, ctm_fc_step(h->f, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1); return 0;)
CALL(fc_expect, return (long long)ctm_fc_expect(h->f, CTM_FC_ACTIVE);)
CALL(fc_expect_bc, return ctm_fc_expect_bc(h->f, 0);)
CALL(fc_check, return ctm_fc_check(h->f, 0, 0, 0, 0, 0, 0, bc_words, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                   0, 0, 0);)
CALL(fc_diff, return IS_ERROR_TEXT(ctm_fc_diff(h->f));)
CALL(fc_diff_port, int port; int lane; return ctm_fc_diff_port(h->f, &port, &lane);)
CALL(fc_report, return IS_ERROR_TEXT(ctm_fc_report(h->f, CTM_REPORT_TEXT));)
CALL(fc_cycles, int stepped; return ctm_fc_cycles(h->f, NULL, NULL, 0, &stepped);)
CALL(fc_set_cycle, return ctm_fc_set_cycle(h->f, 7);)
CALL(fc_set_history, return ctm_fc_set_history(h->f, 4);)
CALL(fc_free, ctm_fc_free(h->f); return 0;)
CALL(model_set_input, static const float d[4]; return ctm_model_set_input(h->m, 0, d, CTM_FMT_FLOAT32_1, 4, 1);)
CALL(model_load_input, return ctm_model_load_input(h->m, 0, "/dev/null", CTM_FMT_FLOAT32_1, 4, 1);)
CALL(model_set_constf, return ctm_model_set_constf(h->m, 0, 1, 2, 3, 4);)
CALL(model_set_consti, return ctm_model_set_consti(h->m, 0, 1, 0, 1);)
CALL(model_set_constb, return ctm_model_set_constb(h->m, 0, 1);)
CALL(model_set_tiling, return ctm_model_set_tiling(h->m, CTM_PE_INPUT, 0, CTM_TILE_TILED);)
CALL(model_set_out_format, return ctm_model_set_out_format(h->m, 0, CTM_FMT_UINT8_4);)
CALL(model_set_cond, return ctm_model_set_cond(h->m, CTM_CO_LESS, CTM_CO_LOC_PE, 1, 0);)
CALL(model_load_cond, return ctm_model_load_cond(h->m, "/nonexistent.raw", CTM_FMT_FLOAT32_1, 1, 1);)
CALL(model_step, return ctm_model_step(h->m);)
CALL(model_get, return (long long)ctm_model_get(h->m, "cmd");)
CALL(model_get_port, return (long long)ctm_model_get_port(h->m, ctm_model_port("cmd"));)
CALL(model_error, return IS_ERROR_TEXT(ctm_model_error(h->m));)
CALL(model_cover, return (long long)ctm_model_cover(h->m, 0);)
CALL(model_cover_report, return IS_ERROR_TEXT(ctm_model_cover_report(h->m, CTM_REPORT_JSON));)
CALL(model_free, ctm_model_free(h->m); return 0;)
CALL(model_commit, ctm_commit r; return ctm_model_commit(h->m, &r);)
CALL(commit_put, static const ctm_commit r; return ctm_commit_put(h->c, 0, &r);)
CALL(commit_put_fields, return ctm_commit_put_fields(h->c, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 1, 0);)
CALL(commit_clock, return ctm_commit_clock(h->c, 5);)
CALL(commit_share, return ctm_commit_share(h->c);)
CALL(commit_set_watchdog, return ctm_commit_set_watchdog(h->c, 5);)
CALL(commit_finish, return ctm_commit_finish(h->c);)
CALL(commit_count, return (long long)ctm_commit_count(h->c);)
CALL(commit_diff, return IS_ERROR_TEXT(ctm_commit_diff(h->c));)
CALL(commit_report, return IS_ERROR_TEXT(ctm_commit_report(h->c, CTM_REPORT_JSON));)
CALL(commit_free, ctm_commit_free(h->c); return 0;)
CALL(commit_set_family, return ctm_commit_set_family(h->c, CTM_COMMIT_FAMILY_PRED);)
CALL(commit_put_state, static const uint8_t bc[64];
     return ctm_commit_put_state(h->c, 0, 0, CTM_COMMIT_FC_STATE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, bc);)
CALL(commit_set_regions, return ctm_commit_set_regions(h->c, CTM_REGIONS_ALL);)
CALL(commit_put_regions, return ctm_commit_put_regions(h->c, 0, 0, 0, 0);)
CALL(pe_put, return ctm_pe_put(h->e, 0xC0001B00u);)
CALL(pe_finish, return ctm_pe_finish(h->e);)
CALL(pe_error, return IS_ERROR_TEXT(ctm_pe_error(h->e));)
CALL(pe_field, uint64_t v; return ctm_pe_field(h->e, "opcode", &v);)
CALL(pe_get, uint64_t v; return ctm_pe_get(h->e, "words", &v);)
CALL(pe_surface, uint64_t v; return ctm_pe_surface(h->e, CTM_PE_INPUT, 0, CTM_PE_SURF_BASE, &v);)
CALL(pe_free, ctm_pe_free(h->e); return 0;)
CALL(model_txn, ctm_txn r; return ctm_model_txn(h->m, CTM_UNITS_ALL, &r);)
CALL(model_txn_bits, uint32_t w[CTM_TXN_WORDS]; return ctm_model_txn_bits(h->m, CTM_UNITS_ALL, w);)
CALL(txn_put_bits, static const uint32_t w[CTM_TXN_WORDS]; return ctm_txn_put_bits(h->t, w);)
CALL(txn_set_kinds, return ctm_txn_set_kinds(h->t, 1 << CTM_TXN_MC_INPUT);)
CALL(txn_set_cycle, return ctm_txn_set_cycle(h->t, 7);)
CALL(txn_share, return ctm_txn_share(h->t);)
CALL(model_read_word, uint32_t w; return ctm_model_read_word(h->m, 0, &w);)
CALL(model_load_mem, return ctm_model_load_mem(h->m, "/dev/null");)
CALL(model_put_mem, return ctm_model_put_mem(h->m, 0, 0);)
CALL(model_load_cmd, return ctm_model_load_cmd(h->m, "/dev/null");)
CALL(model_put_cmd, return ctm_model_put_cmd(h->m, 0);)
CALL(txn_put, static const ctm_txn r = {.unit = CTM_UNIT_PE}; return ctm_txn_put(h->t, &r);)
CALL(txn_put_fields, return ctm_txn_put_fields(h->t, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0,
                                               0, 0, 0, 0, 0);)
CALL(txn_finish, return ctm_txn_finish(h->t);)
CALL(txn_count, return (long long)ctm_txn_count(h->t);)
CALL(txn_diff, return IS_ERROR_TEXT(ctm_txn_diff(h->t));)
CALL(txn_report, return IS_ERROR_TEXT(ctm_txn_report(h->t, CTM_REPORT_TEXT));)
CALL(txn_free, ctm_txn_free(h->t); return 0;)
CALL(mem_set_surface, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 0, 0, 4, 1, 0, 0);)
CALL(mem_set_out_mask, return ctm_mem_set_out_mask(h->y, 15);)
CALL(mem_read_input, uint32_t v[4]; return ctm_mem_read_input(h->y, 0, 0, 0, v);)
CALL(mem_write_output, static const uint32_t v[4];
     return ctm_mem_write_output(h->y, 0, 0, 0, v, 15);)
CALL(mem_cond_read, uint32_t v; return ctm_mem_cond_read(h->y, 0, 0, &v);)
CALL(mem_cond_write, return ctm_mem_cond_write(h->y, 0, 0, 1);)
CALL(mem_flush, return ctm_mem_flush(h->y);)
CALL(mem_cache_lines, return ctm_mem_cache_lines(h->y);)
CALL(mem_cache_counts, uint64_t n; return ctm_mem_cache_counts(h->y, &n, &n, &n);)
CALL(mem_read_word, uint32_t w; return ctm_mem_read_word(h->y, 0, &w);)
CALL(mem_write_word, return ctm_mem_write_word(h->y, 0, 1);)
CALL(mem_check_word, return ctm_mem_check_word(h->y, 0, 0);)
CALL(mem_check, static const uint32_t w[1]; return ctm_mem_check(h->y, 0, w, 1);)
CALL(mem_free, ctm_mem_free(h->y); return 0;)

/* ------------------------------------------------------------ bad handles */

enum { PRED, STACK, FC, MODEL, COMMIT, PE, TXN, MEM, KINDS };
static const char *const kind_name[] = {"ctm_pred",  "ctm_stack",          "ctm_fc", "ctm_model",
                                        "ctm_commit_checker", "ctm_pe", "ctm_txn_checker",
                                        "ctm_mem"};

/* A call with the handle of its kind replaced, and what it returns then. */
typedef struct handle_case {
    const char *func;
    int kind;
    call_fn call;
    long long error_value;
    int keeps_last_on_null;
} handle_case;

static const handle_case handle_cases[] = {
    {"ctm_pred_step", PRED, pred_step, 0, 0},
    {"ctm_pred_eval", PRED, pred_eval, 0, 0},
    {"ctm_pred_edge", PRED, pred_edge, 0, 0},
    {"ctm_pred_peek", PRED, pred_peek, 0, 0},
    {"ctm_pred_expect", PRED, pred_expect, 0, 0},
    {"ctm_pred_check", PRED, pred_check, CTM_E_ARG, 0},
    {"ctm_pred_diff", PRED, pred_diff, 1, 1},
    {"ctm_pred_diff_port", PRED, pred_diff_port, CTM_E_ARG, 0},
    {"ctm_pred_report", PRED, pred_report, 1, 1},
    {"ctm_pred_set_cycle", PRED, pred_set_cycle, CTM_E_ARG, 0},
    {"ctm_pred_set_history", PRED, pred_set_history, CTM_E_ARG, 0},
    {"ctm_pred_free", PRED, pred_free, 0, 1},
    {"ctm_stack_step", STACK, stack_step, 0, 0},
    {"ctm_stack_expect", STACK, stack_expect, 0, 0},
    {"ctm_stack_check", STACK, stack_check, CTM_E_ARG, 0},
    {"ctm_stack_diff", STACK, stack_diff, 1, 1},
    {"ctm_stack_diff_port", STACK, stack_diff_port, CTM_E_ARG, 0},
    {"ctm_stack_report", STACK, stack_report, 1, 1},
    {"ctm_stack_set_cycle", STACK, stack_set_cycle, CTM_E_ARG, 0},
    {"ctm_stack_set_history", STACK, stack_set_history, CTM_E_ARG, 0},
    {"ctm_stack_free", STACK, stack_free, 0, 1},
    {"ctm_fc_step", FC, fc_step, 0, 0},
    {"ctm_fc_expect", FC, fc_expect, 0, 0},
    {"ctm_fc_expect_bc", FC, fc_expect_bc, 0, 0},
    {"ctm_fc_check", FC, fc_check, CTM_E_ARG, 0},
    {"ctm_fc_diff", FC, fc_diff, 1, 1},
    {"ctm_fc_diff_port", FC, fc_diff_port, CTM_E_ARG, 0},
    {"ctm_fc_report", FC, fc_report, 1, 1},
    {"ctm_fc_cycles", FC, fc_cycles, CTM_E_ARG, 0},
    {"ctm_fc_set_cycle", FC, fc_set_cycle, CTM_E_ARG, 0},
    {"ctm_fc_set_history", FC, fc_set_history, CTM_E_ARG, 0},
    {"ctm_fc_free", FC, fc_free, 0, 1},
    {"ctm_model_set_input", MODEL, model_set_input, CTM_E_ARG, 0},
    {"ctm_model_load_input", MODEL, model_load_input, CTM_E_ARG, 0},
    {"ctm_model_set_constf", MODEL, model_set_constf, CTM_E_ARG, 0},
    {"ctm_model_set_consti", MODEL, model_set_consti, CTM_E_ARG, 0},
    {"ctm_model_set_constb", MODEL, model_set_constb, CTM_E_ARG, 0},
    {"ctm_model_set_tiling", MODEL, model_set_tiling, CTM_E_ARG, 0},
    {"ctm_model_set_out_format", MODEL, model_set_out_format, CTM_E_ARG, 0},
    {"ctm_model_set_cond", MODEL, model_set_cond, CTM_E_ARG, 0},
    {"ctm_model_load_cond", MODEL, model_load_cond, CTM_E_ARG, 0},
    {"ctm_model_step", MODEL, model_step, -CTM_E_ARG, 0},
    {"ctm_model_get", MODEL, model_get, 0, 0},
    {"ctm_model_get_port", MODEL, model_get_port, 0, 0},
    {"ctm_model_error", MODEL, model_error, 1, 1},
    {"ctm_model_cover", MODEL, model_cover, 0, 0},
    {"ctm_model_cover_report", MODEL, model_cover_report, 1, 1},
    {"ctm_model_free", MODEL, model_free, 0, 1},
    {"ctm_model_commit", MODEL, model_commit, -CTM_E_ARG, 0},
    {"ctm_commit_put", COMMIT, commit_put, CTM_E_ARG, 0},
    {"ctm_commit_put_fields", COMMIT, commit_put_fields, CTM_E_ARG, 0},
    {"ctm_commit_clock", COMMIT, commit_clock, CTM_E_ARG, 0},
    {"ctm_commit_share", COMMIT, commit_share, CTM_E_ARG, 0},
    {"ctm_commit_set_watchdog", COMMIT, commit_set_watchdog, CTM_E_ARG, 0},
    {"ctm_commit_finish", COMMIT, commit_finish, CTM_E_ARG, 0},
    {"ctm_commit_count", COMMIT, commit_count, 0, 0},
    {"ctm_commit_diff", COMMIT, commit_diff, 1, 1},
    {"ctm_commit_report", COMMIT, commit_report, 1, 1},
    {"ctm_commit_set_family", COMMIT, commit_set_family, CTM_E_ARG, 0},
    {"ctm_commit_put_state", COMMIT, commit_put_state, CTM_E_ARG, 0},
    {"ctm_commit_set_regions", COMMIT, commit_set_regions, CTM_E_ARG, 0},
    {"ctm_commit_put_regions", COMMIT, commit_put_regions, CTM_E_ARG, 0},
    {"ctm_commit_free", COMMIT, commit_free, 0, 1},
    {"ctm_pe_put", PE, pe_put, CTM_E_ARG, 0},
    {"ctm_pe_finish", PE, pe_finish, CTM_E_ARG, 0},
    {"ctm_pe_error", PE, pe_error, 1, 1},
    {"ctm_pe_field", PE, pe_field, CTM_E_ARG, 0},
    {"ctm_pe_get", PE, pe_get, CTM_E_ARG, 0},
    {"ctm_pe_surface", PE, pe_surface, CTM_E_ARG, 0},
    {"ctm_pe_free", PE, pe_free, 0, 1},
    {"ctm_model_txn", MODEL, model_txn, -CTM_E_ARG, 0},
    {"ctm_model_txn_bits", MODEL, model_txn_bits, -CTM_E_ARG, 0},
    {"ctm_txn_put_bits", TXN, txn_put_bits, CTM_E_ARG, 0},
    {"ctm_txn_set_kinds", TXN, txn_set_kinds, CTM_E_ARG, 0},
    {"ctm_txn_set_cycle", TXN, txn_set_cycle, CTM_E_ARG, 0},
    {"ctm_txn_share", TXN, txn_share, CTM_E_ARG, 0},
    {"ctm_model_read_word", MODEL, model_read_word, CTM_E_ARG, 0},
    {"ctm_model_load_mem", MODEL, model_load_mem, CTM_E_ARG, 0},
    {"ctm_model_put_mem", MODEL, model_put_mem, CTM_E_ARG, 0},
    {"ctm_model_load_cmd", MODEL, model_load_cmd, CTM_E_ARG, 0},
    {"ctm_model_put_cmd", MODEL, model_put_cmd, CTM_E_ARG, 0},
    {"ctm_txn_put", TXN, txn_put, CTM_E_ARG, 0},
    {"ctm_txn_put_fields", TXN, txn_put_fields, CTM_E_ARG, 0},
    {"ctm_txn_finish", TXN, txn_finish, CTM_E_ARG, 0},
    {"ctm_txn_count", TXN, txn_count, 0, 0},
    {"ctm_txn_diff", TXN, txn_diff, 1, 1},
    {"ctm_txn_report", TXN, txn_report, 1, 1},
    {"ctm_txn_free", TXN, txn_free, 0, 1},
    {"ctm_mem_set_surface", MEM, mem_set_surface, CTM_E_ARG, 0},
    {"ctm_mem_set_out_mask", MEM, mem_set_out_mask, CTM_E_ARG, 0},
    {"ctm_mem_read_input", MEM, mem_read_input, CTM_E_ARG, 0},
    {"ctm_mem_write_output", MEM, mem_write_output, CTM_E_ARG, 0},
    {"ctm_mem_cond_read", MEM, mem_cond_read, CTM_E_ARG, 0},
    {"ctm_mem_cond_write", MEM, mem_cond_write, CTM_E_ARG, 0},
    {"ctm_mem_flush", MEM, mem_flush, CTM_E_ARG, 0},
    {"ctm_mem_cache_lines", MEM, mem_cache_lines, -CTM_E_ARG, 0},
    {"ctm_mem_cache_counts", MEM, mem_cache_counts, CTM_E_ARG, 0},
    {"ctm_mem_read_word", MEM, mem_read_word, CTM_E_ARG, 0},
    {"ctm_mem_write_word", MEM, mem_write_word, CTM_E_ARG, 0},
    {"ctm_mem_check_word", MEM, mem_check_word, CTM_E_ARG, 0},
    {"ctm_mem_check", MEM, mem_check, CTM_E_ARG, 0},
    {"ctm_mem_free", MEM, mem_free, 0, 1},
};

static char elf_path[] = "/tmp/test_ctm_misuse_XXXXXX";

static const char prog[] = "    alu rgb mad r1.r, r0.rrr, #1, #0 alpha mad r1._, #0, #0, #0\n"
                           "    out rgb max r1._ o0.r, r1.rrr, r1.rrr, r1.rrr alpha max r1._, "
                           "#0, #0, #0\n";

static int make_elf(void **state)
{
    (void)state;
    static dpp_exe exe;
    dpp_error err;
    int fd = mkstemp(elf_path);
    if (fd < 0)
        return -1;
    close(fd);
    if (dpp_asm(prog, strlen(prog), "misuse.s", NULL, &exe, &err) ||
        dpp_elf_write(&exe, elf_path, &err))
        return -1;
    return 0;
}

static int remove_elf(void **state)
{
    (void)state;
    unlink(elf_path);
    return 0;
}

/* Live handles of every kind. */
static handles live(void)
{
    handles h = {ctm_pred_new(4, 16, 4), ctm_stack_new(64, 0, 0, 16), ctm_fc_new(2, 16, 4, 4, 6),
                 ctm_model_new(elf_path, 4, 1, 4, 1, 4, 4), NULL,
                 ctm_model_new(elf_path, 4, 1, 4, 1, 4, 4), ctm_pe_new(4, 4096), NULL, NULL, NULL, NULL};
    h.c = ctm_commit_new(h.cm, 4, 0);
    assert_non_null(h.c);
    h.tm = ctm_model_new(elf_path, 4, 1, 4, 1, 4, 4);
    h.t = ctm_txn_new(h.tm, CTM_UNIT_BIT(CTM_UNIT_CO)); /* the CO's decisions: one a lane */
    assert_non_null(h.t);
    h.xm = ctm_model_new_cmd(0, 4, 1, 4, 4);
    assert_non_null(h.xm);
    assert_int_equal(ctm_model_put_cmd(h.xm, 0xC0000300u), CTM_OK); /* wait_for_idle */
    assert_int_equal(ctm_model_put_cmd(h.xm, 0), CTM_OK);
    h.y = ctm_mem_new(8192);
    assert_non_null(h.y);
    assert_int_equal(ctm_mem_set_surface(h.y, CTM_PE_INPUT, 0, 0, 4, 2, 0, CTM_FMT_FLOAT32_4), 0);
    assert_int_equal(ctm_mem_set_surface(h.y, CTM_PE_OUTPUT, 0, 2048, 4, 2, 0, CTM_FMT_UINT8_4), 0);
    assert_int_equal(ctm_mem_set_surface(h.y, CTM_PE_COND, 0, 4096, 4, 2, 0, CTM_FMT_FLOAT32_1), 0);
    assert_non_null(h.e);
    assert_non_null(h.p);
    assert_non_null(h.s);
    assert_non_null(h.f);
    assert_non_null(h.m);
    return h;
}

static void free_all(handles *h)
{
    ctm_pred_free(h->p);
    ctm_stack_free(h->s);
    ctm_fc_free(h->f);
    ctm_model_free(h->m);
    ctm_commit_free(h->c);
    ctm_model_free(h->cm);
    ctm_pe_free(h->e);
    ctm_txn_free(h->t);
    ctm_model_free(h->tm);
    ctm_mem_free(h->y);
    ctm_model_free(h->xm);
}

static void **slot(handles *h, int kind)
{
    void **s[] = {(void **)&h->p, (void **)&h->s, (void **)&h->f, (void **)&h->m,
                  (void **)&h->c, (void **)&h->e, (void **)&h->t, (void **)&h->y};
    return s[kind];
}

static void *to_null(handles *h, int kind);

/* Runs every case with the handle of its kind made bad by `spoil`, and wants
 * the message to hold `says` (with %s: the kind's name). */
static void run_handle_cases(void *(*spoil)(handles *h, int kind), const char *says)
{
    for (size_t i = 0; i < sizeof handle_cases / sizeof *handle_cases; i++) {
        const handle_case *c = &handle_cases[i];
        handles h = live();
        void *keep = *slot(&h, c->kind);
        *slot(&h, c->kind) = spoil(&h, c->kind);
        /* with NULL, free does nothing (as free does) and the calls that
         * return a message return the last one, which says why there is no
         * handle: they are checked for returning it, above */
        int keeps_last = spoil == to_null && c->keeps_last_on_null;
        api_set_error_for_test("earlier message");
        long long got = c->call(&h);
        char want[160];
        snprintf(want, sizeof want, says, kind_name[c->kind]);
        if (keeps_last) {
            if (got != c->error_value || strcmp(ctm_error(), "ctm_stack_new: width = 20 is not one of 16, 32, 48, 64"))
                fail_msg("%s(NULL): returned %lld, message \"%s\"", c->func, got, ctm_error());
        } else if (got != c->error_value || strncmp(ctm_error(), c->func, strlen(c->func)) ||
            !strstr(ctm_error(), want))
            fail_msg("%s: returned %lld (want %lld), message \"%s\" (want \"%s: ...%s...\")",
                     c->func, got, c->error_value, ctm_error(), c->func, want);
        *slot(&h, c->kind) = keep;
        free_all(&h);
    }
}

static void *to_null(handles *h, int kind)
{
    (void)h;
    (void)kind;
    return NULL;
}

static void *to_freed(handles *h, int kind)
{
    switch (kind) {
    case PRED: {
        ctm_pred *p = ctm_pred_new(2, 8, 2);
        ctm_pred_free(p);
        return p;
    }
    case STACK: {
        ctm_stack *s = ctm_stack_new(16, 1, 1, 4);
        ctm_stack_free(s);
        return s;
    }
    case FC: {
        ctm_fc *f = ctm_fc_new(1, 8, 2, 2, 4);
        ctm_fc_free(f);
        return f;
    }
    case MODEL: {
        ctm_model *m = ctm_model_new(elf_path, 4, 1, 4, 1, 4, 4);
        ctm_model_free(m);
        return m;
    }
    case PE: {
        ctm_pe *e = ctm_pe_new(1, 2048);
        ctm_pe_free(e);
        return e;
    }
    case MEM: {
        ctm_mem *y = ctm_mem_new(2048);
        ctm_mem_free(y);
        return y;
    }
    case TXN: {
        ctm_model *m = ctm_model_new(elf_path, 4, 1, 4, 1, 4, 4);
        ctm_txn_checker *t = ctm_txn_new(m, CTM_UNITS_ALL);
        ctm_txn_free(t);
        ctm_model_free(m);
        return t;
    }
    default: {
        ctm_model *m = ctm_model_new(elf_path, 4, 1, 4, 1, 4, 4);
        ctm_commit_checker *c = ctm_commit_new(m, 2, 0);
        ctm_commit_free(c);
        ctm_model_free(m);
        return c;
    }
    }
    (void)h;
}

/* The next kind's live handle, where this kind's belongs (an SV chandle
 * has no type). */
static void *to_other_kind(handles *h, int kind)
{
    return *slot(h, (kind + 1) % KINDS);
}

static void test_null_handles(void **state)
{
    (void)state;
    run_handle_cases(to_null, "the %s handle is NULL");
}

static void test_freed_handles(void **state)
{
    (void)state;
    run_handle_cases(to_freed, "the %s handle was freed");
}

static void test_handles_of_another_kind(void **state)
{
    (void)state;
    run_handle_cases(to_other_kind, ", not a %s");
}

static void test_model_error_after_a_failed_new(void **state)
{
    (void)state;
    ctm_model *m = ctm_model_new("/nonexistent.elf", 4, 1, 4, 1, 4, 4);
    assert_null(m);
    assert_non_null(strstr(ctm_model_error(m), "/nonexistent.elf")); /* as ctm.h says */
}

/* ------------------------------------------------------------ bad arguments */

/* A call with one argument out of range; the message names it. */
typedef struct arg_case {
    const char *func, *says;
    call_fn call;
    long long error_value;
} arg_case;


CALL(new_pred_contexts, return ctm_pred_new(0, 16, 4) != NULL;)
CALL(new_pred_lanes, return ctm_pred_new(1, 65, 4) != NULL;)
CALL(new_pred_depth, return ctm_pred_new(1, 16, -1) != NULL;)
CALL(new_grouped_spu_sc, return ctm_pred_new_grouped(1, 20, 4, 64) != NULL;)
CALL(new_grouped_negative, return ctm_pred_new_grouped(1, 20, 4, -1) != NULL;)
CALL(new_grouped_lanes, return ctm_pred_new_grouped(32, 21, 32, 4) != NULL;)
CALL(new_grouped_depth, return ctm_pred_new_grouped(1, 20, 0, 4) != NULL;)
CALL(new_stack_width, return ctm_stack_new(20, 0, 0, 8) != NULL;)
CALL(new_stack_rule, return ctm_stack_new(64, 3, 0, 8) != NULL;)
CALL(new_stack_chip, return ctm_stack_new(64, 0, 4, 8) != NULL;)
CALL(new_stack_depth, return ctm_stack_new(64, 0, 0, 0) != NULL;)
CALL(new_fc_contexts, return ctm_fc_new(257, 16, 4, 4, 6) != NULL;)
CALL(new_fc_lanes, return ctm_fc_new(1, 0, 4, 4, 6) != NULL;)
CALL(new_fc_addr, return ctm_fc_new(1, 16, 33, 4, 6) != NULL;)
CALL(new_fc_loop, return ctm_fc_new(1, 16, 4, -1, 6) != NULL;)
CALL(new_fc_bc, return ctm_fc_new(1, 16, 4, 4, 2) != NULL;)
CALL(new_model_path, return ctm_model_new(NULL, 8, 8, 16, 1, 4, 4) != NULL;)
CALL(new_model_empty_path, return ctm_model_new("", 8, 8, 16, 1, 4, 4) != NULL;)
CALL(model_load_empty_path, return ctm_model_load_input(h->m, 0, "", 2, 4, 1);)
CALL(new_model_height, return ctm_model_new(elf_path, 8, -1, 16, 1, 4, 4) != NULL;)
CALL(new_model_width, return ctm_model_new(elf_path, 4097, 1, 16, 1, 4, 4) != NULL;)
CALL(new_model_lanes, return ctm_model_new(elf_path, 8, 8, 65, 1, 4, 4) != NULL;)
CALL(new_model_contexts, return ctm_model_new(elf_path, 8, 8, 16, 32, 4, 4) != NULL;)
CALL(new_model_addr, return ctm_model_new(elf_path, 8, 8, 16, 1, 33, 4) != NULL;)
CALL(new_model_loop, return ctm_model_new(elf_path, 8, 8, 16, 1, 4, 99) != NULL;)
/* pred: 4 contexts, so ctx_i is 2 bits: 0..3 */
CALL(pred_op_high, ctm_pred_step(h->p, 0, 8, 0, 0, 0); return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_op_low, ctm_pred_step(h->p, 0, -1, 0, 0, 0); return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_op_11, ctm_pred_eval(h->p, 0, 11, 0, 0, 0); return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_ctx_high, ctm_pred_step(h->p, 0, 2, 4, 0, 0); return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_ctx_huge, ctm_pred_step(h->p, 0, 2, 1000000, 0, 0); return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_ctx_low, ctm_pred_step(h->p, 0, 2, -1, 0, 0); return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_obs_ctx, ctm_pred_step(h->p, 0, 2, 0, 0, 4); return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_peek_ctx, return (long long)ctm_pred_peek(h->p, 4, CTM_PRED_OBS_SP);)
CALL(pred_peek_field, return (long long)ctm_pred_peek(h->p, 0, CTM_PRED_FIELDS);)
CALL(pred_expect_field, ctm_pred_step(h->p, 1, 0, 0, 0, 0); return (long long)ctm_pred_expect(h->p, -1);)
CALL(pred_expect_early, return (long long)ctm_pred_expect(h->p, 0);)
CALL(pred_check_early, return ctm_pred_check(h->p, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(pred_report_format, return IS_ERROR_TEXT(ctm_pred_report(h->p, 2));)
CALL(pred_history, return ctm_pred_set_history(h->p, 4097);)
CALL(pred_history_low, return ctm_pred_set_history(h->p, -1);)
CALL(stack_op, ctm_stack_step(h->s, 0, 16, 0, 0, 0, 8); return ctm_stack_check(h->s, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(stack_pop_count, ctm_stack_step(h->s, 0, 7, 8, 0, 0, 8); return ctm_stack_check(h->s, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(stack_size, ctm_stack_step(h->s, 0, 1, 0, 0, 0, 256); return ctm_stack_check(h->s, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(stack_expect_field, ctm_stack_step(h->s, 1, 0, 0, 0, 0, 8); return (long long)ctm_stack_expect(h->s, CTM_STACK_FIELDS);)
CALL(stack_check_early, return ctm_stack_check(h->s, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(stack_history, return ctm_stack_set_history(h->s, 5000);)
CALL(stack_report_format, return IS_ERROR_TEXT(ctm_stack_report(h->s, -1));)
CALL(fc_cmd, ctm_fc_step(h->f, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
     return ctm_fc_check(h->f, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(fc_ctx, ctm_fc_step(h->f, 0, 1, 256, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
     return ctm_fc_check(h->f, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(fc_pc, ctm_fc_step(h->f, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 512, 1);
     return ctm_fc_check(h->f, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(fc_expect_field, ctm_fc_step(h->f, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
     return (long long)ctm_fc_expect(h->f, CTM_FC_FIELDS);)
CALL(fc_expect_bc_lane, ctm_fc_step(h->f, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
     return ctm_fc_expect_bc(h->f, 16);)
CALL(fc_check_early, return ctm_fc_check(h->f, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(fc_history, return ctm_fc_set_history(h->f, -5);)
CALL(model_input_n, static const float d[4]; return ctm_model_set_input(h->m, 16, d, CTM_FMT_FLOAT32_1, 4, 1);)
CALL(model_input_data, return ctm_model_set_input(h->m, 0, NULL, CTM_FMT_FLOAT32_1, 4, 1);)
CALL(model_input_format, static const float d[4]; return ctm_model_set_input(h->m, 0, d, 5, 4, 1);)
CALL(model_input_width, static const float d[4]; return ctm_model_set_input(h->m, 0, d, 2, 0, 1);)
CALL(model_load_n, return ctm_model_load_input(h->m, -1, "/dev/null", 2, 4, 1);)
CALL(model_load_path, return ctm_model_load_input(h->m, 0, NULL, 2, 4, 1);)
CALL(model_load_height, return ctm_model_load_input(h->m, 0, "/dev/null", 2, 4, 8193);)
CALL(model_constf_n, return ctm_model_set_constf(h->m, 256, 0, 0, 0, 0);)
CALL(model_consti_count, return ctm_model_set_consti(h->m, 0, 256, 0, 0);)
CALL(model_consti_init, return ctm_model_set_consti(h->m, 0, 0, -1, 0);)
CALL(model_consti_step, return ctm_model_set_consti(h->m, 0, 0, 0, -129);)
CALL(model_constb_value, return ctm_model_set_constb(h->m, 0, 2);)
CALL(model_constb_n, return ctm_model_set_constb(h->m, 32, 0);)
CALL(model_get_name, ctm_model_step(h->m); return (long long)ctm_model_get(h->m, "no_such_port");)
CALL(model_get_null_name, ctm_model_step(h->m); return (long long)ctm_model_get(h->m, NULL);)
CALL(model_get_port_index, ctm_model_step(h->m); return (long long)ctm_model_get_port(h->m, 99);)
CALL(model_get_early, return (long long)ctm_model_get(h->m, "cmd");)
CALL(model_get_port_early, return (long long)ctm_model_get_port(h->m, ctm_model_port("pc"));)
CALL(cover_name_past, return ctm_cover_name(ctm_cover_bins())[0];)
CALL(cover_name_low, return ctm_cover_name(-1)[0];)
CALL(model_cover_bin, return (long long)ctm_model_cover(h->m, ctm_cover_bins());)
CALL(model_cover_format, return IS_ERROR_TEXT(ctm_model_cover_report(h->m, 2));)
CALL(model_late_const, ctm_model_step(h->m); return ctm_model_set_constb(h->m, 0, 1);)
CALL(model_tiling_client, return ctm_model_set_tiling(h->m, CTM_PE_INST, 0, 0);)
CALL(model_tiling_n, return ctm_model_set_tiling(h->m, CTM_PE_OUTPUT, 4, 0);)
CALL(model_tiling_tiling, return ctm_model_set_tiling(h->m, CTM_PE_COND, 0, 4);)
CALL(model_out_format_n, return ctm_model_set_out_format(h->m, 4, 0);)
CALL(model_out_format_format, return ctm_model_set_out_format(h->m, 0, 5);)
CALL(model_cond_test, return ctm_model_set_cond(h->m, 8, 0, 0, 0);)
CALL(model_cond_loc, return ctm_model_set_cond(h->m, 0, 2, 0, 0);)
CALL(model_cond_writemask, return ctm_model_set_cond(h->m, 0, 0, -1, 0);)
CALL(model_cond_path, return ctm_model_load_cond(h->m, NULL, 0, 1, 1);)
CALL(model_cond_missing, return ctm_model_load_cond(h->m, "/nonexistent.raw", 0, 1, 1);)
CALL(model_cond_width, return ctm_model_load_cond(h->m, "/nonexistent.raw", 0, 0, 1);)
CALL(new_cmd_mem, return ctm_model_new_cmd(1000, 4, 1, 4, 4) != NULL;)
CALL(new_cmd_mem_big, return ctm_model_new_cmd((1u << 30) + 2048, 4, 1, 4, 4) != NULL;)
CALL(new_cmd_lanes, return ctm_model_new_cmd(0, 0, 1, 4, 4) != NULL;)
CALL(model_put_mem_addr, return ctm_model_put_mem(h->xm, 6, 0);)
CALL(model_put_mem_elf, return ctm_model_put_mem(h->m, 0, 0);)
CALL(model_load_cmd_path, return ctm_model_load_cmd(h->xm, NULL);)
CALL(model_load_cmd_empty, return ctm_model_load_cmd(h->xm, "");)
CALL(model_load_mem_missing, return ctm_model_load_mem(h->xm, "/nonexistent.bin");)
CALL(model_cmd_setter, return ctm_model_set_constb(h->xm, 0, 1);)
CALL(model_put_cmd_late, ctm_model_step(h->xm); return ctm_model_put_cmd(h->xm, 0);)
CALL(model_late_cond, ctm_model_step(h->m); return ctm_model_set_cond(h->m, 0, 0, 0, 0);)
CALL(model_commit_out, return ctm_model_commit(h->m, NULL);)
CALL(model_commit_driven, ctm_commit r; return ctm_model_commit(h->cm, &r);)
CALL(model_step_driven, return ctm_model_step(h->cm);)
CALL(model_commit_after_step, ctm_commit r; ctm_model_step(h->m); return ctm_model_commit(h->m, &r);)
CALL(new_commit_contexts, return ctm_commit_new(h->m, 0, 0) != NULL;)
CALL(new_commit_level, return ctm_commit_new(h->m, 4, 3) != NULL;)
CALL(new_commit_driven, return ctm_commit_new(h->cm, 4, 0) != NULL;)
CALL(new_commit_stepped, ctm_model_step(h->m); return ctm_commit_new(h->m, 4, 0) != NULL;)
CALL(commit_put_null, return ctm_commit_put(h->c, 0, NULL);)
CALL(commit_put_kind, return ctm_commit_put_fields(h->c, 0, 0, 19, -1, 0, 1, 0, 0, 0, 0, 1, 0);)
CALL(commit_regions_range, return ctm_commit_set_regions(h->c, 2);)
CALL(commit_regions_off, return ctm_commit_put_regions(h->c, 0, 0, 0, 0);)
CALL(commit_regions_late, ctm_commit_clock(h->c, 0); ctm_commit_finish(h->c);
     return ctm_commit_set_regions(h->c, CTM_REGIONS_ALL);)
CALL(commit_put_state_level, return ctm_commit_put_state(h->c, 0, 0, CTM_COMMIT_FC_STATE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL);)
CALL(commit_family_level, return ctm_commit_set_family(h->c, CTM_COMMIT_FAMILY_PRED);)
CALL(commit_family_range, ctm_commit_checker *c2 = ctm_commit_new(h->m, 4, 2);
     int st = ctm_commit_set_family(c2, 2); ctm_commit_free(c2); return st;)
CALL(commit_put_kill, return ctm_commit_put_fields(h->c, 0, 0, CTM_COMMIT_KILL, -1, 0, 0, 0, 1, 0, 0, 0, 0);)
CALL(commit_report_format, return IS_ERROR_TEXT(ctm_commit_report(h->c, 2));)
CALL(new_pe_lanes, return ctm_pe_new(65, 4096) != NULL;)
CALL(new_pe_mem, return ctm_pe_new(4, 0) != NULL;)
CALL(new_pe_mem_big, return ctm_pe_new(4, (1u << 30) + 1) != NULL;)
CALL(pe_surface_client, uint64_t v; return ctm_pe_surface(h->e, 7, 0, 0, &v);)
CALL(pe_surface_input, uint64_t v; return ctm_pe_surface(h->e, CTM_PE_INPUT, 16, 0, &v);)
CALL(pe_surface_output, uint64_t v; return ctm_pe_surface(h->e, CTM_PE_OUTPUT, -1, 0, &v);)
CALL(pe_surface_inst, uint64_t v; return ctm_pe_surface(h->e, CTM_PE_INST, 1, 0, &v);)
CALL(pe_surface_field, uint64_t v; return ctm_pe_surface(h->e, CTM_PE_COND, 0, 6, &v);)
CALL(pe_surface_value, return ctm_pe_surface(h->e, CTM_PE_COND, 0, 0, NULL);)
CALL(pe_get_name, uint64_t v; return ctm_pe_get(h->e, "no_such", &v);)
CALL(pe_get_null_name, uint64_t v; return ctm_pe_get(h->e, NULL, &v);)
CALL(pe_get_value, return ctm_pe_get(h->e, "words", NULL);)
CALL(pe_field_early, uint64_t v; return ctm_pe_field(h->e, "opcode", &v);)
CALL(pe_field_name, uint64_t v; ctm_pe_put(h->e, 0xC0001B00u); ctm_pe_put(h->e, 1);
     return ctm_pe_field(h->e, "i0", &v);)
CALL(model_txn_units, ctm_txn r; return ctm_model_txn(h->m, 8, &r);)
CALL(model_txn_out, return ctm_model_txn(h->m, CTM_UNITS_ALL, NULL);)
CALL(model_txn_driven, ctm_txn r; return ctm_model_txn(h->tm, CTM_UNITS_ALL, &r);)
CALL(model_txn_after_step, ctm_txn r; ctm_model_step(h->m); return ctm_model_txn(h->m, 1, &r);)
CALL(new_txn_units, return ctm_txn_new(h->m, 0) != NULL;)
CALL(new_txn_driven, return ctm_txn_new(h->cm, 1) != NULL;)
CALL(txn_put_null, return ctm_txn_put(h->t, NULL);)
CALL(txn_put_unit, return ctm_txn_put_fields(h->t, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 0);)
CALL(txn_put_kind, return ctm_txn_put_fields(h->t, 1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 0);)
CALL(txn_put_pair, return ctm_txn_put_fields(h->t, 0, CTM_TXN_MC_OUTPUT, 0, 0, 0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 0, 0, 0, 0, 0, 0, 0);)
CALL(txn_put_late, ctm_txn r;
     while (ctm_model_txn(h->m, CTM_UNIT_BIT(CTM_UNIT_CO), &r) == 1 && !ctm_txn_put(h->t, &r))
         ;
     ctm_txn_finish(h->t); return ctm_txn_put(h->t, &r);)
CALL(txn_report_format, return IS_ERROR_TEXT(ctm_txn_report(h->t, -1));)
CALL(pe_field_param, uint64_t v; ctm_pe_put(h->e, 0xC0001B00u); ctm_pe_put(h->e, 1);
     return ctm_pe_field(h->e, "p1", &v);)
CALL(new_mem_bytes, return ctm_mem_new(0) != NULL;)
CALL(new_mem_big, return ctm_mem_new((1u << 30) + 1) != NULL;)
CALL(mem_surface_client, return ctm_mem_set_surface(h->y, 7, 0, 0, 4, 1, 0, 0);)
CALL(mem_surface_input, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 16, 0, 4, 1, 0, 0);)
CALL(mem_surface_output, return ctm_mem_set_surface(h->y, CTM_PE_OUTPUT, -1, 0, 4, 1, 0, 0);)
CALL(mem_surface_cond, return ctm_mem_set_surface(h->y, CTM_PE_COND, 1, 0, 4, 1, 0, 0);)
CALL(mem_surface_base, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 0, 1024, 4, 1, 0, 0);)
CALL(mem_surface_pitch, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 0, 0, 10, 1, 0, 0);)
CALL(mem_surface_height, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 0, 0, 4, 8192, 0, 0);)
CALL(mem_surface_tiling, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 0, 0, 4, 1, 4, 0);)
CALL(mem_surface_format, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 0, 0, 4, 1, 0, 5);)
CALL(mem_surface_past, return ctm_mem_set_surface(h->y, CTM_PE_INPUT, 1, 6144, 8, 32, 0, 4);)
CALL(mem_out_mask, return ctm_mem_set_out_mask(h->y, -1);)
CALL(mem_read_index, uint32_t v[4]; return ctm_mem_read_input(h->y, 16, 0, 0, v);)
CALL(mem_read_value, return ctm_mem_read_input(h->y, 0, 0, 0, NULL);)
CALL(mem_read_outside, uint32_t v[4]; return ctm_mem_read_input(h->y, 0, 4, 0, v);)
CALL(mem_read_unset, uint32_t v[4]; return ctm_mem_read_input(h->y, 1, 0, 0, v);)
CALL(mem_write_index, static const uint32_t v[4];
     return ctm_mem_write_output(h->y, 4, 0, 0, v, 15);)
CALL(mem_write_chmask, static const uint32_t v[4];
     return ctm_mem_write_output(h->y, 0, 0, 0, v, 16);)
CALL(mem_write_value, return ctm_mem_write_output(h->y, 0, 0, 0, NULL, 15);)
CALL(mem_write_outside, static const uint32_t v[4];
     return ctm_mem_write_output(h->y, 0, 0, 2, v, 15);)
CALL(mem_cond_read_value, return ctm_mem_cond_read(h->y, 0, 0, NULL);)
CALL(mem_cond_read_outside, uint32_t v; return ctm_mem_cond_read(h->y, -1, 0, &v);)
CALL(mem_cond_write_outside, return ctm_mem_cond_write(h->y, 0, 2, 1);)
CALL(mem_word_unaligned, uint32_t w; return ctm_mem_read_word(h->y, 6, &w);)
CALL(mem_word_past, uint32_t w; return ctm_mem_read_word(h->y, 8192, &w);)
CALL(mem_word_null, return ctm_mem_read_word(h->y, 0, NULL);)
CALL(mem_counts_null, uint64_t n; return ctm_mem_cache_counts(h->y, NULL, &n, &n);)
CALL(mem_write_word_past, return ctm_mem_write_word(h->y, 8190, 1);)
CALL(mem_check_word_unaligned, return ctm_mem_check_word(h->y, 6, 0);)
CALL(mem_check_null, return ctm_mem_check(h->y, 0, NULL, 1);)
CALL(mem_check_past, static const uint32_t w[2]; return ctm_mem_check(h->y, 8188, w, 2);)
CALL(pred_diff_port_null, int lane; return ctm_pred_diff_port(h->p, NULL, &lane);)
CALL(fc_diff_port_null, int port; return ctm_fc_diff_port(h->f, &port, NULL);)

static const arg_case arg_cases[] = {
    {"ctm_pred_new", "contexts = 0 is outside 1..64", new_pred_contexts, 0},
    {"ctm_pred_new", "lanes = 65 is outside 1..64", new_pred_lanes, 0},
    {"ctm_pred_new", "depth = -1 is outside 1..64", new_pred_depth, 0},
    {"ctm_pred_new_grouped", "spu_sc = 64 is outside 0..63", new_grouped_spu_sc, 0},
    {"ctm_pred_new_grouped", "spu_sc = -1 is outside 0..63", new_grouped_negative, 0},
    {"ctm_pred_new_grouped",
     "lanes = 21 is not a whole number of SPUs of 4 SC lanes and 1 SFU lane", new_grouped_lanes, 0},
    {"ctm_pred_new_grouped", "depth = 0 is outside 1..64", new_grouped_depth, 0},
    {"ctm_stack_new", "width = 20 is not one of 16, 32, 48, 64", new_stack_width, 0},
    {"ctm_stack_new", "rule = 3 is outside 0..2", new_stack_rule, 0},
    {"ctm_stack_new", "chip = 4 is outside 0..3", new_stack_chip, 0},
    {"ctm_stack_new", "depth = 0 is outside 1..1024", new_stack_depth, 0},
    {"ctm_fc_new", "contexts = 257 is outside 1..256", new_fc_contexts, 0},
    {"ctm_fc_new", "lanes = 0 is outside 1..64", new_fc_lanes, 0},
    {"ctm_fc_new", "addr_depth = 33 is outside 0..32", new_fc_addr, 0},
    {"ctm_fc_new", "loop_depth = -1 is outside 0..32", new_fc_loop, 0},
    {"ctm_fc_new", "bc_width = 2 is outside 3..8", new_fc_bc, 0},
    {"ctm_model_new", "elf_path is NULL", new_model_path, 0},
    {"ctm_model_new", "height = -1 is outside 1..4096", new_model_height, 0},
    {"ctm_model_new", "width = 4097 is outside 1..4096", new_model_width, 0},
    {"ctm_model_new", "lanes = 65 is outside 1..64", new_model_lanes, 0},
    {"ctm_model_new", "contexts = 32 is outside 1..16", new_model_contexts, 0},
    {"ctm_model_new", "addr_depth = 33 is outside 0..32", new_model_addr, 0},
    {"ctm_model_new", "loop_depth = 99 is outside 0..32", new_model_loop, 0},
    {"ctm_pred_step", "op = 8 is outside 0..7", pred_op_high, CTM_E_ARG},
    {"ctm_pred_step", "op = -1 is outside 0..7", pred_op_low, CTM_E_ARG},
    {"ctm_pred_eval", "op = 11 is outside 0..7", pred_op_11, CTM_E_ARG},
    {"ctm_pred_step", "ctx = 4 is outside 0..3", pred_ctx_high, CTM_E_ARG},
    {"ctm_pred_step", "ctx = 1000000 is outside 0..3", pred_ctx_huge, CTM_E_ARG},
    {"ctm_pred_step", "ctx = -1 is outside 0..3", pred_ctx_low, CTM_E_ARG},
    {"ctm_pred_step", "obs_ctx = 4 is outside 0..3", pred_obs_ctx, CTM_E_ARG},
    {"ctm_pred_peek", "ctx = 4 is outside 0..3", pred_peek_ctx, 0},
    {"ctm_pred_peek", "field = 8 is outside 0..7", pred_peek_field, 0},
    {"ctm_pred_expect", "field = -1 is outside 0..7", pred_expect_field, 0},
    {"ctm_pred_expect", "no cycle stepped yet", pred_expect_early, 0},
    {"ctm_pred_check", "no cycle to check: call ctm_pred_step or ctm_pred_eval first",
     pred_check_early, CTM_E_STATE},
    {"ctm_pred_report", "format = 2 is outside 0..1", pred_report_format, 1},
    {"ctm_pred_diff_port", "port is NULL", pred_diff_port_null, CTM_E_ARG},
    {"ctm_fc_diff_port", "lane is NULL", fc_diff_port_null, CTM_E_ARG},
    {"ctm_pred_set_history", "steps = 4097 is outside 0..4096", pred_history, CTM_E_ARG},
    {"ctm_pred_set_history", "steps = -1 is outside 0..4096", pred_history_low, CTM_E_ARG},
    {"ctm_stack_step", "op = 16 is outside 0..15", stack_op, CTM_E_ARG},
    {"ctm_stack_step", "pop_count = 8 is outside 0..7", stack_pop_count, CTM_E_ARG},
    {"ctm_stack_step", "stack_size = 256 is outside 0..255", stack_size, CTM_E_ARG},
    {"ctm_stack_expect", "field = 8 is outside 0..7", stack_expect_field, 0},
    {"ctm_stack_check", "no cycle to check: call ctm_stack_step first", stack_check_early,
     CTM_E_STATE},
    {"ctm_stack_set_history", "steps = 5000 is outside 0..4096", stack_history, CTM_E_ARG},
    {"ctm_stack_report", "format = -1 is outside 0..1", stack_report_format, 1},
    {"ctm_fc_step", "cmd = 4 is outside 0..3", fc_cmd, CTM_E_ARG},
    {"ctm_fc_step", "ctx = 256 is outside 0..255", fc_ctx, CTM_E_ARG},
    {"ctm_fc_step", "pc = 512 is outside 0..511", fc_pc, CTM_E_ARG},
    {"ctm_fc_expect", "field = 19 is outside 0..18", fc_expect_field, 0},
    {"ctm_fc_expect_bc", "lane = 16 is outside 0..15", fc_expect_bc_lane, 0},
    {"ctm_fc_check", "no cycle to check: call ctm_fc_step first", fc_check_early, CTM_E_STATE},
    {"ctm_fc_set_history", "steps = -5 is outside 0..4096", fc_history, CTM_E_ARG},
    {"ctm_model_set_input", "n = 16 is outside 0..15", model_input_n, CTM_E_ARG},
    {"ctm_model_set_input", "data is NULL", model_input_data, CTM_E_ARG},
    {"ctm_model_set_input", "format = 5 is outside 0..4", model_input_format, CTM_E_ARG},
    {"ctm_model_set_input", "width = 0 is outside 1..8192", model_input_width, CTM_E_ARG},
    {"ctm_model_load_input", "n = -1 is outside 0..15", model_load_n, CTM_E_ARG},
    {"ctm_model_load_input", "path is NULL", model_load_path, CTM_E_ARG},
    {"ctm_model_load_input", "height = 8193 is outside 1..8192", model_load_height, CTM_E_ARG},
    {"ctm_model_set_constf", "n = 256 is outside 0..255", model_constf_n, CTM_E_ARG},
    {"ctm_model_set_consti", "count = 256 is outside 0..255", model_consti_count, CTM_E_ARG},
    {"ctm_model_set_consti", "init = -1 is outside 0..255", model_consti_init, CTM_E_ARG},
    {"ctm_model_set_consti", "step = -129 is outside -128..127", model_consti_step, CTM_E_ARG},
    {"ctm_model_set_constb", "value = 2 is outside 0..1", model_constb_value, CTM_E_ARG},
    {"ctm_model_set_constb", "n = 32 is outside 0..31", model_constb_n, CTM_E_ARG},
    {"ctm_model_get", "no port named \"no_such_port\"", model_get_name, 0},
    {"ctm_model_get", "no port named \"(NULL)\"", model_get_null_name, 0},
    {"ctm_model_get_port", "port = 99 is outside 0..", model_get_port_index, 0},
    {"ctm_cover_name", "bin = -1 is outside 0..", cover_name_low, 0},
    {"ctm_cover_name", "bin = 329 is outside 0..328", cover_name_past, 0},
    {"ctm_model_cover", "bin = 329 is outside 0..328", model_cover_bin, 0},
    {"ctm_model_cover_report", "format = 2 is outside 0..1", model_cover_format, 1},
    /* ctm_model_get's own name, not that of ctm_model_get_port, which it calls (found by
     * tests/fuzz/fuzz_api.c) */
    {"ctm_model_get", "no current step (ctm_model_step has not been called)", model_get_early, 0},
    {"ctm_model_get_port", "no current step (ctm_model_step has not been called)",
     model_get_port_early, 0},
    {"ctm_model_new", "elf_path is empty", new_model_empty_path, 0},
    {"ctm_model_load_input", "path is empty", model_load_empty_path, CTM_E_ARG},
    {"ctm_model_set_constb", "too late", model_late_const, CTM_E_STATE},
    {"ctm_model_set_tiling", "client = 0 is not CTM_PE_INPUT (4)", model_tiling_client, CTM_E_ARG},
    {"ctm_model_set_tiling", "n = 4 is outside 0..3", model_tiling_n, CTM_E_ARG},
    {"ctm_model_set_tiling", "tiling = 4 is outside 0..3", model_tiling_tiling, CTM_E_ARG},
    {"ctm_model_set_out_format", "n = 4 is outside 0..3", model_out_format_n, CTM_E_ARG},
    {"ctm_model_set_out_format", "format = 5 is outside 0..4", model_out_format_format, CTM_E_ARG},
    {"ctm_model_set_cond", "test = 8 is outside 0..7", model_cond_test, CTM_E_ARG},
    {"ctm_model_set_cond", "loc = 2 is outside 0..1", model_cond_loc, CTM_E_ARG},
    {"ctm_model_set_cond", "writemask = -1 is outside 0..1", model_cond_writemask, CTM_E_ARG},
    {"ctm_model_load_cond", "path is NULL", model_cond_path, CTM_E_ARG},
    {"ctm_model_load_cond", "/nonexistent.raw", model_cond_missing, CTM_E_IO},
    {"ctm_model_load_cond", "width = 0 is outside 1..8192", model_cond_width, CTM_E_ARG},
    {"ctm_model_set_cond", "too late", model_late_cond, CTM_E_STATE},
    {"ctm_model_new_cmd", "mem_bytes = 1000 is not a multiple of 2048", new_cmd_mem, 0},
    {"ctm_model_new_cmd", "mem_bytes = 1073743872 is outside 0..1073741824", new_cmd_mem_big, 0},
    {"ctm_model_new_cmd", "lanes = 0 is outside 1..64", new_cmd_lanes, 0},
    {"ctm_model_put_mem", "addr = 0x6 is not a multiple of 4", model_put_mem_addr, CTM_E_ARG},
    {"ctm_model_put_mem", "this ctm_model runs an executable", model_put_mem_elf, CTM_E_STATE},
    {"ctm_model_load_cmd", "path is NULL", model_load_cmd_path, CTM_E_ARG},
    {"ctm_model_load_cmd", "path is empty", model_load_cmd_empty, CTM_E_ARG},
    {"ctm_model_load_mem", "/nonexistent.bin", model_load_mem_missing, CTM_E_IO},
    {"ctm_model_set_constb", "this ctm_model runs a command buffer", model_cmd_setter,
     CTM_E_STATE},
    {"ctm_model_put_cmd", "too late", model_put_cmd_late, CTM_E_STATE},
    {"ctm_model_commit", "out is NULL", model_commit_out, -CTM_E_ARG},
    {"ctm_model_commit", "a ctm_commit_checker drives this run", model_commit_driven,
     -CTM_E_STATE},
    {"ctm_model_step", "a ctm_commit_checker drives this run", model_step_driven, -CTM_E_STATE},
    {"ctm_model_commit", "this run hands out steps (ctm_model_step)", model_commit_after_step,
     -CTM_E_STATE},
    {"ctm_commit_new", "contexts = 0 is outside 1..1024", new_commit_contexts, 0},
    {"ctm_commit_new", "level = 3 is outside 0..2", new_commit_level, 0},
    {"ctm_commit_new", "a checker already drives this ctm_model", new_commit_driven, 0},
    {"ctm_commit_new", "the ctm_model has been stepped", new_commit_stepped, 0},
    {"ctm_commit_put", "the commit is NULL", commit_put_null, CTM_E_ARG},
    {"ctm_commit_put_fields", "kind = 19 is outside 0..18", commit_put_kind, CTM_E_ARG},
    {"ctm_commit_set_regions", "policy = 2 is outside 0..1", commit_regions_range, CTM_E_ARG},
    {"ctm_commit_put_regions",
     "kind = 18 (REGIONS) is not among the kinds the design commits (ctm_commit_set_regions)",
     commit_regions_off, CTM_E_ARG},
    {"ctm_commit_set_regions", "too late: REGIONS is turned on before the first commit",
     commit_regions_late, CTM_E_STATE},
    {"ctm_commit_put_state", "kind = 16 (FC_STATE) is not a kind of level 0",
     commit_put_state_level, CTM_E_ARG},
    {"ctm_commit_set_family", "a family is a level-2 choice; this checker is level 0",
     commit_family_level, CTM_E_STATE},
    {"ctm_commit_set_family", "family = 2 is outside 0..1", commit_family_range, CTM_E_ARG},
    {"ctm_commit_put_fields", "kind = 15 (KILL) is not among the kinds the design commits",
     commit_put_kill, CTM_E_ARG},
    {"ctm_commit_report", "format = 2 is outside 0..1", commit_report_format, 1},
    {"ctm_pe_new", "lanes = 65 is outside 1..64", new_pe_lanes, 0},
    {"ctm_pe_new", "mem_bytes = 0 is outside 1..1073741824", new_pe_mem, 0},
    {"ctm_pe_new", "mem_bytes = 1073741825 is outside 1..1073741824", new_pe_mem_big, 0},
    {"ctm_pe_surface", "client = 7 is outside 0..6", pe_surface_client, CTM_E_ARG},
    {"ctm_pe_surface", "index = 16 is outside 0..15", pe_surface_input, CTM_E_ARG},
    {"ctm_pe_surface", "index = -1 is outside 0..3", pe_surface_output, CTM_E_ARG},
    {"ctm_pe_surface", "index = 1 is outside 0..0", pe_surface_inst, CTM_E_ARG},
    {"ctm_pe_surface", "field = 6 is outside 0..5", pe_surface_field, CTM_E_ARG},
    {"ctm_pe_surface", "value is NULL", pe_surface_value, CTM_E_ARG},
    {"ctm_pe_get", "no state named \"no_such\"", pe_get_name, CTM_E_ARG},
    {"ctm_pe_get", "name is NULL", pe_get_null_name, CTM_E_ARG},
    {"ctm_pe_get", "value is NULL", pe_get_value, CTM_E_ARG},
    {"ctm_pe_field", "no command yet (ctm_pe_put has not completed one)", pe_field_early,
     CTM_E_STATE},
    {"ctm_pe_field", "set_cond_test has no field \"i0\"", pe_field_name, CTM_E_ARG},
    {"ctm_pe_field", "set_cond_test has no field \"p1\"", pe_field_param, CTM_E_ARG},
    {"ctm_model_txn", "units = 8 is outside 1..7", model_txn_units, -CTM_E_ARG},
    {"ctm_model_txn", "out is NULL", model_txn_out, -CTM_E_ARG},
    {"ctm_model_txn", "a ctm_txn_checker drives this run: it takes the transactions",
     model_txn_driven, -CTM_E_STATE},
    {"ctm_model_txn", "this run hands out steps (ctm_model_step)", model_txn_after_step,
     -CTM_E_STATE},
    {"ctm_txn_new", "units = 0 is outside 1..7", new_txn_units, 0},
    {"ctm_txn_new", "a checker already drives this ctm_model", new_txn_driven, 0},
    {"ctm_txn_put", "the transaction is NULL", txn_put_null, CTM_E_ARG},
    {"ctm_txn_put_fields", "unit = 3 is outside 0..2", txn_put_unit, CTM_E_ARG},
    {"ctm_txn_put_fields", "kind = -1 is outside 0..10", txn_put_kind, CTM_E_ARG},
    {"ctm_txn_put_fields", "kind = 5 (MC OUTPUT) is not a transaction of unit 0 (PE)",
     txn_put_pair, CTM_E_ARG},
    {"ctm_txn_put", "too late: ctm_txn_finish has ended the check", txn_put_late, CTM_E_STATE},
    {"ctm_txn_report", "format = -1 is outside 0..1", txn_report_format, 1},
    {"ctm_mem_new", "mem_bytes = 0 is outside 1..1073741824", new_mem_bytes, 0},
    {"ctm_mem_new", "mem_bytes = 1073741825 is outside 1..1073741824", new_mem_big, 0},
    {"ctm_mem_set_surface", "client = 7 is outside 0..6", mem_surface_client, CTM_E_ARG},
    {"ctm_mem_set_surface", "index = 16 is outside 0..15", mem_surface_input, CTM_E_ARG},
    {"ctm_mem_set_surface", "index = -1 is outside 0..3", mem_surface_output, CTM_E_ARG},
    {"ctm_mem_set_surface", "index = 1 is outside 0..0", mem_surface_cond, CTM_E_ARG},
    {"ctm_mem_set_surface", "base = 0x400 is not a multiple of 2048", mem_surface_base, CTM_E_ARG},
    {"ctm_mem_set_surface", "pitch = 10 is not a multiple of 4 in 0..8188", mem_surface_pitch,
     CTM_E_ARG},
    {"ctm_mem_set_surface", "height = 8192 is outside 0..8191", mem_surface_height, CTM_E_ARG},
    {"ctm_mem_set_surface", "tiling = 4 is outside 0..3", mem_surface_tiling, CTM_E_ARG},
    {"ctm_mem_set_surface", "format = 5 is outside 0..4", mem_surface_format, CTM_E_ARG},
    {"ctm_mem_set_surface",
     "input surface at 0x1800 (4096 bytes) reaches past the 8192-byte memory", mem_surface_past,
     CTM_E_ARG},
    {"ctm_mem_set_out_mask", "mask = -1 is outside 0..15", mem_out_mask, CTM_E_ARG},
    {"ctm_mem_read_input", "index = 16 is outside 0..15", mem_read_index, CTM_E_ARG},
    {"ctm_mem_read_input", "value is NULL", mem_read_value, CTM_E_ARG},
    {"ctm_mem_read_input", "input 0: access (4, 0) outside its 4 x 2 surface", mem_read_outside,
     CTM_E_FAULT},
    {"ctm_mem_read_input", "input 1 used before its surface was set", mem_read_unset,
     CTM_E_FAULT},
    {"ctm_mem_write_output", "index = 4 is outside 0..3", mem_write_index, CTM_E_ARG},
    {"ctm_mem_write_output", "chmask = 16 is outside 0..15", mem_write_chmask, CTM_E_ARG},
    {"ctm_mem_write_output", "value is NULL", mem_write_value, CTM_E_ARG},
    {"ctm_mem_write_output", "output 0: access (0, 2) outside its 4 x 2 surface",
     mem_write_outside, CTM_E_FAULT},
    {"ctm_mem_cond_read", "value is NULL", mem_cond_read_value, CTM_E_ARG},
    {"ctm_mem_cond_read", "conditional buffer 0: access (-1, 0) outside its 4 x 2 surface",
     mem_cond_read_outside, CTM_E_FAULT},
    {"ctm_mem_cond_write", "conditional buffer 0: access (0, 2) outside its 4 x 2 surface",
     mem_cond_write_outside, CTM_E_FAULT},
    {"ctm_mem_read_word", "addr = 0x6 is not a multiple of 4", mem_word_unaligned, CTM_E_ARG},
    {"ctm_mem_read_word", "addr = 0x2000 is not a multiple of 4 with its word in the 8192-byte",
     mem_word_past, CTM_E_ARG},
    {"ctm_mem_read_word", "word is NULL", mem_word_null, CTM_E_ARG},
    {"ctm_mem_cache_counts", "hits is NULL", mem_counts_null, CTM_E_ARG},
    {"ctm_mem_write_word", "addr = 0x1ffe is not a multiple of 4", mem_write_word_past,
     CTM_E_ARG},
    {"ctm_mem_check_word", "addr = 0x6 is not a multiple of 4", mem_check_word_unaligned,
     CTM_E_ARG},
    {"ctm_mem_check", "words is NULL", mem_check_null, CTM_E_ARG},
    {"ctm_mem_check", "addr = 0x1ffc, nwords = 2: not a multiple of 4 inside the 8192-byte",
     mem_check_past, CTM_E_ARG},
};

static void test_arguments_out_of_range(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof arg_cases / sizeof *arg_cases; i++) {
        const arg_case *c = &arg_cases[i];
        handles h = live();
        long long got = c->call(&h);
        char want[256];
        snprintf(want, sizeof want, "%s: %s", c->func, c->says);
        if (got != c->error_value || !strstr(ctm_error(), want))
            fail_msg("case %zu: returned %lld (want %lld), message \"%s\" (want \"%s\")", i, got,
                     c->error_value, ctm_error(), want);
        free_all(&h);
    }
}

/* A step refused for its op changes nothing: the DUT that saw a NOP there
 * still matches, once the misuse has been reported. */
static void test_a_refused_step_changes_nothing(void **state)
{
    (void)state;
    ctm_pred *p = ctm_pred_new(2, 8, 4);
    ctm_pred_step(p, 1, 0, 0, 0, 0);
    assert_int_equal(ctm_pred_check(p, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0), CTM_OK);
    ctm_pred_step(p, 0, 11, 0, 0, 0); /* a 3-bit port would have made it a POP */
    assert_int_equal(ctm_pred_check(p, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0), CTM_E_ARG);
    assert_string_equal(ctm_pred_diff(p), "ctm_pred_step: op = 11 is outside 0..7");
    ctm_pred_step(p, 0, CTM_PRED_OP_NOP, 0, 0, 0);
    assert_int_equal(ctm_pred_check(p, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0), CTM_OK);
    ctm_pred_free(p);
    ctm_pred_free(p); /* a second free is an error, not a double free */
    assert_non_null(strstr(ctm_error(), "ctm_pred_free: the ctm_pred handle was freed"));
}

/* A freed handle stays "freed" while new handles of its kind come and go (its
 * memory is not reused at once), and a NULL handle's diff says so when no
 * earlier message explains it. */
static void test_a_freed_handle_stays_freed(void **state)
{
    (void)state;
    ctm_pred *old = ctm_pred_new(1, 4, 1);
    ctm_pred_free(old);
    ctm_pred *fresh[32];
    for (int k = 0; k < 32; k++) {
        fresh[k] = ctm_pred_new(1, 4, 1);
        assert_ptr_not_equal(fresh[k], old);
        ctm_pred_free(fresh[k]); /* freed again at once: the quarantine's queue, not a stack */
    }
    assert_int_equal(ctm_pred_set_cycle(old, 1), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_pred_set_cycle: the ctm_pred handle was freed");
    ctm_pred *p = ctm_pred_new(1, 4, 1); /* a success: ctm_error() is "" */
    assert_string_equal(ctm_pred_diff(NULL), ctm_error());
    assert_non_null(strstr(ctm_error(), "ctm_pred_diff: the ctm_pred handle is NULL"));
    ctm_pred_free(p);
}

/* ctm_clear_error (1.17) empties the thread's message: a NULL handle's diff then says why
 * itself, having no earlier message to keep. It takes no argument to misuse. */
static void test_clear_error(void **state)
{
    (void)state;
    assert_null(ctm_stack_new(20, 0, 0, 1));
    assert_string_equal(ctm_error(), "ctm_stack_new: width = 20 is not one of 16, 32, 48, 64");
    ctm_clear_error();
    assert_string_equal(ctm_error(), "");
    assert_non_null(strstr(ctm_pred_diff(NULL), "ctm_pred_diff: the ctm_pred handle is NULL"));
    ctm_clear_error();
    ctm_clear_error(); /* twice: still "" */
    assert_string_equal(ctm_error(), "");
}

/* ctm.h: "a program that reads an input left unbound reads zeros" (all four channels). The
 * run used to fault at its first read: "input 0 used before its surface was set" (found by
 * tests/fuzz/fuzz_api.c). The program's IF tests the alpha of input 0: no lane may take it. */
static void test_an_unbound_input_reads_zeros(void **state)
{
    (void)state;
    static const char reads[] =
        "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n"
        "    alu rgb mad r2.r, r1.aaa, #1, #0 alpha mad r2._, #0, #0, #0 setres r ne wait\n"
        "    if res\n"
        "        alu rgb mad r2.r, r2.rrr, #1, #1 alpha mad r2._, #0, #0, #0\n"
        "    endif\n"
        "    out rgb max r2._ o0.r, r2.rrr, r2.rrr, r2.rrr alpha max r2._, #0, #0, #0\n";
    static dpp_exe exe;
    dpp_error err;
    char path[] = "/tmp/test_ctm_unbound_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(dpp_asm(reads, strlen(reads), "unbound.s", NULL, &exe, &err), DPP_OK);
    assert_int_equal(dpp_elf_write(&exe, path, &err), DPP_OK);
    ctm_model *m = ctm_model_new(path, 4, 2, 4, 1, 4, 4);
    unlink(path);
    assert_non_null(m);
    int st, tests = 0;
    while ((st = ctm_model_step(m)) == 1)
        if (ctm_model_get(m, "alu_valid")) {
            tests++;
            assert_int_equal(ctm_model_get(m, "alu_result") & ctm_model_get(m, "live"), 0);
        }
    if (st != 0)
        fail_msg("ctm_model_step: %d: %s", st, ctm_model_error(m));
    assert_true(tests > 0);
    ctm_model_free(m);
}

/* ovf_o and udf_o are 3 bits (bit 2: the address stack): the report gave them 2, less than
 * the value it printed (found by tests/fuzz/fuzz_api.c: an expected value past its port). A
 * RET on an empty address stack underflows it; a DUT that misses only that differs in udf. */
static void test_fc_report_widths(void **state)
{
    (void)state;
    static dpp_exe exe;
    dpp_error err;
    assert_int_equal(dpp_asm("    ret\n", 8, "ret.s", NULL, &exe, &err), DPP_OK);
    const uint32_t *w = exe.words;
    ctm_fc *f = ctm_fc_new(1, 4, 0, 0, 6);
    assert_non_null(f);
    ctm_fc_step(f, 0, CTM_FC_CMD_START, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xF);
    ctm_fc_step(f, 0, CTM_FC_CMD_EXEC, 0, 0, w[0], w[2], w[3], 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xF);
    uint64_t e[CTM_FC_FIELDS];
    for (int k = 0; k < CTM_FC_FIELDS; k++)
        e[k] = ctm_fc_expect(f, k);
    assert_int_equal(e[CTM_FC_UDF], 4);
    assert_int_equal(ctm_fc_check(f, (int)e[0], (int)e[1], e[2], e[3], e[4], e[5], NULL, (int)e[6],
                                  (int)e[7], (int)e[8], (int)e[9], (int)e[10], (int)e[11], e[12],
                                  e[13], e[14], (int)e[15], (int)e[16], 0, (int)e[18]),
                     CTM_E_MISMATCH);
    const char *json = ctm_fc_report(f, CTM_REPORT_JSON);
    if (!strstr(json, "\"field\":\"udf\",\"expected\":\"0x4\",\"actual\":\"0x0\",\"width\":3,"))
        fail_msg("the report of udf: %s", json);
    ctm_fc_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_handles),
        cmocka_unit_test(test_freed_handles),
        cmocka_unit_test(test_handles_of_another_kind),
        cmocka_unit_test(test_model_error_after_a_failed_new),
        cmocka_unit_test(test_arguments_out_of_range),
        cmocka_unit_test(test_a_refused_step_changes_nothing),
        cmocka_unit_test(test_a_freed_handle_stays_freed),
        cmocka_unit_test(test_clear_error),
        cmocka_unit_test(test_an_unbound_input_reads_zeros),
        cmocka_unit_test(test_fc_report_widths),
    };
    return cmocka_run_group_tests(tests, make_elf, remove_elf);
}
