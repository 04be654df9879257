/* A stepped or plain run of a program over a small domain, for the tests of
 * the model's stepping and of the mappings built on it: input 0 is a
 * FLOAT32_4 image of small integers (a fixed function of the element index). */
#ifndef TESTS_RUN_FIXTURE_H
#define TESTS_RUN_FIXTURE_H

#include "run_step.h"

/* Assembles text (a test failure if it does not assemble) into static storage. */
dpp_exe *fixture_assemble(const char *text);

/* Options for a width x height run with `lanes` lanes and `slots` wavefronts
 * in flight; input 0 points at static storage (one fixture at a time). */
void fixture_opts(dpp_run_opts *o, unsigned width, unsigned height, unsigned lanes,
                  unsigned slots);

/* Adds a FLOAT32_1 conditional buffer the size of the domain (values -3..3),
 * tested with `test` at the DPP, with write-back. */
void fixture_cond(dpp_run_opts *o, unsigned test);

/* Opens a stepper for exe with o; fails the test on error. */
dpp_stepper *fixture_stepper(const dpp_exe *exe, const dpp_run_opts *o);

#endif
