#include "status.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const status_names[] = {
    [DPP_OK] = "OK",           [DPP_E_ARG] = "E_ARG",     [DPP_E_NOMEM] = "E_NOMEM",
    [DPP_E_IO] = "E_IO",       [DPP_E_PARSE] = "E_PARSE", [DPP_E_FORMAT] = "E_FORMAT",
    [DPP_E_ILLEGAL] = "E_ILLEGAL", [DPP_E_FAULT] = "E_FAULT",
};

const char *dpp_status_name(dpp_status code)
{
    if ((size_t)code < sizeof status_names / sizeof status_names[0] && status_names[code])
        return status_names[code];
    return "E_UNKNOWN";
}

dpp_status dpp_error_set(dpp_error *err, dpp_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}
