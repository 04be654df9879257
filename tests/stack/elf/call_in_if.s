; A call inside an if; the subroutine holds two nested ifs. The walk follows the
; call where it stands: slots 0 1 | 4 5 6 7 8 | 2 3 (then the jump to the end).
; CALL costs 1 subentry under ISA (2 at width 16), nothing under MESA and LLVM.
;   slot  op               vpm call | ISA w64 (S=4)    ISA w16 (S=8)     MESA r700  MESA cayman w64   LLVM r700  LLVM cayman
;   0     ALU_PUSH_BEFORE   1   0   | B=3: 1           B=3: 1            el=3: 1    el=1+2=3: 1       S=3: 1     S=1: 1
;   1     CALL              1   1   | B=3+1=4: 1       B=3+2=5: 1        1          1                 1          1
;   4     ALU_PUSH_BEFORE   2   1   | B=2+1+2=5: 2     B=2+2+2=6: 1      el=4: 1    el=4: 1           S=4: 1     S=2: 1
;   5     ALU_PUSH_BEFORE   3   1   | B=6: 2           B=7: 1            el=5: 2    el=5: 2           S=5: 2     S=3: 1
    if b0           ; slot 0
        call sub    ; slot 1
    endif           ; slot 2
    fc jump end jump_func=0xff   ; slot 3
sub:
    if b1           ; slot 4
        if b2       ; slot 5
        endif       ; slot 6
    endif           ; slot 7
    ret             ; slot 8
end:
; expect: --rule isa --width 64 => STACK_SIZE 2 at slot 4
; expect: --rule isa --width 16 => STACK_SIZE 1 at slot 0
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule mesa --chip cayman --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 1 at slot 0
