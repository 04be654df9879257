; expect: RGB SOP needs a transcendental alpha op
    alu rgb sop r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, r0/r0, r0/r0
