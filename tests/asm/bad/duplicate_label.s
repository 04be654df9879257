; expect: label 'top' already defined at line 2
top:
    tex ld r0.rgba, r0.rgba, i0
top:
    fc jump top
