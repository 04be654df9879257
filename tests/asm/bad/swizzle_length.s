; expect: swizzle '.rg' must have 3 channels
    alu rgb mad r1.rgb, s0.rg, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0
