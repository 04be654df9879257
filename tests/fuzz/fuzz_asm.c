/* libFuzzer: the assembler on arbitrary text; a program it accepts must also
 * disassemble (the round trip the dpp commands rely on). */
#include "asm.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static dpp_exe exe; /* large: not on the stack */
    dpp_error err;
    dpp_asm_opts opts = {.report_nops = (int)(size & 1)};
    if (dpp_asm((const char *)data, size, "fuzz.s", &opts, &exe, &err) == DPP_OK) {
        char *text = NULL;
        if (dpp_disasm(&exe, &text, &err) != DPP_OK)
            abort(); /* an accepted program must print */
        free(text);
    }
    return 0;
}
