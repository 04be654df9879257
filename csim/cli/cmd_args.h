/* The argument loop every dpp subcommand shares, on the option tables of
 * cliopt.h: --help prints the command's usage, one positional input, each option
 * handed to the command, and at the end the input and the required options
 * checked. The command keeps only what is its own: its table and its values. */
#ifndef CSIM_CLI_CMD_ARGS_H
#define CSIM_CLI_CMD_ARGS_H

#include "cliopt.h"

#include <stddef.h>
#include <stdio.h>

typedef struct cmd_args {
    const char *prog;          /* message prefix: "dpp run" */
    const cli_option *options; /* the command's own table */
    const cli_option *more;    /* a shared table (cli_array_options), or NULL */
    const char *input;         /* the positional in messages: "PROG.elf" */
    const char *one_only;      /* why a second positional is refused: "one program only" */
    void (*usage)(FILE *out);  /* --help */
    /* One option's value into ctx: 0, -1 with a message in err, or 1 for bad input the
     * command has reported itself (exit 1). */
    int (*option)(void *ctx, const cli_option *o, const char *value, char *err, size_t errlen);
} cmd_args;

/* Parses argv[1..argc-1] with p into ctx and *input (NULL on entry). Returns -1 to go on,
 * else the exit status: 0 after --help, 1 or 2 with the message printed. p stays usable for
 * the command's own checks (cli_error). */
int cmd_parse_args(const cmd_args *a, cli_parser *p, int argc, char **argv, void *ctx,
                   const char **input);

#endif
