; Directives, continuation lines and comments.
.proginfo fg_depth_src=1 output_mode=umrt fc_mode=full num_temps=12
.float c7, 0.25        ; one value is replicated to all four channels
.float c8, 1e-3, -2.5e+2, 0x00000001, nan
.int i31, 0x01020304   ; a raw word, reserved bits included
.int i4, 255, 0, 127
.bool b0, 0
.bool b31, 1
.use in7, o3, c100, i9, condout, earlyexit
start:
    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb \
        alpha mad r1.a, s0.a, s1.a, s2.a \
        src c7/c7, c8/c8, #1/#1
    out rgb mad r1._ o0.r_b, s0.rgb, s1.rgb, s2.rgb alpha mad r1._ o0._, s0.a, s1.a, s2.a src r1/r1, r1/r1, r1/r1 aluwait
