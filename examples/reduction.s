; Reduction step: each processor sums a 2x2 block of input 0 into out0.r.
; Run it repeatedly on a domain half as wide and high for a full sum.
; r0.rg = this processor's coordinates.
.float c0, 2.0
    alu rgb mad r1.rg, r0, c0.rrr, #0 alpha mad r1._, #0, #0, #0   ; top-left = 2 * coords
    alu rgb mad r2.rg, r1, #1, r1.100 alpha mad r2._, #0, #0, #0   ; + (1, 0)
    alu rgb mad r3.rg, r1, #1, r1.010 alpha mad r3._, #0, #0, #0   ; + (0, 1)
    alu rgb mad r4.rg, r1, #1, r1.110 alpha mad r4._, #0, #0, #0   ; + (1, 1)
    tex ld r5.r, r1.rgba, i0 unscaled
    tex ld r6.r, r2.rgba, i0 unscaled
    tex ld r7.r, r3.rgba, i0 unscaled
    tex ld r8.r, r4.rgba, i0 unscaled acquire wait
    alu rgb mad r9.r, r5.rrr, #1, r6.rrr alpha mad r9._, #0, #0, #0 wait
    alu rgb mad r10.r, r7.rrr, #1, r8.rrr alpha mad r10._, #0, #0, #0
    out rgb mad r9._ o0.r, r9.rrr, #1, r10.rrr alpha mad r9._, #0, #0, #0
