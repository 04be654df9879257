; A conditionally called subroutine with two conditional returns: lanes with
; i > 0 call g; in g, i < 2 returns first, i < 3 second, the rest run on. Every
; lane writes r1: 0 for i < 3, i + 10 otherwise.
.float c0, -2.0
.float c1, 10.0
.float c2, -3.0
    alu rgb mad r1.r, #0, #0, #0 alpha mad r1._, #0, #0, #0
    alu rgb mad r2.r, r0.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r ne
    call g if res
    fc jump done jump_func=0xff
g:
    alu rgb mad r2.r, r0.rrr, #1, c0.rrr alpha mad r2._, #0, #0, #0 setres r lt
    ret if res
    alu rgb mad r2.r, r0.rrr, #1, c2.rrr alpha mad r2._, #0, #0, #0 setres r lt
    ret if res
    alu rgb mad r1.r, r0.rrr, #1, c1.rrr alpha mad r1._, #0, #0, #0
    ret
done:
    out rgb max r1._ o0.r, r1.rrr, r1.rrr, r1.rrr alpha max r1._, #0, #0, #0
