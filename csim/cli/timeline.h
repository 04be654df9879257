/* dpp run --timeline FILE.fst|FILE.vcd: the timing model's schedule as a
 * waveform (VCD, converted to FST by gtkwave's vcd2fst), with a GTKWave save
 * file FILE.gtkw beside it that opens on the SIMD's slots. One time unit is one modelled cycle. Per slot k
 * (simd0.slotKK): valid, wave, pc, clause (ALU/TEX/OUT), lanes (the active
 * lanes of the instruction), stall (why it is not issuing); per SIMD:
 * resident, alu_busy, alu_wave, tex_busy. */
#ifndef CSIM_CLI_TIMELINE_H
#define CSIM_CLI_TIMELINE_H

#include "timing.h"

#include <stddef.h>

typedef struct cli_timeline cli_timeline;

/* Whether path names a waveform the timeline writes (.fst or .vcd). */
int cli_timeline_name_ok(const char *path);

/* Creates path (FILE.fst or FILE.vcd; the save file is FILE.gtkw) and the
 * writer: NULL, with a message in err, if it cannot (an FST also needs
 * vcd2fst on PATH). */
cli_timeline *cli_timeline_open(const char *path, char *err, size_t errlen);

/* The sink the timing model writes to. */
tm_sink cli_timeline_sink(cli_timeline *t);

/* Ends the waveform and writes the .gtkw; 0, or -1 with a message in err.
 * Frees t (NULL is allowed). */
int cli_timeline_close(cli_timeline *t, char *err, size_t errlen);

/* The .gtkw written beside the .fst. */
const char *cli_timeline_gtkw(const cli_timeline *t);

#endif
