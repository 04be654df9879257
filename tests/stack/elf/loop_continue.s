; continue inside an if of the outer loop, then an inner loop with a
; conditional continue and a break inside an if. CONTINUE and BREAK: no op.
;   slot  op               A vpm | ISA w64 (S=4)  ISA w16 (S=8)  MESA r700 w64  MESA r700 w32  MESA cayman w64   LLVM r700  LLVM cayman
;   0     LOOP_START       1  0  | 1              1              el=4: 1        el=8: 2        el=4+2=6: 2       1          1
;   1     ALU_PUSH_BEFORE  1  1  | 1+1 = 2        1+1 = 2        el=7: 2        el=11: 3       el=4+1+2=7: 2     1+1 = 2    1+1 = 2
;   3     POP 1            1  0  | 1              1              1              2              2                 1          1
;   4     LOOP_START       2  0  | 2              2              el=8: 2        el=16: 4       el=8+2=10: 3      2          2
;   6     ALU_PUSH_BEFORE  2  1  | 2+1 = 3        2+1 = 3        el=11: 3       el=19: 5       el=8+1+2=11: 3    2+1 = 3    2+1 = 3
.int i0, 4, 0, 1
    loop i0                 ; slot 0
        if p.r              ; slot 1
            continue        ; slot 2
        endif               ; slot 3
        loop i0             ; slot 4
            continue if p.g ; slot 5
            if b0           ; slot 6
                break       ; slot 7
            endif           ; slot 8
        endloop             ; slot 9
    endloop                 ; slot 10
; expect: --rule isa --width 64 => STACK_SIZE 3 at slot 6
; expect: --rule isa --width 16 => STACK_SIZE 3 at slot 6
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 3 at slot 6
; expect: --rule mesa --chip r700 --width 32 => STACK_SIZE 5 at slot 6
; expect: --rule mesa --chip cayman --width 64 => STACK_SIZE 3 at slot 4
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 3 at slot 6
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 3 at slot 6
