/* SIMT control coverage of a commit stream (ctm_cover.c): bins counted on
 * the model's own flow-control steps, as ctm_model hands them out (its
 * commits, a checker's pulls, a shared run's steps). */
#ifndef CSIM_COVER_INT_H
#define CSIM_COVER_INT_H

#include <stdint.h>

struct pa_issue_event;
typedef struct api_cover api_cover;

/* Bins for wavefronts in `slots` contexts, with stacks of addr_depth and
 * loop_depth entries and part_branches of branch nesting in partial mode.
 * NULL when out of memory. */
api_cover *api_cover_new(unsigned slots, unsigned addr_depth, unsigned loop_depth,
                         unsigned part_branches);
void api_cover_free(api_cover *v);

/* Counts one event of the run (every kind: START, each instruction, END). */
void api_cover_take(api_cover *v, const struct pa_issue_event *ev);

/* A bin's name (a table: the same for every run); "" past the last. */
const char *api_cover_name(int bin);

uint64_t api_cover_hits(const api_cover *v, int bin);

/* The bins as CTM_REPORT_TEXT or CTM_REPORT_JSON, in a buffer v keeps until
 * the next call; NULL when out of memory. */
const char *api_cover_report(api_cover *v, int json);

#endif
