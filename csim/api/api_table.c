/* api_list.h expanded twice: each call's row as a declaration, which the
 * compiler holds to ctm.h's (a row that differs is "conflicting types"),
 * and as the tables of api_table.h. */
#include "api_table.h"

#include "api_list.h"
#include "ctm.h"

#define API_NONE(...)
#define API_DECLARE(RET, NAME, ARGS, FLAGS) RET NAME ARGS;
CTM_API_CALLS(API_DECLARE, API_NONE, API_NONE)

#define API_CALL_ROW(RET, NAME, ARGS, FLAGS) {API_ROW_CALL, #NAME, #RET, #ARGS, FLAGS},
#define API_NOTE_ROW(TEXT)                   {API_ROW_NOTE, TEXT, NULL, NULL, 0},
#define API_SECTION_ROW(TEXT)                {API_ROW_SECTION, TEXT, NULL, NULL, 0},
const api_call api_calls[] = {CTM_API_CALLS(API_CALL_ROW, API_NOTE_ROW, API_SECTION_ROW)};
const unsigned api_n_calls = sizeof api_calls / sizeof api_calls[0];

#define API_K_ROW(NAME, COMMENT)  {API_ROW_CONST, #NAME, NAME, COMMENT},
#define API_C_ROW(NAME)           {API_ROW_C_CONST, #NAME, NAME, ""},
#define API_CNOTE_ROW(TEXT)       {API_ROW_NOTE, TEXT, 0, ""},
const api_const api_consts[] = {CTM_API_CONSTS(API_K_ROW, API_C_ROW, API_CNOTE_ROW)};
const unsigned api_n_consts = sizeof api_consts / sizeof api_consts[0];

/* ctm_txn's members: signed for int32_t and int64_t (an array decays to a
 * pointer: unsigned words). */
#define API_TXN_M(M) (((ctm_txn *)0)->M)
#define API_TXN_ROW(M, COMMENT)                                                                    \
    {NULL, #M, COMMENT, offsetof(ctm_txn, M), sizeof API_TXN_M(M),                                 \
     _Generic(API_TXN_M(M), int32_t: 1, int64_t: 1, default: 0)},
#define API_TXN_BYTES(M, COMMENT) +sizeof API_TXN_M(M)
_Static_assert(0 CTM_TXN_FIELDS(API_TXN_BYTES) == 4 * CTM_TXN_WORDS,
               "CTM_TXN_FIELDS lists every member of ctm_txn, CTM_TXN_WORDS words");
const api_sv_field api_txn_fields[] = {CTM_TXN_FIELDS(API_TXN_ROW)};
const unsigned api_n_txn_fields = sizeof api_txn_fields / sizeof api_txn_fields[0];

#define API_SV_ROW(TYPE, M, COMMENT) {TYPE, #M, COMMENT, 0, 0, 0},
const api_sv_field api_commit_fields[] = {CTM_COMMIT_FIELDS(API_SV_ROW)};
const unsigned api_n_commit_fields = sizeof api_commit_fields / sizeof api_commit_fields[0];
const api_sv_field api_commit_state_fields[] = {CTM_COMMIT_STATE_FIELDS(API_SV_ROW)};
const unsigned api_n_commit_state_fields =
    sizeof api_commit_state_fields / sizeof api_commit_state_fields[0];
