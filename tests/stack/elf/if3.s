; Three nested ifs. Walk: if (0) if (1) if (2) endif endif endif; the ops are
; ALU_PUSH_BEFORE x3, then POP 1 x3. vpm = non-WQM push frames on the stack.
;   slot  op               vpm | ISA w64 (S=4)       ISA w16 (S=8)   MESA r700   LLVM r700   LLVM cayman
;   0     ALU_PUSH_BEFORE   1  | B=1+2=3: ceil(3/4)=1 ceil(3/8)=1     el=3: 1     S=3: 1      S=1: 1
;   1     ALU_PUSH_BEFORE   2  | B=4: 1               B=4: 1          el=4: 1     S=4: 1      S=2: 1
;   2     ALU_PUSH_BEFORE   3  | B=5: 2               B=5: 1          el=5: 2     S=5: 2      S=3: 1
; (MESA and LLVM charge no full entry here, so the width does not enter.)
    if b0       ; slot 0
    if b1       ; slot 1
    if b2       ; slot 2
    endif       ; slot 3
    endif       ; slot 4
    endif       ; slot 5
; expect: --rule isa --width 64 => STACK_SIZE 2 at slot 2
; expect: --rule isa --width 16 => STACK_SIZE 1 at slot 0
; expect: --rule mesa --chip r700 --width 16 => STACK_SIZE 2 at slot 2
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 2 at slot 2
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 1 at slot 0
