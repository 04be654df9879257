/* run_step: dpp_run one flow-control step at a time. The device, memory and
 * command buffer are dpp_run's; the commands before and after start_program
 * run as usual, and the program itself runs on demand: each call of
 * dpp_stepper_next runs the model to its next flow-control event (a
 * wavefront's START or an FC instruction), exactly the events and order that
 * dpp_run's trace callback sees. Nothing is recorded, so memory stays flat
 * however long the run. This is how the lock-step harness takes a real
 * program's steps as stimulus. */
#ifndef CSIM_RUN_STEP_H
#define CSIM_RUN_STEP_H

#include "run.h"

typedef struct dpp_stepper dpp_stepper;

/* Sets up a run of exe with o (o->trace is ignored; o->array.threads too: a
 * stepped run is one thread). name starts error messages. */
dpp_status dpp_stepper_open(const dpp_exe *exe, const dpp_run_opts *o, const char *name,
                            dpp_stepper **out, dpp_error *err);

/* Sets up a run of a command buffer against a device memory image, as `dpp exec` runs
 * one (docs/run.md): the image at device address 0, the buffer's cb_len bytes at the next
 * 2 KiB boundary after it, device memory of mem_bytes (0: image plus buffer, 2 KiB aligned,
 * as dpp exec's default). Every command runs as pe_execute runs it (the whole buffer's
 * framing checked before the first), each start_program stepped as above; outputs land in
 * the device memory (o->discard_outputs is ignored). Of o only array, txn and txn_user
 * count. name (the buffer's file) starts error messages ("NAME: byte N: error: ...").
 * Wavefronts are numbered through the run: a start_program's first is the number after
 * the previous one's last (the array numbers each program's from 0). */
dpp_status dpp_stepper_open_cmds(const uint8_t *img, size_t img_len, const uint8_t *cb,
                                 size_t cb_len, size_t mem_bytes, const dpp_run_opts *o,
                                 const char *name, dpp_stepper **out, dpp_error *err);

/* Runs to the next flow-control event: *ev points at it (valid until the
 * next call), or is NULL when the run has ended (the commands after
 * the last start_program have run then). A program fault returns DPP_E_FAULT, with
 * dpp_run's message, after the events that led to it; so does every later
 * call. */
dpp_status dpp_stepper_next(dpp_stepper *s, const pa_fc_event **ev, dpp_error *err);

/* Runs to the next commit instead (pa_issue_event: a wavefront's start, one
 * instruction, its end), in the order the model issues them; *ev as
 * dpp_stepper_next's. A stepper hands out commits or flow-control events,
 * never both: the first call of either chooses (DPP_E_ARG after that). */
dpp_status dpp_stepper_next_issue(dpp_stepper *s, const pa_issue_event **ev, dpp_error *err);

/* Hands every commit of the run to fn as it is made, while the stepper
 * hands out flow-control events (dpp_stepper_next): one run, seen both ways.
 * Before the first call of dpp_stepper_next; DPP_E_ARG after it. */
dpp_status dpp_stepper_set_issue_sink(dpp_stepper *s, pa_issue_fn fn, void *user, dpp_error *err);

/* Only units' transactions (bit u: txn_unit u) reach the run's sink (dpp_run_opts.txn)
 * from now on: the others are not made (mc_set_txn_units). */
void dpp_stepper_set_txn_units(dpp_stepper *s, unsigned units);

/* The outputs, conditional buffer and counters once the run has ended. */
dpp_status dpp_stepper_result(dpp_stepper *s, dpp_run_result *res, dpp_error *err);

/* The device memory of the run as it stands (inputs, constants and the
 * command buffer laid out when it opened; what the MC has written since), and
 * its size in *bytes. */
const uint8_t *dpp_stepper_memory(const dpp_stepper *s, size_t *bytes);

/* Frees the stepper; NULL is allowed. */
void dpp_stepper_close(dpp_stepper *s);

#endif
