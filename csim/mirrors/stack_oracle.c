/* stack_oracle: compiler and ISA stack-size rules over typed events. */
#include "stack_oracle.h"

#include "stack_acct.h"

#include <stdbool.h>
#include <stdlib.h>

static const char *const ev_names[STACK_EV_COUNT] = {
    "PUSH_VPM", "PUSH_WQM", "LOOP", "CALL", "POP_VPM", "POP_WQM", "ENDLOOP", "RETURN",
};

static unsigned ceil_div(unsigned a, unsigned b)
{
    return (a + b - 1) / b;
}

/* Live frames per kind (indexed by the push event), shared by every oracle:
 * counts a push, or takes a pop off its kind; false if none is live. */
static bool pop_ok(unsigned live[STACK_EV_COUNT], stack_ev e)
{
    if (e < STACK_EV_POP_VPM) {
        live[e]++;
        return true;
    }
    stack_ev push = (stack_ev)(e - STACK_EV_POP_VPM);
    if (live[push] == 0)
        return false;
    live[push]--;
    return true;
}

/* §1.6: A full entries, B subentries, +2 while a non-WQM push is live. */
static unsigned isa_need(const unsigned live[STACK_EV_COUNT], unsigned width)
{
    unsigned s = stack_acct_subentries_per_entry(width);
    unsigned a = live[STACK_EV_PUSH_WQM] + live[STACK_EV_LOOP];
    unsigned b = live[STACK_EV_PUSH_VPM] + live[STACK_EV_CALL] * (width == 16 ? 2 : 1) +
                 (live[STACK_EV_PUSH_VPM] ? 2 : 0);
    return a + ceil_div(b, s);
}

/* §2.3 and §2.4: Mesa's update_max_depth, called after each push. */
static unsigned mesa_elements(const unsigned live[STACK_EV_COUNT], stack_ev type, unsigned chip,
                              unsigned width, bool tgsi)
{
    unsigned entry_size = width <= 32 ? 8 : 4;
    unsigned push = live[STACK_EV_PUSH_VPM];
    unsigned el = (live[STACK_EV_LOOP] + live[STACK_EV_PUSH_WQM]) * entry_size + push;
    bool vpm = type == STACK_EV_PUSH_VPM || (!tgsi && push > 0);
    switch (chip) {
    case STACK_CHIP_R7XX:
        return el + (vpm ? 2 : 0);
    case STACK_CHIP_CAYMAN:
        return el + 2 + (tgsi && vpm ? 1 : 0); /* TGSI falls through into EVERGREEN */
    default:                                   /* EVERGREEN, NI */
        return el + (vpm ? 1 : 0);
    }
}

/* §2.6: LLVM CFStack items. */
enum llvm_item { IT_ENTRY, IT_SUB, IT_FIRST, IT_FIRST_FULL };

typedef struct llvm_stack {
    enum llvm_item *branch;
    size_t nbranch;
    unsigned entries, subentries;
} llvm_stack;

static bool llvm_contains(const llvm_stack *st, enum llvm_item it)
{
    for (size_t i = 0; i < st->nbranch; i++)
        if (st->branch[i] == it)
            return true;
    return false;
}

static unsigned llvm_sub_size(enum llvm_item it, unsigned chip)
{
    switch (it) {
    case IT_FIRST:
        return chip == STACK_CHIP_R7XX ? 3 : 2;
    case IT_FIRST_FULL:
        return 2;
    case IT_SUB:
        return 1;
    default:
        return 0;
    }
}

static void llvm_push_branch(llvm_stack *st, bool wqm, unsigned chip)
{
    enum llvm_item it = IT_ENTRY;
    bool cayman = chip == STACK_CHIP_CAYMAN;
    if (!wqm) {
        if (!cayman && !llvm_contains(st, IT_FIRST))
            it = IT_FIRST;
        else if (st->entries > 0 && chip == STACK_CHIP_NI && !llvm_contains(st, IT_FIRST_FULL))
            it = IT_FIRST_FULL;
        else
            it = IT_SUB;
    }
    st->branch[st->nbranch++] = it;
    if (it == IT_ENTRY)
        st->entries++;
    else
        st->subentries += llvm_sub_size(it, chip);
}

static void llvm_pop_branch(llvm_stack *st, unsigned chip)
{
    enum llvm_item it = st->branch[--st->nbranch];
    if (it == IT_ENTRY)
        st->entries--;
    else
        st->subentries -= llvm_sub_size(it, chip);
}

/* Applies one event to the LLVM stack (its pop was validated by pop_ok). */
static void llvm_event(llvm_stack *st, stack_ev e, unsigned chip)
{
    switch (e) {
    case STACK_EV_PUSH_VPM:
    case STACK_EV_PUSH_WQM:
        llvm_push_branch(st, e == STACK_EV_PUSH_WQM, chip);
        break;
    case STACK_EV_LOOP:
        st->entries++;
        break;
    case STACK_EV_POP_VPM:
    case STACK_EV_POP_WQM:
        llvm_pop_branch(st, chip);
        break;
    case STACK_EV_ENDLOOP:
        st->entries--;
        break;
    default: /* CALL, RETURN: not counted by LLVM */
        break;
    }
}

dpp_status stack_oracle_max(unsigned oracle, unsigned width, unsigned chip, const stack_ev *ev,
                            size_t n, unsigned *max_entries, dpp_error *err)
{
    *max_entries = 0;
    if (oracle >= STACK_ORACLE_COUNT || chip >= STACK_CHIP_COUNT ||
        !stack_acct_subentries_per_entry(width))
        return dpp_error_set(err, DPP_E_ARG, "stack_oracle: oracle %u, width %u or chip %u bad",
                             oracle, width, chip);
    llvm_stack st = {0};
    if (oracle == STACK_ORACLE_LLVM && n > 0 && !(st.branch = calloc(n, sizeof *st.branch)))
        return dpp_error_set(err, DPP_E_NOMEM, "stack_oracle: out of memory");
    unsigned live[STACK_EV_COUNT] = {0};
    dpp_status rc = DPP_OK;
    for (size_t i = 0; i < n; i++) {
        stack_ev e = ev[i];
        if ((unsigned)e >= STACK_EV_COUNT || !pop_ok(live, e)) {
            rc = dpp_error_set(err, DPP_E_FAULT, "stack_oracle: event %zu (%s) has nothing to pop",
                               i, (unsigned)e < STACK_EV_COUNT ? ev_names[e] : "?");
            break;
        }
        unsigned need = 0;
        /* The compilers update their maximum on pushes only. */
        bool push = e == STACK_EV_PUSH_VPM || e == STACK_EV_PUSH_WQM || e == STACK_EV_LOOP;
        switch (oracle) {
        case STACK_ORACLE_ISA:
            need = isa_need(live, width);
            break;
        case STACK_ORACLE_MESA_SFN:
        case STACK_ORACLE_MESA_TGSI:
            if (push)
                need = ceil_div(
                    mesa_elements(live, e, chip, width, oracle == STACK_ORACLE_MESA_TGSI), 4);
            break;
        default:
            llvm_event(&st, e, chip);
            if (push)
                need = st.entries + ceil_div(st.subentries, 4);
            break;
        }
        if (need > *max_entries)
            *max_entries = need;
    }
    free(st.branch);
    return rc;
}
