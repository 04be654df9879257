; An if inside a loop. LOOP = LOOP_START (one full entry), IF = ALU_PUSH_BEFORE.
;   slot  op               A vpm | ISA w32 (S=8)  ISA w64 (S=4)  MESA r700 w32     MESA r700 w64   MESA cayman w64     LLVM r700  LLVM cayman
;   0     LOOP_START       1  0  | 1 + 0 = 1      1              el=8: 2           el=4: 1         el=4+2=6: 2         E=1: 1     E=1: 1
;   1     ALU_PUSH_BEFORE  1  1  | 1+ceil(3/8)=2  1+ceil(3/4)=2  el=8+1+2=11: 3    el=7: 2         el=4+1+2=7: 2       1+1 = 2    S=1: 1+1 = 2
.int i0, 4, 0, 1
    loop i0         ; slot 0
        if b0       ; slot 1
        endif       ; slot 2
    endloop         ; slot 3
; expect: --rule isa --width 32 => STACK_SIZE 2 at slot 1
; expect: --rule isa --width 64 => STACK_SIZE 2 at slot 1
; expect: --rule mesa --chip r700 --width 32 => STACK_SIZE 3 at slot 1
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 2 at slot 1
; expect: --rule mesa --chip cayman --width 64 => STACK_SIZE 2 at slot 0
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 2 at slot 1
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 2 at slot 1
