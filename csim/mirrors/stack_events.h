/* stack_events: the text event lists read by `dpp stack` (syntax in
 * docs/stack_acct.md, "dpp stack: event files"): one stack_acct op per line,
 * `#` comments, errors as name:line:col. */
#ifndef CSIM_STACK_EVENTS_H
#define CSIM_STACK_EVENTS_H

#include "stack_acct.h"
#include "status.h"

#include <stddef.h>

typedef struct stack_event {
    stack_acct_in in;  /* op, pop_count, wqm, taken (rst false, stack_size 0) */
    unsigned line;     /* 1-based line of the op */
    unsigned col;      /* 1-based column of the op name */
    const char *spell; /* the op's name in the syntax ("alu_pop2_after") */
} stack_event;

/* Parses len bytes of text (name is used in messages only) into a new array
 * of *count events, to be released with stack_events_free. On malformed input
 * returns DPP_E_PARSE with "name:line:col: error: ..." in err. */
dpp_status stack_events_parse(const char *name, const char *text, size_t len, stack_event **out,
                              size_t *count, dpp_error *err);

void stack_events_free(stack_event *ev);

#endif
