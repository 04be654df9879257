; expect: partial_loop.s:5:1: error: slot 1: fc rep: partial flow-control mode allows no loops [seed 000 p38]
; partial mode has no loops [seed 000 p38]
.proginfo fc_mode=partial
    if b0
    rep i0
    endrep
    endif
