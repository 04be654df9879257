/* build/cosim_config: cosim's configuration without a Verilated model, for the
 * scripts (docs/cosim.md, "Parameters and model names").
 *   cosim_config [cosim options]   the configuration the options select (the cosim front end
 *                                  asks this before it picks or builds a model)
 *   cosim_config --model NAME      the configuration of a model name (scripts/vbuild.sh:
 *                                  its -G parameters)
 *   cosim_config --table           every block's parameters as Markdown
 * It prints the key=value lines of cosim --print-config; errors and exit status are
 * cosim's (2: a bad option or name). Not part of libharness (a main of its own). */
#include "cosim.h"

int main(int argc, char **argv)
{
    return cosim_config_main(argc, argv);
}
