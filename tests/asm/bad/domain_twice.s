; expect: a second .domain (c5 is the domain already)
.domain c5
.domain c6
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src c5/c5, #1/#1, #0/#0 wait
