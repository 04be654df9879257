; expect: partial_nesting.s:10:1: error: slot 6: branches nested 7 deep; partial flow-control mode allows 6 [seed 000 p38]
; partial mode nests branches at most 6 deep [seed 000 p38]: the 7th if is refused
.proginfo fc_mode=partial
    if b0
    if b1
    if b2
    if b3
    if b4
    if b5
    if b6
    endif
    endif
    endif
    endif
    endif
    endif
    endif
