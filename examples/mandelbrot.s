; Mandelbrot: iterate z = z^2 + c until |z|^2 > 4 or 64 iterations.
; Neighbouring processors leave the loop at different times (divergence).
; c0 = (scale x, scale y, offset x, offset y); r0.rg = element coordinates.
; Output 0: the iteration count, scaled to [0, 1].
.float c0, 0.015625, 0.015625, -2.0, -1.5
.float c1, 0.015625, 0, 0, 0       ; 1/64 per iteration
.float c2, -4.0, 0, 0, 0
.int i0, 64, 0, 1
    ; c = coords * scale + offset -> r1.rg; z = 0 -> r2; count = 0 -> r3.r
    alu rgb mad r1.rg, s0.rgb, s1.rgb, s1.baa alpha mad r1._, s0.a, s1.a, s2.a src r0/r0, c0/c0, #0/#0
    alu rgb mad r2.rgb, s0.000, s0.000, s0.000 alpha mad r2.a, s0.0, s0.0, s0.0 src #0/#0, #0/#0, #0/#0
    alu rgb mad r3.rgb, s0.000, s0.000, s0.000 alpha mad r3.a, s0.0, s0.0, s0.0 src #0/#0, #0/#0, #0/#0
    loop i0
        ; |z|^2 - 4 >= 0 ? leave
        alu rgb dp3 r4.r, s0.rg0, s0.rg0, s0.000 alpha dp r4._, s0.a, s0.a, s0.a src r2/r2, r0/r0, r0/r0
        alu rgb mad r4.r, s0.rrr, s1.111, s2.rrr alpha mad r4._, s0.a, s1.a, s2.a src r4/r4, #0/#0, c2/c2 setres r ge
        break if res
        ; z = (zr^2 - zi^2 + cr, 2 zr zi + ci)
        alu rgb mad r5.rg, s0.rr0, s0.rg0, s1.rg0 alpha mad r5._, s0.a, s0.a, s0.a src r2/r2, r1/r1, r0/r0
        alu rgb mad r2.rg, -s0.gr0, s0.gg0, s1.rg0 alpha mad r2._, s0.a, s0.a, s0.a src r2/r2, r5/r5, r0/r0
        alu rgb mad r3.r, s0.rrr, s1.111, s2.rrr alpha mad r3._, s0.a, s0.a, s0.a src r3/r3, #1/#1, c1/c1
    endloop
    out rgb max r3._ o0.r, s0.rrr, s0.rrr, s0.rrr alpha max r3._, s0.a, s0.a, s0.a src r3/r3, r0/r0, r0/r0 wait
