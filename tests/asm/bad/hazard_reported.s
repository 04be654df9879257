; expect: 4:1: error: presubtract reads a temporary written by the previous instruction (line 3)
; options: --report-nops
    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0
    alu rgb mad r2.rgb, sp.rgb, s1.rgb, s2.rgb alpha mad r2.a, s0.a, s1.a, s2.a src r1/r1, r0/r0, r0/r0 srcp sub/sub
