; A conditional call of `outer`, which starts with a conditional return (no op:
; not taken in the walk), runs a loop that calls `inner`, which holds an if.
; Walk: 0 | 2 3 4 | 7 8 9 | 5 6 | 1. MESA's Cayman +2 counts push and loop
; frames only, not calls.
;   slot  op               A vpm call | ISA w64 (S=4)     ISA w16 (S=8)     MESA r700 w64  MESA cayman w64   LLVM r700  LLVM evergreen
;   0     CALL             0  0   1   | B=1: 1            B=2: 1            0              0                 0          0
;   2     ret if: no op
;   3     LOOP_START       1  0   1   | 1+1 = 2           1+1 = 2           el=4: 1        el=4+2=6: 2       E=1: 1     1
;   4     CALL             1  0   2   | B=2: 1+1 = 2      B=4: 1+1 = 2      1              2                 1          1
;   7     ALU_PUSH_BEFORE  1  1   2   | B=2+1+2=5: 1+2=3  B=4+1+2=7: 2      el=4+3=7: 2    el=4+1+2=7: 2     S=3: 2     S=2: 2
.int i0, 3, 0, 1
    call outer if p.r       ; slot 0
    fc jump end jump_func=0xff   ; slot 1
outer:
    ret if p.g              ; slot 2
    loop i0                 ; slot 3
        call inner          ; slot 4
    endloop                 ; slot 5
    ret                     ; slot 6
inner:
    if b0                   ; slot 7
    endif                   ; slot 8
    ret                     ; slot 9
end:
; expect: --rule isa --width 64 => STACK_SIZE 3 at slot 7
; expect: --rule isa --width 16 => STACK_SIZE 2 at slot 3
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 2 at slot 7
; expect: --rule mesa --chip cayman --width 64 => STACK_SIZE 2 at slot 3
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 2 at slot 7
; expect: --rule llvm --chip evergreen --width 64 => STACK_SIZE 2 at slot 7
