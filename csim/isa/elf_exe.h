/* CTM DPP executables (spec 8). Named elf_exe.h because an elf.h in a csim
 * folder (-I) would shadow the system <elf.h>. ELFCLASS32, little-endian, OSABI 98, ABI
 * version 1, ET_EXEC, machine 122, flags 1; one .text under a PT_LOAD; the
 * "ATI DPP" notes under a PT_NOTE. Written and read with libelf; the reader
 * rejects malformed files with "NAME: byte N: error: ..." messages.
 * Layouts the spec leaves open are model-defined (docs/isa-model-defined.md). */
#ifndef CSIM_ELF_EXE_H
#define CSIM_ELF_EXE_H

#include "isa.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>

#define DPP_ELF_OSABI      98
#define DPP_ELF_ABIVERSION 1
#define DPP_ELF_MACHINE    122
#define DPP_ELF_FLAGS      1
#define DPP_NOTE_NAME      "ATI DPP"

/* Note types: 1, 6, 7 from the manual, 2-5 inferred, 0x101-0x106 model-defined
 * (above the guide's seven, so they cannot collide with them). */
enum {
    DPP_NOTE_PROGINFO = 1,
    DPP_NOTE_INPUTS = 2,
    DPP_NOTE_OUTPUTS = 3,
    DPP_NOTE_CONDOUT = 4,
    DPP_NOTE_FLOAT32CONSTS = 5,
    DPP_NOTE_INT32CONSTS = 6,
    DPP_NOTE_EARLYEXIT = 7,
    DPP_NOTE_FLOAT32VALUES = 0x101, /* {index, r, g, b, a} per constant */
    DPP_NOTE_INT32VALUES = 0x102,   /* {index, value} per constant */
    DPP_NOTE_BOOLVALUES = 0x103,    /* {defined mask, values} */
    DPP_NOTE_DOMAINCONST = 0x104,   /* {index}: the float constant set from the domain */
    DPP_NOTE_MODELINFO = 0x105,     /* {output_mode, fc_mode, num_temps, num_insts} */
    DPP_NOTE_INPUTPATTERN = 0x106,  /* {input, pattern, seed} per input the loader may generate */
};

/* The program information, in memory. On file, PROGINFO holds the guide's
 * words: Reserved (1), FG_DEPTH_SRC, then reserved words that are all 0
 * [seed 000, p51]; the model's own fields live in the MODELINFO note, with
 * defaults when it is absent (docs/isa-model-defined.md, E4). */
typedef struct dpp_proginfo {
    uint32_t reserved;     /* always 1 */
    uint32_t fg_depth_src; /* 0 or 1 */
    uint32_t output_mode;  /* MODELINFO: 0 cached, 1 uncached (UMRT) */
    uint32_t fc_mode;      /* MODELINFO: 0 partial, 1 full flow-control mode */
    uint32_t num_temps;    /* MODELINFO: temporaries used, 0-128 */
    uint32_t num_insts;    /* MODELINFO: must equal the .text instruction count */
} dpp_proginfo;
/* Written: Reserved, FG_DEPTH_SRC (p50), then six reserved zeros: the five
 * whole "Elf32_Word 0x00000000 Reserved" rows of p51 and the row whose start
 * ends the page (docs/isa-model-defined.md, E4). */
#define DPP_PROGINFO_WORDS 8
/* Read: at least the 7 words the pages show whole, or the 6 that dpp wrote
 * before it wrote 8 (docs/isa-model-defined.md, E4). */
#define DPP_PROGINFO_MIN_WORDS 7
#define DPP_PROGINFO_OLD_WORDS 6
#define DPP_MODELINFO_WORDS 4

/* A whole executable, as plain data. */
typedef struct dpp_exe {
    uint32_t ninsts;
    uint32_t words[DPP_MAX_INSTS * DPP_INST_DWORDS];
    dpp_proginfo info;
    uint16_t inputs;                    /* bit i: input i referenced */
    uint8_t outputs;                    /* bit o: output o referenced */
    uint32_t condout;                   /* 0/1 */
    uint32_t earlyexit;                 /* 0/1 */
    uint8_t float_used[DPP_NUM_CONSTS]; /* listed in FLOAT32CONSTS */
    uint32_t int_used;                  /* bit k: listed in INT32CONSTS */
    uint8_t float_set[DPP_NUM_CONSTS];  /* has a value in FLOAT32VALUES */
    uint32_t float_val[DPP_NUM_CONSTS][4];
    uint32_t int_set; /* bit k: has a value in INT32VALUES */
    uint32_t int_val[DPP_NUM_INTS];
    uint32_t bool_set; /* bit k: boolean k has a value */
    uint32_t bool_val;
    uint32_t domain_const; /* 1 + the float constant the runner sets to (W, H, 1/W, 1/H) of the
                              domain (.domain); 0: none */
    uint8_t in_pattern[DPP_NUM_INPUTS]; /* INPUTPATTERN: the pattern (in_pattern.h) a run
                                           generates input k from when it leaves k unbound; 0 none */
    uint32_t in_pattern_seed[DPP_NUM_INPUTS];
} dpp_exe;

/* Writes exe to path. PROGINFO reserved is written as 1 and MODELINFO's
 * num_insts as exe->ninsts; the words are not validated (dpp_elf_read() does
 * that). */
dpp_status dpp_elf_write(const dpp_exe *exe, const char *path, dpp_error *err);

/* Parses size bytes of an executable called name (for messages) into exe,
 * checking the header, the sections, the notes and every instruction word. */
dpp_status dpp_elf_read_mem(const uint8_t *buf, size_t size, const char *name, dpp_exe *exe,
                            dpp_error *err);

/* Reads the file at path with dpp_elf_read_mem. */
dpp_status dpp_elf_read(const char *path, dpp_exe *exe, dpp_error *err);

#endif
