; expect: partial_call.s:4:1: error: slot 0: JUMP with A_OP PUSH (call): partial flow-control mode allows no subroutine calls or returns [seed 000 p38]
; partial mode has no subroutines [seed 000 p38]
.proginfo fc_mode=partial
    call f
f:
    ret
