; expect: 2:58: error: no source slot left for 'r5.r'
    alu rgb mad r1.rgb, r2, r3, r4 alpha mad r1.a, r5.a, r5.r, r5.a
