; expect: label 'done' is past the last instruction
    fc jump done jump_func=0xff
    out rgb mad r1._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0
done:
