; expect: .domain needs a constant c0-c255
.domain r5
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, #0/#0 wait
