; expect: 2:69: error: a second 'rgb' part
    alu rgb mad r1.rgb, r2, r3, r4 alpha mad r1.a, r2.a, r3.a, r4.a rgb mad r1.rgb, r2, r3, r4
