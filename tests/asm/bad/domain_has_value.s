; expect: .domain c2: c2 has a .float value
.float c2, 1
.domain c2
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src c2/c2, #1/#1, #0/#0 wait
