; A conditional call: lanes whose input is negative run `negate`, the others
; wait at the call. The assembler gives the RET of a conditionally called
; subroutine B_OP1 = DECR 1, which wakes the lanes that did not call.
.float c0, -1.0
    tex ld r1.r, r0.rgba, i0 unscaled acquire wait
    alu rgb mad r2.r, r1.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r lt wait
    call negate if res
    fc jump done jump_func=0xff
negate:
    alu rgb mad r2.r, r2.rrr, c0.rrr, #0 alpha mad r2._, #0, #0, #0
    ret
done:
    out rgb max r2._ o0.r, r2.rrr, r2.rrr, r2.rrr alpha max r2._, #0, #0, #0
