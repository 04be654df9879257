; expect: expected 'aL' in a relative address
    tex ld r[aX+1].rgba, r1.rgba, i1
