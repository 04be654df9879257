/* libFuzzer: the ELF reader on arbitrary bytes; an executable it accepts must disassemble. */
#include "asm.h"
#include "elf_exe.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static dpp_exe exe;
    dpp_error err;
    if (dpp_elf_read_mem(data, size, "fuzz.elf", &exe, &err) == DPP_OK) {
        char *text = NULL;
        if (dpp_disasm(&exe, &text, &err) != DPP_OK)
            abort();
        free(text);
    }
    return 0;
}
