; expect: STAT_WE is not the predicate enable, the output masks are ("RGB_OMASK 3 bits Write R G B to output or to predicate bits", seed 000, p34)
    alu rgb mad r1.r, s0.rrr, #1, #0 alpha mad r1._, #0, #0, #0 src r0/r0, #1/#1, #0/#0 stat_we=1 rgb_target=1
    out rgb mad r2._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r2._ o0.a, s0.a, s1.a, s2.a src #1/#1, #1/#1, #0/#0
