/* The dpp subcommands. Each lives in its own cmd_<name>.c and is listed once
 * in the table in dpp.c. A command returns the process exit status:
 * 0 success, 1 bad input (the message names file and line or byte offset),
 * 2 bad usage. */
#ifndef CSIM_CLI_COMMANDS_H
#define CSIM_CLI_COMMANDS_H

typedef struct dpp_command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
} dpp_command;

int cmd_asm(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_exec(int argc, char **argv);
/* dpp stack: STACK_SIZE of an event list or a CTM executable (cmd_stack.c). */
int cmd_stack(int argc, char **argv);
/* dpp svpkg: the SV packages of libctm's port structs and of the encodings (cmd_svpkg.c). */
int cmd_svpkg(int argc, char **argv);
/* dpp progen: a random structured program as an executable (cmd_progen.c). */
int cmd_progen(int argc, char **argv);

/* dpp input: the kit's input surface as raw bytes (cmd_input.c). */
int cmd_input(int argc, char **argv);

/* dpp closure: random programs until the control coverage is closed (cmd_closure.c). */
int cmd_closure(int argc, char **argv);

#endif
