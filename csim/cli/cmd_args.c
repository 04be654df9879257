/* The argument loop of the dpp subcommands (cmd_args.h). */
#include "cmd_args.h"

int cmd_parse_args(const cmd_args *a, cli_parser *p, int argc, char **argv, void *ctx,
                   const char **input)
{
    cli_init(p, a->prog, argc, argv, a->options, a->more);
    for (;;) {
        const cli_option *o;
        const char *v;
        char err[700] = ""; /* room for a path in the message */
        switch (cli_next(p, &o, &v)) {
        case CLI_HELP:
            a->usage(stdout);
            return 0;
        case CLI_ERROR:
            return 2;
        case CLI_ARG:
            if (*input) {
                cli_error(p, "unexpected argument '%s' (%s)", v, a->one_only);
                return 2;
            }
            *input = v;
            break;
        case CLI_OPTION:
            switch (a->option(ctx, o, v, err, sizeof err)) {
            case 0:
                break;
            case 1:
                return 1;
            default:
                return cli_bad_value(p, o, err), 2;
            }
            break;
        default: /* CLI_END */
            if (!*input) {
                cli_error(p, "missing %s (see --help)", a->input);
                return 2;
            }
            return cli_check_required(p) ? 2 : -1;
        }
    }
}
