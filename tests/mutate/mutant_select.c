/* The mutant a schema build runs (scripts/mutate.py): every mutated site of the RTL copy
 * compares its number with this value, read once at elaboration from COSIM_MUTANT
 * (0 or unset: the original RTL). Linked into mutant builds only (vbuild --dpi-c; an example
 * design's testbench compiles it as C++: scripts/design_run.sh --rtl-dir, hence extern "C"). */
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif
int c_dpi_mutant_select(void);
#ifdef __cplusplus
}
#endif

int c_dpi_mutant_select(void)
{
    const char *s = getenv("COSIM_MUTANT");
    return s ? atoi(s) : 0;
}
