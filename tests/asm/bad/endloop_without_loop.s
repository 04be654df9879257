; expect: 'endloop' without 'loop'
    rep i0
    endloop
