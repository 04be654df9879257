; Row sums: pair (0, j) adds the 16 elements of row j of input 0 with a loop
; that walks x from 0 to 15. i0 holds the trip count. The lookup waits for the ALU's x
; (aluwait) [seed 000, p28] and acquires its result for the sum's wait [p37].
.int i0, 16, 0, 0
    alu rgb mad r1.rg, s0.rgb, s1.rgb, s2.rgb src r0/r0, #1/#1, #0/#0   ; r1 = (0, j)
    loop i0
        tex ld r2.rgba, r1.rgba, i0 unscaled aluwait acquire wait       ; r2.r = in(x, j)
        alu rgb mad r3.r, s0.rgb, s1.rgb, s2.rgb src r2/r2, #1/#1, r3/r3 wait ; sum += in
        alu rgb mad r1.r, s0.rgb, s1.rgb, s2.rgb src r1/r1, #1/#1, #1/#1     ; x += 1
    endloop
    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r3/r3, #1/#1, #0/#0 wait
