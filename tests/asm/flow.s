; Structured flow control: every pseudo-op and condition kind, nested, plus
; raw FC instructions with explicit fields.
.int i0, 8, 0, 1
.int i1, 3, 2, -1
.bool b3, 1
    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0 setres r lt setp rgba lt lt
    if res
        if p.r
            if !b3
                tex ld r2.rgba, r0.rgba, i1
            endif
        else
            loop i0
                alu rgb mad r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r3.a, s0.a, s1.a, s2.a src r[aL+0]/r0, r0/r0, r0/r0 setres a ge
                if !res
                    break
                endif
                continue if p.g
                rep i1
                    break if !p.b
                endrep
            endloop
        endif
    endif
    call sub
    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0 setres r eq
    call csub if res
    fc jump end jump_func=0xff aluwait
sub:
    ret if p.a
    ret
csub:
    ret if p.g
    ret b_op1=decr b_pop_cnt=2
end:
    fc jump 0 jump_func=0x00 jump_any=1 b_op0=decr b_pop_cnt=2 bool_addr=3 int_addr=1 jump_global=1 fc_ignore_uncovered=1 if !p.bbbb nop wait
