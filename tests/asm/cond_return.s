; Conditional returns (spec 6.6, "Conditional RET"): lanes with i < 2 return
; early from f, the others run the rest of f; every lane must come back from the
; call and write its output: r1 = 0 for i < 2, i + 10 otherwise.
.float c0, -2.0
.float c1, 10.0
    alu rgb mad r1.r, #0, #0, #0 alpha mad r1._, #0, #0, #0
    call f
    fc jump done jump_func=0xff
f:
    alu rgb mad r2.r, r0.rrr, #1, c0.rrr alpha mad r2._, #0, #0, #0 setres r lt
    ret if res
    alu rgb mad r1.r, r0.rrr, #1, c1.rrr alpha mad r1._, #0, #0, #0
    ret
done:
    out rgb max r1._ o0.r, r1.rrr, r1.rrr, r1.rrr alpha max r1._, #0, #0, #0
