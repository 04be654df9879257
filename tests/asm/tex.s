; Texture (input fetch) instructions: every op, swizzles, the semaphore,
; relative addresses and derivatives.
    tex nop r0._, r0.rgba, i0 acquire wait
    tex ld r1.rgba, r0.rgba, i1
    tex ld r2.rg, r0.rrgg, i2 dswz abgr unscaled
    tex proj r3.rgba, r[aL+1].rgba, i3
    tex lodbias r4.a, r1.aaaa, i4 if !p.rgba
    tex lod r5.rgb, r1.rgba, i15 tex_ignore_uncovered=1
    tex dxdy r6.rgba, r1.rgba, i5 dx r2.rgba dy r[aL+3].bgra acquire wait
    tex texkill r0._, r1.rgba, i0 alpha_pred_sel=aaaa alpha_pred_inv=1 wait
    out rgb max r0._ o1.rgb, s0.rgb, s0.rgb, s0.rgb alpha max r0._ o1.a, s0.a, s0.a, s0.a src r1/r1, r0/r0, r0/r0 last
