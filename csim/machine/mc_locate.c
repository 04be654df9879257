/* An address back to its surface element (mc_locate.h). */
#include "mc_locate.h"

#include <inttypes.h>
#include <stdio.h>

/* The clients searched, in order: what a run writes first. */
static const struct {
    mc_client client;
    unsigned count;
    const char *name;
} searched[] = {
    {MC_CL_OUTPUT, MC_NUM_OUTPUTS, "output"},   {MC_CL_COND, 1, "the conditional buffer"},
    {MC_CL_INPUT, MC_NUM_INPUTS, "input"},      {MC_CL_CONSTF, 1, "the float constants"},
    {MC_CL_CONSTI, 1, "the integer constants"}, {MC_CL_CONSTB, 1, "the boolean constants"},
};
enum { N_SEARCHED = sizeof searched / sizeof searched[0] };

static const char *const tilings[] = {"linear", "tiled", "linear 2x2", "tiled 2x2"};

int mc_locate(const mc_model *m, uint64_t addr, mc_where *w)
{
    for (unsigned k = 0; k < N_SEARCHED; k++)
        for (unsigned i = 0; i < searched[k].count; i++) {
            const mc_surface *s = mc_get_surface(m, searched[k].client, i);
            unsigned bpe = s && s->valid ? mc_format_bpe(s->format) : 0;
            if (!bpe || addr < s->base || addr - s->base >= mc_surface_bytes(s))
                continue;
            uint64_t off = addr - s->base;
            *w = (mc_where){.client = searched[k].client, .index = i, .s = s,
                            .byte = (unsigned)(off % bpe)};
            w->channel = w->byte / (bpe / mc_format_channels(s->format));
            mc_element_xy(s, off / bpe, &w->x, &w->y);
            return 1;
        }
    return 0;
}

void mc_where_text(const mc_where *w, char *buf, size_t size)
{
    const char *name = "";
    int numbered = 0;
    for (unsigned k = 0; k < N_SEARCHED; k++)
        if (searched[k].client == w->client) {
            name = searched[k].name;
            numbered = searched[k].count > 1;
        }
    char surface[40];
    if (numbered)
        snprintf(surface, sizeof surface, "%s %u", name, w->index);
    else
        snprintf(surface, sizeof surface, "%s", name);
    snprintf(buf, size, "channel %u of %s (%s, %s, pitch %u) at (%" PRId64 ", %" PRId64 ")",
             w->channel, surface, mc_format_name(w->s->format), tilings[w->s->tiling & 3],
             w->s->pitch, w->x, w->y);
}
