/* dpp: the golden-model command line. Dispatches to one subcommand. */
#include "commands.h"

#include <stdio.h>
#include <string.h>

static int cmd_help(int argc, char **argv);

/* One line per subcommand; add new ones here. */
static const dpp_command commands[] = {
    {"help", "list the commands", cmd_help},
    {"asm", "assemble a program: asm IN.s -o OUT.elf", cmd_asm},
    {"disasm", "print an executable as assembly: disasm IN.elf", cmd_disasm},
    {"run", "run a program over a domain: run PROG.elf --domain WxH [--in/--out ...]", cmd_run},
    {"exec", "run a raw command buffer: exec CMDBUF --mem IMAGE", cmd_exec},
    {"stack", "STACK_SIZE an event list or a program needs under an accounting rule", cmd_stack},
    {"svpkg", "write an SV package: libctm's port structs, or the encodings (--isa)", cmd_svpkg},
    {"progen", "a random structured program as an executable: progen SEED -o OUT.elf", cmd_progen},
    {"input", "the input surface the kit binds to a program: input WxH -o OUT.raw [--edges]",
     cmd_input},
    {"closure", "coverage closure: random programs until every control bin is hit: closure PROFILE",
     cmd_closure},
};

static const size_t command_count = sizeof commands / sizeof commands[0];

static void usage(FILE *out)
{
    fprintf(out, "usage: dpp <command> [options]   (dpp <command> --help for its options)\n\n"
                 "Golden model of the ATI CTM data-parallel processor.\n\ncommands:\n");
    for (size_t i = 0; i < command_count; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
}

static int cmd_help(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    usage(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
        return cmd_help(argc - 1, argv + 1);
    for (size_t i = 0; i < command_count; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "dpp: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
