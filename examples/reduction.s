; Reduction step: each processor sums a 2x2 block of input 0 and writes it
; to output 0 (run repeatedly on a halving domain for a full sum).
; r0.rg = this processor's coordinates; c0 = (2, 2, 1, 1) maps to the block.
.float c0, 2.0, 2.0, 1.0, 1.0
    alu rgb mad r1.rg, s0.rgb, s1.rgb, s2.000 alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, c0/c0, #0/#0
    alu rgb mad r2.rg, s0.rgb, s1.111, s1.100 alpha mad r2.a, s0.a, s1.a, s2.a src r1/r1, #1/#1, #0/#0
    alu rgb mad r3.rg, s0.rgb, s1.111, s1.010 alpha mad r3.a, s0.a, s1.a, s2.a src r1/r1, #1/#1, #0/#0
    alu rgb mad r4.rg, s0.rgb, s1.111, s1.110 alpha mad r4.a, s0.a, s1.a, s2.a src r1/r1, #1/#1, #0/#0
    tex ld r5.r, r1.rgba, i0 unscaled
    tex ld r6.r, r2.rgba, i0 unscaled
    tex ld r7.r, r3.rgba, i0 unscaled
    tex ld r8.r, r4.rgba, i0 unscaled acquire wait
    alu rgb mad r9.r, s0.rrr, s1.111, s2.rrr alpha mad r9._, s0.a, s1.a, s2.a src r5/r5, #1/#1, r6/r6 wait
    alu rgb mad r9.r, s0.rrr, s1.111, s2.rrr alpha mad r9._, s0.a, s1.a, s2.a src r7/r7, #1/#1, r8/r8
    out rgb mad r9._ o0.r, s0.rrr, s1.111, s2.rrr alpha mad r9._, s0.a, s1.a, s2.a src r9/r9, #1/#1, r9/r9
