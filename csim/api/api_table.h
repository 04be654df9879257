/* The public surface of libctm as tables (api_list.h expanded): what
 * `dpp svpkg --dpi` writes the DPI package from. Internal to libctm. */
#ifndef CSIM_API_TABLE_H
#define CSIM_API_TABLE_H

#include <stddef.h>

/* How a call crosses into SystemVerilog (api_list.h's FLAGS). */
enum { API_DPI, API_C, API_LEGACY };

/* A row of the calls' table, or of the constants' table. */
enum { API_ROW_SECTION, API_ROW_NOTE, API_ROW_CALL, API_ROW_CONST, API_ROW_C_CONST };

typedef struct api_call {
    int row;          /* API_ROW_SECTION, _NOTE or _CALL */
    const char *text; /* SECTION, NOTE: the text; CALL: the name */
    const char *ret;  /* CALL: the C return type, as ctm.h spells it */
    const char *args; /* CALL: "(int contexts, ...)", as ctm.h spells them */
    int flags;        /* CALL: API_DPI, API_C or API_LEGACY */
} api_call;

typedef struct api_const {
    int row;              /* API_ROW_NOTE, _CONST, or _C_CONST (left out of the package) */
    const char *name;     /* NOTE: the text */
    long long value;      /* ctm.h's */
    const char *comment;
} api_const;

/* A member of a packed record of the package. */
typedef struct api_sv_field {
    const char *sv_type; /* "logic [15:0]"; for ctm_txn_t NULL: from size and sign */
    const char *name;
    const char *comment;
    size_t offset, size; /* ctm_txn_t: the member in ctm.h's ctm_txn */
    int is_signed;
} api_sv_field;

extern const api_call api_calls[];
extern const unsigned api_n_calls;
extern const api_const api_consts[];
extern const unsigned api_n_consts;
extern const api_sv_field api_txn_fields[], api_commit_fields[], api_commit_state_fields[];
extern const unsigned api_n_txn_fields, api_n_commit_fields, api_n_commit_state_fields;

#endif
