; Mandelbrot: iterate z = z^2 + c until |z|^2 >= 4, at most 64 times.
; Neighbouring processors leave the loop after different iteration counts,
; so the loop diverges: BREAK masks the processors that are done.
; c0 = (scale x, scale y, offset x, offset y); r0.rg = element coordinates.
; out0.r = iterations / 64.
.float c0, 0.015625, 0.015625, -2.0, -1.5
.float c1, 0.015625             ; 1/64 per iteration
.float c2, -4.0
.int i0, 64, 0, 1
    alu rgb mad r1.rg, r0, c0, c0.baa alpha mad r1._, #0, #0, #0     ; c = coords * scale + offset
    alu rgb mad r2.rgb, #0, #0, #0 alpha mad r2.a, #0, #0, #0        ; z = 0
    alu rgb mad r3.rgb, #0, #0, #0 alpha mad r3.a, #0, #0, #0        ; count = 0
    loop i0
        ; zr*zr + zi*zi - 4 >= 0: leave
        alu rgb d2a r4.r, r2, r2, c2.rrr alpha mad r4._, #0, #0, #0 setres r ge
        break if res
        ; r5 = (zr zr + cr, zr zi + ci); r5.r -= zi zi; zi' = zr zi + r5.g; zr' = r5.r
        alu rgb mad r5.rg, r2.rrr, r2.rgb, r1 alpha mad r5._, #0, #0, #0
        alu rgb mad r5.r, -r2.ggg, r2.ggg, r5.rrr alpha mad r5._, #0, #0, #0
        alu rgb mad r2.g, r2.rrr, r2.ggg, r5.ggg alpha mad r2._, #0, #0, #0
        alu rgb mad r2.r, r5.rrr, #1, #0 alpha mad r2._, #0, #0, #0
        alu rgb mad r3.r, r3.rrr, #1, c1.rrr alpha mad r3._, #0, #0, #0       ; count += 1/64
    endloop
    out rgb max r3._ o0.r, r3.rrr, r3.rrr, r3.rrr alpha max r3._, #0, #0, #0 wait
