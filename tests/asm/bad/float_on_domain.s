; expect: .float c7: c7 is the .domain constant
.domain c7
.float c7, 1, 2, 3, 4
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src c7/c7, #1/#1, #0/#0 wait
