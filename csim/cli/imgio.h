/* Image and raw files for `dpp run`: PGM/PPM (P5/P6), PFM (Pf/PF), PNG, text
 * dumps and raw surfaces in one of the MC formats (docs/run.md). */
#ifndef CSIM_CLI_IMGIO_H
#define CSIM_CLI_IMGIO_H

#include "run.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Reads a whole file (at most 1 GiB). Returns 0 on success, else -1 with msg set. */
int cli_read_file(const char *path, uint8_t **data, size_t *len, char *msg, size_t msz);

/* Parses "FORMAT" (UINT16_1, UINT8_4, FLOAT32_1, FLOAT32_2, FLOAT32_4); -1 if unknown. */
int cli_parse_format(const char *s);

/* Loads an input image. .pgm -> FLOAT32_1 scaled to [0, 1], .ppm -> UINT8_4 (8-bit) or
 * FLOAT32_4 (16-bit), .pfm -> FLOAT32_1 or FLOAT32_4 (either byte order), .png -> FLOAT32_1
 * (grey) or UINT8_4 (colour; 16-bit files reduced to 8); any other name is raw data in
 * `format` of width x height (both required then). Returns 0, or -1 with msg. */
int cli_load_image(const char *path, int format, uint32_t width, uint32_t height, dpp_image *img,
                   char *msg, size_t msz);

/* 0 if an output may have this name (.pgm .ppm .pfm .png .txt .raw), else -1 with a message
 * that lists the known extensions. */
int cli_check_output_name(const char *path, char *msg, size_t msz);

/* What an output of this name keeps, for the "wrote" line ("PGM, channel 0 ..."). */
const char *cli_output_kind(const char *path);

/* Saves an output image by extension: .pgm (channel 0), .ppm (RGB), both clamped to
 * [0, 1] and scaled to 255; .pfm (RGB little-endian floats); .png (8-bit grey or RGB);
 * .txt (one line "i j r g b a" per element); .raw (the bytes in the image's format).
 * Returns 0, or -1 with msg. */
int cli_save_image(const char *path, const dpp_image *img, char *msg, size_t msz);

/* Helpers shared with the PNG code. */
float cli_channel(const dpp_image *img, uint32_t x, uint32_t y, unsigned c);
uint8_t cli_to8(float f);

/* PNG through libpng (png_io.c): load from a file's bytes, save to an open file. */
int cli_load_png(const char *path, const uint8_t *b, size_t len, dpp_image *img, char *msg,
                 size_t msz);
int cli_save_png(const char *path, FILE *f, const dpp_image *img, char *msg, size_t msz);

#endif
