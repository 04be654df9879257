; Branches nested 6 deep, no loops, no calls: a partial flow-control mode
; program at the guide's limit [seed 000 p38: "Partial flow control mode should
; be used unless the program requires branch statements nested more than 6
; deep or the program requires loops or subroutines"]. The assembler picks
; partial mode for it. out0.r = i + 6 (every level is entered: b0 is true).
.float c0, 1, 1, 1, 1
.bool b0, 1
    alu rgb mad r1.r, r0.rrr, #1, #0 alpha mad r1._, #0, #0, #0
    if b0
    alu rgb mad r1.r, r1.rrr, #1, c0.rrr alpha mad r1._, #0, #0, #0
    if b0
    alu rgb mad r1.r, r1.rrr, #1, c0.rrr alpha mad r1._, #0, #0, #0
    if b0
    alu rgb mad r1.r, r1.rrr, #1, c0.rrr alpha mad r1._, #0, #0, #0
    if b0
    alu rgb mad r1.r, r1.rrr, #1, c0.rrr alpha mad r1._, #0, #0, #0
    if b0
    alu rgb mad r1.r, r1.rrr, #1, c0.rrr alpha mad r1._, #0, #0, #0
    if b0
    alu rgb mad r1.r, r1.rrr, #1, c0.rrr alpha mad r1._, #0, #0, #0
    endif
    endif
    endif
    endif
    endif
    endif
    out rgb mad r1._ o0.r, r1.rrr, #1, #0 alpha mad r1._, #0, #0, #0
