/* The DPP instruction set (CTM guide ch. 3 = R5xx fragment processor):
 * six-dword instructions of four types, described by ONE field table.
 *
 * Every field of every dword is a row of that table (name, dword, bit range,
 * the instruction types it belongs to, its enum names, where it lives in
 * dpp_inst). Encode, decode, validation, the assembler, the disassembler and
 * the tests all read the table; the bit layout is written nowhere else.
 *
 * A decoded instruction is a dpp_inst: the common dword0 fields plus one
 * group per type (alu for ALU and OUTPUT, tex, fc). dpp_inst_decode() fills
 * the common group and the group of the word's type and zeroes the others. */
#ifndef CSIM_ISA_H
#define CSIM_ISA_H

#include "enc.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>

#define DPP_INST_DWORDS 6
#define DPP_INST_BYTES  24
#define DPP_MAX_INSTS   512 /* instruction slots; PC and JUMP_ADDR are 9 bits */
#define DPP_NUM_TEMPS   128
#define DPP_NUM_CONSTS  256 /* float constants */
#define DPP_NUM_INTS    32  /* integer (loop) constants */
/* Branch nesting of partial flow-control mode, the guide's "nested more than
 * 6 deep" [seed 000 p38] (Mesa uses 4); full mode nests up to 32. */
#define DPP_FC_PARTIAL_BRANCHES 6
#define DPP_NUM_BOOLS   32
#define DPP_NUM_INPUTS  16
#define DPP_NUM_OUTPUTS 4
#define DPP_NUM_PREDS   4

typedef enum dpp_inst_type {
    DPP_TYPE_ALU = 0,
    DPP_TYPE_OUT = 1,
    DPP_TYPE_FC = 2,
    DPP_TYPE_TEX = 3,
} dpp_inst_type;

/* Bit masks of instruction types, for dpp_field_desc.types. */
#define DPP_T_ALU    (1u << DPP_TYPE_ALU)
#define DPP_T_OUT    (1u << DPP_TYPE_OUT)
#define DPP_T_FC     (1u << DPP_TYPE_FC)
#define DPP_T_TEX    (1u << DPP_TYPE_TEX)
#define DPP_T_ALUOUT (DPP_T_ALU | DPP_T_OUT)
#define DPP_T_ALL    (DPP_T_ALU | DPP_T_OUT | DPP_T_FC | DPP_T_TEX)

/* Predicate selections (RGB_PRED_SEL, ALPHA_PRED_SEL). This and the FC lists
 * below are X-macro lists (enc.h): the enums, and the RTL's localparams. */
#define DPP_PRED_LIST(X)                                                                           \
    X(DPP_PRED_NONE, 0) X(DPP_PRED_RGBA, 1) X(DPP_PRED_RRRR, 2) X(DPP_PRED_GGGG, 3)                \
        X(DPP_PRED_BBBB, 4) X(DPP_PRED_AAAA, 5)
enum { DPP_PRED_LIST(ENC_ENUM) };
/* Compare against zero: ALU_RESULT_OP, and TARGET in ALU instructions. */
enum { DPP_CMP_EQ, DPP_CMP_LT, DPP_CMP_GE, DPP_CMP_NE };
/* Operand select: src0, src1, src2, presubtract. */
enum { DPP_SEL_SRC0, DPP_SEL_SRC1, DPP_SEL_SRC2, DPP_SEL_SRCP };
/* Swizzle codes; 7 is illegal in this model. */
enum { DPP_SWZ_R, DPP_SWZ_G, DPP_SWZ_B, DPP_SWZ_A, DPP_SWZ_0, DPP_SWZ_HALF, DPP_SWZ_1 };
/* Input modifiers. */
enum { DPP_MOD_NOP, DPP_MOD_NEG, DPP_MOD_ABS, DPP_MOD_NAB };
/* Presubtract. */
enum { DPP_SRCP_BIAS, DPP_SRCP_SUB, DPP_SRCP_ADD, DPP_SRCP_INV };
/* Output modifiers. */
enum {
    DPP_OMOD_U1,
    DPP_OMOD_U2,
    DPP_OMOD_U4,
    DPP_OMOD_U8,
    DPP_OMOD_D2,
    DPP_OMOD_D4,
    DPP_OMOD_D8,
    DPP_OMOD_DISABLED,
};
/* RGB_OP. 6 is reserved; MDH/MDV (11, 12) are rejected by this model. */
enum {
    DPP_RGB_MAD,
    DPP_RGB_DP3,
    DPP_RGB_DP4,
    DPP_RGB_D2A,
    DPP_RGB_MIN,
    DPP_RGB_MAX,
    DPP_RGB_CND = 7,
    DPP_RGB_CMP,
    DPP_RGB_FRC,
    DPP_RGB_SOP,
    DPP_RGB_MDH,
    DPP_RGB_MDV,
};
/* ALPHA_OP. 4 is reserved; MDH/MDV (14, 15) are rejected by this model. */
enum {
    DPP_ALPHA_MAD,
    DPP_ALPHA_DP,
    DPP_ALPHA_MIN,
    DPP_ALPHA_MAX,
    DPP_ALPHA_CND = 5,
    DPP_ALPHA_CMP,
    DPP_ALPHA_FRC,
    DPP_ALPHA_EX2,
    DPP_ALPHA_LN2,
    DPP_ALPHA_RCP,
    DPP_ALPHA_RSQ,
    DPP_ALPHA_SIN,
    DPP_ALPHA_COS,
    DPP_ALPHA_MDH,
    DPP_ALPHA_MDV,
};
/* TEX INST. */
enum {
    DPP_TEX_NOP,
    DPP_TEX_LD,
    DPP_TEX_KILL,
    DPP_TEX_PROJ,
    DPP_TEX_LODBIAS,
    DPP_TEX_LOD,
    DPP_TEX_DXDY
};
/* FC OP. */
#define DPP_FC_LIST(X)                                                                             \
    X(DPP_FC_JUMP, 0) X(DPP_FC_LOOP, 1) X(DPP_FC_ENDLOOP, 2) X(DPP_FC_REP, 3) X(DPP_FC_ENDREP, 4)  \
        X(DPP_FC_BREAKLOOP, 5) X(DPP_FC_BREAKREP, 6) X(DPP_FC_CONTINUE, 7)
enum { DPP_FC_LIST(ENC_ENUM) };
/* FC A_OP and B_OP0/B_OP1; 3 is reserved in both. */
#define DPP_AOP_LIST(X) X(DPP_AOP_NONE, 0) X(DPP_AOP_POP, 1) X(DPP_AOP_PUSH, 2)
#define DPP_BOP_LIST(X) X(DPP_BOP_NONE, 0) X(DPP_BOP_DECR, 1) X(DPP_BOP_INCR, 2)
enum { DPP_AOP_LIST(ENC_ENUM) };
enum { DPP_BOP_LIST(ENC_ENUM) };

/* dword0, US_CMN_INST: every type. */
typedef struct dpp_cmn {
    uint16_t type; /* dpp_inst_type */
    uint16_t tex_sem_wait;
    uint16_t rgb_pred_sel; /* DPP_PRED_*; FC: whole instruction, replicate only */
    uint16_t rgb_pred_inv;
    uint16_t write_inactive;
    uint16_t last;
    uint16_t nop;
    uint16_t alu_wait;
    uint16_t rgb_wmask; /* 3 bits R,G,B (bit 0 = R); TEX: with alpha_wmask, RGBA */
    uint16_t alpha_wmask;
    uint16_t rgb_omask;   /* 3 bits R,G,B: OUTPUT writes the output, ALU the predicate bits 0-2 */
    uint16_t alpha_omask; /* OUTPUT: output alpha; ALU: predicate bit 3 [seed 000, p34] */
    uint16_t rgb_clamp;
    uint16_t alpha_clamp;
    uint16_t alu_result_sel; /* 0 red, 1 alpha */
    uint16_t alpha_pred_inv;
    uint16_t alu_result_op; /* DPP_CMP_* */
    uint16_t alpha_pred_sel;
    uint16_t stat_we; /* 4 bits: statistics enables, no architectural effect (I13) */
} dpp_cmn;

/* One source address (dword1 = RGB, dword2 = alpha). */
typedef struct dpp_src_addr {
    uint16_t addr; /* 8 bits; see dpp_src_kind */
    uint16_t cnst; /* ADDRn_CONST */
    uint16_t rel;  /* ADDRn_REL: add aL */
} dpp_src_addr;

/* dwords 1-5 of ALU and OUTPUT instructions. */
typedef struct dpp_alu {
    dpp_src_addr rgb_src[3]; /* dword1 */
    uint16_t rgb_srcp_op;
    dpp_src_addr alpha_src[3]; /* dword2 */
    uint16_t alpha_srcp_op;
    /* dword3, US_ALU_RGB_INST */
    uint16_t rgb_sel[3];     /* A, B (dword3) and C (dword5) */
    uint16_t rgb_swiz[3][3]; /* [operand A/B/C][channel R/G/B] */
    uint16_t rgb_mod[3];
    uint16_t rgb_omod;
    uint16_t rgb_target; /* OUTPUT: render target; ALU: predicate compare (DPP_CMP_*) */
    uint16_t alu_wmask;  /* write the ALU result bit */
    /* dword4, US_ALU_ALPHA_INST */
    uint16_t alpha_op;
    uint16_t alpha_addrd;
    uint16_t alpha_addrd_rel;
    uint16_t alpha_sel[3];
    uint16_t alpha_swiz[3];
    uint16_t alpha_mod[3];
    uint16_t alpha_omod;
    uint16_t alpha_target;
    uint16_t w_omask; /* OUTPUT: write the W (conditional-output) value */
    /* dword5, US_ALU_RGBA_INST */
    uint16_t rgb_op;
    uint16_t rgb_addrd;
    uint16_t rgb_addrd_rel;
} dpp_alu;

/* dwords 1-3 of TEX instructions. */
typedef struct dpp_tex {
    uint16_t tex_id; /* input 0-15 */
    uint16_t inst;   /* DPP_TEX_* */
    uint16_t sem_acquire;
    uint16_t ignore_uncovered;
    uint16_t unscaled;
    uint16_t src_addr;
    uint16_t src_rel;
    uint16_t src_swiz[4]; /* S,T,R,Q from R,G,B,A (2 bits) */
    uint16_t dst_addr;
    uint16_t dst_rel;
    uint16_t dst_swiz[4]; /* written R,G,B,A from fetched R,G,B,A */
    uint16_t dx_addr;
    uint16_t dx_rel;
    uint16_t dx_swiz[4];
    uint16_t dy_addr;
    uint16_t dy_rel;
    uint16_t dy_swiz[4];
} dpp_tex;

/* dwords 2-3 of FC instructions. */
typedef struct dpp_fc {
    uint16_t op; /* DPP_FC_* */
    uint16_t b_else;
    uint16_t jump_any;
    uint16_t a_op;      /* DPP_AOP_* */
    uint16_t jump_func; /* 8-entry truth table, index (alu_result<<2)|(pred<<1)|bool */
    uint16_t b_pop_cnt;
    uint16_t b_op0; /* DPP_BOP_*, when the group stays */
    uint16_t b_op1; /* DPP_BOP_*, when the group jumps */
    uint16_t ignore_uncovered;
    uint16_t bool_addr;
    uint16_t int_addr;
    uint16_t jump_addr;
    uint16_t jump_global;
} dpp_fc;

typedef struct dpp_inst {
    dpp_cmn cmn;
    dpp_alu alu; /* ALU and OUTPUT */
    dpp_tex tex;
    dpp_fc fc;
} dpp_inst;

/* The output masks as 4 bits R,G,B,A (bit 3 = ALPHA_OMASK). OUTPUT: the
 * output channels written; ALU: the predicate bits written, "Write R G B to
 * output or to predicate bits" [seed 000, p34]. */
static inline unsigned dpp_cmn_omask(const dpp_cmn *m)
{
    return (unsigned)(m->rgb_omask | m->alpha_omask << 3);
}

static inline void dpp_cmn_set_omask(dpp_cmn *m, unsigned rgba)
{
    m->rgb_omask = (uint16_t)(rgba & 7);
    m->alpha_omask = (uint16_t)(rgba >> 3 & 1);
}

/* One row of the field table. */
typedef struct dpp_field_desc {
    const char *name;              /* lower-case, unique, e.g. "rgb_pred_sel" */
    uint8_t dword;                 /* 0-5 */
    uint8_t lo;                    /* lowest bit */
    uint8_t width;                 /* bits */
    uint8_t types;                 /* DPP_T_* mask of the types that own these bits */
    uint16_t offset;               /* offsetof(dpp_inst, member), a uint16_t */
    const char *const *enum_names; /* value names (NULL entries are illegal values), or NULL */
    uint8_t enum_count;
} dpp_field_desc;

/* The whole field table and its length. */
const dpp_field_desc *dpp_fields(size_t *count);

/* Looks a field up by name; NULL if there is none. */
const dpp_field_desc *dpp_field_find(const char *name);

/* Reads or writes the member of inst that field f describes. */
unsigned dpp_field_get(const dpp_inst *inst, const dpp_field_desc *f);
void dpp_field_set(dpp_inst *inst, const dpp_field_desc *f, unsigned value);

/* Name of value v of field f, or NULL if f has no enum or v has no name. */
const char *dpp_field_value_name(const dpp_field_desc *f, unsigned v);

/* Where the fields the flow-control unit reads sit (dword, low bit, width),
 * as constants: the table in isa.c places them with these, and the fc_unit
 * mirror (fc_fields_decode, every EXEC) takes them with constant shifts. */
#define DPP_AT_TYPE         0, 0, 2
#define DPP_AT_RGB_PRED_SEL 0, 3, 3
#define DPP_AT_RGB_PRED_INV 0, 6, 1
#define DPP_AT_FC_OP        2, 0, 3
#define DPP_AT_B_ELSE       2, 4, 1
#define DPP_AT_JUMP_ANY     2, 5, 1
#define DPP_AT_A_OP         2, 6, 2
#define DPP_AT_JUMP_FUNC    2, 8, 8
#define DPP_AT_B_POP_CNT    2, 16, 5
#define DPP_AT_B_OP0        2, 24, 2
#define DPP_AT_B_OP1        2, 26, 2
#define DPP_AT_JUMP_ADDR    3, 16, 9

/* The field at DPP_AT_x of words (a uint32_t array), e.g. DPP_TAKE(w, DPP_AT_FC_OP). */
#define DPP_TAKE(words, at)                DPP_TAKE_(words, at)
#define DPP_TAKE_(words, dword, lo, width) ((words)[dword] >> (lo) & ((1u << (width)) - 1u))

/* Packs inst into six dwords. Values are masked to their field width; only
 * the fields of inst->cmn.type are encoded. */
void dpp_inst_encode(const dpp_inst *inst, uint32_t words[DPP_INST_DWORDS]);

/* Unpacks six dwords (no validation; see dpp_inst_validate). */
void dpp_inst_decode(const uint32_t words[DPP_INST_DWORDS], dpp_inst *inst);

/* Checks the rules of one instruction word: reserved bits, reserved enum
 * values, type-specific restrictions (OMOD_DISABLED only on MIN/MAX/CMP/CND,
 * no ALU-result or predicate writes from OUTPUT, replicate-only FC
 * predicates, SOP/DP pairing, ...). On failure returns DPP_E_ILLEGAL with
 * "slot N: ..." in err. */
dpp_status dpp_inst_validate(const uint32_t words[DPP_INST_DWORDS], unsigned slot, dpp_error *err);

/* The same rules for a decoded instruction (without the reserved-bit
 * check, which needs the words); a member too large for its field is
 * illegal too. */
dpp_status dpp_inst_check(const dpp_inst *inst, unsigned slot, dpp_error *err);

/* Checks a whole program: every word, plus the rules between slots (the NOP
 * before a presubtract hazard, the final OUTPUT, jump targets in range, an
 * ALU-result write before any FC that reads it). words holds n * 6 dwords. */
dpp_status dpp_program_validate(const uint32_t *words, size_t n, dpp_error *err);

/* Checks the rules of partial flow-control mode [seed 000 p38] on a valid
 * program: no LOOP/REP family op, no call or return (A_OP), and no path
 * through the program that nests branches more than branch_limit deep (the
 * nesting follows B_OP0 on the stay edge and B_OP1 on the jump edge of each
 * JUMP, csim/isa/fc_mode.c). The message names the slot and the rule. */
dpp_status dpp_program_check_partial(const uint32_t *words, size_t n, unsigned branch_limit,
                                     dpp_error *err);

/* Whether slot `cur` needs NOP on the previous slot `prev` (presubtract
 * hazard, spec 5.9), ignoring the NOP bit itself. */
int dpp_needs_nop(const dpp_inst *prev, const dpp_inst *cur);

/* What an 8-bit ALU source address names. */
typedef enum dpp_src_kind { DPP_SRC_TEMP, DPP_SRC_CONST, DPP_SRC_INLINE } dpp_src_kind;
dpp_src_kind dpp_src_classify(const dpp_src_addr *s);

/* Value of a 7-bit inline constant (4-bit exponent high, bias 7, 3-bit
 * mantissa, denormals) as fp32 bits. */
uint32_t dpp_inline_const_bits(unsigned code);

/* An integer loop constant (US_FC_INT_CONST): bits 7:0 count (KR), 15:8
 * initial aL (KG), 23:16 step (KB, two's complement); 31:24 reserved. */
typedef struct dpp_loop_const {
    uint8_t count;
    uint8_t init;
    int8_t step;
} dpp_loop_const;
/* Inline: the fc checker unpacks the constant of every step it checks. */
static inline dpp_loop_const dpp_loop_const_unpack(uint32_t word)
{
    return (dpp_loop_const){(uint8_t)word, (uint8_t)(word >> 8), (int8_t)(uint8_t)(word >> 16)};
}
uint32_t dpp_loop_const_pack(dpp_loop_const k);

/* The integer constant inst reads (INT_ADDR of LOOP, ENDLOOP, REP, ENDREP: the
 * ISA's only int32 constant references), or -1. */
int dpp_inst_int_const(const dpp_inst *inst);

/* The early program exit inst is, for the EARLYEXIT note: "LAST", "TEXKILL" or NULL. */
const char *dpp_inst_early_exit(const dpp_inst *inst);

#endif
