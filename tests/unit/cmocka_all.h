/* cmocka needs these headers first and in this order; include this instead. */
#ifndef TESTS_CMOCKA_ALL_H
#define TESTS_CMOCKA_ALL_H
// clang-format off
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
// clang-format on
#endif
