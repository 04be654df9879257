; Every RGB and alpha opcode, modifier, OMOD, clamp, swizzle code, presubtract
; op, inline constants, relative addressing and predication, once each.
.float c0, 1.0, 2.0, 3.0, 4.0
.float c255, -0, inf, -inf, 0x7fc12345
    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r1.a, s0.a, s1.a, s2.a src r0/r0, c0/c0, #0.5/#0.5
    alu rgb dp3 r2.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r2.a, s0.a, s1.a, s2.a src r1/r1, r1/r1, r0/r0
    alu rgb dp4.d2 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r3.a, s0.a, s1.a, s2.a src r1/r1, r2/r2, r0/r0
    alu rgb d2a.u4 r4.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r4.a, s0.a, s1.a, s2.a src r1/r1, r2/r2, r3/r3
    alu rgb min.disabled r5.rgb, s0.rgb, s1.rgb, s2.rgb alpha min.disabled r5.a, s0.a, s1.a, s2.a src r1/r1, r2/r2, r0/r0
    alu rgb max.disabled r6.rgb, s0.rgb, s0.rgb, s2.rgb alpha max.disabled r6.a, s0.a, s0.a, s2.a src c255/c255, r2/r2, r0/r0
    alu rgb cnd.u8 r7.rgb, s0.rgb, s1.rgb, s2.rgb alpha cnd.d8 r7.a, s0.a, s1.a, s2.a src r1/r1, r2/r2, #0.5/#0.5
    alu rgb cmp.sat r8.rgb, -s0.rgb, |s1.rgb|, -|s2.rgb| alpha cmp.sat r8.a, -s0.a, |s1.a|, -|s2.a| src r1/r1, r2/r2, r3/r3
    alu rgb frc.d4 r9.rgb, s0.rgb, s0.rgb, s0.rgb alpha frc r9.a, s0.a, s0.a, s0.a src r4/r4, r0/r0, r0/r0
    alu rgb sop r10.rgb, s0.rgb, s0.rgb, s0.rgb alpha ex2 r10.a, s0.a, s0.a, s0.a src r4/r4, r0/r0, r0/r0
    alu rgb sop r11.rgb, s0.rgb, s0.rgb, s0.rgb alpha ln2 r11.a, |s0.a|, s0.a, s0.a src r4/r4, r0/r0, r0/r0
    alu rgb sop r12.rgb, s0.rgb, s0.rgb, s0.rgb alpha rcp r12.a, s0.a, s0.a, s0.a src r4/r4, r0/r0, r0/r0
    alu rgb sop r13.rgb, s0.rgb, s0.rgb, s0.rgb alpha rsq r13.a, |s0.a|, s0.a, s0.a src r4/r4, r0/r0, r0/r0
    alu rgb sop r14.rgb, s0.rgb, s0.rgb, s0.rgb alpha sin r14.a, s0.a, s0.a, s0.a src r4/r4, r0/r0, r0/r0
    alu rgb sop r15.rgb, s0.rgb, s0.rgb, s0.rgb alpha cos r15.a, s0.a, s0.a, s0.a src r4/r4, r0/r0, r0/r0
    ; swizzle codes r g b a 0 h 1, write masks
    alu rgb mad r16.rb, s0.abg, s1.0h1, s2.rrr alpha mad r16._, s0.r, s1.h, s2.0 src r1/r2, #1/#1, #0/#0
    ; presubtract, all four ops (the NOP before it is inserted by the assembler)
    alu rgb mad r17.rgb, sp.rgb, s2.111, s2.000 alpha mad r17.a, sp.a, s2.1, s2.0 src r16/r16, r1/r1, #0/#0 srcp bias/sub
    alu rgb mad r18.rgb, sp.rgb, s2.111, s2.000 alpha mad r18.a, sp.a, s2.1, s2.0 src r17/r17, r1/r1, #0/#0 srcp add/inv
    ; relative addressing with aL, constants and temporaries
    alu rgb mad r[aL+20].rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r[aL+21].a, s0.a, s1.a, s2.a src r[aL+1]/r[aL+1], c[aL+0]/c0, #480/#0.001953125
    ; predicate setting and the ALU result
    alu rgb mad r19.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r19.a, s0.a, s1.a, s2.a src r1/r1, r2/r2, r3/r3 setp rgba lt ge setres a ne
    ; per-channel and replicated predication
    alu rgb mad r20.rgb, s0.rgb, s1.rgb, s2.rgb if p.rgba alpha mad r20.a, s0.a, s1.a, s2.a if !p.aaaa src r1/r1, r2/r2, r3/r3 inactive
    out rgb max r0._ o0.rgb, s0.rgb, s0.rgb, s0.rgb if !p.gggg alpha max r0._ o0.a w, s0.a, s0.a, s0.a src r20/r20, r0/r0, r0/r0
