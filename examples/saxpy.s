; SAXPY: out = a * x + y, element by element.
; Input 0 holds x and input 1 holds y; the constant c0.r holds a.
; r0 holds this processor's element coordinates when the program starts.
.float c0, 2.0, 0, 0, 0
    tex ld r1.r, r0.rgba, i0 unscaled            ; x
    tex ld r2.r, r0.rgba, i1 unscaled acquire wait ; y (waits for both fetches)
    out rgb mad r3._ o0.r, s0.rrr, s1.rrr, s2.rrr alpha mad r3._, s0.a, s1.a, s2.a \
        src r1/r1, c0/c0, r2/r2 wait
