; expect: 2:40: error: expected ',' but found 'alpha'
    alu rgb mad r1.rgb, s0.rgb, s1.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0
