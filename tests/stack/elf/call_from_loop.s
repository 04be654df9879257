; Two calls of one subroutine from a loop; each call walks the subroutine again
; (slots 0 1 | 5 6 7 | 2 | 5 6 7 | 3 4). The mark is where it is FIRST reached.
;   slot  op               A vpm call | ISA w64 (S=4)      ISA w16 (S=8)      MESA r700 w64    MESA r700 w32    LLVM r700    LLVM evergreen
;   0     LOOP_START       1  0   0   | 1                  1                  el=4: 1          el=8: 2          E=1: 1       1
;   1     CALL             1  0   1   | B=1: 1+1 = 2       B=2: 1+1 = 2       1                2                1            1
;   5     ALU_PUSH_BEFORE  1  1   1   | B=1+1+2=4: 2       B=2+1+2=5: 2       el=4+3=7: 2      el=8+3=11: 3     S=3: 2       S=2: 2
;   7     RETURN, then slot 2 CALL and slot 5 again: the same states, no rise
.int i0, 4, 0, 1
    loop i0         ; slot 0
        call sub    ; slot 1
        call sub    ; slot 2
    endloop         ; slot 3
    fc jump end jump_func=0xff   ; slot 4
sub:
    if b0           ; slot 5
    endif           ; slot 6
    ret             ; slot 7
end:
; expect: --rule isa --width 64 => STACK_SIZE 2 at slot 1
; expect: --rule isa --width 16 => STACK_SIZE 2 at slot 1
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule mesa --chip r700 --width 32 => STACK_SIZE 3 at slot 5
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule llvm --chip evergreen --width 64 => STACK_SIZE 2 at slot 5
