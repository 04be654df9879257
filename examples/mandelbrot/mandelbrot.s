; Mandelbrot set: one pair (i, j) per pixel. A data-dependent loop that
; breaks when |z| escapes, with nested ifs (escape test, then an early-escape
; band test on a predicate). Output 0: (iterations / 64, band, 0); alpha is not
; written. The band is 1/64 for pixels that escape within 8 iterations, 1/4096
; for later escapes, 0 inside the set.
; The whole set is drawn at any domain: the step is the extent divided by the
; domain, from the .domain constant c5 = (W, H, 1/W, 1/H) that `dpp run` sets.
; Constants: c0 = extent (3, 3), c1 = corner (x0, y0), c2 = -4, c3 = 1/64;
; i0 = 64 iterations.
.float c0, 3, 3, 0, 0
.float c1, -2.25, -1.5, 0, 0
.float c2, -4
.float c3, 0.015625
.float c4, -8
.domain c5
.int i0, 64, 0, 0
    ; r6 = step = (3/W, 3/H); r2 = c = (i, j) * step + (x0, y0); r7 = (cr, 0)
    alu rgb mad r6.rg, s0.baa, s1.rgb, s2.rgb src c5/c5, c0/c0, #0/#0
    alu rgb mad r2.rg, s0.rgb, s1.rgb, s2.rgb src r0/r0, r6/r6, c1/c1
    alu rgb mad r7.r, s0.rgb, s1.rgb, s2.rgb src r2/r2, #1/#1, #0/#0
    loop i0
        ; r5 = (zr*zr + cr, zr*zi)
        alu rgb mad r5.rg, s0.rrr, s0.rgb, s1.rgb src r3/r3, r7/r7, #0/#0
        ; r8.r = zr' = -zi*zi + r5.r
        alu rgb mad r8.r, -s0.ggg, s0.ggg, s1.rgb src r3/r3, r5/r5, #0/#0
        ; r3.g = zi' = 2 * zr*zi + ci
        alu rgb mad r3.g, s0.rgb, s1.rgb, s2.rgb src r5/r5, #2/#2, r2/r2
        alu rgb mad r3.r, s0.rgb, s1.rgb, s2.rgb src r8/r8, #1/#1, #0/#0
        ; r9.r = zr*zr - 4, then |z|^2 - 4 with the ALU result set to (>= 0)
        alu rgb mad r9.r, s0.rgb, s0.rgb, s1.rgb src r3/r3, c2/c2, #0/#0
        ; predicate r: still in the first 8 iterations (count - 8 < 0)
        alu rgb mad r10.r, s0.rgb, s1.rgb, s2.rgb src r4/r4, #1/#1, c4/c4 setp r lt lt
        alu rgb mad r9.r, s0.ggg, s0.ggg, s1.rgb src r3/r3, r9/r9, #0/#0 setres r ge
        if res
            if p.r
                alu rgb mad r4.g, s0.rgb, s1.rgb, s2.rgb src #1/#1, #1/#1, #0/#0
            else
                alu rgb mad r4.g, s0.rgb, s1.rgb, s2.rgb src #1/#1, c3/c3, #0/#0
            endif
            break
        endif
        alu rgb mad r4.r, s0.rgb, s1.rgb, s2.rgb src r4/r4, #1/#1, #1/#1
    endloop
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r4/r4, c3/c3, #0/#0
