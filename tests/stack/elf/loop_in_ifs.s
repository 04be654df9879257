; A loop inside two nested ifs.
;   slot  op               A vpm | ISA w64 (S=4)   ISA w16 (S=8)  MESA r700 w64    MESA r700 w16     MESA evergreen w64  LLVM r700      LLVM NI
;   0     ALU_PUSH_BEFORE  0  1  | B=3: 1          B=3: 1         el=3: 1          el=3: 1           el=2: 1             S=3: 1         FIRST S=2: 1
;   1     ALU_PUSH_BEFORE  0  2  | B=4: 1          B=4: 1         el=4: 1          el=4: 1           el=3: 1             S=4: 1         E=0: SUB S=3: 1
;   2     LOOP_START       1  2  | 1+1 = 2         1+1 = 2        el=4+2+2=8: 2    el=8+2+2=12: 3    el=4+2+1=7: 2       E=1: 1+1 = 2   1+1 = 2
.int i0, 4, 0, 1
    if b0               ; slot 0
        if b1           ; slot 1
            loop i0     ; slot 2
            endloop     ; slot 3
        endif           ; slot 4
    endif               ; slot 5
; expect: --rule isa --width 64 => STACK_SIZE 2 at slot 2
; expect: --rule isa --width 16 => STACK_SIZE 2 at slot 2
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 2 at slot 2
; expect: --rule mesa --chip r700 --width 16 => STACK_SIZE 3 at slot 2
; expect: --rule mesa --chip evergreen --width 64 => STACK_SIZE 2 at slot 2
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 2 at slot 2
; expect: --rule llvm --chip ni --width 64 => STACK_SIZE 2 at slot 2
