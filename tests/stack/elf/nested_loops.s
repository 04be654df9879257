; loop { loop { rep { if } } }: REP maps to LOOP_START like LOOP.
;   slot  op               A vpm | ISA w64/w16      MESA r700 w64     MESA r700 w32      MESA cayman w64    LLVM r700  LLVM cayman
;   0     LOOP_START       1  0  | 1                el=4: 1           el=8: 2            el=4+2=6: 2        E=1: 1     1
;   1     LOOP_START       2  0  | 2                el=8: 2           el=16: 4           el=8+2=10: 3       2          2
;   2     LOOP_START (rep) 3  0  | 3                el=12: 3          el=24: 6           el=12+2=14: 4      3          3
;   3     ALU_PUSH_BEFORE  3  1  | 3+ceil(3/S) = 4  el=12+3=15: 4     el=24+3=27: 7      el=12+1+2=15: 4    3+1 = 4    S=1: 3+1 = 4
.int i0, 2, 0, 1
.int i1, 3, 0, 1
    loop i0                 ; slot 0
        loop i1             ; slot 1
            rep i1          ; slot 2
                if b0       ; slot 3
                endif       ; slot 4
            endrep          ; slot 5
        endloop             ; slot 6
    endloop                 ; slot 7
; expect: --rule isa --width 64 => STACK_SIZE 4 at slot 3
; expect: --rule isa --width 16 => STACK_SIZE 4 at slot 3
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 4 at slot 3
; expect: --rule mesa --chip r700 --width 32 => STACK_SIZE 7 at slot 3
; expect: --rule mesa --chip cayman --width 64 => STACK_SIZE 4 at slot 2
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 4 at slot 3
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 4 at slot 3
