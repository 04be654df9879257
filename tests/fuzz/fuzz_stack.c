/* libFuzzer: the `dpp stack` event-file parser, and the accounting model over what it
 * accepts under every rule (as cmd_stack.c runs it). */
#include "stack_acct.h"
#include "stack_events.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    stack_event *ev = NULL;
    size_t n = 0;
    dpp_error err;
    if (stack_events_parse("fuzz.ev", (const char *)data, size, &ev, &n, &err) != DPP_OK)
        return 0;
    for (unsigned rule = 0; rule < STACK_RULE_COUNT; rule++) {
        stack_acct_cfg cfg = {.width = 16u << (size % 3), .rule = rule, .chip = STACK_CHIP_R7XX,
                              .depth = STACK_ACCT_MAX_DEPTH};
        stack_acct_model *m = NULL;
        if (stack_acct_create(&cfg, &m, &err) != DPP_OK)
            continue;
        for (size_t i = 0; i < n; i++) {
            stack_acct_in in = ev[i].in;
            in.stack_size = 255;
            stack_acct_out out;
            stack_acct_step(m, &in, NULL);
            stack_acct_observe(m, &out);
            if (out.underflow || out.drop)
                break; /* where dpp stack stops with an error */
        }
        stack_acct_destroy(m);
    }
    stack_events_free(ev);
    return 0;
}
