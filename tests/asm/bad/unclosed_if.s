; expect: 2:5: error: 'if' is never closed
    if res
    tex ld r0.rgba, r0.rgba, i0
