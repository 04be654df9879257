; Every surface the memory controller serves, for an MC design to be checked against: inputs
; 0..4 and outputs 0..3, in the formats and layouts the run gives them (ctm_model_set_input,
; _set_tiling, _set_out_format; examples/designs/mc_unit binds each format and layout). Each
; input is read at the pair (in a 2x2 layout: the quad), each output written from a sum of two.
    tex ld r1.rgba, r0.rgba, i0 unscaled
    tex ld r2.rgba, r0.rgba, i1 unscaled
    tex ld r3.rgba, r0.rgba, i2 unscaled
    tex ld r4.rgba, r0.rgba, i3 unscaled
    tex ld r5.rgba, r0.rgba, i4 unscaled acquire wait
    out rgb mad r6._ o0.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r6._ o0.a, s0.a, s1.a, s2.a src r1/r1, #1/#1, r2/r2 wait
    out rgb mad r6._ o1.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r6._ o1.a, s0.a, s1.a, s2.a src r3/r3, #1/#1, r2/r2
    out rgb mad r6._ o2.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r6._ o2.a, s0.a, s1.a, s2.a src r4/r4, #1/#1, r1/r1
    out rgb mad r6._ o3.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r6._ o3.a, s0.a, s1.a, s2.a src r5/r5, #1/#1, r3/r3 wait
