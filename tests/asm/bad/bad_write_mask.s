; expect: bad write mask '.gr'
    alu rgb mad r1.gr, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0
