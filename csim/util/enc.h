/* Encodings as data. Each encoding the RTL shares with the model (an
 * instruction field's values, a port's codes, a parameter's values) is one
 * X-macro list of X(NAME, VALUE) rows, written where its enum was: the list
 * makes the enum (ENC_ENUM) and, in `dpp svpkg --isa`, a name/value table
 * (ENC_ROW) that becomes the SystemVerilog localparams of rtl/ctm_isa_pkg.sv.
 * One list, so the C names and values and the RTL's cannot drift. */
#ifndef CSIM_ENC_H
#define CSIM_ENC_H

typedef struct enc_value {
    const char *name; /* the C name, e.g. "DPP_FC_LOOP" */
    unsigned value;
} enc_value;

#define ENC_ENUM(name, value) name = value,
#define ENC_ROW(name, value)  {#name, (unsigned)(name)},

#endif
