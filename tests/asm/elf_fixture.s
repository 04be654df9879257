; Fixture of tests/cli/elf_bad.sh: its byte patches assume this exact program layout.
; SAXPY: out0 = a * x + y, element by element.
; Input 0 holds x and input 1 holds y; the constant c0.r holds a.
; r0 holds this processor's element coordinates when the program starts.
.float c0, 2.0
    tex ld r1.r, r0.rgba, i0 unscaled                ; x
    tex ld r2.r, r0.rgba, i1 unscaled acquire wait   ; y; ACQUIRE covers both fetches
    out rgb mad r3._ o0.r, r1.rrr, c0.rrr, r2.rrr alpha mad r3._, #0, #0, #0 wait
