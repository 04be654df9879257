/* Internals shared by the files of the public API (ctm_api.c, ctm_model.c);
 * not installed. The install keeps only ctm_* symbols global, so these stay
 * inside libctm. */
#ifndef CSIM_CTM_INT_H
#define CSIM_CTM_INT_H

/* Sets what ctm_error() returns for this thread (a failed ctm_*_new). */
void api_set_error(const char *msg);

#endif
