; expect: 256 is out of range (at most 255)
    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src c256/r0, r0/r0, r0/r0
