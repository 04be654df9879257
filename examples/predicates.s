; out0 = |x - y| without branches: SETP sets predicate bit r where x - y < 0,
; and a predicated instruction negates only those lanes.
    tex ld r1.r, r0.rgba, i0 unscaled
    tex ld r2.r, r0.rgba, i1 unscaled acquire wait
    alu rgb mad r3.r, r1.rrr, #1, -r2.rrr alpha mad r3._, #0, #0, #0 setp r lt lt wait
    alu rgb mad r3.r, -r3.rrr, #1, #0 if p.r alpha mad r3._, #0, #0, #0
    out rgb max r3._ o0.r, r3.rrr, r3.rrr, r3.rrr alpha max r3._, #0, #0, #0
