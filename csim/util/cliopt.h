/* Command-line options shared by `dpp` and `cosim`: one table per command,
 * `--name VALUE` and `--name=VALUE`, flags, positional arguments, required
 * options, and counts in base 10 with k/M/G suffixes. Messages go to stderr
 * prefixed by the program name ("dpp run: missing --domain"). */
#ifndef CSIM_CLIOPT_H
#define CSIM_CLIOPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { CLI_REQUIRED = 1 };

/* One option. A one-letter name is spelt "-o"; longer ones "--name". */
typedef struct cli_option {
    const char *name;
    const char *arg;  /* value placeholder for the help ("N", "FILE"); NULL: a flag */
    const char *help;
    /* Parses the value (NULL for a flag) into ctx, the context the parser holds for
     * the option's table (cli_parser.ctx); 0, or -1 with a message in err. When NULL,
     * cli_next hands the option to the caller, who switches on key. */
    int (*parse)(void *ctx, const char *value, char *err, size_t errlen);
    int key;
    unsigned flags; /* CLI_REQUIRED */
} cli_option;

/* What cli_next found. */
enum { CLI_END, CLI_OPTION, CLI_ARG, CLI_HELP, CLI_ERROR };

enum { CLI_MAX_TABLES = 4, CLI_MAX_SEEN = 64 };

typedef struct cli_parser {
    const char *prog;                          /* message prefix: "dpp run", "cosim" */
    const cli_option *tables[CLI_MAX_TABLES];  /* searched in order, each ended by a NULL name */
    void *ctx[CLI_MAX_TABLES];                 /* what each table's parse functions write into */
    const char *scope;                         /* added to "unknown option" ("for --block fc") */
    int argc;
    char **argv;
    int next;
    int no_more_options; /* after "--" */
    const cli_option *seen[CLI_MAX_SEEN];
    unsigned nseen;
} cli_parser;

/* Starts parsing argv[1..argc-1] against up to CLI_MAX_TABLES tables (NULL ones skipped). */
void cli_init(cli_parser *p, const char *prog, int argc, char **argv, const cli_option *t0,
              const cli_option *t1);

/* The next argument. CLI_OPTION: *opt and *value (NULL for a flag) are set and, if the
 * option has a parse function, it has accepted the value. CLI_ARG: a positional in *value.
 * CLI_HELP: --help or -h. CLI_END: done. CLI_ERROR: a message naming the option was printed
 * (unknown option, missing value, a value given to a flag, a value parse refused). */
int cli_next(cli_parser *p, const cli_option **opt, const char **value);

/* 0 if every CLI_REQUIRED option was given, else prints "PROG: missing --NAME" and returns -1. */
int cli_check_required(const cli_parser *p);

/* Prints "PROG: message\n" to stderr. */
void cli_error(const cli_parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints "PROG: --NAME: 'VALUE' is ..." for a value the caller refused; returns CLI_ERROR. */
int cli_bad_value(const cli_parser *p, const cli_option *o, const char *what);

/* Lists a table for --help: "  --name ARG   help", the help wrapped at 100 columns. */
void cli_print_options(FILE *out, const cli_option *table);

/* A count: decimal digits with an optional k, M or G suffix (x1000, x10^6, x10^9), at
 * most max. Leading zeros do not mean octal; signs, spaces, hex and overflow are refused.
 * 0, or -1 with a message in err. */
int cli_count(const char *s, uint64_t max, uint64_t *out, char *err, size_t errlen);

/* A count in lo..hi. */
int cli_range(const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t errlen);

/* The same into an unsigned (hi must fit). */
int cli_range_u(const char *s, unsigned lo, unsigned hi, unsigned *out, char *err, size_t errlen);

/* "WxH", each side in 1..max (decimal, no suffix). */
int cli_size(const char *s, unsigned max, unsigned *w, unsigned *h, char *err, size_t errlen);

#endif
