/* The public surface of libctm as data: every call of ctm.h and every constant
 * a SystemVerilog testbench names, written once here. api_table.c compiles
 * each call's row as a declaration beside ctm.h (a row that differs from the
 * header is a compile error) and as a table; `dpp svpkg --dpi` writes the
 * DPI package dpi/ctm_dpi_pkg.sv from that table (docs/dpi.md, "The
 * package"), so the imports, constants and record structs are nobody's to
 * copy by hand.
 *
 * CALL(RET, NAME, (ARGS), FLAGS): a function of ctm.h, its prototype as the
 * header has it. In SystemVerilog each C type becomes its DPI type (int,
 * int unsigned, longint, longint unsigned, real, string, chandle for a
 * handle, a port struct ctm_X_t for a ctm_X, output for a pointer to a
 * scalar); an array T a[N] is a bit vector of N x T's bits, input when
 * const, else output. FLAGS: API_DPI (imported), API_C (C only: the package
 * lists it), API_LEGACY (a positional form kept for old testbenches,
 * imported in the package's "Legacy" section; new code uses the struct form).
 * NOTE("text"): a comment line before the next import. SECTION("name"): a
 * heading.
 *
 * Internal to libctm: not installed. */
#ifndef CSIM_API_LIST_H
#define CSIM_API_LIST_H

/* clang-format off */
#define CTM_API_CALLS(CALL, NOTE, SECTION)                                                         \
    SECTION("the library")                                                                         \
    CALL(int, ctm_version, (void), API_DPI)                                                        \
    CALL(const char *, ctm_version_string, (void), API_DPI)                                        \
    CALL(const char *, ctm_error, (void), API_DPI)                                                 \
    CALL(void, ctm_clear_error, (void), API_DPI)                                                   \
    CALL(const ctm_port *, ctm_ports, (const char *block, int outputs, int *count), API_C)         \
                                                                                                   \
    SECTION("pred_stack")                                                                          \
    CALL(ctm_pred *, ctm_pred_new, (int contexts, int lanes, int depth), API_DPI)                  \
    CALL(ctm_pred *, ctm_pred_new_grouped, (int contexts, int lanes, int depth, int spu_sc),       \
         API_DPI)                                                                                  \
    CALL(void, ctm_pred_free, (ctm_pred *p), API_DPI)                                              \
    NOTE("One checked cycle with the ports as ctm_ports_pkg's structs: one call.")                 \
    CALL(int, ctm_pred_cycle, (ctm_pred *p, const ctm_pred_in *in, const ctm_pred_out *dut),       \
         API_DPI)                                                                                  \
    CALL(int, ctm_pred_expected, (const ctm_pred *p, ctm_pred_out *out), API_DPI)                  \
    CALL(int, ctm_pred_history, (const ctm_pred *p, int ctx, int i, uint64_t *cycle,               \
                                 ctm_pred_in *in, ctm_pred_out *expected), API_DPI)                \
    NOTE("A split cycle: the outputs from the inputs (eval), then the clock edge.")                \
    CALL(void, ctm_pred_eval, (ctm_pred *p, int rst, int op, int ctx, uint64_t mask,               \
                               int obs_ctx), API_DPI)                                              \
    CALL(void, ctm_pred_edge, (ctm_pred *p), API_DPI)                                              \
    CALL(uint64_t, ctm_pred_peek, (const ctm_pred *p, int ctx, int field), API_DPI)                \
    CALL(const char *, ctm_pred_diff, (const ctm_pred *p), API_DPI)                                \
    CALL(int, ctm_pred_diff_port, (const ctm_pred *p, int *port, int *lane), API_DPI)              \
    CALL(const char *, ctm_pred_report, (ctm_pred *p, int format), API_DPI)                        \
    CALL(int, ctm_pred_set_cycle, (ctm_pred *p, uint64_t cycle), API_DPI)                          \
    CALL(int, ctm_pred_set_history, (ctm_pred *p, int steps), API_DPI)                             \
                                                                                                   \
    SECTION("stack_acct")                                                                          \
    CALL(ctm_stack *, ctm_stack_new, (int width, int rule, int chip, int depth), API_DPI)          \
    CALL(void, ctm_stack_free, (ctm_stack *s), API_DPI)                                            \
    CALL(int, ctm_stack_cycle, (ctm_stack *s, const ctm_stack_in *in, const ctm_stack_out *dut),   \
         API_DPI)                                                                                  \
    CALL(int, ctm_stack_expected, (const ctm_stack *s, ctm_stack_out *out), API_DPI)               \
    CALL(int, ctm_stack_history, (const ctm_stack *s, int i, uint64_t *cycle, ctm_stack_in *in,    \
                                  ctm_stack_out *expected), API_DPI)                               \
    CALL(const char *, ctm_stack_diff, (const ctm_stack *s), API_DPI)                              \
    CALL(int, ctm_stack_diff_port, (const ctm_stack *s, int *port, int *lane), API_DPI)            \
    CALL(const char *, ctm_stack_report, (ctm_stack *s, int format), API_DPI)                      \
    CALL(int, ctm_stack_set_cycle, (ctm_stack *s, uint64_t cycle), API_DPI)                        \
    CALL(int, ctm_stack_set_history, (ctm_stack *s, int steps), API_DPI)                           \
                                                                                                   \
    SECTION("fc_unit")                                                                             \
    CALL(ctm_fc *, ctm_fc_new, (int contexts, int lanes, int addr_depth, int loop_depth,           \
                                int bc_width), API_DPI)                                            \
    CALL(void, ctm_fc_free, (ctm_fc *f), API_DPI)                                                  \
    NOTE("The ports as ctm_ports_pkg's structs (the counters one byte per lane).")                 \
    CALL(int, ctm_fc_cycle, (ctm_fc *f, const ctm_fc_in *in, const ctm_fc_out *dut), API_DPI)     \
    CALL(int, ctm_fc_expected, (const ctm_fc *f, ctm_fc_out *out), API_DPI)                        \
    CALL(int, ctm_fc_history, (const ctm_fc *f, int ctx, int i, uint64_t *cycle, ctm_fc_in *in,    \
                               ctm_fc_out *expected), API_DPI)                                     \
    CALL(int, ctm_fc_cycles, (ctm_fc *f, const ctm_fc_in *in, const ctm_fc_out *dut, int n,       \
                              int *stepped), API_C)                                                \
    CALL(const char *, ctm_fc_diff, (const ctm_fc *f), API_DPI)                                    \
    CALL(int, ctm_fc_diff_port, (const ctm_fc *f, int *port, int *lane), API_DPI)                  \
    CALL(const char *, ctm_fc_report, (ctm_fc *f, int format), API_DPI)                            \
    CALL(int, ctm_fc_set_cycle, (ctm_fc *f, uint64_t cycle), API_DPI)                              \
    CALL(int, ctm_fc_set_history, (ctm_fc *f, int steps), API_DPI)                                 \
                                                                                                   \
    SECTION("the processor array")                                                                 \
    CALL(ctm_model *, ctm_model_new, (const char *elf_path, int width, int height, int lanes,      \
                                      int contexts, int addr_depth, int loop_depth), API_DPI)      \
    CALL(void, ctm_model_free, (ctm_model *m), API_DPI)                                            \
    CALL(int, ctm_model_set_input, (ctm_model *m, int n, const void *data, int format, int width,  \
                                    int height), API_C)                                            \
    CALL(int, ctm_model_load_input, (ctm_model *m, int n, const char *path, int format,            \
                                     int width, int height), API_DPI)                              \
    CALL(int, ctm_model_set_constf, (ctm_model *m, int n, double x, double y, double z, double w), \
         API_DPI)                                                                                  \
    CALL(int, ctm_model_set_consti, (ctm_model *m, int n, int count, int init, int step), API_DPI) \
    CALL(int, ctm_model_set_constb, (ctm_model *m, int n, int value), API_DPI)                     \
    NOTE("The run's layouts and its conditional output, before the first step.")                   \
    CALL(int, ctm_model_set_tiling, (ctm_model *m, int client, int n, int tiling), API_DPI)        \
    CALL(int, ctm_model_set_out_format, (ctm_model *m, int n, int format), API_DPI)                \
    CALL(int, ctm_model_set_cond, (ctm_model *m, int test, int loc, int writemask,                 \
                                   uint32_t value), API_DPI)                                       \
    CALL(int, ctm_model_load_cond, (ctm_model *m, const char *path, int format, int width,         \
                                    int height), API_DPI)                                          \
    CALL(int, ctm_model_read_word, (ctm_model *m, uint32_t addr, uint32_t *word), API_DPI)         \
    NOTE("A run of a command buffer against a memory image (since 1.16), as dpp exec runs it.")   \
    CALL(ctm_model *, ctm_model_new_cmd, (uint32_t mem_bytes, int lanes, int contexts,             \
                                          int addr_depth, int loop_depth), API_DPI)                \
    CALL(int, ctm_model_load_mem, (ctm_model *m, const char *path), API_DPI)                       \
    CALL(int, ctm_model_put_mem, (ctm_model *m, uint32_t addr, uint32_t word), API_DPI)            \
    CALL(int, ctm_model_load_cmd, (ctm_model *m, const char *path), API_DPI)                       \
    CALL(int, ctm_model_put_cmd, (ctm_model *m, uint32_t word), API_DPI)                           \
    CALL(int, ctm_model_step, (ctm_model *m), API_DPI)                                             \
    CALL(uint64_t, ctm_model_get, (const ctm_model *m, const char *name), API_DPI)                 \
    CALL(int, ctm_model_port, (const char *name), API_DPI)                                         \
    CALL(uint64_t, ctm_model_get_port, (const ctm_model *m, int port), API_DPI)                    \
    CALL(const char *, ctm_model_error, (const ctm_model *m), API_DPI)                             \
                                                                                                   \
    SECTION("commit-level checking (docs/commit.md)")                                             \
    CALL(int, ctm_model_commit, (ctm_model *m, ctm_commit *out), API_C)                            \
    CALL(ctm_commit_checker *, ctm_commit_new, (ctm_model *m, int contexts, int level), API_DPI)   \
    CALL(void, ctm_commit_free, (ctm_commit_checker *c), API_DPI)                                  \
    CALL(int, ctm_commit_set_kinds, (ctm_commit_checker *c, int kinds), API_DPI)                   \
    CALL(int, ctm_commit_set_family, (ctm_commit_checker *c, int family), API_DPI)                 \
    CALL(int, ctm_commit_share, (ctm_commit_checker *c), API_DPI)                                  \
    CALL(int, ctm_commit_put, (ctm_commit_checker *c, uint64_t cycle, const ctm_commit *r), API_C) \
    NOTE("A design's commit, the fields of ctm_commit_t; those its kind does not carry are not")  \
    NOTE("compared (ctm_commit_check calls it).")                                                 \
    CALL(int, ctm_commit_put_fields, (ctm_commit_checker *c, uint64_t cycle, int ctx, int kind,    \
                                      int wave, uint32_t pc, uint64_t exec, uint64_t done,         \
                                      uint64_t kill, int jump, uint32_t next_pc, uint64_t active,  \
                                      int al), API_DPI)                                            \
    NOTE("Level 2: the fields of ctm_commit_state_t (ctm_commit_check_state calls it).")          \
    CALL(int, ctm_commit_put_state, (ctm_commit_checker *c, uint64_t cycle, int ctx, int kind,     \
                                     uint32_t pc, int op, int quarter, uint64_t mask,              \
                                     uint64_t exec, uint64_t br_inactive, uint32_t depth,          \
                                     uint32_t addr_sp, uint32_t addr_top, uint32_t loop_sp,        \
                                     uint32_t loop_count, int al, const uint8_t bc[64]), API_DPI)  \
    NOTE("Open regions (since 1.14): a REGIONS commit after each START and FC step, which")        \
    NOTE("ctm_commit_check_state's state port carries (docs/commit.md, \"Open regions\").")        \
    CALL(int, ctm_commit_set_regions, (ctm_commit_checker *c, int policy), API_DPI)                \
    CALL(int, ctm_commit_put_regions, (ctm_commit_checker *c, uint64_t cycle, int ctx,             \
                                       uint32_t pc, uint32_t regions), API_DPI)                    \
    CALL(int, ctm_commit_clock, (ctm_commit_checker *c, uint64_t cycle), API_DPI)                  \
    CALL(int, ctm_commit_set_watchdog, (ctm_commit_checker *c, uint64_t cycles), API_DPI)          \
    CALL(int, ctm_commit_finish, (ctm_commit_checker *c), API_DPI)                                 \
    CALL(uint64_t, ctm_commit_count, (const ctm_commit_checker *c), API_DPI)                       \
    CALL(const char *, ctm_commit_diff, (const ctm_commit_checker *c), API_DPI)                    \
    CALL(const char *, ctm_commit_report, (ctm_commit_checker *c, int format), API_DPI)            \
    NOTE("SIMT control coverage of a run's commits, a checker's model's included (since 1.13).")  \
    CALL(int, ctm_cover_bins, (void), API_DPI)                                                     \
    CALL(const char *, ctm_cover_name, (int bin), API_DPI)                                         \
    CALL(uint64_t, ctm_model_cover, (const ctm_model *m, int bin), API_DPI)                        \
    CALL(const char *, ctm_model_cover_report, (ctm_model *m, int format), API_DPI)                \
                                                                                                   \
    SECTION("the MC's and the CO's pure functions")                                                \
    NOTE("An element and four channel values travel as 128-bit vectors: element byte k (channel")  \
    NOTE("c's fp32 bits) in bits [8k +: 8] ([32c +: 32]).")                                        \
    CALL(int, ctm_mc_address, (uint32_t base, uint32_t pitch, uint32_t height, int tiling,         \
                               int format, int64_t x, int64_t y, uint64_t *address), API_DPI)      \
    CALL(int, ctm_mc_element_bytes, (int format), API_DPI)                                         \
    CALL(int, ctm_mc_unpack, (int format, const uint8_t element[16], uint32_t value[4]), API_DPI)  \
    CALL(int, ctm_mc_pack, (int format, const uint32_t value[4], int chmask, uint8_t element[16],  \
                            uint32_t *byte_mask), API_DPI)                                         \
    CALL(int, ctm_co_decide, (int test, int loc, int writemask, int client, uint32_t v,            \
                              uint32_t b, int *keep, int *write), API_DPI)                         \
    CALL(int, ctm_co_reads_buffer, (int test, int loc, int client), API_DPI)                       \
                                                                                                   \
    SECTION("the PE's command processor")                                                          \
    CALL(ctm_pe *, ctm_pe_new, (int lanes, uint32_t mem_bytes), API_DPI)                           \
    CALL(void, ctm_pe_free, (ctm_pe *pe), API_DPI)                                                 \
    CALL(int, ctm_pe_put, (ctm_pe *pe, uint32_t dword), API_DPI)                                   \
    CALL(int, ctm_pe_finish, (ctm_pe *pe), API_DPI)                                                \
    CALL(const char *, ctm_pe_error, (const ctm_pe *pe), API_DPI)                                  \
    CALL(int, ctm_pe_field, (const ctm_pe *pe, const char *name, uint64_t *value), API_DPI)        \
    CALL(int, ctm_pe_get, (const ctm_pe *pe, const char *name, uint64_t *value), API_DPI)          \
    CALL(int, ctm_pe_surface, (const ctm_pe *pe, int client, int index, int field,                 \
                               uint64_t *value), API_DPI)                                          \
                                                                                                   \
    SECTION("the MC's memory")                                                                     \
    NOTE("Four channel values travel as a 128-bit vector, channel c's fp32 bits in [32c +: 32].") \
    CALL(ctm_mem *, ctm_mem_new, (uint32_t mem_bytes), API_DPI)                                    \
    CALL(void, ctm_mem_free, (ctm_mem *m), API_DPI)                                                \
    CALL(int, ctm_mem_set_surface, (ctm_mem *m, int client, int index, uint32_t base,              \
                                    uint32_t pitch, uint32_t height, int tiling, int format),      \
         API_DPI)                                                                                  \
    CALL(int, ctm_mem_set_out_mask, (ctm_mem *m, int mask), API_DPI)                               \
    CALL(int, ctm_mem_read_input, (ctm_mem *m, int index, int64_t x, int64_t y,                    \
                                   uint32_t value[4]), API_DPI)                                    \
    CALL(int, ctm_mem_write_output, (ctm_mem *m, int index, int64_t x, int64_t y,                  \
                                     const uint32_t value[4], int chmask), API_DPI)                \
    CALL(int, ctm_mem_cond_read, (ctm_mem *m, int64_t i, int64_t j, uint32_t *value), API_DPI)     \
    CALL(int, ctm_mem_cond_write, (ctm_mem *m, int64_t i, int64_t j, uint32_t value), API_DPI)     \
    CALL(int, ctm_mem_flush, (ctm_mem *m), API_DPI)                                                \
    CALL(int, ctm_mem_cache_lines, (const ctm_mem *m), API_DPI)                                    \
    CALL(int, ctm_mem_cache_counts, (const ctm_mem *m, uint64_t *hits, uint64_t *misses,           \
                                     uint64_t *evictions), API_DPI)                                \
    CALL(int, ctm_mem_read_word, (const ctm_mem *m, uint32_t addr, uint32_t *word), API_DPI)       \
    CALL(int, ctm_mem_write_word, (ctm_mem *m, uint32_t addr, uint32_t word), API_DPI)             \
    NOTE("The memory-image check: a design's word against the memory's; ctm_error() names")        \
    NOTE("the first byte that differs by surface, x, y, channel and format.")                      \
    CALL(int, ctm_mem_check_word, (const ctm_mem *m, uint32_t addr, uint32_t word), API_DPI)       \
    CALL(int, ctm_mem_check, (const ctm_mem *m, uint32_t addr, const uint32_t *words,              \
                              uint32_t nwords), API_C)                                             \
                                                                                                   \
    SECTION("transaction-level checking of the PE, MC and CO (docs/txn.md)")                       \
    CALL(int, ctm_model_txn, (ctm_model *m, int units, ctm_txn *out), API_C)                       \
    NOTE("The model's next transaction of `units`, to drive a design with (a second ctm_model")   \
    NOTE("of the same run, or the checker's own once shared: ctm_txn_share): 1 and t, 0 at the")  \
    NOTE("end, -CTM_E_FAULT after a fault. ctm_model_txn_next (below) gives it as a ctm_txn_t.")  \
    CALL(int, ctm_model_txn_bits, (ctm_model *m, int units, uint32_t bits[CTM_TXN_WORDS]),         \
         API_DPI)                                                                                  \
    CALL(ctm_txn_checker *, ctm_txn_new, (ctm_model *m, int units), API_DPI)                       \
    CALL(void, ctm_txn_free, (ctm_txn_checker *c), API_DPI)                                        \
    CALL(int, ctm_txn_set_kinds, (ctm_txn_checker *c, int kinds), API_DPI)                         \
    NOTE("One run for stimulus and reference (since 1.20): the testbench pulls the checker's")    \
    NOTE("model with ctm_model_txn_next; the checker takes the transactions it makes.")          \
    CALL(int, ctm_txn_share, (ctm_txn_checker *c), API_DPI)                                        \
    NOTE("The testbench's cycle of the puts from now on: a verdict names it (since 1.18).")      \
    CALL(int, ctm_txn_set_cycle, (ctm_txn_checker *c, uint64_t cycle), API_DPI)                    \
    CALL(int, ctm_txn_put, (ctm_txn_checker *c, const ctm_txn *t), API_C)                          \
    NOTE("A design's transaction as its port carries it (ctm_txn_check's txn_i).")                \
    CALL(int, ctm_txn_put_bits, (ctm_txn_checker *c, const uint32_t bits[CTM_TXN_WORDS]),          \
         API_DPI)                                                                                  \
    CALL(int, ctm_txn_finish, (ctm_txn_checker *c), API_DPI)                                       \
    CALL(uint64_t, ctm_txn_count, (const ctm_txn_checker *c), API_DPI)                             \
    CALL(const char *, ctm_txn_diff, (const ctm_txn_checker *c), API_DPI)                          \
    CALL(const char *, ctm_txn_report, (ctm_txn_checker *c, int format), API_DPI)                  \
                                                                                                   \
    SECTION("Legacy: the positional forms (ctm.h, \"Legacy\"); new code uses the struct forms")   \
    CALL(void, ctm_pred_step, (ctm_pred *p, int rst, int op, int ctx, uint64_t mask,               \
                               int obs_ctx), API_LEGACY)                                           \
    CALL(uint64_t, ctm_pred_expect, (const ctm_pred *p, int field), API_LEGACY)                    \
    CALL(int, ctm_pred_check, (ctm_pred *p, uint64_t exec_mask, uint64_t obs_pred,                 \
                               uint64_t obs_task_mask, uint64_t obs_exec_mask, int obs_sp,         \
                               uint64_t obs_top, int obs_overflow, int obs_underflow), API_LEGACY) \
    CALL(void, ctm_stack_step, (ctm_stack *s, int rst, int op, int pop_count, int wqm, int taken,  \
                                int stack_size), API_LEGACY)                                       \
    CALL(uint64_t, ctm_stack_expect, (const ctm_stack *s, int field), API_LEGACY)                  \
    CALL(int, ctm_stack_check, (ctm_stack *s, int entries, int subentries, int need, int hwm,      \
                                int depth, int overflow, int underflow, int drop), API_LEGACY)     \
    NOTE("bc is bc_o, lane i at [i*BcWidth +: BcWidth]; the instruction goes in as its encoded")   \
    NOTE("dwords (US_CMN_INST, US_FC_INST, US_FC_ADDR), the integer constant as US_FC_INT_CONST.") \
    CALL(void, ctm_fc_step, (ctm_fc *f, int rst, int cmd, int ctx, int full_mode,                  \
                             uint32_t cmn_inst, uint32_t fc_inst, uint32_t fc_addr,                \
                             uint32_t int_const, int bool_const, uint64_t pred_r,                  \
                             uint64_t pred_g, uint64_t pred_b, uint64_t pred_a,                    \
                             uint64_t alu_result, int alu_valid, int pc, uint64_t live),           \
         API_LEGACY)                                                                               \
    CALL(uint64_t, ctm_fc_expect, (const ctm_fc *f, int field), API_LEGACY)                        \
    CALL(int, ctm_fc_expect_bc, (const ctm_fc *f, int lane), API_LEGACY)                           \
    CALL(int, ctm_fc_check, (ctm_fc *f, int jump, int next_pc, uint64_t want, uint64_t active,     \
                             uint64_t br_inactive, uint64_t loop_masked, const uint32_t bc[16],    \
                             int depth, int addr_sp, int addr_top, int loop_sp,                    \
                             int loop_top_is_loop, int loop_top_count, uint64_t loop_top_live,     \
                             uint64_t loop_top_brk, uint64_t loop_top_cont, int al, int ovf,       \
                             int udf, int fault), API_LEGACY)                                      \
    NOTE("The transaction field by field; ctm_txn_put_bits takes it packed.")                     \
    CALL(int, ctm_txn_put_fields, (ctm_txn_checker *c, int unit, int kind, int index, int format,  \
                                   int64_t x, int64_t y, uint64_t address, uint32_t mask,          \
                                   uint32_t value0, uint32_t value1, uint32_t value2,              \
                                   uint32_t value3, uint32_t v, uint32_t b, int test, int loc,     \
                                   int writemask, int reads, int keep, int write), API_LEGACY)

/* The constants a testbench names, in the package's order: K(NAME, "comment")
 * (the value is ctm.h's; "" for no comment), NOTE between groups. C(NAME)
 * marks a constant of ctm.h the package leaves out (a count for C loops). The
 * opcodes, formats and layouts of ctm_consts.h are not rows here: the packages
 * take them from the model's tables (csim/cli/svpkg_consts.c). */
#define CTM_API_CONSTS(K, C, NOTE)                                                                 \
    NOTE("Status codes")                                                                           \
    K(CTM_OK, "")                                                                                  \
    K(CTM_E_ARG, "a handle or an argument out of range")                                           \
    K(CTM_E_IO, "a file could not be read")                                                        \
    K(CTM_E_FORMAT, "a malformed input file")                                                      \
    K(CTM_E_FAULT, "the program faulted")                                                          \
    K(CTM_E_NOMEM, "out of memory")                                                                \
    K(CTM_E_MISMATCH, "the DUT's outputs differ from the model's")                                 \
    K(CTM_E_STATE, "a call out of order (a check before any step)")                                \
    NOTE("Formats of ctm_*_report")                                                                \
    K(CTM_REPORT_TEXT, "") K(CTM_REPORT_JSON, "")                                                  \
    NOTE("pred_stack's op codes and output fields")                                                \
    K(CTM_PRED_OP_NOP, "") K(CTM_PRED_OP_SETP, "") K(CTM_PRED_OP_PUSH, "")                         \
    K(CTM_PRED_OP_POP, "") K(CTM_PRED_OP_INV, "") K(CTM_PRED_OP_PUSH_SETP, "")                     \
    K(CTM_PRED_OP_SET_TASK_MASK, "") K(CTM_PRED_OP_WRITE, "")                                      \
    K(CTM_PRED_EXEC_MASK, "") K(CTM_PRED_OBS_PRED, "") K(CTM_PRED_OBS_TASK_MASK, "")               \
    K(CTM_PRED_OBS_EXEC_MASK, "") K(CTM_PRED_OBS_SP, "") K(CTM_PRED_OBS_TOP, "")                   \
    K(CTM_PRED_OBS_OVERFLOW, "") K(CTM_PRED_OBS_UNDERFLOW, "") K(CTM_PRED_FIELDS, "")              \
    NOTE("stack_acct's op codes and output fields")                                                \
    K(CTM_STACK_OP_NOP, "") K(CTM_STACK_OP_PUSH, "") K(CTM_STACK_OP_PUSH_WQM, "")                  \
    K(CTM_STACK_OP_PUSH_ELSE, "") K(CTM_STACK_OP_ALU_PUSH_BEFORE, "")                              \
    K(CTM_STACK_OP_LOOP_START, "") K(CTM_STACK_OP_CALL, "") K(CTM_STACK_OP_POP, "")                \
    K(CTM_STACK_OP_LOOP_END, "") K(CTM_STACK_OP_RETURN, "") K(CTM_STACK_OP_ELSE, "")               \
    K(CTM_STACK_OP_JUMP, "") K(CTM_STACK_OP_CLEAR, "")                                             \
    K(CTM_STACK_ENTRIES, "") K(CTM_STACK_SUBENTRIES, "") K(CTM_STACK_NEED, "")                     \
    K(CTM_STACK_HWM, "") K(CTM_STACK_DEPTH, "") K(CTM_STACK_OVERFLOW, "")                          \
    K(CTM_STACK_UNDERFLOW, "") K(CTM_STACK_DROP, "") K(CTM_STACK_FIELDS, "")                       \
    NOTE("fc_unit's commands and output fields")                                                   \
    K(CTM_FC_CMD_IDLE, "") K(CTM_FC_CMD_START, "") K(CTM_FC_CMD_EXEC, "")                          \
    K(CTM_FC_JUMP, "") K(CTM_FC_NEXT_PC, "") K(CTM_FC_WANT, "") K(CTM_FC_ACTIVE, "")               \
    K(CTM_FC_BR_INACTIVE, "") K(CTM_FC_LOOP_MASKED, "") K(CTM_FC_DEPTH, "")                        \
    K(CTM_FC_ADDR_SP, "") K(CTM_FC_ADDR_TOP, "") K(CTM_FC_LOOP_SP, "")                             \
    K(CTM_FC_LOOP_TOP_IS_LOOP, "") K(CTM_FC_LOOP_TOP_COUNT, "") K(CTM_FC_LOOP_TOP_LIVE, "")        \
    K(CTM_FC_LOOP_TOP_BRK, "") K(CTM_FC_LOOP_TOP_CONT, "") K(CTM_FC_AL, "") K(CTM_FC_OVF, "")      \
    K(CTM_FC_UDF, "") K(CTM_FC_FAULT, "") K(CTM_FC_FIELDS, "")                                     \
    NOTE("The CO's tests and locations")                                                           \
    K(CTM_CO_NEVER, "") K(CTM_CO_LESS, "") K(CTM_CO_LEQUAL, "") K(CTM_CO_EQUAL, "")                \
    K(CTM_CO_GEQUAL, "") K(CTM_CO_GREATER, "") K(CTM_CO_NOTEQUAL, "") K(CTM_CO_ALWAYS, "")         \
    K(CTM_CO_LOC_DPP, "") K(CTM_CO_LOC_PE, "")                                                     \
    NOTE("The PE's surfaces (client, field)")                                                      \
    K(CTM_PE_INST, "") K(CTM_PE_CONSTF, "") K(CTM_PE_CONSTI, "") K(CTM_PE_CONSTB, "")              \
    K(CTM_PE_INPUT, "") K(CTM_PE_OUTPUT, "") K(CTM_PE_COND, "")                                    \
    K(CTM_PE_SURF_VALID, "") K(CTM_PE_SURF_BASE, "") K(CTM_PE_SURF_PITCH, "")                      \
    K(CTM_PE_SURF_HEIGHT, "") K(CTM_PE_SURF_TILING, "") K(CTM_PE_SURF_FORMAT, "")                  \
    NOTE("Units and transaction kinds")                                                            \
    K(CTM_UNIT_PE, "") K(CTM_UNIT_MC, "") K(CTM_UNIT_CO, "") C(CTM_UNITS)                          \
    K(CTM_UNITS_ALL, "")                                                                           \
    K(CTM_TXN_PE_CMD, "") K(CTM_TXN_MC_INPUT, "") K(CTM_TXN_MC_CONSTF, "")                         \
    K(CTM_TXN_MC_CONSTI, "") K(CTM_TXN_MC_CONSTB, "") K(CTM_TXN_MC_OUTPUT, "")                     \
    K(CTM_TXN_MC_COND_READ, "") K(CTM_TXN_MC_COND_WRITE, "") K(CTM_TXN_MC_FLUSH, "")               \
    K(CTM_TXN_MC_WORD, "") K(CTM_TXN_CO_DECIDE, "") C(CTM_TXN_KINDS)                               \
    NOTE("Commit kinds and level-2 families")                                                      \
    K(CTM_COMMIT_START, "") K(CTM_COMMIT_ALU, "") K(CTM_COMMIT_TEX, "")                            \
    K(CTM_COMMIT_OUTPUT, "") K(CTM_COMMIT_FC, "") K(CTM_COMMIT_END, "")                            \
    K(CTM_COMMIT_DIVERGE, "") K(CTM_COMMIT_RECONVERGE, "") K(CTM_COMMIT_LOOP_ENTER, "")            \
    K(CTM_COMMIT_LOOP_ITERATE, "") K(CTM_COMMIT_LOOP_EXIT, "") K(CTM_COMMIT_BREAK, "")             \
    K(CTM_COMMIT_CONTINUE, "") K(CTM_COMMIT_CALL, "") K(CTM_COMMIT_RETURN, "")                     \
    K(CTM_COMMIT_KILL, "opt-in: a TEXKILL's lanes on their own")                                   \
    K(CTM_COMMIT_FC_STATE, "level 2, fc_unit's family: its state after a step")                    \
    K(CTM_COMMIT_PRED_OP, "level 2, the predicate stack's: one op")                                \
    K(CTM_COMMIT_REGIONS, "opt-in, any level: open branch regions after a step")                   \
    C(CTM_COMMIT_KINDS)                                                                            \
    K(CTM_COMMIT_FAMILY_FC, "") K(CTM_COMMIT_FAMILY_PRED, "")                                      \
    K(CTM_REGIONS_DIVERGENT, "") K(CTM_REGIONS_ALL, "")
/* clang-format on */

/* The records a design's port carries, as packed structs of the package
 * (the first member the most significant bits).
 * CTM_TXN_FIELDS(F): F(member, "comment") of ctm.h's ctm_txn in its order;
 * ctm_txn_bits.c packs the record by it and the package's ctm_txn_t is
 * written from it (a 64-bit member is longint, value[4] bit [3:0][31:0]).
 * CTM_COMMIT_FIELDS and CTM_COMMIT_STATE_FIELDS: F("SV type", member,
 * "comment") of ctm_commit_t and ctm_commit_state_t, which the checker
 * modules take apart into ctm_commit_put_fields and ctm_commit_put_state. */
/* clang-format off */
#define CTM_TXN_FIELDS(F)                                                                          \
    F(unit, "CTM_UNIT_*")                                                                          \
    F(kind, "CTM_TXN_*")                                                                           \
    F(index, "which input, output, constant, opcode, CO client")                                   \
    F(format, "CTM_FMT_* of the surface")                                                          \
    F(x, "the element, or the pair (i, j)")                                                        \
    F(y, "")                                                                                       \
    F(address, "the byte address (PE: the command's offset in the buffer)")                        \
    F(mask, "the channels written; PE: the parameter count")                                       \
    F(value, "fp32 bit patterns or raw words (value[c]: channel c)")                               \
    F(v, "CO: the value tested")                                                                   \
    F(b, "CO: the conditional buffer's value")                                                     \
    F(test, "CO: the state in force")                                                              \
    F(loc, "")                                                                                     \
    F(writemask, "")                                                                               \
    F(reads, "CO: the buffer was read")                                                            \
    F(keep, "CO: the pair kept")                                                                   \
    F(write, "CO: v written back")                                                                 \
    F(bytes, "a write: the element's bytes as stored, byte k in [8k +: 8]")                        \
    F(byte_en, "a write: bit k, byte k of the element stored")

#define CTM_COMMIT_FIELDS(F)                                                                       \
    F("logic [15:0]", ctx, "the design's context")                                                 \
    F("logic [3:0]", kind, "CTM_COMMIT_*")                                                         \
    F("logic signed [31:0]", wave, "START: the wavefront's dispatch number, or -1 (the next)")      \
    F("logic [15:0]", pc, "")                                                                      \
    F("logic [63:0]", exec, "lanes it acts on (FC: the active lanes it decides for)")              \
    F("logic [63:0]", done, "lanes that end with it")                                              \
    F("logic [63:0]", kill, "TEX: lanes TEXKILL ended")                                            \
    F("logic", jump, "FC: the group decision")                                                     \
    F("logic [15:0]", next_pc, "FC: where the wavefront goes on")                                  \
    F("logic [63:0]", active, "FC, START: active lanes after it")                                  \
    F("logic signed [15:0]", al, "FC, LOOP_*: the loop counter aL after it")

#define CTM_COMMIT_STATE_FIELDS(F)                                                                 \
    F("logic [15:0]", ctx, "the design's context")                                                 \
    F("logic [4:0]", kind, "CTM_COMMIT_FC_STATE, CTM_COMMIT_PRED_OP or CTM_COMMIT_REGIONS")        \
    F("logic [15:0]", pc, "the step's FC instruction (START: 0)")                                  \
    F("logic [2:0]", op, "PRED_OP: CTM_PRED_OP_*")                                                 \
    F("logic [1:0]", quarter, "PRED_OP: the predicate context within the wavefront")               \
    F("logic [63:0]", mask, "PRED_OP: the mask the op drives (the quarter's lanes)")               \
    F("logic [63:0]", exec, "PRED_OP: the quarter's ExecuteMask after the op")                     \
    F("logic [63:0]", br_inactive, "FC_STATE: the lanes a branch parked")                          \
    F("logic [7:0]", depth, "FC_STATE: open branch nesting")                                       \
    F("logic [5:0]", addr_sp, "FC_STATE: address stack entries in use")                            \
    F("logic [9:0]", addr_top, "FC_STATE: the top return address")                                 \
    F("logic [5:0]", loop_sp, "FC_STATE: loop frames in use")                                      \
    F("logic [7:0]", loop_count, "FC_STATE: the top frame's iterations left")                      \
    F("logic signed [15:0]", al, "FC_STATE: aL")                                                   \
    F("logic [63:0][7:0]", bc, "FC_STATE: lane l's branch counter in bc[l]")                       \
    F("logic [7:0]", regions, "REGIONS: open branch regions after the step")
/* clang-format on */

#endif
