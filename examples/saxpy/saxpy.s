; SAXPY: out = a * x + y for every element of a 16 x 4 domain.
; Input 0 is x, input 1 is y (both one float per element); c0 holds a.
; A lookup's result is in its register only after an ACQUIRE and a WAIT [seed 000, p37].
.float c0, 2.5
    tex ld r1.rgba, r0.rgba, i0 unscaled     ; r1.r = x(i, j)
    tex ld r2.rgba, r0.rgba, i1 unscaled acquire wait ; r2.r = y(i, j); the ACQUIRE covers both
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r1/r1, c0/c0, r2/r2 wait
