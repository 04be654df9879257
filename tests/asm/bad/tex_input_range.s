; expect: 16 is out of range (at most 15)
    tex ld r0.rgba, r1.rgba, i16
