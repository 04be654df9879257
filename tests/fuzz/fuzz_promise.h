/* What the checker harnesses (fuzz_commit.c, fuzz_txn.c; fuzz_cmdrun.c the first two) share:
 * a broken promise stops the run with its reason (define FUZZ_NAME first), a text must be
 * NUL-terminated, a status one ctm.h documents, and the program they check is assembled once
 * into a temporary ELF. */
#ifndef TESTS_FUZZ_PROMISE_H
#define TESTS_FUZZ_PROMISE_H

#include "asm.h"
#include "ctm.h"
#include "elf_exe.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { FUZZ_TEXT_MAX = 1 << 22 };

__attribute__((noreturn, format(printf, 1, 2))) static void broken(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: broken promise: ", FUZZ_NAME);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

static inline size_t text_ok(const char *s, const char *what)
{
    if (!s)
        broken("%s is NULL", what);
    size_t n = strnlen(s, FUZZ_TEXT_MAX);
    if (n == FUZZ_TEXT_MAX)
        broken("%s is not NUL-terminated", what);
    return n;
}

static inline void status_ok(int st, const char *what)
{
    if (st != CTM_OK && st != CTM_E_ARG && st != CTM_E_MISMATCH && st != CTM_E_STATE &&
        st != CTM_E_FAULT && st != CTM_E_NOMEM)
        broken("%s returned %d", what, st);
}

/* The program's text assembled into an ELF at path (a mkstemp template), removed at exit. */
static char *fuzz_elf_path __attribute__((unused));

static inline void fuzz_remove_elf(void)
{
    unlink(fuzz_elf_path);
}

static inline void fuzz_write_elf(const char *program, char *path)
{
    static dpp_exe exe;
    dpp_error err;
    int fd = mkstemp(path);
    if (fd < 0)
        broken("mkstemp");
    close(fd);
    if (dpp_asm(program, strlen(program), FUZZ_NAME ".s", NULL, &exe, &err) ||
        dpp_elf_write(&exe, path, &err))
        broken("the program: %s", err.msg);
    fuzz_elf_path = path;
    atexit(fuzz_remove_elf);
}

#endif
