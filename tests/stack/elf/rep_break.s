; Three ifs inside a rep, an unconditional break at the innermost level and a
; conditional break at the rep's level. BREAK maps to no stack op: the walk goes
; on through the ENDIFs (a taken break only leaves states already counted).
;   slot  op               A vpm | ISA w64 (S=4)  ISA w32 (S=8)  MESA r700 w64  MESA r700 w16  LLVM r700  LLVM NI                    LLVM evergreen  LLVM cayman
;   0     LOOP_START (rep) 1  0  | 1              1              el=4: 1        el=8: 2        E=1: 1     1                          1               1
;   1     ALU_PUSH_BEFORE  1  1  | B=3: 2         B=3: 2         el=7: 2        el=11: 3       S=3: 2     FIRST S=2: 2               S=2: 2          S=1: 2
;   2     ALU_PUSH_BEFORE  1  2  | B=4: 2         2              el=8: 2        el=12: 3       S=4: 2     E>0: FULL S=4: 2           S=3: 2          S=2: 2
;   3     ALU_PUSH_BEFORE  1  3  | B=5: 3         B=5: 2         el=9: 3        el=13: 4       S=5: 3     S=5: 3                     S=4: 2          S=3: 2
;   4     break (BREAKREP, pops 3): no op
.int i0, 4, 0, 1
    rep i0                  ; slot 0
        if b0               ; slot 1
            if b1           ; slot 2
                if b2       ; slot 3
                    break   ; slot 4
                endif       ; slot 5
            endif           ; slot 6
        endif               ; slot 7
        break if p.r        ; slot 8
    endrep                  ; slot 9
; expect: --rule isa --width 64 => STACK_SIZE 3 at slot 3
; expect: --rule isa --width 32 => STACK_SIZE 2 at slot 1
; expect: --rule mesa --chip r700 --width 64 => STACK_SIZE 3 at slot 3
; expect: --rule mesa --chip r700 --width 16 => STACK_SIZE 4 at slot 3
; expect: --rule llvm --chip r700 --width 64 => STACK_SIZE 3 at slot 3
; expect: --rule llvm --chip ni --width 64 => STACK_SIZE 3 at slot 3
; expect: --rule llvm --chip evergreen --width 64 => STACK_SIZE 2 at slot 1
; expect: --rule llvm --chip cayman --width 64 => STACK_SIZE 2 at slot 1
