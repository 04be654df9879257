; An if/else with an if in the then-part and two nested ifs in the else-part.
; ELSE maps to ELSE not taken: it pops nothing, so the else-part nests on top of
; the outer if's frame (vpm 3 at slot 5; a popping ELSE would give only 2).
;   slot  op               vpm | ISA w64 (S=4)   ISA w32 (S=8)  MESA r700 w64  MESA evergreen  LLVM r700  LLVM evergreen
;   0     ALU_PUSH_BEFORE   1  | B=3: 1          B=3: 1         el=3: 1        el=1+1=2: 1     S=3: 1     S=2: 1
;   1     ALU_PUSH_BEFORE   2  | B=4: 1          1              el=4: 1        el=3: 1         S=4: 1     S=3: 1
;   2     POP 1             1  | B=3: 1          1              1              1               1          1
;   3     ELSE (not taken)  1  | B=3: 1          1              1              1               1          1
;   4     ALU_PUSH_BEFORE   2  | B=4: 1          1              el=4: 1        el=3: 1         S=4: 1     S=3: 1
;   5     ALU_PUSH_BEFORE   3  | B=5: 2          B=5: 1         el=5: 2        el=4: 1         S=5: 2     S=4: 1
    if b0           ; slot 0
        if b1       ; slot 1
        endif       ; slot 2
    else            ; slot 3
        if b2       ; slot 4
            if b3   ; slot 5
            endif   ; slot 6
        endif       ; slot 7
    endif           ; slot 8
; expect: --rule isa --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule isa --width 32 => STACK_SIZE 1 at slot 0
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule mesa --chip evergreen --width 64 => STACK_SIZE 1 at slot 0
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 2 at slot 5
; expect: --rule llvm --chip evergreen --width 64 => STACK_SIZE 1 at slot 0
