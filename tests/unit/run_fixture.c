#include "run_fixture.h"

#include "asm.h"
#include "cmocka_all.h"
#include "co.h"

#include <string.h>

#define MAX_ELEMS (64 * 64)

static float input[MAX_ELEMS * 4], condbuf[MAX_ELEMS];

dpp_exe *fixture_assemble(const char *text)
{
    static dpp_exe exe;
    dpp_error err;
    dpp_asm_opts opts = {0};
    if (dpp_asm(text, strlen(text), "test.s", &opts, &exe, &err))
        fail_msg("%s", err.msg);
    return &exe;
}

void fixture_opts(dpp_run_opts *o, unsigned width, unsigned height, unsigned lanes,
                  unsigned slots)
{
    assert_true(width * height <= MAX_ELEMS);
    for (unsigned k = 0; k < width * height * 4; k++)
        input[k] = (float)((k * 2654435761u) % 17) - 8.0f;
    dpp_run_default_opts(o);
    o->width = width;
    o->height = height;
    o->input[0] = (dpp_image){MC_FMT_FLOAT32_4, MC_TILE_LINEAR, width, height, (uint8_t *)input};
    o->array.lanes = lanes;
    o->array.contexts = slots;
}

void fixture_cond(dpp_run_opts *o, unsigned test)
{
    for (unsigned k = 0; k < o->width * o->height; k++)
        condbuf[k] = (float)(k % 7) - 3.0f;
    o->cond = (dpp_image){MC_FMT_FLOAT32_1, MC_TILE_LINEAR, o->width, o->height, (uint8_t *)condbuf};
    o->cond_test = (uint8_t)test;
    o->cond_loc = CO_LOC_DPP;
    o->cond_writemask = 1;
}

dpp_stepper *fixture_stepper(const dpp_exe *exe, const dpp_run_opts *o)
{
    dpp_stepper *st = NULL;
    dpp_error err;
    if (dpp_stepper_open(exe, o, "fixture", &st, &err))
        fail_msg("%s", err.msg);
    return st;
}
